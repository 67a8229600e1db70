//! The sequential probability ratio test of chess-engine testing (fastchess, Fishtest), on
//! the distribution of a candidate's **block score** against a baseline.
//!
//! A block is a deal with all its seat rotations; its score is the share of the block's
//! comparisons (candidate seat vs baseline seat, in each game) that the candidate won: with 2
//! players and 2 rotations 0, ½ or 1; with 4 players and 4 rotations 0, ¼, …, 1. The test is
//! the generalised SPRT with the *normalised* Elo model (Michel Van den Bergh, "Comments on
//! normalized Elo", the model fastchess uses by default): with `μ` and `σ` the mean and
//! standard deviation of the block score, the hypotheses are `t = (μ − ½)/σ = t₀` and `t = t₁`
//! where `t = √R · nElo · ln 10 / 800` for blocks of `R` games (`R` = 1 is fastchess's
//! trinomial, `R` = 2 its pentanomial: normalised Elo is per game whatever the block). The
//! log-likelihood ratio is `N Σᵢ p̂ᵢ (ln p₁ᵢ − ln p₀ᵢ)` with `pₕ` the maximum-likelihood
//! distribution under hypothesis `h`, the empirical distribution `p̂` taken after giving every
//! empty cell a count of 0.001 (as fastchess does). fastchess stops its fixed-point iteration for
//! `pₕ` after ten rounds or at a change below 10⁻⁴; here it runs to convergence (10⁻¹⁴), so the
//! LLR is the model's exact value.
//!
//! The test stops when the LLR reaches `ln(β/(1−α))` (accept H0) or `ln((1−β)/α)` (accept H1).

use crate::interval::Z;
use serde::{Deserialize, Serialize};
use std::f64::consts::LN_10;

/// Normalised-Elo points per unit of `t` (per game).
const NELO: f64 = 800.0 / LN_10;

/// The hypotheses and error rates of a test.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtSpec {
    /// nElo under H0.
    pub elo0: f64,
    /// nElo under H1.
    pub elo1: f64,
    /// False-positive rate (accepting H1 when H0 holds).
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// A `--sprt` argument or bound that does not make a test.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--sprt {text}: {problem}")]
pub struct SprtSpecError {
    /// What was typed.
    pub text: String,
    /// What is wrong with it.
    pub problem: String,
}

/// Bounds or error rates that do not make a test ([`SprtSpec::new`]).
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum SprtBoundsError {
    /// A bound that is not a finite number.
    #[error("elo0 and elo1 must be numbers")]
    NotNumbers,
    /// Bounds in the wrong order.
    #[error("elo0 ({elo0}) must be less than elo1 ({elo1})")]
    Order {
        /// H0's bound.
        elo0: f64,
        /// H1's bound.
        elo1: f64,
    },
    /// An error rate outside (0, 1).
    #[error("{name} must be between 0 and 1 (got {value})")]
    Rate {
        /// `alpha` or `beta`.
        name: &'static str,
        /// Its value.
        value: f64,
    },
    /// Error rates that add up to 1 or more.
    #[error("alpha + beta must be less than 1")]
    RatesSum,
}

