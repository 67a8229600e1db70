//! Metrics of one sample of games against a base sample of the same games (a card set of a
//! sweep against the base set): a value with its interval, and the paired difference from the
//! base by the delta method with games as the units. Rows are the caller's per-game counts;
//! a metric reads them through `y` (numerator) and `x` (denominator) functions.

use crate::interval::{paired, ratio, ratio_deviations, Est};

/// A metric of one sample and its difference from the base sample.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Metric {
    /// The sample's value with its interval.
    pub value: Est,
    /// The sample minus the base, with the paired interval.
    pub diff: Est,
}

/// [`ratio_deviations`] of the ratio Σy/Σx over per-game rows.
pub fn deviations<R>(rows: &[R], y: impl Fn(&R) -> f64, x: impl Fn(&R) -> f64) -> Vec<f64> {
    ratio_deviations(&rows.iter().map(|g| (y(g), x(g))).collect::<Vec<_>>())
}

/// The ratio Σy/Σx over per-game rows (0 when Σx is 0).
pub fn rate<R>(rows: &[R], y: &dyn Fn(&R) -> f64, x: &dyn Fn(&R) -> f64) -> f64 {
    let (sy, sx) = rows
        .iter()
        .fold((0.0, 0.0), |(a, c), r| (a + y(r), c + x(r)));
    ratio(sy, sx)
}

/// A ratio metric Σy/Σx: the sample's value `value` (with its own interval) and its paired
/// difference from the same ratio over the `base` rows (the same games, another set).
pub fn ratio_metric<R>(
    value: Est,
    rows: &[R],
    base: &[R],
    y: &dyn Fn(&R) -> f64,
    x: &dyn Fn(&R) -> f64,
) -> Metric {
    let (ds, db) = (deviations(rows, y, x), deviations(base, y, x));
    Metric {
        value,
        diff: paired(value.value, rate(base, y, x), &ds, &db),
    }
}

/// The spread of win shares: the largest minus the smallest share among the bots that played
/// (`wins_games[b]` is bot `b`'s wins and games), with its per-game deviations over `games`
/// games, where `yx(b, g)` is bot `b`'s `(wins, seats)` in game `g`. One bot (or equal
/// shares): 0, with zero deviations.
pub fn win_spread(
    wins_games: &[(u64, u64)],
    games: usize,
    yx: impl Fn(usize, usize) -> (f64, f64),
) -> (f64, Vec<f64>) {
    let share = |b: usize| ratio(wins_games[b].0 as f64, wins_games[b].1 as f64);
    let played: Vec<usize> = (0..wins_games.len())
        .filter(|&b| wins_games[b].1 > 0)
        .collect();
    let mut hi = played.first().copied().unwrap_or(0);
    let mut lo = hi;
    for &b in &played {
        if share(b) > share(hi) {
            hi = b;
        }
        if share(b) < share(lo) {
            lo = b;
        }
    }
    if hi == lo {
        return (0.0, vec![0.0; games]);
    }
    let dev = |b: usize| ratio_deviations(&(0..games).map(|g| yx(b, g)).collect::<Vec<_>>());
    let (dh, dl) = (dev(hi), dev(lo));
    (
        share(hi) - share(lo),
        dh.iter().zip(&dl).map(|(a, b)| a - b).collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paired_intervals_shrink_with_correlation() {
        // Identical per-game deviations: the difference and its interval are exactly 0.
        let d = [1.0, -2.0, 0.5, 0.5];
        let e = paired(3.0, 3.0, &d, &d);
        assert_eq!((e.value, e.low, e.high), (0.0, 0.0, 0.0));
        assert!(!e.excludes_zero());
        // Ratio deviations sum to zero (turns per round of five games).
        let rows: Vec<(u32, u32)> = (0..5).map(|i| (20 + i, 4)).collect();
        let dev = deviations(&rows, |g| g.0 as f64, |g| g.1 as f64);
        assert!(dev.iter().sum::<f64>().abs() < 1e-12);
    }
}
