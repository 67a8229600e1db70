//! `silver run SPEC` when the spec has a `[balance]` table: a balance sweep.

use crate::args::{Common, Resume};
use crate::execute::{has_programs, shell_word};
use crate::progress;
use anyhow::{bail, Result};
use silver_sim::{
    design_table, headline_table, resolve_balance_with, resolve_set, run_balance, BalanceOptions,
    BalancePlan, ExperimentSpec, RunError,
};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Runs the balance sweep of `spec` (flags already applied).
pub(crate) fn run(spec: ExperimentSpec, path: &Path, common: &Common) -> Result<ExitCode> {
    let mut policy = silver_sim::ExecPolicy::file(path, common.allow_exec);
    let bp = resolve_balance_with(&spec, &common.bots_dir, &mut policy)
        .map_err(|e| super::in_file(e, path))?;
    if common.shard.is_some() {
        bail!("--shard does not apply to a balance sweep ([balance] in {}); it runs set by set and resumes with --resume", path.display());
    }
    super::announce(&policy);
    let out = common
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("results").join(&bp.base.name));
    let opts = BalanceOptions {
        out: out.clone(),
        threads: common.threads,
        resume: Resume::resumes(common.resume, &out),
        force: common.force,
    };
    let interrupted = progress::interrupt_flag("stopping; completed sets are kept...")?;
    let threads = progress::threads(common.threads);
    // With design cards: each set's card and its games.
    let cards = bp.design.as_ref().map_or(String::new(), |d| {
        format!(
            " and a design card of {} arms, {} games",
            d.arms.len(),
            d.total_games()
        )
    });
    let mut reporter = progress::Reporter::new(
        format!(
        "{}: balance sweep of {} sets (base {}), {} games each{cards}, {} players, seed {}, {} threads -> {}",
        bp.base.name,
        bp.sets.len(),
        bp.sets[0].name,
        bp.games(),
        bp.base.players,
        bp.base.seed,
        threads,
        out.display()
        ),
        common.quiet,
    );
    let result = run_balance(&bp, &opts, &mut reporter, &interrupted);
    reporter.finish();
    match result {
        Ok(outcome) => {
            out!("{}", headline_table(&outcome.rows, 5))?;
            if !outcome.cards.is_empty() {
                out!("\n{}", design_table(&outcome.rows, &outcome.cards))?;
            }
            outln!(
                "{} sets ({} played, {} already complete), {} games in {:.2} s: {} games/s on {} threads; files in {}",
                outcome.rows.len(),
                outcome.sets_played,
                outcome.sets_resumed,
                outcome.games_played,
                outcome.seconds,
                progress::rate(outcome.games_played as f64 / outcome.seconds.max(1e-9)),
                threads,
                out.display()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(RunError::AlreadyComplete { dir }) if common.resume == Some(Resume::Auto) => {
            Ok(Resume::nothing_to_play(&dir))
        }
        Err(RunError::Interrupted { done, total }) => {
            let per_set = bp.games_per_set().max(1);
            note!(
                "interrupted after {} of {} sets ({done} of {total} games); the completed sets are in {}. Continue with the same command and --resume",
                done / per_set,
                total / per_set,
                out.join(silver_sim::SETS_DIR).display()
            );
            Ok(ExitCode::from(130))
        }
        Err(RunError::Panic(p)) => {
            // A design card's arm names itself (`arm NN-KIND: ...`): its plan is the card's.
            let set = reporter.set_index();
            let advice = match set {
                Some(i) if bp.design.is_some() && p.message.starts_with("arm ") => format!(
                    "the game is in the design card of set {} ({})",
                    bp.sets[i].name,
                    out.join(silver_sim::CARDS_DIR)
                        .join(bp.dir_name(i))
                        .display()
                ),
                _ => replay_advice(path, common, &bp, set, p.game),
            };
            note!("error: {p}\n{advice}");
            Ok(ExitCode::from(3))
        }
        Err(e @ RunError::BotFailed { .. }) => {
            eprintln!("error: {e}");
            Ok(ExitCode::from(3))
        }
        Err(e) => Err(e.into()),
    }
}

/// How to replay game `game` of set `set` of a sweep: the set's directory has no manifest
/// until the set is complete, so the command names the spec and the sweep's own values (the
/// set, its games and seed), never the command line's. A set whose name does not resolve back
/// to the same cards (a custom character's) has no such command.
fn replay_advice(
    path: &Path,
    common: &Common,
    bp: &BalancePlan,
    set: Option<usize>,
    game: u64,
) -> String {
    let Some(s) = set.and_then(|i| bp.sets.get(i)) else {
        return "the set that failed is unknown".into();
    };
    if !resolve_set(&s.name).is_ok_and(|r| r.set == s.set.set && r.labels == s.set.labels) {
        return format!("set {} has no set string to replay it with", s.name);
    }
    let bots_dir = if common.bots_dir == Path::new("bots") {
        String::new()
    } else {
        format!(
            " --bots-dir {}",
            shell_word(&common.bots_dir.display().to_string())
        )
    };
    format!(
        "replay it with: silver replay {} --set {} --games {} --seed {}{bots_dir}{} --game {game}",
        shell_word(&path.display().to_string()),
        shell_word(&s.name),
        bp.base.games,
        bp.base.seed,
        if has_programs(&bp.base) {
            " --allow-exec"
        } else {
            ""
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::Common;
    use clap::Parser;

    /// The command line of `silver run` with these arguments.
    fn common(args: &[&str]) -> Common {
        #[derive(Parser)]
        struct Run {
            #[command(flatten)]
            common: Common,
        }
        Run::parse_from(std::iter::once("silver").chain(args.iter().copied())).common
    }

    /// A sweep's replay advice names the spec and the set's own values: replaying with it
    /// resolves to the plan the sweep played for that set.
    #[test]
    fn a_sweeps_replay_advice_replays_the_sets_plan() {
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        let path = root.join("experiments/balance-one-swap.toml");
        let mut spec = ExperimentSpec::from_file(&path).unwrap();
        let flags = common(&["--games", "40", "--seed", "7"]);
        crate::args::apply_common(&mut spec, &flags);
        let bp = silver_sim::resolve_balance(&spec, &root.join("bots")).unwrap();
        let i = 3;
        let advice = replay_advice(&path, &flags, &bp, Some(i), 9);
        let name = &bp.sets[i].name;
        assert_eq!(
            advice,
            format!(
                "replay it with: silver replay {} --set {} --games 40 --seed 7 --game 9",
                path.display(),
                shell_word(name)
            )
        );
        // What `silver replay SPEC --set NAME --games 40 --seed 7` resolves.
        let mut again = ExperimentSpec::from_file(&path).unwrap();
        crate::args::apply_common(
            &mut again,
            &common(&["--set", name, "--games", "40", "--seed", "7"]),
        );
        let plan = silver_sim::resolve(&again, &root.join("bots")).unwrap();
        assert_eq!(plan.fingerprint(), bp.plan(i).fingerprint());
        assert_eq!(
            replay_advice(&path, &flags, &bp, None, 9),
            "the set that failed is unknown"
        );
    }
}
