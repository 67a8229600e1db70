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
//!
//! **Variance-reduced** (`vr=on`, [`SprtSpec::vr`]): when the run measures each game's chance
//! luck, a block's luck `x_b` (the baseline's luck minus the candidate's over the block's `k`
//! comparisons, in places) has mean zero whatever the bots, so the block score `s_b = w_b/k`
//! may be replaced by the adjusted score `a_b = s_b − β̂ x_b/k`, which has the same mean and,
//! when the luck explains part of the spread, a smaller variance. `β̂` is the no-intercept
//! least-squares slope of `s_b − s̄` on `x_b/k` (the `β` of [`crate::pairs::control_variate`]).
//! With `ā` and `σ_a²` the adjusted scores' mean and variance over the `N` blocks so far, `σ`
//! the plain block score's standard deviation, and `μₕ = ½ + tₕ σ` the mean block score under
//! hypothesis `h` of the normalised model, the LLR is the normal approximation of the GSPRT
//! with the adjusted scores as the observations:
//! `N (μ₁ − μ₀)(ā − (μ₀ + μ₁)/2) / σ_a²` (the log of the ratio of two normal likelihoods of
//! `ā` with variance `σ_a²/N`, means `μ₁` and `μ₀`). Everything is computed from the pair's
//! integer sums over blocks (`Σw`, `Σw²`, `Σx`, `Σx²`, `Σwx`), exactly, so a resumed run and
//! `silver verify` find the same LLR. With fewer than [`VR_MIN_BLOCKS`] blocks, no spread in
//! `x` or in the scores, or blocks of unequal size, the plain LLR is used.

use crate::interval::plus_minus;
use crate::pairs::{PairSums, PairTable};
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

/// Blocks the variance-reduced LLR needs before it replaces the plain one (its `β̂` and
/// variance are estimated from them: from 30 or 50 blocks, their noise let early tests cross
/// a bound, α 7.4% and 6.6% in the simulation of `tests.rs` at α = 5%).
pub const VR_MIN_BLOCKS: u64 = 100;

/// The hypotheses and error rates of a test.
#[derive(Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SprtSpec {
    /// nElo under H0.
    pub elo0: f64,
    /// nElo under H1.
    pub elo1: f64,
    /// False-positive rate (accepting H1 when H0 holds).
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
    /// The LLR of the variance-reduced block scores (`vr=on`; the run measures luck). Absent
    /// from manifests (and from the Debug text that fingerprints a run) when off, so runs
    /// without it keep their bytes.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub vr: bool,
}

impl std::fmt::Debug for SprtSpec {
    /// As derived, except that `vr` appears only when on (fingerprints of runs without it
    /// are unchanged).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("SprtSpec");
        d.field("elo0", &self.elo0)
            .field("elo1", &self.elo1)
            .field("alpha", &self.alpha)
            .field("beta", &self.beta);
        if self.vr {
            d.field("vr", &self.vr);
        }
        d.finish()
    }
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
            vr: false,
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

