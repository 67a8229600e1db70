//! The design card's estimators: a metric of one sample of games as a ratio of sums over
//! **blocks** (a deal with its seat rotations, the independent unit), its 95% interval from
//! the blocks' jackknife, and the paired difference of two metrics measured on the same blocks (one
//! card set against the base set of a sweep, or two shares of one sample). Also the two
//! pure per-game quantities of the card that are not sums: lead changes and the round from
//! which the winner led for good, and the depth of a skill ladder from its rungs' intervals.
//!
//! Rows are the caller's: each block's numerator `y` and denominator `x`, already summed over
//! the block's games. Blocks with `x = 0` contribute nothing to the value but still count as
//! blocks (a deal without a census call says nothing about census success, and is a unit).
//!
//! The intervals are proved by seeded simulation (the `coverage` tests): finishing shares at
//! 2, 3 and 4 players from 50 blocks, skewed ratios of counts from 200 blocks (fewer fall
//! short: 93–94% over 100, 91–93% over 50), paired differences, the seat advantage, and the
//! controlled estimates with their paired differences: shares from 40 blocks, skewed ratios
//! of varying denominators (a balance sweep's mean round score) from 200.

use crate::interval::{ratio, se, wilson_f, Est, Z};

/// A metric estimated over blocks: its value with its 95% interval, and each block's
/// jackknife deviation `(n − 1)·(mean_j R₋ⱼ − R₋ᵢ)`, where `R₋ᵢ` is the ratio without block `i`
/// (mean zero; their variance over the number of blocks is the estimate's). With the same
/// denominator in every block it is the linearised deviation `(y_i − R·x_i) / mean(x)`
/// exactly, and close to it with many blocks; with few blocks and varying denominators it is
/// larger, as the ratio's spread is. A paired difference with another metric of the same
/// blocks needs them (the jackknife of a difference is the difference of the jackknifes).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlockEstimate {
    /// The value Σy/Σx with its interval (NaN ends when fewer than two blocks or Σx = 0).
    pub est: Est,
    /// Per block, in the caller's order.
    pub deviations: Vec<f64>,
}

impl BlockEstimate {
    /// Blocks (units) of the estimate.
    pub fn blocks(&self) -> usize {
        self.deviations.len()
    }

    /// The estimate's standard error (0 with fewer than two blocks).
    pub fn se(&self) -> f64 {
        se(self.deviations.iter().copied())
    }
}

fn unknown(value: f64) -> Est {
    Est {
        value,
        low: f64::NAN,
        high: f64::NAN,
    }
}

/// The ratio Σy/Σx over blocks (`yx[i]` is block `i`'s numerator and denominator) with its
/// 95% interval from the blocks' jackknife deviations, blocks as the units (the linearised
/// deviations of the delta method when a block holds every denominator). A ratio of counts (every `y` and `x`
/// at least 0, the value above 0) gets its interval on the log scale, `R·exp(±Z·se/R)`: the
/// per-block sums of counts are skewed to the right (a few long games), where the symmetric
/// interval falls short on the high side, and the log interval never reaches below 0. Other
/// ratios get the normal interval `R ± Z·se`.
pub fn block_ratio_estimate(yx: &[(f64, f64)]) -> BlockEstimate {
    let (sy, sx) = yx.iter().fold((0.0, 0.0), |(a, b), &(y, x)| (a + y, b + x));
    let value = ratio(sy, sx);
    if sx == 0.0 {
        return BlockEstimate {
            est: unknown(value),
            deviations: vec![0.0; yx.len()],
        };
    }
    let deviations = jackknife_deviations(yx, sy, sx).unwrap_or_else(|| {
        let xbar = sx / yx.len() as f64;
        yx.iter().map(|&(y, x)| (y - value * x) / xbar).collect()
    });
    let counts = value > 0.0 && yx.iter().all(|&(y, x)| y >= 0.0 && x >= 0.0);
    let se = se(deviations.iter().copied());
    let est = if yx.len() < 2 {
        unknown(value)
    } else if counts {
        let spread = (Z * se / value).exp();
        Est {
            value,
            low: value / spread,
            high: value * spread,
        }
    } else {
        Est::normal(value, se)
    };
    BlockEstimate { est, deviations }
}