impl SprtSpec {
    /// A test, validated as fastchess does: `elo0 < elo1`, `0 < α, β < 1`, `α + β < 1`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<SprtSpec, SprtBoundsError> {
        if !(elo0.is_finite() && elo1.is_finite()) {
            return Err(SprtBoundsError::NotNumbers);
        }
        if elo0 >= elo1 {
            return Err(SprtBoundsError::Order { elo0, elo1 });
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 1.0) {
                return Err(SprtBoundsError::Rate { name, value });
            }
        }
        if alpha + beta >= 1.0 {
            return Err(SprtBoundsError::RatesSum);
        }
        Ok(SprtSpec {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR at which H0 is accepted.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The LLR at which H1 is accepted.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The decision at an LLR.
    pub fn decide(&self, llr: f64) -> Decision {
        if llr >= self.upper() {
            Decision::H1
        } else if llr <= self.lower() {
            Decision::H0
        } else {
            Decision::Continue
        }
    }

    /// The LLR of block-score counts `counts[i]` at scores `scores[i]` (in [0, 1]), for blocks
    /// of `games_per_block` games.
    pub fn llr(&self, scores: &[f64], counts: &[f64], games_per_block: u32) -> f64 {
        let regular: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0.0 { 1e-3 } else { c })
            .collect();
        let total: f64 = regular.iter().sum();
        let probs: Vec<f64> = regular.iter().map(|c| c / total).collect();
        let r = (games_per_block.max(1) as f64).sqrt();
        let (t0, t1) = (r * self.elo0 / NELO, r * self.elo1 / NELO);
        let p0 = mle(scores, &probs, 0.5, t0);
        let p1 = mle(scores, &probs, 0.5, t1);
        total
            * probs
                .iter()
                .zip(p0.iter().zip(&p1))
                .map(|(ph, (a, b))| ph * (b.ln() - a.ln()))
                .sum::<f64>()
    }
}

impl std::str::FromStr for SprtSpec {
    type Err = SprtSpecError;

    /// Parses `elo0=E0,elo1=E1[,alpha=A,beta=B]` (α and β default to 0.05).
    fn from_str(s: &str) -> Result<SprtSpec, SprtSpecError> {
        let err = |problem: String| SprtSpecError {
            text: s.to_string(),
            problem,
        };
        let (mut e0, mut e1, mut a, mut b) = (None, None, 0.05, 0.05);
        for part in s.split(',') {
            let (k, v) = part.split_once('=').ok_or_else(|| {
                err(format!(
                    "`{part}` is not KEY=VALUE (expected elo0=0,elo1=10[,alpha=0.05,beta=0.05])"
                ))
            })?;
            let x: f64 = v
                .trim()
                .parse()
                .map_err(|_| err(format!("{} = `{v}` is not a number", k.trim())))?;
            match k.trim() {
                "elo0" => e0 = Some(x),
                "elo1" => e1 = Some(x),
                "alpha" => a = x,
                "beta" => b = x,
                other => {
                    return Err(err(format!(
                        "unknown key `{other}` (known: elo0, elo1, alpha, beta)"
                    )))
                }
            }
        }
        let (Some(e0), Some(e1)) = (e0, e1) else {
            return Err(err("elo0 and elo1 are required".into()));
        };
        SprtSpec::new(e0, e1, a, b).map_err(|e| err(e.to_string()))
    }
}

/// What a test concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// The LLR reached the lower bound: the candidate is not elo1 better.
    H0,
    /// The LLR reached the upper bound: the candidate is better than elo0.
    H1,
    /// Neither bound reached (yet, or at the games cap: inconclusive).
    Continue,
}

impl Decision {
    /// `H0`, `H1` or `continue`.
    pub fn name(self) -> &'static str {
        match self {
            Decision::H0 => "H0",
            Decision::H1 => "H1",
            Decision::Continue => "continue",
        }
    }
}

fn mean_var(scores: &[f64], p: &[f64]) -> (f64, f64) {
    let mu: f64 = scores.iter().zip(p).map(|(a, q)| a * q).sum();
    let var: f64 = scores
        .iter()
        .zip(p)
        .map(|(a, q)| q * (a - mu) * (a - mu))
        .sum();
    (mu, var)
}

