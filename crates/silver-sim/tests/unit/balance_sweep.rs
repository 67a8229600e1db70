use super::balance::{bots, spec};
use silver_sim::testing::load_set;
use silver_sim::{
    resolve_balance, run_balance, BalanceOptions, Est, RunError, SweepProgress, SETS_DIR,
};
use std::fs;
use std::sync::atomic::AtomicBool;

#[test]
fn every_set_plays_the_same_deals_and_game_counts_match_the_stats() {
    let bp = resolve_balance(&spec("sets = [\"amulet+12:dagger\", \"bullet\"]"), bots()).unwrap();
    let dir = std::env::temp_dir().join(format!("silver-balance-run-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    struct Quiet;
    impl SweepProgress for Quiet {
        fn set_started(&mut self, _: usize, _: usize, _: &str, _: bool) {}
        fn update(&mut self, _: u64, _: u64) {}
    }
    let opts = BalanceOptions {
        out: dir.clone(),
        threads: 2,
        resume: false,
        force: false,
    };
    let out = run_balance(&bp, &opts, &mut Quiet, &AtomicBool::new(false)).unwrap();
    assert_eq!((out.games_played, out.sets_played), (24, 3));
    // Dagger's Master Thief has the Robber's ability: the same games exactly.
    let (a, d) = (&out.rows[0], &out.rows[1]);
    assert_eq!(a.mean_round_score.value, d.mean_round_score.value);
    assert_eq!(d.mean_round_score.diff, Est::default());
    assert_eq!(d.uses, a.uses);
    assert_eq!(d.win_spread, a.win_spread);
    assert_eq!(d.start_win_rate, a.start_win_rate);
    // The per-game counts add up to the integer statistics.
    for i in 0..3 {
        let sd = out.rows[i].games;
        let data = load_set(&bp.plan(i), &dir.join(SETS_DIR).join(bp.dir_name(i)))
            .unwrap()
            .unwrap();
        assert_eq!(sd, data.rows.len() as u64);
        let turns: u64 = data.rows.iter().map(|r| r.turns as u64).sum();
        assert_eq!(turns, data.stats.turns);
        let starts: u64 = data.rows.iter().map(|r| r.start_won as u64).sum();
        assert_eq!(starts, data.stats.start_player_wins);
    }
    // A complete sweep is not resumed (as a complete run is not).
    let again = run_balance(
        &bp,
        &BalanceOptions {
            resume: true,
            ..opts
        },
        &mut Quiet,
        &AtomicBool::new(false),
    );
    assert!(matches!(again, Err(RunError::AlreadyComplete { .. })));
    let _ = fs::remove_dir_all(&dir);
}
