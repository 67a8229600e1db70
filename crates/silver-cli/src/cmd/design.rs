//! `silver design --set SET --out DIR`: the design card of one set (what the set does to the
//! game, measured on common random numbers), every arm into `DIR/arms/`.

use crate::args::{split_bots, ModelArg, Resume};
use crate::progress;
use anyhow::{bail, Result};
use clap::Args;
use silver_sim::design::{
    resolve_design, run_design, DesignOptions, DesignSpec, DEFAULT_GAMES, DEFAULT_LADDER,
    DEFAULT_REFERENCE, DEFAULT_SEARCH_GAMES, DEFAULT_SEARCH_ITERATIONS,
};
use silver_sim::{ExecPolicy, ModelSpec, RunError};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct DesignArgs {
    /// Card set: a preset (`bullet`), a mix (`amulet+0:bullet,10:coin/token=coin`) or a
    /// card-set file (`experiments/sets/X.toml`).
    #[arg(long)]
    set: String,
    /// Players per game (2-4).
    #[arg(long, default_value_t = 4)]
    players: u8,
    /// The skill ladder, weakest first, comma-separated as --bots.
    #[arg(long, default_value = DEFAULT_LADDER)]
    ladder: String,
    /// The reference bot: its self-play gives the game's shape, its restricted variants
    /// value the cards.
    #[arg(long, default_value = DEFAULT_REFERENCE)]
    reference: String,
    /// Games of an arm of fast bots (rounded up to whole blocks).
    #[arg(long, default_value_t = DEFAULT_GAMES)]
    games: u64,
    /// Games of an arm with a search bot (ismcts, cheating-ismcts) or a program.
    #[arg(long, default_value_t = DEFAULT_SEARCH_GAMES)]
    search_games: u64,
    /// Iterations of the hidden-information arm's two searches.
    #[arg(long, default_value_t = DEFAULT_SEARCH_ITERATIONS)]
    search_iterations: u32,
    /// Values that get a restricted-play arm: all, none, or a list (0,7,12).
    #[arg(long, default_value = "all")]
    values: String,
    /// Game model of every arm but the points game's.
    #[arg(long, value_enum, default_value = "rounds")]
    model: ModelArg,
    /// Master seed of every arm.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Variance-reduced estimates beside the plain ones (`value_vr` ... `variance_ratio`
    /// columns of design.csv): the chance luck of every game as a control variate.
    #[arg(long)]
    variance_reduction: bool,
    /// Worker threads (default: one per core). Output does not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Output directory.
    #[arg(long)]
    out: PathBuf,
    /// Continue an interrupted card in the output directory (complete arms are kept);
    /// `--resume=auto`: whatever the directory needs (start, continue, or nothing if it holds
    /// this card finished).
    #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "yes", value_name = "auto")]
    resume: Option<Resume>,
    /// Replace a finished card in the output directory.
    #[arg(long)]
    force: bool,
    /// No header and no progress lines on stderr (errors still are).
    #[arg(long)]
    quiet: bool,
    /// Where bot profiles are looked up.
    #[arg(long, default_value = "bots")]
    bots_dir: PathBuf,
    /// Let exec bots named in bot profiles start their programs; each command is printed
    /// before it starts. Without it they are refused.
    #[arg(long)]
    allow_exec: bool,
}

/// The values of `--values`: `all`, `none` or a comma-separated list.
fn values(text: &str) -> Result<Vec<u8>> {
    match text {
        "all" => Ok((0..silver_rules::VALUES as u8).collect()),
        "none" => Ok(Vec::new()),
        list => list
            .split(',')
            .map(|v| {
                v.trim().parse::<u8>().map_err(|_| {
                    anyhow::anyhow!(
                        "--values {text}: `{v}` is not a card value; give all, none or a list such as 0,7,12"
                    )
                })
            })
            .collect(),
    }
}

/// The card as typed.
fn design_spec(a: &DesignArgs) -> Result<DesignSpec> {
    if a.ladder.split(',').any(|r| r.trim().is_empty()) {
        bail!(
            "--ladder {}: an empty entry (a trailing or doubled comma)",
            a.ladder
        );
    }
    Ok(DesignSpec {
        set: a.set.clone(),
        players: a.players,
        ladder: split_bots(&a.ladder)?,
        reference: a.reference.clone(),
        games: a.games,
        search_games: a.search_games,
        search_iterations: a.search_iterations,
        seed: a.seed,
        model: match a.model {
            ModelArg::Rounds => ModelSpec::Rounds { rounds: 4 },
            ModelArg::Points => ModelSpec::Points {
                target: 100,
                bounce: true,
                kamikaze: true,
                max_rounds: silver_rules::DEFAULT_MAX_ROUNDS,
            },
        },
        values: values(&a.values)?,
        variance_reduction: a.variance_reduction,
    })
}

pub(crate) fn design_cmd(a: &DesignArgs) -> Result<ExitCode> {
    let spec = design_spec(a)?;
    let mut policy = ExecPolicy::typed(a.allow_exec);
    let dp = resolve_design(&spec, &a.bots_dir, &mut policy)?;
    super::announce(&policy);
    let opts = DesignOptions {
        out: a.out.clone(),
        threads: a.threads,
        resume: Resume::resumes(a.resume, &a.out),
        force: a.force,
    };
    let interrupted = progress::interrupt_flag("stopping; completed arms are kept...")?;
    let threads = progress::threads(a.threads);
    let mut reporter = progress::Reporter::new(
        format!(
            "design card of {}: {} players, {} arms, {} games, seed {}, {} threads -> {}",
            dp.set.name,
            dp.players,
            dp.arms.len(),
            dp.total_games(),
            dp.seed,
            threads,
            a.out.display()
        ),
        a.quiet,
    )
    .stage_unit("arm");
    let result = run_design(&dp, &opts, &mut reporter, &interrupted);
    reporter.finish();
    match result {
        Ok(outcome) => {
            out!(
                "{}",
                silver_sim::design::card::card_text(&dp, &outcome.rows)
            )?;
            outln!(
                "{} games in {:.1} s on {threads} threads; files in {}",
                outcome.games_played,
                outcome.seconds,
                a.out.display()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(RunError::AlreadyComplete { dir }) if a.resume == Some(Resume::Auto) => {
            Ok(Resume::nothing_to_play(&dir))
        }
        Err(RunError::Interrupted { done, total }) => {
            note!(
                "interrupted after {done} of {total} games; the completed arms are in {}. Continue with the same command and --resume",
                a.out.join(silver_sim::design::ARMS_DIR).display()
            );
            Ok(ExitCode::from(130))
        }
        Err(RunError::Panic(p)) => {
            note!("error: {p}");
            Ok(ExitCode::from(3))
        }
        Err(e @ RunError::BotFailed { .. }) => {
            eprintln!("error: {e}");
            Ok(ExitCode::from(3))
        }
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_all_none_or_a_list() {
        assert_eq!(values("all").unwrap().len(), 14);
        assert!(values("none").unwrap().is_empty());
        assert_eq!(values("0, 7,12").unwrap(), vec![0, 7, 12]);
        let e = values("3,x").unwrap_err().to_string();
        assert_eq!(
            e,
            "--values 3,x: `x` is not a card value; give all, none or a list such as 0,7,12"
        );
    }
}
