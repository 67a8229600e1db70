//! `silver sprt --counts ...`: the sequential probability ratio test from counts.

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use std::process::ExitCode;

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    /// Lines for people.
    Text,
    /// One JSON object.
    Json,
}

#[derive(Args)]
pub(crate) struct SprtArgs {
    /// Counts of game pairs LL,LD,DD,WD,WW (both lost; one lost one drawn; both drawn or one
    /// won one lost; one won one drawn; both won), or of games L,D,W.
    #[arg(long, value_name = "LL,LD,DD,WD,WW")]
    counts: String,
    /// nElo under H0 (negative values as `--elo0=-5` or `--elo0 -5`).
    #[arg(long, allow_negative_numbers = true)]
    elo0: f64,
    /// nElo under H1.
    #[arg(long, allow_negative_numbers = true)]
    elo1: f64,
    /// False-positive rate.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// False-negative rate.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
}

pub(crate) fn sprt_cmd(a: &SprtArgs) -> Result<ExitCode> {
    let counts: Vec<u64> = a
        .counts
        .split(',')
        .map(|c| {
            c.trim().parse::<u64>().map_err(|_| {
                anyhow::anyhow!("--counts {}: `{}` is not a count", a.counts, c.trim())
            })
        })
        .collect::<Result<_>>()?;
    let Some((scores, cells, games)) = silver_sim::count_cells(&counts) else {
        bail!(
            "--counts {}: give 5 pentanomial counts LL,LD,DD,WD,WW or 3 counts L,D,W (got {})",
            a.counts,
            counts.len()
        );
    };
    if counts.iter().all(|&c| c == 0) {
        bail!("--counts {}: every count is zero", a.counts);
    }
    let spec = silver_sim::SprtSpec::new(a.elo0, a.elo1, a.alpha, a.beta)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let llr = spec.llr(&scores, &cells, games);
    let decision = spec.decide(llr);
    let e = silver_sim::score_estimate(&scores, &cells, games);
    match a.format {
        FormatArg::Json => outln!(
            "{}",
            serde_json::json!({
                "llr": llr,
                "lower": spec.lower(),
                "upper": spec.upper(),
                "decision": decision.name(),
                "elo0": spec.elo0,
                "elo1": spec.elo1,
                "alpha": spec.alpha,
                "beta": spec.beta,
                "blocks": e.blocks,
                "games_per_block": games,
                "score": e.score,
                "score_low95": e.score_low,
                "score_high95": e.score_high,
                "nelo": e.nelo,
                "nelo_error95": e.nelo_error,
                "elo": e.elo,
                "elo_error95": e.elo_error,
                "los": e.los,
            })
        )?,
        FormatArg::Text => {
            let what = if games == 2 { "pairs" } else { "games" };
            outln!(
                "{} {what}: score {:.4} [{:.4}, {:.4}]  nElo {}  Elo {}  LOS {:.2}%",
                e.blocks,
                e.score,
                e.score_low,
                e.score_high,
                silver_sim::plus_minus(e.nelo, e.nelo_error, 2),
                silver_sim::plus_minus(e.elo, e.elo_error, 2),
                100.0 * e.los
            )?;
            outln!(
                "LLR {:.4} ({:.4}, {:.4}) [{}, {}]: {}",
                llr,
                spec.lower(),
                spec.upper(),
                spec.elo0,
                spec.elo1,
                match decision {
                    silver_sim::Decision::H0 => "H0 accepted",
                    silver_sim::Decision::H1 => "H1 accepted",
                    silver_sim::Decision::Continue => "continue",
                }
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
