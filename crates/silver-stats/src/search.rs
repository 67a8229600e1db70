//! The balance search's estimator: any smooth function of per-block sums (an objective that
//! weighs several ratios, a paired difference of two card sets' objectives on the same deals)
//! with its 95% interval from the **delete-one-block jackknife**: the function recomputed
//! without each block in turn gives `θ₋ᵢ`, and
//!
//! `SE = sqrt((n − 1)/n · Σ (θ₋ᵢ − θ̄)²)`, interval `θ ± t_{n−1, 0.975} · SE`.
//!
//! The caller computes the function; this module only needs its value on all the blocks and
//! without each one, so one estimator serves every objective and every difference.
//!
//! **Proof and limits** (the `coverage` tests, seeded): with 30 and with 300 blocks the
//! interval covers the truth in 93–97% of replications (measured 94.4% and 94.8%, 94.4% and
//! 95.2%, 95.0% and 95.3%) for a weighted sum of two ratios of counts, for `|100·ratio − t|`
//! with the truth some 4 standard errors from `t`, and for the paired difference of two
//! correlated sets' objectives. It does **not** hold at a kink: a sum of `|ratio − t|` terms
//! whose truths are their targets (a seat advantage of 0 at every seat) has an estimate
//! always above its truth, and its interval, symmetric about it, covers the truth in only
//! about 80% of replications (78% at 30 blocks, 81% at 300): near a met target the
//! objective's distance from it is over-stated and its interval is not a 95% one. The
//! Student-t quantile (rather than 1.96) keeps 30 blocks in the band: with 1.96 the three
//! smooth cases cover 93.3%, 93.4% and 93.9% at 30 blocks.

use crate::interval::{Est, Z};

/// A jackknife estimate: the function's value on every block, its standard error and its
/// 95% interval (NaN ends with fewer than two blocks or a non-finite replicate).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Jackknife {
    /// The function on all the blocks.
    pub value: f64,
    /// The jackknife standard error (NaN with fewer than two blocks).
    pub se: f64,
    /// `value ± t_{n−1, 0.975} · se`.
    pub est: Est,
}

/// The delete-one-block jackknife of a function of `n_blocks` blocks: `full` its value on
/// every block, `leave_one_out(i)` its value without block `i`.
pub fn jackknife(n_blocks: usize, full: f64, leave_one_out: impl Fn(usize) -> f64) -> Jackknife {
    let unknown = Jackknife {
        value: full,
        se: f64::NAN,
        est: Est {
            value: full,
            low: f64::NAN,
            high: f64::NAN,
        },
    };
    if n_blocks < 2 || !full.is_finite() {
        return unknown;
    }
    let theta: Vec<f64> = (0..n_blocks).map(leave_one_out).collect();
    if theta.iter().any(|t| !t.is_finite()) {
        return unknown;
    }
    let n = n_blocks as f64;
    let mean = theta.iter().sum::<f64>() / n;
    let ss: f64 = theta.iter().map(|t| (t - mean) * (t - mean)).sum();
    let se = ((n - 1.0) / n * ss).sqrt();
    let half = t975(n_blocks as u64 - 1) * se;
    Jackknife {
        value: full,
        se,
        est: Est {
            value: full,
            low: full - half,
            high: full + half,
        },
    }
}

/// `t_{ν, 0.975}` for ν = 1..=30, exact to 6 digits.
const T975: [f64; 30] = [
    12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157,
    2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816, 2.100922,
    2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831,
    2.048407, 2.045230, 2.042272,
];

/// The 97.5% quantile of Student's t with `df` degrees of freedom (a two-sided 95% interval):
/// tabulated to 30, then the Cornish–Fisher expansion in 1/ν (within 1e-5 from 30 on);
/// `df = 0` gives infinity.
pub fn t975(df: u64) -> f64 {
    match df {
        0 => f64::INFINITY,
        1..=30 => T975[df as usize - 1],
        _ => {
            let z = Z;
            let v = df as f64;
            let z2 = z * z;
            let g1 = (z2 + 1.0) * z / 4.0;
            let g2 = ((5.0 * z2 + 16.0) * z2 + 3.0) * z / 96.0;
            let g3 = (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) * z / 384.0;
            let g4 =
                ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 - 945.0) * z / 92160.0;
            z + g1 / v + g2 / (v * v) + g3 / (v * v * v) + g4 / (v * v * v * v)
        }
    }
}

#[cfg(test)]
mod coverage;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_jackknife_of_a_mean_is_the_usual_standard_error() {
        // The mean of 1, 2, 3, 6: 3. Without each: 11/3, 10/3, 3, 2; mean 3; deviations
        // 2/3, 1/3, 0, −1; Σ² = 14/9; SE² = 3/4 · 14/9 = 7/6 = s²/n (s² = 14/3).
        let x = [1.0, 2.0, 3.0, 6.0];
        let sum: f64 = x.iter().sum();
        let j = jackknife(4, sum / 4.0, |i| (sum - x[i]) / 3.0);
        assert_eq!(j.value, 3.0);
        assert!((j.se - (7.0f64 / 6.0).sqrt()).abs() < 1e-12, "{}", j.se);
        let half = 3.182446 * j.se;
        assert!((j.est.low - (3.0 - half)).abs() < 1e-12);
        assert!((j.est.high - (3.0 + half)).abs() < 1e-12);
    }

    #[test]
    fn the_jackknife_of_a_ratio_by_hand() {
        // Blocks (y, x): (1, 2), (3, 2), (2, 4): R = 0.75; without each 5/6, 1/2, 1, mean
        // 7/9; Σ(θ − θ̄)² = (1/18)² + (5/18)² + (4/18)² = 42/324; SE² = 2/3 · 42/324 = 7/81.
        let yx = [(1.0, 2.0), (3.0, 2.0), (2.0, 4.0)];
        let j = jackknife(3, 0.75, |i| (6.0 - yx[i].0) / (8.0 - yx[i].1));
        assert!((j.se - 7f64.sqrt() / 9.0).abs() < 1e-12);
    }

    #[test]
    fn too_few_blocks_or_a_lost_replicate_leave_the_interval_unknown() {
        let j = jackknife(1, 2.0, |_| 2.0);
        assert_eq!(j.value, 2.0);
        assert!(j.se.is_nan() && j.est.low.is_nan() && j.est.high.is_nan());
        let j = jackknife(3, 2.0, |i| if i == 1 { f64::NAN } else { 2.0 });
        assert!(j.est.low.is_nan());
        // No spread: a zero-width interval.
        let j = jackknife(3, 2.0, |_| 2.0);
        assert_eq!((j.se, j.est.low, j.est.high), (0.0, 2.0, 2.0));
    }

    #[test]
    fn t_quantiles() {
        assert_eq!(t975(0), f64::INFINITY);
        assert_eq!(t975(1), 12.706205);
        assert_eq!(t975(29), 2.045230);
        // The expansion agrees with the table where they meet, and with known values.
        assert!((t975(31) - 2.039513).abs() < 1e-5);
        assert!((t975(40) - 2.021075).abs() < 1e-5);
        assert!((t975(60) - 2.000298).abs() < 1e-5);
        assert!((t975(120) - 1.979930).abs() < 1e-5);
        assert!((t975(299) - 1.967930).abs() < 1e-5);
        assert!((t975(1_000_000) - Z).abs() < 1e-5);
        // Decreasing throughout.
        assert!((1..200).all(|d| t975(d + 1) < t975(d)));
    }
}
