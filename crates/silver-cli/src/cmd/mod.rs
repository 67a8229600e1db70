//! One module per command (`silver COMMAND`: its arguments and what it does), and the helpers
//! several commands share: reading and resolving a spec, naming a file in its errors, the
//! plan of a run directory, and the comparison tables.

pub(crate) mod balance;
pub(crate) mod beliefs;
pub(crate) mod bots;
pub(crate) mod cards;
pub(crate) mod design;
pub(crate) mod merge;
pub(crate) mod play;
pub(crate) mod replay;
pub(crate) mod report;
pub(crate) mod run;
pub(crate) mod search;
pub(crate) mod sprt;
pub(crate) mod tournament;
pub(crate) mod verify;
pub(crate) mod view;

use anyhow::Result;
use silver_sim::{resolve_with, ExecPolicy, ExperimentSpec, Plan, SpecError};
use std::path::Path;

/// Reads the experiment spec `path` (its errors name the file).
pub(crate) fn load_spec(path: &Path) -> Result<ExperimentSpec> {
    Ok(ExperimentSpec::from_file(path)?)
}

/// Resolves a spec read from `path`: its errors name the file (once: a program refused for
/// want of --allow-exec names it already), and so does every program it names.
pub(crate) fn resolve_file(
    spec: &ExperimentSpec,
    path: &Path,
    bots_dir: &Path,
    allow_exec: bool,
) -> Result<Plan> {
    let mut policy = ExecPolicy::file(path, allow_exec);
    let plan = resolve_with(spec, bots_dir, &mut policy).map_err(|e| in_file(e, path))?;
    announce(&policy);
    Ok(plan)
}

/// Resolves a spec of bots typed on the command line (its programs need no --allow-exec).
pub(crate) fn resolve_typed(
    spec: &ExperimentSpec,
    bots_dir: &Path,
    allow_exec: bool,
) -> Result<Plan> {
    let mut policy = ExecPolicy::typed(allow_exec);
    let plan = resolve_with(spec, bots_dir, &mut policy)?;
    announce(&policy);
    Ok(plan)
}

/// The plan of the run in `dir`, rebuilt from its manifest (sealed, and checked against its
/// fingerprint), every bot admitted: the manifest is a file, so its programs start only
/// with `allow_exec` (and are announced first).
pub(crate) fn plan_of_run(dir: &Path, allow_exec: bool) -> Result<Plan> {
    let m = silver_sim::read_manifest(dir)?;
    let plan = Plan::from_manifest(&m).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    let mut policy = ExecPolicy::file(&dir.join("manifest.json"), allow_exec);
    plan.admit(&mut policy)
        .map_err(|e| anyhow::anyhow!(silver_sim::message(&e)))?;
    announce(&policy);
    Ok(plan)
}

/// An error of the spec `path`, named after it unless its message starts with it already.
pub(crate) fn in_file(e: SpecError, path: &Path) -> anyhow::Error {
    let file = path.display().to_string();
    if silver_sim::message(&e).starts_with(&file) {
        anyhow::Error::new(e)
    } else {
        anyhow::Error::new(e).context(file)
    }
}

/// Says on stderr, before they start, which programs named in files will run.
pub(crate) fn announce(policy: &ExecPolicy) {
    for p in policy.from_files() {
        note!("{}", p.notice());
    }
}

/// The index of the bot `--anchor` names among a run's bots (None without `--anchor`).
pub(crate) fn anchor_index(bots: &[String], anchor: Option<&str>) -> Result<Option<usize>> {
    let Some(name) = anchor else { return Ok(None) };
    match bots.iter().position(|b| b == name) {
        Some(i) => Ok(Some(i)),
        None => anyhow::bail!(
            "--anchor {name}: not a bot of this run (its bots: {})",
            bots.join(", ")
        ),
    }
}

/// The crosstable and ratings of a run with two or more bots (empty otherwise), the ratings
/// from `anchor` (a bot's name) or the mean of the rated bots.
pub(crate) fn comparisons(
    stats: &silver_sim::Stats,
    bots: &[String],
    anchor: Option<&str>,
) -> Result<String> {
    let anchor = anchor_index(bots, anchor)?;
    if bots.len() < 2 || stats.pairs.pairs.is_empty() {
        return Ok(String::new());
    }
    Ok(format!(
        "{}{}{}{}",
        silver_sim::crosstable(&stats.pairs, bots),
        silver_sim::reduced_table(&stats.pairs, bots),
        silver_sim::ratings_table(&stats.pairs, bots, anchor),
        silver_sim::reduced_ratings_table(&stats.pairs, bots, anchor)
    ))
}

/// A game replayed outside a run, its panic (a program bot that fails, say) reported as the
/// game's failure, as a run reports it.
pub(crate) fn replay_game<T>(
    plan: &Plan,
    game: u64,
    play: impl FnOnce() -> T + std::panic::UnwindSafe,
) -> Result<T> {
    silver_sim::catch_game(play).map_err(|p| {
        anyhow::anyhow!(
            "game {game} (seed {}) failed: {}",
            plan.seed,
            silver_sim::panic_text(&*p)
        )
    })
}
