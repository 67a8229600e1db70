//! `silver search SPEC.toml --out DIR`: a balance search over a space of card sets (every
//! stage in order, or one stage or one shard of it), then its ranking.

use crate::args::Resume;
use crate::progress;
use anyhow::{Context, Result};
use clap::Args;
use silver_sim::search::resolve::resolve_search;
use silver_sim::search::spec::SearchFile;
use silver_sim::search::{ranking_text, run_search, SearchOptions, SearchPlan, SearchRunError};
use silver_sim::{ExecPolicy, RunError, Shard};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct SearchArgs {
    /// The search spec (TOML: `name`, and a `[search]` table).
    spec: PathBuf,
    /// Output directory (default: results/NAME).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: one per core). Output does not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Continue the search in the output directory (complete chunks are kept);
    /// `--resume=auto`: whatever the directory needs (start, continue, or nothing to play if it
    /// holds this search finished).
    #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "yes", value_name = "auto")]
    resume: Option<Resume>,
    /// Replace another search (or this one, finished) in the output directory.
    #[arg(long)]
    force: bool,
    /// Play only this stage (1-based, see --dry-run); the stages before it must be complete.
    #[arg(long)]
    stage: Option<usize>,
    /// With --stage: play only shard K of N of its chunks (1-based), e.g. 2/3, or `auto` /
    /// `auto/N` from a job array's environment; shards write into the same --out.
    #[arg(long)]
    shard: Option<String>,
    /// Print the schedule (stages, sets, deals, games) and exit.
    #[arg(long)]
    dry_run: bool,
    /// Play and write nothing: check that --out holds this spec's finished search, every
    /// chunk whole, and search.csv and ranking.csv exactly as the chunks make them.
    #[arg(long)]
    verify: bool,
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

/// The spec at `path`, resolved (its errors name the file).
fn resolve(a: &SearchArgs, policy: &mut ExecPolicy) -> Result<SearchPlan> {
    let path = &a.spec;
    let file_error = |e: &dyn std::error::Error| {
        let msg = silver_sim::message(e);
        let name = path.display().to_string();
        if msg.starts_with(&name) {
            anyhow::anyhow!(msg)
        } else {
            anyhow::anyhow!("{name}: {msg}")
        }
    };
    let (file, dir) = SearchFile::from_file(path).map_err(|e| file_error(&e))?;
    let name = match &file.name {
        Some(n) => n.clone(),
        None => path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .context("the spec's path has no file name")?,
    };
    resolve_search(&file, &name, &dir, &a.bots_dir, policy).map_err(|e| file_error(&e))
}

pub(crate) fn search_cmd(a: &SearchArgs) -> Result<ExitCode> {
    // Flags first: a bad --shard is an error before the spec is read.
    let shard = a
        .shard
        .as_deref()
        .map(|t| Shard::parse_with_env(t, |k| std::env::var(k).ok()))
        .transpose()?;
    let mut policy = ExecPolicy::file(&a.spec, a.allow_exec);
    let plan = resolve(a, &mut policy)?;
    super::announce(&policy);
    if a.dry_run {
        out!("{}", plan.schedule_text())?;
        return Ok(ExitCode::SUCCESS);
    }
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("results").join(&plan.name));
    let opts = SearchOptions {
        threads: a.threads,
        resume: Resume::resumes(a.resume, &out),
        force: a.force,
        stage: a.stage,
        shard,
        verify: a.verify,
    };
    let interrupted = progress::interrupt_flag("stopping; completed chunks are kept...")?;
    let threads = progress::threads(a.threads);
    let what = match (a.stage, shard) {
        (Some(s), Some(k)) => format!("stage {s}, shard {}/{}", k.index + 1, k.count),
        (Some(s), None) => format!("stage {s}"),
        _ => format!("{} stages", plan.stages.len()),
    };
    let mut reporter = progress::Reporter::new(
        format!(
            "{}: search of {} sets, {what}, {} games in all, seed {}, {threads} threads -> {}",
            plan.name,
            plan.candidates.len(),
            plan.total_games(),
            plan.seed,
            out.display()
        ),
        a.quiet || a.verify,
    );
    let result = run_search(&plan, &out, &opts, &mut reporter, &interrupted);
    reporter.finish();
    match result {
        Ok(outcome) if a.verify => {
            outln!(
                "{}: search verified: {} stages, {} chunks; search.csv and ranking.csv are what its chunks make",
                out.display(),
                plan.stages.len(),
                outcome.chunks_resumed
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(outcome) => {
            if let Some(r) = &outcome.ranking {
                out!("{}", ranking_text(r))?;
            }
            outln!(
                "{} chunks played ({} already complete), {} games in {:.2} s: {} games/s on {threads} threads; files in {}",
                outcome.chunks_played,
                outcome.chunks_resumed,
                outcome.games_played,
                outcome.seconds,
                progress::rate(outcome.games_played as f64 / outcome.seconds.max(1e-9)),
                out.display()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(SearchRunError::Run(RunError::Interrupted { done, total })) => {
            note!(
                "interrupted after {done} of {total} games of the stage; the completed chunks are in {}. Continue with the same command and --resume",
                out.join(silver_sim::search::store::STAGES_DIR).display()
            );
            Ok(ExitCode::from(130))
        }
        Err(SearchRunError::Run(RunError::Panic(p))) => {
            note!("error: {p}");
            Ok(ExitCode::from(3))
        }
        Err(e @ SearchRunError::Run(RunError::BotFailed { .. })) => {
            note!("error: {e}");
            Ok(ExitCode::from(3))
        }
        Err(e) => Err(e.into()),
    }
}
