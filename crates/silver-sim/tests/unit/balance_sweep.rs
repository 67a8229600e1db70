use super::balance::{bots, spec};
use super::design::tree;
use silver_sim::testing::load_set;
use silver_sim::{
    resolve_balance, run_balance, BalanceOptions, BalanceOutcome, BalancePlan, Est, RunError,
    SweepProgress, SETS_DIR,
};
use std::fs;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

#[test]
fn every_set_plays_the_same_deals_and_game_counts_match_the_stats() {
    let bp = resolve_balance(&spec("sets = [\"amulet+12:dagger\", \"bullet\"]"), bots()).unwrap();
    let (dir, opts, out) = sweep(&bp, "run");
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

/// Runs `bp` on 2 threads into a fresh temporary directory named after `name`: the
/// directory, the options and the outcome.
fn sweep(bp: &BalancePlan, name: &str) -> (PathBuf, BalanceOptions, BalanceOutcome) {
    let dir = std::env::temp_dir().join(format!("silver-balance-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let opts = BalanceOptions {
        out: dir.clone(),
        threads: 2,
        resume: false,
        force: false,
    };
    let out = run_balance(bp, &opts, &mut Quiet, &AtomicBool::new(false)).unwrap();
    (dir, opts, out)
}

struct Quiet;
impl SweepProgress for Quiet {
    fn set_started(&mut self, _: usize, _: usize, _: &str, _: bool) {}
    fn update(&mut self, _: u64, _: u64) {}
}

/// A sweep of `games` games of greedy against greedy-mem2 heads-up: two seat rotations a deal.
fn heads_up(balance: &str, games: u64) -> silver_sim::ExperimentSpec {
    let mut spec = spec(balance);
    spec.players = 2;
    spec.bots = vec!["greedy".into(), "greedy-mem2".into()];
    spec.games = games;
    spec
}

/// Sets the interrupt flag when set `at` starts.
struct StopAt<'a>(usize, &'a AtomicBool);
impl SweepProgress for StopAt<'_> {
    fn set_started(&mut self, i: usize, _: usize, _: &str, _: bool) {
        if i == self.0 {
            self.1.store(true, std::sync::atomic::Ordering::SeqCst);
        }
    }
    fn update(&mut self, _: u64, _: u64) {}
}