impl SprtSpec {
    /// The variance-reduced LLR (see the module's docs) of a candidate–baseline pair's sums
    /// (`a` the candidate), for blocks of `comparisons` comparisons and `games_per_block`
    /// games; `None` where the plain LLR is used instead: no luck sums, fewer than
    /// [`VR_MIN_BLOCKS`] blocks, blocks of another size, or no spread in the luck or the
    /// scores.
    pub fn llr_reduced(&self, p: &PairSums, comparisons: u32, games_per_block: u32) -> Option<f64> {
        let l = p.luck?;
        let k = i128::from(comparisons);
        let b = i128::from(p.blocks);
        if p.blocks < VR_MIN_BLOCKS
            || k == 0
            || i128::from(p.n) != b * k
            || i128::from(p.nn) != b * k * k
        {
            return None;
        }
        let (w, ww) = (i128::from(p.w), i128::from(p.ww));
        let (x, xx, wx) = (i128::from(l.q), i128::from(l.qq), i128::from(l.wq));
        // Centred sums times B, exact: B Σw² − (Σw)², B Σwx − Σw Σx, B Σx² − (Σx)².
        let sww = (b * ww - w * w) as f64;
        let swx = (b * wx - w * x) as f64;
        let sxx = (b * xx - x * x) as f64;
        if xx <= 0 || sww <= 0.0 {
            return None;
        }
        let (bf, kf) = (b as f64, k as f64);
        // β̂ of w on x through the origin after centring w: Σ(w − w̄)x / Σx².
        let beta = swx / (bf * xx as f64);
        let mean = (w as f64 - beta * x as f64) / (bf * kf);
        let var = (sww - 2.0 * beta * swx + beta * beta * sxx) / (bf * bf * kf * kf);
        let sigma = (sww / (bf * bf * kf * kf)).sqrt();
        if !(var > 0.0 && var.is_finite()) {
            return None;
        }
        let r = (games_per_block.max(1) as f64).sqrt();
        let (t0, t1) = (r * self.elo0 / NELO, r * self.elo1 / NELO);
        let (mu0, mu1) = (0.5 + t0 * sigma, 0.5 + t1 * sigma);
        let llr = bf * (mu1 - mu0) * (mean - (mu0 + mu1) / 2.0) / var;
        llr.is_finite().then_some(llr)
    }
}

impl std::str::FromStr for SprtSpec {
    type Err = SprtSpecError;

    /// Parses `elo0=E0,elo1=E1[,alpha=A,beta=B,vr=on|off]` (α and β default to 0.05, `vr` to
    /// off).
    fn from_str(s: &str) -> Result<SprtSpec, SprtSpecError> {
        let err = |problem: String| SprtSpecError {
            text: s.to_string(),
            problem,
        };
        let (mut e0, mut e1, mut a, mut b) = (None, None, 0.05, 0.05);
        let mut vr = false;
        for part in s.split(',') {
            let (k, v) = part.split_once('=').ok_or_else(|| {
                err(format!(
                    "`{part}` is not KEY=VALUE (expected elo0=0,elo1=10[,alpha=0.05,beta=0.05,vr=on])"
                ))
            })?;
            if k.trim() == "vr" {
                vr = match v.trim() {
                    "on" => true,
                    "off" => false,
                    other => return Err(err(format!("vr = `{other}` must be on or off"))),
                };
                continue;
            }
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
                        "unknown key `{other}` (known: elo0, elo1, alpha, beta, vr)"
                    )))
                }
            }
        }
        let (Some(e0), Some(e1)) = (e0, e1) else {
            return Err(err("elo0 and elo1 are required".into()));
        };
        let spec = SprtSpec::new(e0, e1, a, b).map_err(|e| err(e.to_string()))?;
        Ok(SprtSpec { vr, ..spec })
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

    /// Updates the LLR and decision from the run's pair sums (with `vr=on`, the
    /// variance-reduced LLR once it applies: [`SprtSpec::llr_reduced`]).
    pub fn update(&mut self, table: &PairTable) {
        let reduced = if self.spec.vr {
            table.pair(0, 1).and_then(|p| {
                self.spec
                    .llr_reduced(p, self.comparisons, self.games_per_block)
            })
        } else {
            None
        };
        self.llr = match reduced {
            Some(llr) => llr,
            None => {
                let (scores, counts) = self.cells(table);
                self.spec.llr(&scores, &counts, self.games_per_block)
            }
        };
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
            "SPRT {} vs {}: nElo [{}, {}], alpha {}, beta {}{}\n\
             LLR {:.3} ({:.3}, {:.3}) after {} blocks of {} games: {}\n\
             block score {:.4} [{:.4}, {:.4}]  nElo {}  Elo {}  LOS {:.1}%\n",
            bots[0],
            bots[1],
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            if s.vr {
                ", variance-reduced (chance luck as a control variate)"
            } else {
                ""
            },
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