/// Per block, `(n − 1)·(mean_j R₋ⱼ − R₋ᵢ)` (see [`BlockEstimate`]); `None` with fewer than two
/// blocks or when some block holds the whole denominator (the ratio without it is unknown).
fn jackknife_deviations(yx: &[(f64, f64)], sy: f64, sx: f64) -> Option<Vec<f64>> {
    let n = yx.len() as f64;
    if yx.len() < 2 || yx.iter().any(|&(_, x)| sx - x <= 0.0) {
        return None;
    }
    let without: Vec<f64> = yx.iter().map(|&(y, x)| (sy - y) / (sx - x)).collect();
    let mean = without.iter().sum::<f64>() / n;
    Some(without.iter().map(|r| (n - 1.0) * (mean - r)).collect())
}

/// A share in [0, 1] as the ratio Σy/Σx over blocks (`y ≤ x` in every block), with the
/// Wilson interval at the effective sample size `p(1 − p)/se²` of the block-clustered
/// standard error (not capped at the number of comparisons: a deal played in every seat
/// rotation varies less than as many independent games, and a cap made the interval
/// over-cover, 97.75% in the planted-effect test), so a share of 0 or 1 still gets an interval of honest width;
/// when the blocks show no spread at all, every block counts as one trial. Near 0 or 1 the
/// Wilson interval falls short (a true share of 0.99 over 100 comparisons: three losses put
/// its upper end at 0.9897, and it covers 92%), so when the rarer outcome's effective count
/// `k = round(n_eff·min(p, 1 − p))` is 1 to 3, the end at the near boundary reaches at least
/// the exact Poisson bound of `k` (the Brown–Cai–DasGupta modification of the Wilson
/// interval). The deviations are the ratio's (for paired differences).
pub fn block_share_estimate(yx: &[(f64, f64)]) -> BlockEstimate {
    let mut b = block_ratio_estimate(yx);
    if !b.est.low.is_finite() {
        return b;
    }
    let p = b.est.value;
    let se = b.se();
    let n_eff = if se > 0.0 && p > 0.0 && p < 1.0 {
        (p * (1.0 - p) / (se * se)).max(1.0)
    } else {
        yx.len() as f64
    };
    let (mut low, mut high) = wilson_f(p, n_eff);
    let rare = (n_eff * p.min(1.0 - p)).round();
    if (1.0..=3.0).contains(&rare) {
        let bound = poisson_low(rare as u32) / n_eff;
        if p < 0.5 {
            low = low.min(bound);
        } else {
            high = high.max(1.0 - bound);
        }
    }
    b.est = Est {
        value: p,
        low,
        high,
    };
    b
}

/// A metric with a control variate: the ratio Σy/Σx over blocks adjusted by a per-block
/// control `c` whose mean is zero by construction (chance luck), `(Σy − β Σc)/Σx` with `β` the
/// through-origin least-squares slope of the blocks' linearised residuals on `c`, and its 95%
/// interval from [`crate::pairs::control_variate`] (normal, blocks as units, a degree of
/// freedom and `β`'s own error counted). Its deviations are the adjusted residuals
/// `(y − βc − R·x)/mean(x)` per block, in the caller's order, for paired differences
/// ([`paired_difference`]). Also the variance ratio: the plain ratio's variance (from the
/// same linearisation) over the adjusted one's. `None` when Σx = 0 or the adjusted blocks
/// show no spread (a share of 0 or 1 in every block: the plain interval's is the honest width).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Controlled {
    /// The adjusted value with its interval, and the per-block deviations.
    pub estimate: BlockEstimate,
    /// The plain estimate's variance over the adjusted one's.
    pub ratio: f64,
}