/// The root of `f(x) = Σ p̂ᵢ φᵢ / (1 + x φᵢ)` on `(−1/max φ, −1/min φ)`, where it falls from
/// +∞ to −∞: Newton's method kept inside a shrinking bracket, to machine precision.
fn theta(probs: &[f64], phi: &[f64], guess: f64) -> f64 {
    let u = phi.iter().copied().fold(f64::INFINITY, f64::min);
    let v = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(u < 0.0 && v > 0.0) {
        return 0.0;
    }
    let (mut lo, mut hi) = (-1.0 / v, -1.0 / u);
    let f = |x: f64| -> (f64, f64) {
        let mut y = 0.0;
        let mut d = 0.0;
        for (p, f) in probs.iter().zip(phi) {
            let den = 1.0 + x * f;
            y += p * f / den;
            d -= p * f * f / (den * den);
        }
        (y, d)
    };
    // Start from the guess (the previous round's root) when it lies inside the bracket.
    let mut x = if guess > lo && guess < hi {
        guess
    } else {
        lo + (hi - lo) / 2.0
    };
    for _ in 0..200 {
        let (y, d) = f(x);
        if y == 0.0 {
            return x;
        }
        if y > 0.0 {
            lo = x;
        } else {
            hi = x;
        }
        let mut next = x - y / d;
        if !(next > lo && next < hi && next.is_finite()) {
            next = lo + (hi - lo) / 2.0;
        }
        // Converged to a few units in the last place (Newton's step can hover there).
        let tol = 4.0 * f64::EPSILON * (1.0 + x.abs());
        if (next - x).abs() <= tol || hi - lo <= tol {
            return next;
        }
        x = next;
    }
    x
}

/// The maximum-likelihood distribution on `scores` with `(μ − mu_ref)/σ = t` given the
/// empirical distribution `probs`, to machine precision.
///
/// Van den Bergh (section 4.1) iterates `pᵢ = p̂ᵢ/(1 + θφᵢ)` with
/// `φᵢ = aᵢ − mu_ref − t σ (1 + ((aᵢ − μ)/σ)²)/2` at the current `p` (θ making `Σ pᵢ = 1`),
/// from the uniform distribution, as fastchess does. Once `μ = mu_ref + tσ` (true at the fixed
/// point) the map depends on `p` only through `σ`: `σ ↦ G(σ)`, the standard deviation of the
/// `p` it gives. Its fixed-point iteration creeps (the rate is often close to 1), so here it is
/// accelerated by Steffensen's method (Aitken's Δ² on every three iterates), accepted only when
/// the extrapolation moves on in the iteration's own direction and keeps `p` valid, so it
/// reaches the fixed point the plain iteration heads for, to machine precision, in a handful
/// of steps.
pub(crate) fn mle(scores: &[f64], probs: &[f64], mu_ref: f64, t: f64) -> Vec<f64> {
    let n = scores.len();
    let mut p = vec![0.0; n];
    let mut phi = vec![0.0; n];
    let mut th = 0.0;
    // The first step is fastchess's, from the uniform distribution.
    let uniform = vec![1.0 / n as f64; n];
    let (mu0, var0) = mean_var(scores, &uniform);
    let sigma0 = var0.sqrt();
    for i in 0..n {
        let z = (scores[i] - mu0) / sigma0;
        phi[i] = scores[i] - mu_ref - 0.5 * t * sigma0 * (1.0 + z * z);
    }
    th = theta(probs, &phi, th);
    for i in 0..n {
        p[i] = probs[i] / (1.0 + th * phi[i]);
    }
    // G(σ): fills p, returns the new σ (None outside the domain).
    let mut map = |sigma: f64, p: &mut [f64], th: &mut f64| -> Option<f64> {
        if !(sigma > 0.0 && sigma.is_finite()) {
            return None;
        }
        let mu = mu_ref + t * sigma;
        for i in 0..n {
            let z = (scores[i] - mu) / sigma;
            phi[i] = scores[i] - mu_ref - 0.5 * t * sigma * (1.0 + z * z);
        }
        *th = theta(probs, &phi, *th);
        for i in 0..n {
            p[i] = probs[i] / (1.0 + *th * phi[i]);
        }
        let (_, var) = mean_var(scores, p);
        (var > 0.0 && p.iter().all(|&q| q > 0.0 && q.is_finite())).then(|| var.sqrt())
    };
    let mut s0 = mean_var(scores, &p).1.sqrt();
    // Stop at a relative change of 1e-13, or when the steps stop shrinking (the rounding of
    // the inner root sets a floor near 1e-15): the LLR is a maximum over p, so an error ε in
    // p moves it by O(ε²).
    let tol = |s: f64| 1e-13 * s;
    for _ in 0..1000 {
        let Some(s1) = map(s0, &mut p, &mut th) else {
            break;
        };
        if (s1 - s0).abs() <= tol(s1) {
            break;
        }
        let Some(s2) = map(s1, &mut p, &mut th) else {
            break;
        };
        if (s2 - s1).abs() <= tol(s2) || (s2 - s1).abs() >= (s1 - s0).abs() {
            break;
        }
        let d2 = s2 - 2.0 * s1 + s0;
        let aitken = s0 - (s1 - s0) * (s1 - s0) / d2;
        // Accept the extrapolation when it continues the iteration's direction; else go on
        // from s2.
        let forward = (aitken - s2) * (s2 - s1) > 0.0;
        s0 = if d2 != 0.0 && aitken.is_finite() && aitken > 0.0 && forward {
            aitken
        } else {
            s2
        };
    }
    // p is the map's output at the last σ (within rounding of the fixed point).
    p
}

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
fn phi(x: f64) -> f64 {
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

/// Header of `sprt.csv`.
pub const SPRT_HEADER: &str = "block,games,block_score,llr,lower,upper,decision\n";

/// An SPRT run's test and state, as its manifest records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtRecord {
    /// The test.
    pub spec: SprtSpec,
    /// Games per block (the seat rotations of a deal).
    pub games_per_block: u32,
    /// Comparisons of the candidate (the run's first bot) with the baseline (its second) in
    /// one block: the block score is the share of them the candidate won.
    pub comparisons: u32,
    /// The LLR after the last block.
    pub llr: f64,
    /// The decision after the last block (`continue` if the run ended at its games cap).
    pub decision: Decision,
}

