use silver_sim::testing::{metrics_csv, read_metrics, GameRow};
use std::fs;

#[test]
fn game_metrics_round_trip() {
    let rows = vec![
        GameRow {
            rounds: 4,
            player_rounds: 16,
            score_sum: -3,
            uses: std::array::from_fn(|v| v as u32),
            winner_bot: 1,
            ..GameRow::default()
        },
        GameRow::default(),
    ];
    let dir = std::env::temp_dir().join(format!("silver-balance-unit-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let p = dir.join("game-metrics.csv");
    fs::write(&p, metrics_csv(&rows)).unwrap();
    assert_eq!(read_metrics(&p, 2), Some(rows));
    assert_eq!(read_metrics(&p, 3), None);
    let _ = fs::remove_dir_all(&dir);
}
