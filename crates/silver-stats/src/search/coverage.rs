//! The search's jackknife intervals proved by simulation: seeded replications of blocks whose
//! sums have a truth known exactly (deal effects shared by the games of a block, skewed
//! counts), whose 95% intervals must cover that truth in 93–97% of the replications. With
//! 2,000 replications a true 95% lies 4.1 standard errors inside each end of that band; with
//! 1,000, 2.9.

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A geometric count (failures before the first success) with mean `mean`: skewed, with a
/// long right tail, as counts of rounds and turns are.
fn geometric(rng: &mut ChaCha8Rng, mean: f64) -> u32 {
    let q = mean / (1.0 + mean);
    let u: f64 = rng.random_range(f64::EPSILON..1.0);
    (u.ln() / q.ln()).floor() as u32
}

fn binomial(rng: &mut ChaCha8Rng, n: u32, p: f64) -> u32 {
    (0..n).filter(|_| rng.random_bool(p)).count() as u32
}

fn ratio(y: f64, x: f64) -> f64 {
    if x == 0.0 {
        0.0
    } else {
        y / x
    }
}

/// The jackknife of `f` over blocks of sums (every block the same number of sums).
fn estimate(blocks: &[Vec<f64>], f: &dyn Fn(&[f64]) -> f64) -> Jackknife {
    let k = blocks[0].len();
    let total: Vec<f64> = (0..k).map(|j| blocks.iter().map(|b| b[j]).sum()).collect();
    jackknife(blocks.len(), f(&total), |i| {
        let rest: Vec<f64> = total.iter().zip(&blocks[i]).map(|(t, b)| t - b).collect();
        f(&rest)
    })
}

/// Share of `reps` replications of `n` blocks from `block` whose interval for `f` holds
/// `truth`.
fn coverage(
    seed: u64,
    reps: u32,
    n: usize,
    block: &dyn Fn(&mut ChaCha8Rng) -> Vec<f64>,
    f: &dyn Fn(&[f64]) -> f64,
    truth: f64,
) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut hits = 0;
    for _ in 0..reps {
        let blocks: Vec<Vec<f64>> = (0..n).map(|_| block(&mut rng)).collect();
        let e = estimate(&blocks, f).est;
        if e.low <= truth && truth <= e.high {
            hits += 1;
        }
    }
    f64::from(hits) / f64::from(reps)
}

fn assert_band(what: &str, c: f64) {
    assert!((0.93..=0.97).contains(&c), "{what}: coverage {c}");
}

/// One set's block of a game-shaped sample: rounds `x` (1 + a geometric count, mean 4), a
/// share `y1` of them (rounds won: probability `p` shifted by the deal's ±0.1), and turns
/// `y2` (per round a geometric count of mean `turns` scaled by the deal's 0.8 or 1.2). The
/// deal's effects are independent of `x`, so the truths are `p` and `turns`.
fn game_block(rng: &mut ChaCha8Rng, rounds: u32, p: f64, turns: f64) -> [f64; 3] {
    let shift = if rng.random_bool(0.5) { 0.1 } else { -0.1 };
    let pace = if rng.random_bool(0.5) { 0.8 } else { 1.2 };
    let y1 = binomial(rng, rounds, p + shift);
    let y2: u32 = (0..rounds).map(|_| geometric(rng, turns * pace)).sum();
    [f64::from(y1), f64::from(rounds), f64::from(y2)]
}

/// The objective `2 · 100·y1/x + 0.5 · y2/x` of one set's sums.
fn weighted(s: &[f64]) -> f64 {
    2.0 * 100.0 * ratio(s[0], s[1]) + 0.5 * ratio(s[2], s[1])
}

#[test]
fn a_weighted_sum_of_two_ratios() {
    let block = |rng: &mut ChaCha8Rng| {
        let rounds = 1 + geometric(rng, 3.0);
        game_block(rng, rounds, 0.3, 10.0).to_vec()
    };
    // Truth: 2 · 30 + 0.5 · 10.
    let truth = 65.0;
    assert_band("30 blocks", coverage(1, 2000, 30, &block, &weighted, truth));
    assert_band(
        "300 blocks",
        coverage(2, 1000, 300, &block, &weighted, truth),
    );
}

#[test]
fn a_distance_from_a_target_away_from_it() {
    let block = |rng: &mut ChaCha8Rng| {
        let rounds = 1 + geometric(rng, 3.0);
        game_block(rng, rounds, 0.3, 10.0).to_vec()
    };
    // |100·R − 10| with R = 0.3: 20, some 4 standard errors from the kink at 30 blocks.
    let f = |s: &[f64]| (100.0 * ratio(s[0], s[1]) - 10.0).abs();
    assert_band("30 blocks", coverage(3, 2000, 30, &block, &f, 20.0));
    assert_band("300 blocks", coverage(4, 1000, 300, &block, &f, 20.0));
}

#[test]
fn a_paired_difference_of_two_correlated_sets() {
    // Two sets on the same deals: their rounds share the deal's count (B's one round more
    // half the time), and each set's shares and turns their deal effects.
    let block = |rng: &mut ChaCha8Rng| {
        let rounds = 1 + geometric(rng, 3.0);
        let extra = u32::from(rng.random_bool(0.5));
        let shift = if rng.random_bool(0.5) { 0.1 } else { -0.1 };
        let pace = if rng.random_bool(0.5) { 0.8 } else { 1.2 };
        let set = |rng: &mut ChaCha8Rng, r: u32, p: f64, turns: f64| {
            let y1 = binomial(rng, r, p + shift);
            let y2: u32 = (0..r).map(|_| geometric(rng, turns * pace)).sum();
            [f64::from(y1), f64::from(r), f64::from(y2)]
        };
        let a = set(rng, rounds, 0.30, 10.0);
        let b = set(rng, rounds + extra, 0.27, 11.0);
        a.iter().chain(&b).copied().collect::<Vec<f64>>()
    };
    let f = |s: &[f64]| weighted(&s[..3]) - weighted(&s[3..]);
    // Truth: 2 · (30 − 27) + 0.5 · (10 − 11).
    let truth = 5.5;
    assert_band("30 blocks", coverage(5, 2000, 30, &block, &f, truth));
    assert_band("300 blocks", coverage(6, 1000, 300, &block, &f, truth));
}

#[test]
fn the_kink_of_a_met_target_is_the_limit() {
    // Four seats' shares of wins, each truly a fair 1/4; the seat-advantage objective
    // Σ |100·(R_k − 1/4)| is truly 0, at the kink of every term. Its estimate is always above
    // 0 and its symmetric interval too often misses it (78% at 30 blocks, 81% at 300 when
    // measured): the documented limit.
    let block = |rng: &mut ChaCha8Rng| {
        let mut s = vec![0.0; 8];
        for _ in 0..4 {
            let w = rng.random_range(0..4usize);
            for k in 0..4 {
                s[2 * k] += f64::from(u8::from(k == w));
                s[2 * k + 1] += 1.0;
            }
        }
        s
    };
    let f = |s: &[f64]| {
        (0..4)
            .map(|k| (100.0 * (ratio(s[2 * k], s[2 * k + 1]) - 0.25)).abs())
            .sum::<f64>()
    };
    let c30 = coverage(7, 1000, 30, &block, &f, 0.0);
    let c300 = coverage(8, 1000, 300, &block, &f, 0.0);
    assert!(
        c30 < 0.9 && c300 < 0.9,
        "coverage at the kink: {c30}, {c300}"
    );
}
