//! What a sample of blocks says about the candidate: the block score and its Elo and
//! normalised-Elo estimates with intervals, and the score support of fastchess's counts.

use super::mle::mean_var;
use super::NELO;
use crate::interval::Z;

/// The score of a sample of blocks, with the Elo and normalised-Elo estimates and their 95%
/// intervals (fastchess's formulas: the score's normal interval mapped through each scale).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreEstimate {
    /// Blocks.
    pub blocks: f64,
    /// Mean block score.
    pub score: f64,
    /// 95% interval of the score.
    pub score_low: f64,
    /// Upper end.
    pub score_high: f64,
    /// Logistic Elo from the score.
    pub elo: f64,
    /// Half-width of its interval.
    pub elo_error: f64,
    /// Normalised Elo per game.
    pub nelo: f64,
    /// Half-width of its interval.
    pub nelo_error: f64,
    /// Likelihood of superiority: P(score > ½) under the normal approximation.
    pub los: f64,
}

fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The normal CDF.
pub(crate) fn phi(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The complementary error function (the Chebyshev fit of Numerical Recipes' `erfcc`,
/// fractional error below 1.2e-7 everywhere: ample for a likelihood of superiority).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The estimates from block-score counts (no regularisation), for blocks of
/// `games_per_block` games.
pub fn score_estimate(scores: &[f64], counts: &[f64], games_per_block: u32) -> ScoreEstimate {
    let n: f64 = counts.iter().sum();
    let p: Vec<f64> = counts.iter().map(|c| c / n.max(1.0)).collect();
    let (mu, var) = mean_var(scores, &p);
    let se = (var / n.max(1.0)).sqrt();
    let (lo, hi) = (mu - Z * se, mu + Z * se);
    let r = games_per_block.max(1) as f64;
    let nelo_of = |s: f64| (s - 0.5) / (r * var).sqrt() * NELO;
    ScoreEstimate {
        blocks: n,
        score: mu,
        score_low: lo,
        score_high: hi,
        elo: elo_of(mu),
        elo_error: (elo_of(hi) - elo_of(lo)) / 2.0,
        nelo: nelo_of(mu),
        nelo_error: (nelo_of(hi) - nelo_of(lo)) / 2.0,
        los: if se > 0.0 {
            phi((mu - 0.5) / se)
        } else if mu > 0.5 {
            1.0
        } else if mu < 0.5 {
            0.0
        } else {
            0.5
        },
    }
}

/// A test's state from pentanomial counts `LL, LD, DD (or WL), WD, WW` of game pairs (scores
/// 0, ¼, ½, ¾, 1; two games a block) or trinomial counts `L, D, W` (scores 0, ½, 1; one game).
pub fn count_cells(counts: &[u64]) -> Option<(Vec<f64>, Vec<f64>, u32)> {
    let c: Vec<f64> = counts.iter().map(|&x| x as f64).collect();
    match counts.len() {
        3 => Some((vec![0.0, 0.5, 1.0], c, 1)),
        5 => Some((vec![0.0, 0.25, 0.5, 0.75, 1.0], c, 2)),
        _ => None,
    }
}
