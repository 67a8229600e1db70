//! Interval statistics: the Wilson score interval for proportions, and normal intervals for
//! ratio estimates by the delta method with games as the units (paired when two sets, bots or
//! runs play the same games).

/// 1.96: the normal quantile of a two-sided 95% interval.
pub const Z: f64 = 1.959_963_984_540_054;

/// A 95% Wilson score interval for `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    wilson_f(k as f64 / n as f64, n as f64)
}

/// The 95% Wilson score interval of a proportion `p` observed over `n` trials (`n` may be an
/// effective, non-integer sample size).
pub fn wilson_f(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = Z;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n) + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// An estimate with its 95% interval.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Est {
    /// Point estimate.
    pub value: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl Est {
    /// A normal 95% interval: `value ± Z·se`.
    pub fn normal(value: f64, se: f64) -> Est {
        Est {
            value,
            low: value - Z * se,
            high: value + Z * se,
        }
    }

    /// True if the interval excludes 0.
    pub fn excludes_zero(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }
}

/// `a / b`, or 0 when `b` is 0.
pub fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 {
        0.0
    } else {
        a / b
    }
}

/// Mean and sample standard deviation from a sum and a sum of squares.
pub fn mean_sd(sum: f64, sq: f64, n: u64) -> (f64, f64) {
    let mean = ratio(sum, n as f64);
    let sd = if n > 1 {
        ((sq - n as f64 * mean * mean).max(0.0) / (n - 1) as f64).sqrt()
    } else {
        0.0
    };
    (mean, sd)
}

/// Per-game linearised deviations of the ratio Σy/Σx over games (the delta method with games
/// as the units), from each game's `(y, x)`: `(y_i - R x_i) / mean(x)`. Their mean is 0 and
/// their variance over n is the ratio's variance.
pub fn ratio_deviations(yx: &[(f64, f64)]) -> Vec<f64> {
    let (sy, sx) = yx.iter().fold((0.0, 0.0), |(a, b), &(y, x)| (a + y, b + x));
    if sx == 0.0 {
        return vec![0.0; yx.len()];
    }
    let (r, xbar) = (sy / sx, sx / yx.len() as f64);
    yx.iter().map(|&(y, x)| (y - r * x) / xbar).collect()
}

/// Standard error of a mean-zero per-game quantity: sqrt(Σz² / (n(n-1))).
pub fn se(z: impl Iterator<Item = f64>) -> f64 {
    let (mut n, mut s) = (0u64, 0.0);
    for x in z {
        n += 1;
        s += x * x;
    }
    if n < 2 {
        0.0
    } else {
        (s / (n as f64 * (n - 1) as f64)).sqrt()
    }
}

/// The difference `value - base` with the paired interval from the per-game deviations.
pub fn paired(value: f64, base: f64, dev: &[f64], base_dev: &[f64]) -> Est {
    let d = value - base;
    Est::normal(d, se(dev.iter().zip(base_dev).map(|(a, b)| a - b)))
}

/// `value ± error` with `decimals` decimals, for printing. A value without an interval says
/// so: `+inf (no interval)` when every block scored the same extreme (a score of 1 or 0 gives an
/// infinite Elo and no spread), `V (no interval)` when only the error is undefined, `undefined`
/// when the value is.
pub fn plus_minus(value: f64, error: f64, decimals: usize) -> String {
    if value.is_nan() {
        "undefined".to_string()
    } else if value.is_infinite() {
        format!("{}inf (no interval)", if value > 0.0 { "+" } else { "-" })
    } else if !error.is_finite() {
        format!("{value:.decimals$} (no interval)")
    } else {
        format!("{value:.decimals$} ± {error:.decimals$}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plus_minus_says_when_there_is_no_interval() {
        assert_eq!(plus_minus(12.345, 3.21, 1), "12.3 ± 3.2");
        assert_eq!(plus_minus(f64::INFINITY, f64::NAN, 1), "+inf (no interval)");
        assert_eq!(
            plus_minus(f64::NEG_INFINITY, f64::NAN, 2),
            "-inf (no interval)"
        );
        assert_eq!(plus_minus(4.0, f64::NAN, 2), "4.00 (no interval)");
        assert_eq!(plus_minus(f64::NAN, f64::NAN, 2), "undefined");
    }

    #[test]
    fn wilson_known_values() {
        let (lo, hi) = wilson(50, 100);
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3);
    }
}