impl SprtRecord {
    /// The block-score support `k / comparisons` and the counts of each, from the
    /// candidate–baseline pair's block cells.
    pub fn cells(&self, table: &crate::pairs::PairTable) -> (Vec<f64>, Vec<f64>) {
        let n = self.comparisons.max(1);
        let scores: Vec<f64> = (0..=n).map(|k| k as f64 / n as f64).collect();
        let mut counts = vec![0.0; n as usize + 1];
        if let Some(p) = table.pair(0, 1) {
            for &(cn, w, c) in &p.cells {
                if cn == n {
                    counts[w as usize] += c as f64;
                }
            }
        }
        (scores, counts)
    }

    /// Updates the LLR and decision from the run's pair sums.
    pub fn update(&mut self, table: &crate::pairs::PairTable) {
        let (scores, counts) = self.cells(table);
        self.llr = self.spec.llr(&scores, &counts, self.games_per_block);
        self.decision = self.spec.decide(self.llr);
    }

    /// The estimates from the blocks so far.
    pub fn estimate(&self, table: &crate::pairs::PairTable) -> ScoreEstimate {
        let (scores, counts) = self.cells(table);
        score_estimate(&scores, &counts, self.games_per_block)
    }

    /// The `sprt.csv` row after block `block` (`games` games so far, its score `score`).
    pub(crate) fn row(&self, block: u64, games: u64, score: f64) -> String {
        format!(
            "{block},{games},{score:.4},{:.6},{:.6},{:.6},{}\n",
            self.llr,
            self.spec.lower(),
            self.spec.upper(),
            self.decision.name()
        )
    }

