//! `silver run SPEC` when the spec has a `[balance]` table: a balance sweep.

use super::{replay_command, Common};
use anyhow::{anyhow, bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use silver_sim::{
    headline_table, resolve_balance, run_balance, BalanceOptions, ExperimentSpec, RunError,
    SweepProgress,
};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Progress on stderr: a bar on a terminal, otherwise a line per set and every 10 s.
struct Reporter {
    bar: Option<ProgressBar>,
    header: String,
    header_shown: bool,
    started: Instant,
    last_line: Instant,
    set: String,
}

impl Reporter {
    fn show_header(&mut self) {
        if !self.header_shown {
            self.header_shown = true;
            match &self.bar {
                Some(b) => b.println(&self.header),
                None => eprintln!("{}", self.header),
            }
        }
    }
}

impl SweepProgress for Reporter {
    fn set_started(&mut self, index: usize, count: usize, name: &str, resumed: bool) {
        self.show_header();
        self.set = format!("set {}/{count} {name}", index + 1);
        let line = if resumed {
            format!("{}: complete on disk, not replayed", self.set)
        } else {
            self.set.clone()
        };
        match &self.bar {
            Some(b) => {
                b.set_message(self.set.clone());
                if resumed {
                    b.println(line);
                }
            }
            None => eprintln!("{line}"),
        }
    }

    fn update(&mut self, done: u64, total: u64) {
        self.show_header();
        if let Some(b) = &self.bar {
            b.set_length(total);
            b.set_position(done);
        } else if self.last_line.elapsed().as_secs() >= 10 {
            eprintln!(
                "progress: {} ({done}/{total} games, {}%), {:.0}s",
                self.set,
                (done * 100).checked_div(total).unwrap_or(100),
                self.started.elapsed().as_secs_f64()
            );
            self.last_line = Instant::now();
        }
    }
}

/// Runs the balance sweep of `spec` (flags already applied).
pub(crate) fn run(spec: ExperimentSpec, path: &Path, common: &Common) -> Result<ExitCode> {
    let bp =
        resolve_balance(&spec, &common.bots_dir).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    if common.shard.is_some() {
        bail!("--shard does not apply to a balance sweep ([balance] in {}); it runs set by set and resumes with --resume", path.display());
    }
    let out = common
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("results").join(&bp.base.name));
    let opts = BalanceOptions {
        out: out.clone(),
        threads: common.threads,
        resume: common.resume,
    };
    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let flag = interrupted.clone();
        // A second Ctrl-C while finishing the current blocks exits at once.
        ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
            eprintln!("\ninterrupt: stopping; completed sets are kept...");
        })
        .context("cannot install the Ctrl-C handler")?;
    }
    let bar = std::io::stderr().is_terminal().then(|| {
        let b = ProgressBar::new(0);
        b.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games ({per_sec}, eta {eta}) {msg}",
            )
            .expect("valid template"),
        );
        b
    });
    let threads = if common.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        common.threads
    };
    let mut reporter = Reporter {
        bar,
        // Printed at the first progress report, once the output directory checks passed, so
        // that an error is the only line on stderr.
        header: format!(
            "{}: balance sweep of {} sets (base {}), {} games each, {} players, seed {}, {} threads -> {}",
            bp.base.name,
            bp.sets.len(),
            bp.sets[0].name,
            bp.games(),
            bp.base.config.players,
            bp.base.seed,
            threads,
            out.display()
        ),
        header_shown: false,
        started: Instant::now(),
        last_line: Instant::now(),
        set: String::new(),
    };
    let result = run_balance(&bp, &opts, &mut reporter, &interrupted);
    if let Some(b) = &reporter.bar {
        b.finish_and_clear();
    }
    match result {
        Ok(outcome) => {
            let mut stdout = std::io::stdout().lock();
            write!(stdout, "{}", headline_table(&outcome.rows, 5))?;
            writeln!(
                stdout,
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
            eprintln!(
                "interrupted after {} of {} sets ({done} of {total} games); the completed sets are in {}. Continue with the same command and --resume",
                done / per_set,
                total / per_set,
                out.join(silver_sim::balance::SETS_DIR).display()
            );
            Ok(ExitCode::from(130))
        }
        Err(RunError::Panic(p)) => {
            eprintln!(
                "error: game {} (seed {}) panicked: {}\nreplay it with: {} (and that set)",
                p.game,
                p.seed,
                p.message,
                replay_command(p.game, p.seed)
            );
            Ok(ExitCode::from(3))
        }
        Err(e) => Err(anyhow!("{e}")),
    }
}