/// [`Controlled`] from each block's `(y, x, c)`.
pub fn block_control_estimate(yxc: &[(f64, f64, f64)]) -> Option<Controlled> {
    let mut s = [0.0f64; 9];
    for &(y, x, c) in yxc {
        for (acc, v) in s
            .iter_mut()
            .zip([x, y, x * x, y * y, x * y, c, c * c, x * c, y * c])
        {
            *acc += v;
        }
    }
    let [sx, sy, xx, yy, xy, sc, cc, xc, yc] = s;
    if sx == 0.0 {
        return None;
    }
    let blocks = yxc.len() as u64;
    let (est, ratio) =
        crate::pairs::control_variate_f64([sx, sy, xx, yy, xy, sc, cc, xc, yc], blocks);
    if !ratio.is_finite() || est.high <= est.low {
        return None;
    }
    let beta = if blocks < 3 || cc <= 0.0 {
        0.0
    } else {
        (yc - sy / sx * xc) / cc
    };
    let r = est.value;
    let xbar = sx / yxc.len() as f64;
    let deviations = yxc
        .iter()
        .map(|&(y, x, c)| (y - beta * c - r * x) / xbar)
        .collect();
    Some(Controlled {
        estimate: BlockEstimate { est, deviations },
        ratio,
    })
}

/// The variance ratio of a difference: a plain interval's width over a reduced one's,
/// squared (both normal, over the same blocks, so the squared widths are their variances up
/// to the same factor). NaN when either is unknown or the reduced one has no width (a set
/// against itself).
pub fn width_ratio(plain: Est, reduced: Est) -> f64 {
    ((plain.high - plain.low) / (reduced.high - reduced.low)).powi(2)
}

