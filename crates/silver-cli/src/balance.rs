//! `silver run SPEC` when the spec has a `[balance]` table: a balance sweep.

use super::{progress, replay_command, Common};
use anyhow::{bail, Result};
use silver_sim::{
    headline_table, resolve_balance_with, run_balance, BalanceOptions, ExperimentSpec, RunError,
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
        resume: common.resume,
        force: common.force,
    };
    let interrupted = progress::interrupt_flag("stopping; completed sets are kept...")?;
    let threads = progress::threads(common.threads);
    let mut reporter = progress::Reporter::new(
        format!(
        "{}: balance sweep of {} sets (base {}), {} games each, {} players, seed {}, {} threads -> {}",
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
            outln!(
                "{} sets ({} played, {} already complete), {} games in {:.2} s: {} games/s on {} threads; files in {}",
                outcome.rows.len(),
                outcome.sets_played,
                outcome.sets_resumed,
                outcome.games_played,
                outcome.seconds,
                crate::rate(outcome.games_played as f64 / outcome.seconds.max(1e-9)),
                threads,
                out.display()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(RunError::Interrupted { done, total }) => {
            let per_set = bp.games().max(1);
            note!(
                "interrupted after {} of {} sets ({done} of {total} games); the completed sets are in {}. Continue with the same command and --resume",
                done / per_set,
                total / per_set,
                out.join(silver_sim::SETS_DIR).display()
            );
            Ok(ExitCode::from(130))
        }
        Err(RunError::Panic(p)) => {
            note!(
                "error: {p}\nreplay it with: {} (and that set)",
                replay_command(p.game, p.seed)
            );
            Ok(ExitCode::from(3))
        }
        Err(e @ RunError::BotFailed { .. }) => {
            eprintln!("error: {e}");
            Ok(ExitCode::from(3))
        }
        Err(e) => Err(e.into()),
    }
}