/// A variance-reduced sweep (`variance_reduction = true`): the same files at 1 and 2 threads
/// and after an interrupt and `--resume`, verified; its plain columns are the plain sweep's
/// byte for byte, the reduced ones after them; every game's luck in `game-metrics.csv` is
/// the one `luck.csv` records (the table's points, the start player's places).
#[test]
fn a_variance_reduced_sweep_is_reproducible_verified_and_keeps_the_plain_columns() {
    let mut spec = heads_up("sets = [\"amulet+12:dagger\", \"bullet\"]", 24);
    let plain = resolve_balance(&spec, bots()).unwrap();
    spec.variance_reduction = true;
    let bp = resolve_balance(&spec, bots()).unwrap();
    assert_ne!(bp.fingerprint(), plain.fingerprint());
    let temp = |name: &str| {
        let d = std::env::temp_dir().join(format!("silver-balance-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    };
    let opts = |out: &std::path::Path, threads| BalanceOptions {
        out: out.to_path_buf(),
        threads,
        resume: false,
        force: false,
    };
    let (one, two, resumed, bare) = (temp("vr1"), temp("vr2"), temp("vr-resumed"), temp("vr0"));
    let a = run_balance(&bp, &opts(&one, 1), &mut Quiet, &AtomicBool::new(false)).unwrap();
    run_balance(&bp, &opts(&two, 2), &mut Quiet, &AtomicBool::new(false)).unwrap();
    assert_eq!(tree(&one), tree(&two));
    let flag = AtomicBool::new(false);
    let stopped = run_balance(&bp, &opts(&resumed, 2), &mut StopAt(2, &flag), &flag);
    assert!(matches!(stopped, Err(RunError::Interrupted { .. })));
    let resume = BalanceOptions {
        resume: true,
        ..opts(&resumed, 1)
    };
    let r = run_balance(&bp, &resume, &mut Quiet, &AtomicBool::new(false)).unwrap();
    assert_eq!((r.sets_resumed, r.sets_played), (2, 1));
    assert_eq!(tree(&one), tree(&resumed));
    silver_sim::verify_dir(&one).unwrap();
    // The plain columns are the plain sweep's; the reduced ones follow them.
    let b = run_balance(&plain, &opts(&bare, 1), &mut Quiet, &AtomicBool::new(false)).unwrap();
    let csv = |d: &std::path::Path| fs::read_to_string(d.join("balance.csv")).unwrap();
    let (reduced, base) = (csv(&one), csv(&bare));
    for (r, p) in reduced.lines().zip(base.lines()) {
        assert!(r.starts_with(&format!("{p},")), "{r}\n{p}");
    }
    let header = reduced.lines().next().unwrap();
    let added = &header[base.lines().next().unwrap().len() + 1..];
    assert_eq!(
        added,
        "mean_round_score_vr,mean_round_score_vr_low95,mean_round_score_vr_high95,\
         mean_round_score_variance_ratio,d_mean_round_score_vr,d_mean_round_score_vr_low95,\
         d_mean_round_score_vr_high95,d_mean_round_score_variance_ratio,start_win_rate_vr,\
         start_win_rate_vr_low95,start_win_rate_vr_high95,start_win_rate_variance_ratio,\
         d_start_win_rate_vr,d_start_win_rate_vr_low95,d_start_win_rate_vr_high95,\
         d_start_win_rate_variance_ratio"
    );
    assert!(!base.contains("_vr"));
    assert!(b.rows.iter().all(|r| r.reduced.is_empty()));
    // Every set has both reduced metrics; the set that plays the base's games (Dagger's
    // Master Thief is the Robber) has a difference of exactly 0, without a ratio.
    for row in &a.rows {
        assert_eq!(row.reduced.len(), 2, "{}", row.set);
        for m in &row.reduced {
            assert!(m.value.low < m.value.value && m.value.value < m.value.high);
            assert!(m.ratio > 0.5, "{} {}: {}", row.set, m.name, m.ratio);
        }
    }
    let dagger = &a.rows[1].reduced[0];
    assert_eq!((dagger.diff.low, dagger.diff.high), (0.0, 0.0));
    assert!(dagger.diff_ratio.is_nan());
    let bullet = &a.rows[2].reduced[0];
    assert!(bullet.diff.low < bullet.diff.value && bullet.diff.value < bullet.diff.high);
    assert!(bullet.diff_ratio.is_finite());
    // Each game's luck is luck.csv's: the sum of the seats' points; the start player's
    // places, checked where the start player won (the winner is games.csv's).
    for i in 0..3 {
        let dir = one.join(SETS_DIR).join(bp.dir_name(i));
        let data = load_set(&bp.plan(i), &dir).unwrap().unwrap();
        let luck = fs::read_to_string(dir.join("luck.csv")).unwrap();
        let games = fs::read_to_string(dir.join("games.csv")).unwrap();
        let mut checked = 0;
        for (g, row) in data.rows.iter().enumerate() {
            let l = row.luck.unwrap();
            let seats = |text: &str| -> Vec<Vec<String>> {
                text.lines()
                    .skip(1)
                    .map(|x| x.split(',').map(String::from).collect())
                    .filter(|f: &Vec<String>| f[1] == g.to_string())
                    .collect()
            };
            let (lucks, results) = (seats(&luck), seats(&games));
            let tenths = |x: &str| (x.parse::<f64>().unwrap() * 10.0).round() as i64;
            let thousandths = |x: &str| (x.parse::<f64>().unwrap() * 1000.0).round() as i64;
            assert_eq!(l.points, lucks.iter().map(|f| tenths(&f[6])).sum::<i64>());
            if row.start_won == 1 {
                let winner = results.iter().find(|f| f[8] == "1").unwrap();
                let seat = lucks.iter().find(|f| f[4] == winner[4]).unwrap();
                assert_eq!(l.start, thousandths(&seat[7]), "game {g}");
                checked += 1;
            }
        }
        assert!(checked > 0);
    }
    for d in [one, two, resumed, bare] {
        let _ = fs::remove_dir_all(d);
    }
}

/// `balance.csv`'s plain intervals are over blocks, a deal with its seat rotations: with two
/// bots at two players every deal is played twice (consecutive games), and a row's values,
/// intervals and paired differences are the block estimates of the per-game counts in
/// `game-metrics.csv` summed in pairs.
#[test]
fn plain_intervals_count_a_deal_with_its_rotations_as_one_block() {
    use silver_stats::design::{block_ratio_estimate, block_share_estimate, paired_difference};
    let spec = heads_up("sets = [\"amulet+10:bullet\"]", 40);
    let bp = resolve_balance(&spec, bots()).unwrap();
    let (dir, _, out) = sweep(&bp, "blocks");
    let rows = |i: usize| {
        load_set(&bp.plan(i), &dir.join(SETS_DIR).join(bp.dir_name(i)))
            .unwrap()
            .unwrap()
            .rows
    };
    let (base, set) = (rows(0), rows(1));
    assert_eq!(set.len(), 40);
    // Pairs of consecutive games: 20 blocks.
    let pairs = |r: &[silver_sim::testing::GameRow],
                 y: fn(&silver_sim::testing::GameRow) -> f64| {
        r.chunks(2)
            .map(|c| (y(&c[0]) + y(&c[1]), 2.0))
            .collect::<Vec<_>>()
    };
    let start = |g: &silver_sim::testing::GameRow| g.start_won as f64;
    let (a, b) = (
        block_share_estimate(&pairs(&set, start)),
        block_share_estimate(&pairs(&base, start)),
    );
    assert_eq!(a.blocks(), 20);
    let row = &out.rows[1];
    assert_eq!(row.start_win_rate.value, a.est);
    assert_eq!(row.start_win_rate.diff, paired_difference(&a, &b));
    // A ratio of counts with its own denominator: turns per round.
    let turns = |r: &[silver_sim::testing::GameRow]| {
        block_ratio_estimate(
            &r.chunks(2)
                .map(|c| {
                    let t = (c[0].turns + c[1].turns) as f64;
                    (t, (c[0].rounds + c[1].rounds) as f64)
                })
                .collect::<Vec<_>>(),
        )
    };
    let (a, b) = (turns(&set), turns(&base));
    assert_eq!(row.mean_round_turns.value, a.est);
    assert_eq!(row.mean_round_turns.diff, paired_difference(&a, &b));
    // Counted per game instead, the interval would differ.
    let per_game = block_share_estimate(
        &set.iter()
            .map(|g| (g.start_won as f64, 1.0))
            .collect::<Vec<_>>(),
    );
    assert_ne!(row.start_win_rate.value, per_game.est);
    let _ = fs::remove_dir_all(&dir);
}
