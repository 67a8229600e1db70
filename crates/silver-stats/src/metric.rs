//! Metrics of one sample of games against a base sample of the same games (a card set of a
//! sweep against the base set): a value with its interval, and the paired difference from the
//! base. The ratios of sums are [`crate::design`]'s block estimates; this module holds the
//! metric that is not a ratio of sums, the spread of the bots' win shares, with its
//! linearised deviations over the caller's units (blocks: a deal with its seat rotations).

use crate::interval::{ratio, ratio_deviations, Est};

/// A metric of one sample and its difference from the base sample.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Metric {
    /// The sample's value with its interval.
    pub value: Est,
    /// The sample minus the base, with the paired interval.
    pub diff: Est,
}

/// The spread of win shares: the largest minus the smallest share among the bots that played
/// (`wins_games[b]` is bot `b`'s wins and games), with its linearised deviations over `games`
/// units (blocks), where `yx(b, k)` is bot `b`'s `(wins, seats)` in unit `k`. One bot (or equal
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
    fn win_spread_by_hand() {
        // Two bots over three blocks of two seat-games each: bot 0 wins 2, 1, 1 (share 4/6),
        // bot 1 wins 0, 1, 1 (2/6). Spread 1/3; bot 0's linearised deviations (y − R·x)/x̄ are
        // 1/3, −1/6, −1/6, bot 1's −1/3, 1/6, 1/6, their differences 2/3, −1/3, −1/3.
        let wins = [[2.0, 1.0, 1.0], [0.0, 1.0, 1.0]];
        let (spread, dev) = win_spread(&[(4, 6), (2, 6)], 3, |b, k| (wins[b][k], 2.0));
        assert!((spread - 1.0 / 3.0).abs() < 1e-12);
        for (d, want) in dev.iter().zip([2.0 / 3.0, -1.0 / 3.0, -1.0 / 3.0]) {
            assert!((d - want).abs() < 1e-12, "{dev:?}");
        }
        // Equal shares: no spread and no deviations.
        let (spread, dev) = win_spread(&[(3, 6), (3, 6)], 3, |_, _| (1.0, 2.0));
        assert_eq!((spread, dev), (0.0, vec![0.0; 3]));
    }
}
