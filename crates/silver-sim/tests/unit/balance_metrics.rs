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

#[test]
fn game_metrics_round_trip_with_luck() {
    use silver_sim::testing::RowLuck;
    let lucky = |points, start| GameRow {
        rounds: 4,
        player_rounds: 16,
        luck: Some(RowLuck { points, start }),
        ..GameRow::default()
    };
    let rows = vec![lucky(-35, 250), lucky(12, -1000)];
    let bytes = metrics_csv(&rows);
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(text
        .lines()
        .next()
        .unwrap()
        .ends_with(",use_13,luck_points,luck_start"));
    assert!(text.lines().nth(1).unwrap().ends_with(",-35,250"));
    let dir = std::env::temp_dir().join(format!("silver-balance-luck-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let p = dir.join("game-metrics.csv");
    fs::write(&p, &bytes).unwrap();
    assert_eq!(read_metrics(&p, 2), Some(rows));
    // A row without its luck under the luck header is refused.
    let cut = text.replacen(",12,-1000\n", "\n", 1);
    fs::write(&p, cut).unwrap();
    assert_eq!(read_metrics(&p, 2), None);
    let _ = fs::remove_dir_all(&dir);
}

/// A sweep's reduced metric by hand, on four blocks (y, x, c).
///
/// The set: (1, 2, 0.5), (2, 2, −0.5), (0, 2, 1), (2, 2, −1): Σx = 8, Σy = 5, Σc = 0,
/// Σc² = 2.5, Σxc = 0, Σyc = −2.5, so β = −2.5/2.5 = −1 and the value is 5/8 = 0.625; the
/// residuals y − βc − 0.625x are 0.25, 0.25, −0.25, −0.25 (deviations: over mean x = 2,
/// ±0.125), Σ² = 0.25 over 4 − 2 degrees of freedom, se² = 0.125·4/64 = 1/128; the plain
/// residuals y − 0.625x (−0.25, 0.75, −1.25, 0.75, Σ² = 2.75) give se² = 2.75/(4·3·4) =
/// 11/192, so the variance ratio is 128·11/192 = 22/3.
///
/// The base: (0, 2, 0.5), (2, 2, −0.5), (1, 2, 1), (1, 2, −1): Σy = 4, R = 0.5,
/// Σyc = 0 − 1 + 1 − 1 = −1, β = −1/2.5 = −0.4; residuals y + 0.4c − 1 = −0.8, 0.8, 0.4,
/// −0.4, deviations (over mean x = 2) −0.4, 0.4, 0.2, −0.2.
///
/// The difference 0.625 − 0.5 = 0.125; deviations' differences 0.525, −0.275, −0.325, 0.075,
/// Σ² = 0.4625, se² = 0.4625/(4·3). The plain paired difference over the same blocks: plain
/// deviations (y − Rx)/2, the set's −0.125, 0.375, −0.625, 0.375 and the base's −0.5, 0.5,
/// 0, 0, differences 0.375, −0.125, −0.625, 0.375, Σ² = 0.6875: the difference's variance
/// ratio is 0.6875/0.4625 = 1.4865.
#[test]
fn a_reduced_metric_and_its_difference_by_hand() {
    use silver_sim::testing::reduced_metric;
    use silver_stats::interval::Z;
    let set = [
        (1.0, 2.0, 0.5),
        (2.0, 2.0, -0.5),
        (0.0, 2.0, 1.0),
        (2.0, 2.0, -1.0),
    ];
    let base = [
        (0.0, 2.0, 0.5),
        (2.0, 2.0, -0.5),
        (1.0, 2.0, 1.0),
        (1.0, 2.0, -1.0),
    ];
    let r = reduced_metric("m", &set, &base);
    let close = |a: f64, b: f64| assert!((a - b).abs() < 1e-12, "{a} vs {b}");
    close(r.value.value, 0.625);
    let se = (1.0f64 / 128.0).sqrt();
    close(r.value.low, 0.625 - Z * se);
    close(r.value.high, 0.625 + Z * se);
    close(r.ratio, 22.0 / 3.0);
    let se = (0.4625f64 / 12.0).sqrt();
    close(r.diff.value, 0.125);
    close(r.diff.low, 0.125 - Z * se);
    close(r.diff.high, 0.125 + Z * se);
    close(r.diff_ratio, 0.6875 / 0.4625);
    // The base against itself: a difference of exactly 0 and no ratio (0/0).
    let b = reduced_metric("m", &base, &base);
    assert_eq!((b.diff.value, b.diff.low, b.diff.high), (0.0, 0.0, 0.0));
    assert!(b.diff_ratio.is_nan());
    // A base without spread left (y = 1 of 2 in every block, β = 0): the set keeps its
    // value; the difference is unknown.
    let flat = [
        (1.0, 2.0, 0.5),
        (1.0, 2.0, -0.5),
        (1.0, 2.0, 1.0),
        (1.0, 2.0, -1.0),
    ];
    let r = reduced_metric("m", &set, &flat);
    close(r.value.value, 0.625);
    assert!(r.diff.value.is_nan() && r.diff.low.is_nan() && r.diff_ratio.is_nan());
}

/// The blocks of a controlled metric are the plan's deals: with two bots at two seats, a
/// deal is played in its two rotations, games 0–1 and 2–3.
#[test]
fn control_blocks_are_deals_with_their_rotations() {
    use silver_sim::testing::{control_blocks, RowLuck, CONTROLLED};
    let spec = silver_sim::ExperimentSpec::from_toml(
        "name = \"b\"\nplayers = 2\nbots = [\"greedy\", \"random\"]\ngames = 4\n",
    )
    .unwrap();
    let plan = silver_sim::resolve(&spec, super::balance::bots()).unwrap();
    assert_eq!(plan.rotations, 2);
    let game = |score_sum, player_rounds, start_won, points, start| GameRow {
        score_sum,
        player_rounds,
        start_won,
        luck: Some(RowLuck { points, start }),
        ..GameRow::default()
    };
    let rows = [
        game(30, 8, 1, 25, -500),
        game(-4, 8, 0, -5, 250),
        game(12, 6, 0, 0, 1000),
        game(7, 10, 1, 40, 0),
    ];
    let (score, start) = (&CONTROLLED[0], &CONTROLLED[1]);
    assert_eq!(
        (score.name, start.name),
        ("mean_round_score", "start_win_rate")
    );
    // Score: (30 − 4, 8 + 8, (25 − 5)/10) and (12 + 7, 6 + 10, 40/10).
    assert_eq!(
        control_blocks(&plan, &rows, score),
        Some(vec![(26.0, 16.0, 2.0), (19.0, 16.0, 4.0)])
    );
    // Start: (1, 2, (−500 + 250)/1000) and (1, 2, 1000/1000).
    assert_eq!(
        control_blocks(&plan, &rows, start),
        Some(vec![(1.0, 2.0, -0.25), (1.0, 2.0, 1.0)])
    );
    // A game without luck: no blocks.
    let mut bare = rows;
    bare[3].luck = None;
    assert_eq!(control_blocks(&plan, &bare, score), None);
}