/// The exact 97.5% lower bound of a Poisson mean from an observed count `k`: the `λ` at which
/// a count of `k` or more has probability 2.5%.
fn poisson_low(k: u32) -> f64 {
    let at_least = |lambda: f64| {
        // 1 − P(X < k), the terms e^−λ·λ^i/i! summed for i < k.
        let (mut term, mut below) = ((-lambda).exp(), 0.0);
        for i in 0..k {
            below += term;
            term *= lambda / f64::from(i + 1);
        }
        1.0 - below
    };
    // P(X ≥ k) increases with λ, from 0 at λ = 0 to more than 2.5% at λ = k.
    let (mut lo, mut hi) = (0.0, f64::from(k));
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if at_least(mid) < 0.025 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

/// The difference `a − b` of two metrics measured on the same blocks in the same order (a set
/// and the base set of a sweep, on the same deals; or two metrics of one sample), with the
/// paired normal interval from the per-block differences of their deviations. Different
/// block counts (the samples are not paired) or fewer than two blocks: NaN ends.
pub fn paired_difference(a: &BlockEstimate, b: &BlockEstimate) -> Est {
    let d = a.est.value - b.est.value;
    if a.blocks() != b.blocks() || a.blocks() < 2 {
        return unknown(d);
    }
    Est::normal(
        d,
        se(a.deviations.iter().zip(&b.deviations).map(|(x, y)| x - y)),
    )
}

/// `scale · (e − shift)` for every end: a share in [0, 1] as points above one half
/// (`points(e, 0.5)` of 0.62 is 12). Unknown ends stay unknown.
pub fn points(e: Est, shift: f64) -> Est {
    Est {
        value: 100.0 * (e.value - shift),
        low: 100.0 * (e.low - shift),
        high: 100.0 * (e.high - shift),
    }
}

/// The depth of a skill ladder from the shares of its adjacent pairings, bottom first
/// (`adjacent[i]` is how often rung `i + 1` finishes ahead of rung `i`): `(low, high)`, where
/// `low` counts the consecutive rungs from the bottom whose share's interval lies wholly
/// above one half (significantly ahead of the rung below), and `high` the consecutive rungs
/// whose interval reaches above one half (not significantly behind or level). The depth is a
/// count of tests, not an estimate: `low` is what the games show, `high` what they do not
/// rule out. A rung with an unknown interval stops both counts.
pub fn ladder_depth(adjacent: &[Est]) -> (usize, usize) {
    let low = adjacent.iter().take_while(|e| e.low > 0.5).count();
    let high = adjacent.iter().take_while(|e| e.high > 0.5).count();
    (low, high)
}

/// Lead changes of one game: `leaders[r]` is the seat that led after round `r + 1` (first in
/// the finishing order had the game ended then); a change is a round whose leader differs
/// from the previous round's. A game of one round has none.
pub fn lead_changes(leaders: &[u8]) -> u32 {
    leaders.windows(2).filter(|w| w[0] != w[1]).count() as u32
}

/// The round (1-based) from which the eventual winner (the last round's leader) led for
/// good: 1 if it led after every round, the number of rounds if it took the lead only in the
/// last. 0 for a game without rounds.
pub fn decided_round(leaders: &[u8]) -> u32 {
    let Some(&winner) = leaders.last() else {
        return 0;
    };
    let held = leaders.iter().rev().take_while(|&&l| l == winner).count();
    (leaders.len() - held + 1) as u32
}

/// The half-width of a 95% interval for a standard error (for budgets: games needed).
pub fn half_width(se: f64) -> f64 {
    Z * se
}

#[cfg(test)]
mod coverage;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_estimate_by_hand() {
        // Blocks (y, x, c): (1, 2, 0.5), (2, 2, −0.5), (0, 2, 1), (2, 2, −1). Σx = 8, Σy = 5,
        // R = 0.625, Σc = 0, Σc² = 2.5, Σxc = 0, Σyc = 0.5 − 1 + 0 − 2 = −2.5: β = −2.5/2.5 = −1,
        // the value (5 − β·0)/8 = 0.625. Residuals y − βc − 0.625x: 0.25, 0.25, −0.25, −0.25,
        // Σ² = 0.25, variance 0.25/(4 − 2) = 0.125, se² = 0.125·(4 + 0)/64 = 1/128. Plain
        // residuals y − Rx: −0.25, 0.75, −1.25, 0.75, Σ² = 2.75, se² = 2.75/4/12 = 11/192:
        // the ratio is (11/192)/(1/128) = 7.33. Deviations: the residuals over mean x = 2.
        let c = block_control_estimate(&[
            (1.0, 2.0, 0.5),
            (2.0, 2.0, -0.5),
            (0.0, 2.0, 1.0),
            (2.0, 2.0, -1.0),
        ])
        .unwrap();
        let se = (1.0f64 / 128.0).sqrt();
        assert!((c.estimate.est.value - 0.625).abs() < 1e-12);
        assert!((c.estimate.est.high - (0.625 + Z * se)).abs() < 1e-12);
        assert!((c.estimate.est.low - (0.625 - Z * se)).abs() < 1e-12);
        assert!((c.ratio - 11.0 / 192.0 * 128.0).abs() < 1e-9);
        assert_eq!(c.estimate.deviations, vec![0.125, 0.125, -0.125, -0.125]);
        // No denominator, or no spread left (a share of 1 in every block): no estimate.
        assert!(block_control_estimate(&[(0.0, 0.0, 1.0), (0.0, 0.0, -1.0)]).is_none());
        assert!(
            block_control_estimate(&[(2.0, 2.0, 1.0), (2.0, 2.0, -1.0), (2.0, 2.0, 0.5)]).is_none()
        );
    }

    #[test]
    fn width_ratio_by_hand() {
        let e = |low: f64, high: f64| Est {
            value: (low + high) / 2.0,
            low,
            high,
        };
        // Widths 4 and 2: the variances are in the ratio (4/2)² = 4.
        assert_eq!(width_ratio(e(-2.0, 2.0), e(0.0, 2.0)), 4.0);
        assert_eq!(width_ratio(e(0.0, 1.0), e(0.0, 4.0)), 1.0 / 16.0);
        // No width (a set against itself) or an unknown end: no ratio.
        assert!(width_ratio(e(0.0, 0.0), e(0.0, 0.0)).is_nan());
        assert!(width_ratio(e(f64::NAN, 1.0), e(0.0, 1.0)).is_nan());
    }

    #[test]
    fn ratio_over_blocks_by_hand() {
        // Blocks (y, x): (1, 2), (3, 2), (2, 4): R = 6/8 = 0.75. Without each block: 5/6,
        // 3/6, 4/4, mean 7/9; deviations 2·(7/9 − R₋ᵢ) = (−1/9, 5/9, −4/9).
        // Σd² = 42/81; se = sqrt(Σd²/(3·2)) = √7/9.
        let b = block_ratio_estimate(&[(1.0, 2.0), (3.0, 2.0), (2.0, 4.0)]);
        assert_eq!(b.est.value, 0.75);
        let expected = [-1.0 / 9.0, 5.0 / 9.0, -4.0 / 9.0];
        for (d, e) in b.deviations.iter().zip(expected) {
            assert!((d - e).abs() < 1e-12, "{d} vs {e}");
        }
        // Counts: the interval on the log scale, 0.75·exp(±Z·se/0.75).
        let se = 7f64.sqrt() / 9.0;
        assert!((b.se() - se).abs() < 1e-12);
        assert!((b.est.high - 0.75 * (Z * se / 0.75).exp()).abs() < 1e-12);
        assert!((b.est.low - 0.75 / (Z * se / 0.75).exp()).abs() < 1e-12);
        // A numerator below 0 (a difference, not a count): the normal interval. Blocks
        // (−1, 2), (5, 2), (2, 4): R = 0.75; without each 7/6, 1/6, 1, mean 7/9; deviations
        // (−7/9, 11/9, −4/9), Σd² = 186/81, se = √31/9.
        let b = block_ratio_estimate(&[(-1.0, 2.0), (5.0, 2.0), (2.0, 4.0)]);
        let se = 31f64.sqrt() / 9.0;
        assert!((b.est.high - 0.75 - Z * se).abs() < 1e-12);
        assert!((0.75 - b.est.low - Z * se).abs() < 1e-12);
        // The same denominator in every block: the linearised deviations (y − R·x)/mean(x).
        // (1, 2), (3, 2), (0, 2): R = 2/3, (1 − 4/3, 3 − 4/3, −4/3)/2 = (−1/6, 5/6, −2/3).
        let b = block_ratio_estimate(&[(1.0, 2.0), (3.0, 2.0), (0.0, 2.0)]);
        for (d, e) in b.deviations.iter().zip([-1.0 / 6.0, 5.0 / 6.0, -2.0 / 3.0]) {
            assert!((d - e).abs() < 1e-12, "{d} vs {e}");
        }
        // One block holds the whole denominator (no ratio without it): linearised,
        // (1, 0), (2, 3): R = 1, mean x = 1.5, deviations (1/1.5, −1/1.5).
        let b = block_ratio_estimate(&[(1.0, 0.0), (2.0, 3.0)]);
        for (d, e) in b.deviations.iter().zip([2.0 / 3.0, -2.0 / 3.0]) {
            assert!((d - e).abs() < 1e-12, "{d} vs {e}");
        }
    }

    #[test]
    fn a_share_near_one_keeps_the_poisson_bound() {
        // Exact Poisson 97.5% lower bounds: 1 − e^−λ = 0.025 for one event (λ = −ln 0.975);
        // for three, the tabled ½χ²(6 df, 0.025) = 0.6187.
        assert!((poisson_low(1) + 0.975f64.ln()).abs() < 1e-12);
        assert!((poisson_low(3) - 0.61867).abs() < 1e-4);
        // 50 blocks of 2 comparisons, 3 lost in 3 blocks: p = 0.97, deviations 0.03 ×47 and
        // −0.47 ×3, Σd² = 0.705, se² = 0.705/(50·49), effective sample size 0.0291/se² =
        // 101.13, 3 effective losses: the upper end is 1 − 0.6187/101.13, not Wilson's 0.9897.
        let mut yx = vec![(2.0, 2.0); 47];
        yx.extend([(1.0, 2.0); 3]);
        let b = block_share_estimate(&yx);
        assert!((b.est.value - 0.97).abs() < 1e-12);
        let n_eff = 0.0291 * 2450.0 / 0.705;
        assert!((b.est.high - (1.0 - poisson_low(3) / n_eff)).abs() < 1e-9);
        let (low, wilson_high) = wilson_f(0.97, n_eff);
        assert!((b.est.low - low).abs() < 1e-9 && wilson_high < 0.99);
        // Ten lost in the same way: deviations 0.1 ×40 and −0.4 ×10, Σd² = 2, effective
        // sample size 0.09·2450/2 = 110.25, 11 effective losses: Wilson's interval unchanged.
        let mut yx = vec![(2.0, 2.0); 40];
        yx.extend([(1.0, 2.0); 10]);
        let b = block_share_estimate(&yx);
        let (low, high) = wilson_f(0.9, 110.25);
        assert!((b.est.low - low).abs() < 1e-9 && (b.est.high - high).abs() < 1e-9);
    }

    #[test]
    fn one_block_or_no_denominator_is_unknown() {
        assert!(block_ratio_estimate(&[(1.0, 2.0)]).est.low.is_nan());
        let b = block_ratio_estimate(&[(0.0, 0.0), (0.0, 0.0)]);
        assert_eq!(b.est.value, 0.0);
        assert!(b.est.high.is_nan());
    }

    #[test]
    fn paired_difference_by_hand() {
        // Two metrics on the same three blocks: a = (1,1),(0,1),(1,1) → 2/3, deviations
        // (1/3, −2/3, 1/3); b = (0,1),(0,1),(1,1) → 1/3, deviations (−1/3, −1/3, 2/3).
        // Differences (2/3, −1/3, −1/3): Σ = 2/3, se = sqrt((2/3)/6) = 1/3.
        let a = block_ratio_estimate(&[(1.0, 1.0), (0.0, 1.0), (1.0, 1.0)]);
        let b = block_ratio_estimate(&[(0.0, 1.0), (0.0, 1.0), (1.0, 1.0)]);
        let d = paired_difference(&a, &b);
        assert!((d.value - 1.0 / 3.0).abs() < 1e-12);
        assert!((d.high - d.value - Z / 3.0).abs() < 1e-12);
        // Unpaired samples have no paired interval.
        let c = block_ratio_estimate(&[(0.0, 1.0), (1.0, 1.0)]);
        assert!(paired_difference(&a, &c).low.is_nan());
    }

    #[test]
    fn share_of_one_keeps_an_honest_width() {
        let b = block_share_estimate(&[(2.0, 2.0); 10]);
        assert_eq!(b.est.value, 1.0);
        assert!((b.est.high - 1.0).abs() < 1e-12);
        // No spread: ten blocks as ten trials, Wilson's lower end for 10 of 10.
        assert!((b.est.low - 0.7225).abs() < 1e-3, "{:?}", b.est);
    }

    #[test]
    fn ladder_depth_counts_from_the_bottom() {
        let e = |low, high| Est {
            value: (low + high) / 2.0,
            low,
            high,
        };
        // Ahead, ahead, level, ahead: 2 shown; 4 not ruled out.
        let rungs = [e(0.9, 0.95), e(0.55, 0.6), e(0.45, 0.55), e(0.6, 0.7)];
        assert_eq!(ladder_depth(&rungs), (2, 4));
        // Behind stops both counts.
        assert_eq!(
            ladder_depth(&[e(0.6, 0.7), e(0.3, 0.4), e(0.9, 1.0)]),
            (1, 1)
        );
        assert_eq!(ladder_depth(&[]), (0, 0));
    }

    #[test]
    fn leads_by_hand() {
        // Leaders after rounds 1–4: seat 2, 0, 0, 1 → two changes (2→0, 0→1).
        assert_eq!(lead_changes(&[2, 0, 0, 1]), 2);
        assert_eq!(decided_round(&[2, 0, 0, 1]), 4);
        // Led from the first round: decided in round 1, no change.
        assert_eq!(lead_changes(&[3, 3, 3, 3]), 0);
        assert_eq!(decided_round(&[3, 3, 3, 3]), 1);
        assert_eq!(decided_round(&[1, 0, 0, 0]), 2);
        assert_eq!(decided_round(&[]), 0);
        assert_eq!(lead_changes(&[1]), 0);
    }

    #[test]
    fn points_above_a_half() {
        let p = points(
            Est {
                value: 0.62,
                low: 0.6,
                high: 0.64,
            },
            0.5,
        );
        assert!((p.value - 12.0).abs() < 1e-9 && (p.low - 10.0).abs() < 1e-9);
    }
}