    /// The lines printed after an SPRT run (or by `silver report`).
    pub fn summary(&self, table: &crate::pairs::PairTable, bots: &[String]) -> String {
        let e = self.estimate(table);
        let s = &self.spec;
        let verdict = match self.decision {
            Decision::H1 => format!(
                "H1 accepted: {} is better than {} by more than elo0",
                bots[0], bots[1]
            ),
            Decision::H0 => format!(
                "H0 accepted: {} is not better than {} by elo1",
                bots[0], bots[1]
            ),
            Decision::Continue => "inconclusive (no bound reached)".to_string(),
        };
        format!(
            "SPRT {} vs {}: nElo [{}, {}], alpha {}, beta {}\n\
             LLR {:.3} ({:.3}, {:.3}) after {} blocks of {} games: {}\n\
             block score {:.4} [{:.4}, {:.4}]  nElo {:.1} ± {:.1}  Elo {:.1} ± {:.1}  LOS {:.1}%\n",
            bots[0],
            bots[1],
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            self.llr,
            s.lower(),
            s.upper(),
            e.blocks,
            self.games_per_block,
            verdict,
            e.score,
            e.score_low,
            e.score_high,
            e.nelo,
            e.nelo_error,
            e.elo,
            e.elo_error,
            100.0 * e.los,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    const PENTA: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
    const TRI: [f64; 3] = [0.0, 0.5, 1.0];

    fn spec(e0: f64, e1: f64) -> SprtSpec {
        SprtSpec::new(e0, e1, 0.05, 0.05).unwrap()
    }

    /// fastchess's own unit tests (app/tests/sprt_test.cpp), to their two decimals.
    #[test]
    fn fastchess_unit_tests() {
        // Stats(ll, ld, wl, dd, wd, ww): cells LL, LD, WL + DD, WD, WW.
        let cases: [([f64; 5], f64, f64, f64); 3] = [
            (
                [365.0, 16618.0, 36029.0 + 200.0, 16974.0, 390.0],
                0.0,
                2.0,
                2.25,
            ),
            (
                [127.0, 4883.0, 10311.0 + 401.0, 5150.0, 104.0],
                -1.75,
                0.25,
                3.01,
            ),
            ([0.0, 0.0, 0.0, 0.0, 5550.0], 0.0, 5.0, 111.82),
        ];
        for (c, e0, e1, want) in cases {
            let got = spec(e0, e1).llr(&PENTA, &c, 2);
            assert!(
                (got - want).abs() < 0.01 * want.abs(),
                "{c:?}: {got} vs {want}"
            );
        }
        // Stats(wins, losses, draws) → cells L, D, W.
        let cases: [([f64; 3], f64, f64, f64); 3] = [
            ([36027.0, 68692.0, 36433.0], 0.0, 2.0, 0.92),
            ([10650.0, 20431.0, 10871.0], -1.75, 0.25, 2.30),
            ([0.0, 0.0, 4250.0], 0.0, 10.0, 120.56),
        ];
        for (c, e0, e1, want) in cases {
            let got = spec(e0, e1).llr(&TRI, &c, 1);
            assert!(
                (got - want).abs() < 0.01 * want.abs(),
                "{c:?}: {got} vs {want}"
            );
        }
    }

    /// LLRs of fastchess's normalised model on the same counts: fastchess's own value (its
    /// code, built and run on these counts) and the model's exact value (the constrained
    /// maximum likelihood solved at 50 digits with mpmath, its Lagrange conditions checked to
    /// 1e-48). Counts are LL, LD, DD (with WL), WD, WW, or L, D, W.
    const FASTCHESS: &[(&[u64], f64, f64, f64, f64)] = &[
        (
            &[390, 16974, 36229, 16618, 365],
            0.0,
            2.0,
            -6.92755129435904,
            -6.92755129436028,
        ),
        (
            &[104, 5150, 10712, 4883, 127],
            -1.75,
            0.25,
            -1.96762165519215,
            -1.96762164576814,
        ),
        (
            &[0, 0, 0, 0, 5550],
            0.0,
            5.0,
            111.797555086714,
            111.797555086714,
        ),
        (
            &[10, 20, 30, 20, 10],
            0.0,
            10.0,
            -0.0745347844209297,
            -0.0745347844209376,
        ),
        (
            &[0, 0, 100, 0, 0],
            0.0,
            10.0,
            -0.160264829478572,
            -0.160264612662481,
        ),
        (
            &[5, 0, 0, 0, 7],
            -5.0,
            5.0,
            0.0814115722607708,
            0.0814115722607706,
        ),
        (
            &[1, 2, 3, 4, 5],
            -10.0,
            0.0,
            0.29964691167949,
            0.299646911471728,
        ),
        (
            &[50, 80, 200, 90, 60],
            0.0,
            20.0,
            0.578304439151936,
            0.578304439152012,
        ),
        (
            &[0, 12, 0, 30, 0],
            0.0,
            10.0,
            0.697536172022557,
            0.69753617202255,
        ),
        (
            &[3, 0, 40, 0, 9],
            0.0,
            20.0,
            0.853469927873889,
            0.853469926571832,
        ),
        (
            &[200, 1000, 3000, 1100, 250],
            -5.0,
            0.0,
            6.00469364960079,
            6.00469364959977,
        ),
        (
            &[0, 0, 1, 0, 0],
            0.0,
            5.0,
            -0.000215201983926301,
            -0.000215201723271651,
        ),
        (
            &[40, 0, 20, 0, 60],
            0.0,
            40.0,
            1.98387275970258,
            1.98387275969788,
        ),
        (
            &[1000, 0, 0, 0, 1],
            0.0,
            10.0,
            -41.4810399251497,
            -41.4810399251486,
        ),
        (
            &[7, 33, 101, 39, 9],
            2.0,
            8.0,
            0.194036580482781,
            0.194036580482772,
        ),
        (
            &[36027, 68692, 36433],
            0.0,
            2.0,
            0.923293449220697,
            0.923293450949526,
        ),
        (
            &[10650, 20431, 10871],
            -1.75,
            0.25,
            2.29750040956968,
            2.29750040710322,
        ),
        (&[0, 0, 4250], 0.0, 10.0, 120.548267741204, 120.548267741203),
        (&[30, 0, 50], 0.0, 20.0, 1.0183348954265, 1.0183348954265),
        (
            &[100, 3, 120],
            -10.0,
            10.0,
            1.15895680373569,
            1.1589568037357,
        ),
        (
            &[365, 16618, 36229, 16974, 390],
            0.0,
            2.0,
            2.25036770354585,
            2.25036770354698,
        ),
        (
            &[127, 4883, 10712, 5150, 104],
            -1.75,
            0.25,
            3.01015420480197,
            3.01015419660369,
        ),
    ];

    #[test]
    fn llr_agrees_with_fastchess_and_the_exact_solution() {
        for &(counts, e0, e1, fastchess, exact) in FASTCHESS {
            let (scores, c, r) = count_cells(counts).unwrap();
            let got = spec(e0, e1).llr(&scores, &c, r);
            // fastchess stops its iteration at a change below 1e-4, so it is within 1e-6;
            // this one is at the exact value.
            assert!(
                (got - fastchess).abs() <= 1e-6,
                "{counts:?}: {got} vs fastchess {fastchess}"
            );
            assert!(
                (got - exact).abs() <= 1e-9 * exact.abs().max(1.0),
                "{counts:?}: {got} vs exact {exact}"
            );
            assert!(
                (got - exact).abs() <= (fastchess - exact).abs() + 1e-10 * exact.abs().max(1.0)
            );
        }
    }

    #[test]
    fn the_mle_meets_its_constraint() {
        let probs = [0.1, 0.15, 0.4, 0.2, 0.15];
        for t in [-0.3, -0.05, 0.0, 0.02, 0.4] {
            let p = mle(&PENTA, &probs, 0.5, t);
            let (mu, var) = mean_var(&PENTA, &p);
            assert!(((mu - 0.5) / var.sqrt() - t).abs() < 1e-12, "t {t}");
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn bounds_and_parsing() {
        let s: SprtSpec = "elo0=-5,elo1=5".parse().unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-5.0, 5.0, 0.05, 0.05));
        assert!((s.lower() - (0.05f64 / 0.95).ln()).abs() < 1e-15);
        assert!((s.upper() - 19f64.ln()).abs() < 1e-15);
        let s: SprtSpec = "elo0=0, elo1=10, alpha=0.01, beta=0.1".parse().unwrap();
        assert_eq!((s.alpha, s.beta), (0.01, 0.1));
        for bad in [
            "elo0=5,elo1=5",
            "elo1=3",
            "elo0=0,elo1=x",
            "elo0=0,elo1=5,gamma=1",
            "elo0=0,elo1=5,alpha=0",
            "elo0=0,elo1=5,alpha=0.6,beta=0.5",
            "0,5",
        ] {
            let e = bad.parse::<SprtSpec>().unwrap_err().to_string();
            assert!(e.starts_with("--sprt ") && !e.contains('\n'), "{bad}: {e}");
        }
    }

    /// A distribution on `scores` tilted from `base` so that its normalised Elo (blocks of `r`
    /// games) is `nelo`.
    fn tilted(scores: &[f64], base: &[f64], r: u32, nelo: f64) -> Vec<f64> {
        let t_of = |lambda: f64| {
            let w: Vec<f64> = base
                .iter()
                .zip(scores)
                .map(|(b, a)| b * (lambda * a).exp())
                .collect();
            let s: f64 = w.iter().sum();
            let p: Vec<f64> = w.iter().map(|x| x / s).collect();
            let (mu, var) = mean_var(scores, &p);
            ((mu - 0.5) / var.sqrt(), p)
        };
        let target = (r as f64).sqrt() * nelo / NELO;
        let (mut lo, mut hi) = (-20.0, 20.0);
        for _ in 0..200 {
            let mid = (lo + hi) / 2.0;
            if t_of(mid).0 < target {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        t_of((lo + hi) / 2.0).1
    }

    /// Runs `tests` sequential tests on blocks drawn from `p`, checking the LLR after every
    /// block; returns the share that accepted H1.
    fn h1_rate(s: &SprtSpec, scores: &[f64], p: &[f64], r: u32, tests: u32, seed: u64) -> f64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut h1 = 0;
        for _ in 0..tests {
            let mut counts = vec![0.0; scores.len()];
            loop {
                let mut u: f64 = rng.random();
                let mut k = 0;
                while k + 1 < p.len() && u >= p[k] {
                    u -= p[k];
                    k += 1;
                }
                counts[k] += 1.0;
                match s.decide(s.llr(scores, &counts, r)) {
                    Decision::H1 => {
                        h1 += 1;
                        break;
                    }
                    Decision::H0 => break,
                    Decision::Continue => {}
                }
            }
        }
        h1 as f64 / tests as f64
    }

    #[test]
    fn error_rates_match_alpha_and_beta_heads_up() {
        // Heads-up blocks of two games: scores 0, ½, 1.
        let s = spec(0.0, 40.0);
        let base = [0.3, 0.4, 0.3];
        let at0 = tilted(&TRI, &base, 2, 0.0);
        let at1 = tilted(&TRI, &base, 2, 40.0);
        let alpha = h1_rate(&s, &TRI, &at0, 2, 2000, 1);
        let beta = 1.0 - h1_rate(&s, &TRI, &at1, 2, 2000, 2);
        eprintln!("heads-up, elo0=0 elo1=40, 2000 tests each: alpha {alpha}, beta {beta}");
        assert!((alpha - 0.05).abs() <= 0.015, "alpha {alpha}");
        assert!((beta - 0.05).abs() <= 0.015, "beta {beta}");
    }

    #[test]
    fn error_rates_match_alpha_and_beta_four_players() {
        // Four rotations of four players: scores 0, ¼, …, 1; a negative elo0.
        let s = SprtSpec::new(-10.0, 20.0, 0.05, 0.1).unwrap();
        let base = [0.1, 0.2, 0.4, 0.2, 0.1];
        let at0 = tilted(&PENTA, &base, 4, -10.0);
        let at1 = tilted(&PENTA, &base, 4, 20.0);
        let alpha = h1_rate(&s, &PENTA, &at0, 4, 2000, 3);
        let beta = 1.0 - h1_rate(&s, &PENTA, &at1, 4, 2000, 4);
        eprintln!("four players, elo0=-10 elo1=20, 2000 tests each: alpha {alpha}, beta {beta}");
        assert!((alpha - 0.05).abs() <= 0.015, "alpha {alpha}");
        assert!((beta - 0.10).abs() <= 0.015, "beta {beta}");
    }
}
