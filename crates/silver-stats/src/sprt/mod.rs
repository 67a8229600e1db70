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

use crate::interval::plus_minus;
use crate::pairs::PairTable;
use serde::{Deserialize, Serialize};
use std::f64::consts::LN_10;

mod estimate;
mod mle;
#[cfg(test)]
mod tests;

pub(crate) use estimate::phi;
pub use estimate::{count_cells, score_estimate, ScoreEstimate};
use mle::mle;

/// Normalised-Elo points per unit of `t` (per game).
pub(crate) const NELO: f64 = 800.0 / LN_10;

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

/// Bounds that do not make a test (fastchess's checks).
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum SprtBoundsError {
    /// elo0 or elo1 is not a finite number.
    #[error("elo0 and elo1 must be numbers")]
    NotNumbers,
    /// elo0 is not below elo1.
    #[error("elo0 ({elo0}) must be less than elo1 ({elo1})")]
    Order {
        /// nElo under H0.
        elo0: f64,
        /// nElo under H1.
        elo1: f64,
    },
    /// alpha or beta is outside (0, 1).
    #[error("{name} must be between 0 and 1 (got {value})")]
    Rate {
        /// `alpha` or `beta`.
        name: &'static str,
        /// What was given.
        value: f64,
    },
    /// alpha + beta is 1 or more.
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
    pub fn cells(&self, table: &PairTable) -> (Vec<f64>, Vec<f64>) {
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
    pub fn update(&mut self, table: &PairTable) {
        let (scores, counts) = self.cells(table);
        self.llr = self.spec.llr(&scores, &counts, self.games_per_block);
        self.decision = self.spec.decide(self.llr);
    }

    /// The estimates from the blocks so far.
    pub fn estimate(&self, table: &PairTable) -> ScoreEstimate {
        let (scores, counts) = self.cells(table);
        score_estimate(&scores, &counts, self.games_per_block)
    }

    /// The `sprt.csv` row after block `block` (`games` games so far, its score `score`).
    pub fn row(&self, block: u64, games: u64, score: f64) -> String {
        format!(
            "{block},{games},{score:.4},{:.6},{:.6},{:.6},{}\n",
            self.llr,
            self.spec.lower(),
            self.spec.upper(),
            self.decision.name()
        )
    }

    /// The lines printed after an SPRT run (or by `silver report`).
    pub fn summary(&self, table: &PairTable, bots: &[String]) -> String {
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
             block score {:.4} [{:.4}, {:.4}]  nElo {}  Elo {}  LOS {:.1}%\n",
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
            plus_minus(e.nelo, e.nelo_error, 1),
            plus_minus(e.elo, e.elo_error, 1),
            100.0 * e.los,
        )
    }
}
