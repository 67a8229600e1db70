//! `silver replay`: one game's full event trace as JSON lines, from a run's directory (its
//! manifest records the whole plan) or from a spec or typed bots.

use super::{load_spec, plan_of_run, replay_game, resolve_file, resolve_typed};
use crate::args::{apply_set, tournament_spec, ModelArg, SeatingArg};
use crate::stdout_error;
use anyhow::{bail, Result};
use clap::Args;
use silver_sim::{replay, Plan};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct ReplayArgs {
    /// A run's output directory (its manifest says everything else), or the experiment spec
    /// the game belongs to (or use --bots/--players).
    experiment: Option<PathBuf>,
    /// Game index.
    #[arg(long)]
    game: u64,
    /// Master seed (overrides the spec).
    #[arg(long)]
    seed: Option<u64>,
    /// Bots, as for `tournament` (instead of a spec).
    #[arg(long)]
    bots: Option<String>,
    /// Players, as for `tournament`.
    #[arg(long, default_value_t = 2, requires = "bots")]
    players: u8,
    /// Seating, as for `tournament`.
    #[arg(long, value_enum, default_value = "all-seats", requires = "bots")]
    seating: SeatingArg,
    /// Games in the run (default: the spec's, or 1,000 as for `tournament`): the game must be
    /// one of them.
    #[arg(long)]
    games: Option<u64>,
    /// Card set, as for `run` and `tournament` (overrides the spec's).
    #[arg(long)]
    set: Option<String>,
    /// Where bot profiles are looked up.
    #[arg(long, default_value = "bots")]
    bots_dir: PathBuf,
    /// Let exec bots named in files (a run's manifest, the spec, a bot profile) start their
    /// programs, as for `run`.
    #[arg(long)]
    allow_exec: bool,
}

pub(crate) fn replay_cmd(a: &ReplayArgs) -> Result<ExitCode> {
    let plan = match &a.experiment {
        Some(dir) if dir.is_dir() => {
            // The manifest is the plan: nothing of it is taken from the command line.
            let typed = [
                ("--bots", a.bots.is_some()),
                ("--seed", a.seed.is_some()),
                ("--games", a.games.is_some()),
                ("--set", a.set.is_some()),
            ];
            if let Some((flag, _)) = typed.iter().find(|(_, given)| *given) {
                bail!(
                    "{flag}: not with a run directory ({}): its manifest records the run's plan",
                    dir.display()
                );
            }
            plan_of_run(dir, a.allow_exec)?
        }
        _ => typed_plan(a)?,
    };
    let slot = plan.slot(a.game);
    let seats: Vec<String> = (0..plan.players)
        .map(|s| plan.bots[plan.bot_at(slot, s)].name.clone())
        .collect();
    let events = replay_game(
        &plan,
        a.game,
        std::panic::AssertUnwindSafe(|| replay(&plan, a.game)),
    )??;
    let mut out = std::io::stdout().lock();
    let mut print = || -> std::io::Result<()> {
        writeln!(
            out,
            "{}",
            serde_json::json!({"game": a.game, "seed": plan.seed, "set": plan.set.name, "deal": slot.deal, "rotation": slot.rotation, "seats": seats})
        )?;
        for e in &events {
            writeln!(
                out,
                "{}",
                serde_json::to_string(e).map_err(std::io::Error::other)?
            )?;
        }
        out.flush()
    };
    print().map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

/// The plan of a spec file or of typed bots, with the command line's overrides.
fn typed_plan(a: &ReplayArgs) -> Result<Plan> {
    let mut spec = match (&a.experiment, &a.bots) {
        (Some(p), None) => load_spec(p)?,
        (None, Some(b)) => tournament_spec(b, a.players, a.seating, ModelArg::Rounds, "replay")?,
        (Some(_), Some(_)) => bail!("give either an experiment file or --bots, not both"),
        (None, None) => bail!("give the experiment file the game belongs to, or --bots"),
    };
    apply_set(&mut spec, &a.set);
    if let Some(s) = a.seed {
        spec.seed = s;
    }
    // The game must be one the run played: the spec's games (or the tournament's 1,000 by
    // default), unless --games says otherwise.
    if let Some(g) = a.games {
        spec.games = g;
    }
    match &a.experiment {
        Some(p) => resolve_file(&spec, p, &a.bots_dir, a.allow_exec),
        None => resolve_typed(&spec, &a.bots_dir, a.allow_exec),
    }
}
