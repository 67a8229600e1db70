//! Running a plan (or one shard of it) into an output directory: the per-game CSV files are
//! appended in game order by the block scheduler ([`crate::blocks`]) and the manifest is saved
//! at checkpoints (after the first window of blocks, then at most once a second, and whenever
//! the run stops), so an interrupted run keeps all completed work, a killed one all but its
//! last second, and `--resume` finishes it.
//!
//! Output is byte-identical for the same plan at any thread count and whether the run is done
//! at once, resumed, or as shards merged afterwards: every game's randomness depends only on its
//! index, rows are written in game order, and statistics are integers.

use crate::blocks::{self, Blocks, Flow, Stop};
use crate::error::RunError;
use crate::manifest::{read_manifest, Manifest, Shard};
use crate::output::Rows;
use crate::output::{
    check_atomic_target, check_foreign, create_dir, lock, remove, CsvFiles, OutputFile, LOCK_FILE,
};
use crate::plan::Plan;
use crate::record;
use crate::sprt::Decision;
use crate::stats::Stats;
use crate::summary::write_summaries;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// How to run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Output directory.
    pub out: PathBuf,
    /// Worker threads (0 = one per core).
    pub threads: usize,
    /// Run only this shard.
    pub shard: Option<Shard>,
    /// Continue an interrupted run in `out`.
    pub resume: bool,
    /// Replace a finished run in `out` (never an unfinished one, nor foreign files).
    pub force: bool,
    /// The command line, recorded in the manifest for reports.
    pub command: Option<String>,
}

/// Receives progress (called from the thread that drives the run, once per window).
pub trait Progress {
    /// Games done so far out of `total` in this run (including resumed ones).
    fn update(&mut self, done: u64, total: u64);

    /// The run's statistics after `done` of `total` games and, in an SPRT run, its test: called
    /// after each window of blocks but the last, for a reporter that shows the standings now
    /// and then (the default ignores them).
    fn standings(
        &mut self,
        done: u64,
        total: u64,
        stats: &Stats,
        sprt: Option<&crate::sprt::SprtRecord>,
    ) {
        let _ = (done, total, stats, sprt);
    }
}

impl<F: FnMut(u64, u64)> Progress for F {
    fn update(&mut self, done: u64, total: u64) {
        self(done, total)
    }
}

/// The result of a finished run.
#[derive(Debug)]
pub struct RunOutcome {
    /// Statistics of this run (or shard).
    pub stats: Stats,
    /// Games played in this invocation (not counting resumed ones).
    pub games_played: u64,
    /// Wall time of this invocation, in seconds.
    pub seconds: f64,
    /// An SPRT run's test after its last block.
    pub sprt: Option<crate::sprt::SprtRecord>,
}

/// The games of a run: all, or one shard's contiguous share of the deals.
fn game_range(plan: &Plan, shard: Option<Shard>) -> (u64, u64) {
    let r = plan.rotations as u64;
    let deals = plan.games.div_ceil(r);
    let (d0, d1) = match shard {
        None => (0, deals),
        Some(s) => (
            deals * s.index as u64 / s.count as u64,
            deals * (s.index as u64 + 1) / s.count as u64,
        ),
    };
    ((d0 * r).min(plan.games), (d1 * r).min(plan.games))
}

/// The manifest and open files of a run starting afresh in `out`, or continuing there.
fn open(plan: &Plan, opts: &RunOptions, blocks: &Blocks) -> Result<(Manifest, CsvFiles), RunError> {
    let out = &opts.out;
    let fresh = Manifest::new(plan, opts.shard, blocks);
    // A directory our run left before its manifest (only the lock file): nothing to lose.
    let started = |out: &Path| {
        out.join(LOCK_FILE).is_file() && check_foreign(out, &[OutputFile::Manifest.name()]).is_ok()
    };
    let resumable = match read_manifest(out) {
        Err(RunError::NotARun { .. }) if opts.resume && started(out) => None,
        other => opts.resume.then_some(other),
    };
    if let Some(old) = resumable {
        let old = old?;
        old.check_version(out)?;
        if old.fingerprint == fresh.fingerprint && old.shard != opts.shard {
            let name = |s: Option<Shard>| {
                s.map_or("no shard (the whole run)".to_string(), |s| {
                    format!("shard {}/{}", s.index + 1, s.count)
                })
            };
            return Err(RunError::ShardMismatch {
                dir: out.clone(),
                found: name(old.shard),
                expected: name(opts.shard),
            });
        }
        if old.fingerprint != fresh.fingerprint {
            return Err(RunError::PlanMismatch {
                path: out.join(OutputFile::Manifest.name()),
                found: old.fingerprint,
                expected: fresh.fingerprint,
            });
        }
        if old.complete {
            return Err(RunError::AlreadyComplete { dir: out.clone() });
        }
        if old.blocks_done == 0 {
            // Stopped before its first checkpoint: nothing recorded, start afresh.
            return start(plan, opts, fresh);
        }
        // Nothing is appended to a directory that does not hold what its manifest says.
        crate::verify::check(
            out,
            &old,
            crate::verify::Depth {
                exact: false,
                deep: false,
            },
        )?;
        let files = CsvFiles::reopen(out, &old.files)?;
        return Ok((old, files));
    }
    match read_manifest(out) {
        // Stopped before its first checkpoint (a job-array task killed at start, say):
        // nothing is lost by starting the same run again there, or any run with --force.
        Ok(old)
            if !old.complete
                && old.blocks_done == 0
                && (opts.force
                    || (old.fingerprint == fresh.fingerprint && old.shard == opts.shard)) => {}
        Ok(old) if !old.complete => {
            return Err(RunError::Unfinished {
                dir: out.clone(),
                done: old.blocks_done,
                total: old.blocks_total,
            })
        }
        Ok(_) if !opts.force => return Err(RunError::Finished { dir: out.clone() }),
        Ok(_) => {}
        // No run of ours: the directory must hold nothing else either.
        // An edited or damaged manifest: whose run it was, and how far, is unknown.
        Err(e @ RunError::Edited { .. }) => return Err(e),
        Err(_) => check_foreign(out, &[OutputFile::Manifest.name()])?,
    }
    start(plan, opts, fresh)
}

/// Starts a run afresh in `out` (checked to hold nothing that is not a run of ours to
/// replace). The manifest comes first, before any CSV file, so that whenever the run is
/// stopped the directory is recognisably a run (and a rerun, `--resume` or `--force` takes
/// it back); it records the per-game files as they are created, holding their headers.
fn start(
    plan: &Plan,
    opts: &RunOptions,
    fresh: Manifest,
) -> Result<(Manifest, CsvFiles), RunError> {
    let out = &opts.out;
    // The old run's files go only if the new manifest can be written.
    check_atomic_target(&out.join(OutputFile::Manifest.name()))?;
    remove(out, &OutputFile::replaced_by_a_run())?;
    let mut manifest = fresh;
    manifest.command = opts.command.clone();
    manifest.files = CsvFiles::header_records(&plan.outputs, plan.gates());
    manifest.save(out)?;
    let files = CsvFiles::create(out, &plan.outputs, plan.gates())?;
    Ok((manifest, files))
}

/// The longest a run goes between checkpoints (while it is not stopping): what `kill -9` or a
/// power cut can cost, replayed on `--resume`.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Runs a plan (or one shard of it) into `opts.out`.
pub fn run(
    plan: &Plan,
    opts: &RunOptions,
    progress: &mut dyn Progress,
    interrupted: &AtomicBool,
) -> Result<RunOutcome, RunError> {
    let started = Instant::now();
    let out = &opts.out;
    // The pool first: a bad thread count must not leave a started run in `out`.
    let pool = blocks::pool(opts.threads)?;
    if plan.sprt.is_some() && opts.shard.is_some() {
        return Err(RunError::SprtShard);
    }
    // A run to resume must exist (its directory is not created): its manifest, or the lock
    // file of a run stopped before it wrote one.
    if opts.resume {
        if !out.join(LOCK_FILE).is_file() {
            read_manifest(out)?;
        }
    } else {
        create_dir(out)?;
    }
    let _lock = lock(out)?;
    let (first, end) = game_range(plan, opts.shard);
    let layout = Blocks::new(plan, first, end);
    let (mut manifest, mut files) = open(plan, opts, &layout)?;
    let total = layout.total_games();
    progress.update(layout.games_in(manifest.blocks_done), total);
    let mut played = 0u64;
    let (bots, seats) = (plan.bots.len(), plan.players as usize);
    // A test that decided before an interruption has nothing left to play.
    let decided = manifest
        .sprt
        .as_ref()
        .is_some_and(|t| t.decision != Decision::Continue);
    let from = if decided {
        layout.count
    } else {
        manifest.blocks_done
    };
    // `done` appends a block and counts it (and, in an SPRT run, updates the test and stops
    // at its decision); `window` records the blocks done.
    let pending = std::cell::RefCell::new((&mut manifest, &mut files));
    let mut last_checkpoint: Option<Instant> = None;
    let result = blocks::play(
        plan,
        &layout,
        from,
        &pool,
        interrupted,
        || (Rows::default(), Stats::new(bots, seats)),
        |worker, g, (rows, stats)| {
            record::play_or_forfeit(plan, g, worker, stats, rows);
        },
        |(mut rows, mut stats)| {
            stats.end_block();
            let (manifest, files) = &mut *pending.borrow_mut();
            manifest.stats.merge(&stats);
            played += stats.games;
            let block = manifest.blocks_done;
            manifest.blocks_done += 1;
            let mut flow = Flow::Continue;
            if let Some(test) = manifest.sprt.as_mut() {
                test.update(&manifest.stats.pairs);
                let score = stats
                    .pairs
                    .pair(0, 1)
                    .map_or(0.0, |p| p.w as f64 / p.n.max(1) as f64);
                let games = layout.games_in(block + 1);
                rows.file(OutputFile::Sprt)
                    .extend_from_slice(test.row(block, games, score).as_bytes());
                if test.decision != Decision::Continue {
                    flow = Flow::Stop;
                }
            }
            files.append(&rows)?;
            Ok(flow)
        },
        |_, stopping| {
            let (manifest, files) = &mut *pending.borrow_mut();
            // A checkpoint (the files synced, then the manifest saved) after the first window,
            // then at most once every CHECKPOINT_EVERY, and whenever the run stops: each costs
            // a few synchronous writes, which on a network file system take milliseconds.
            if stopping || last_checkpoint.is_none_or(|t| t.elapsed() >= CHECKPOINT_EVERY) {
                manifest.files = files.records()?;
                manifest.save(out)?;
                last_checkpoint = Some(Instant::now());
            }
            let done = layout.games_in(manifest.blocks_done);
            progress.update(done, total);
            if !stopping {
                progress.standings(done, total, &manifest.stats, manifest.sprt.as_ref());
            }
            Ok(())
        },
    );
    match result {
        Ok(()) => {}
        Err(Stop::Interrupted) => {
            return Err(RunError::Interrupted {
                done: layout.games_in(manifest.blocks_done),
                total,
            })
        }
        Err(Stop::Panic(p)) => return Err(RunError::Panic(p)),
        Err(Stop::Bot { game, failure }) => {
            return Err(RunError::BotFailed {
                set: None,
                game,
                failure,
            })
        }
        Err(Stop::Failed(e)) => return Err(e),
    }
    manifest.speed = Some(crate::manifest::Speed {
        games: played,
        seconds: started.elapsed().as_secs_f64(),
        threads: pool.current_num_threads(),
    });
    finish(out, &mut manifest)?;
    Ok(RunOutcome {
        stats: manifest.stats,
        games_played: played,
        seconds: started.elapsed().as_secs_f64(),
        sprt: manifest.sprt,
    })
}

/// Writes the summary files and marks the manifest complete.
pub(crate) fn finish(out: &Path, manifest: &mut Manifest) -> Result<(), RunError> {
    let set = manifest.card_set()?;
    write_summaries(
        out,
        &manifest.stats,
        &manifest.bots,
        &set,
        manifest.outputs.cards,
    )?;
    manifest.complete = true;
    manifest.save(out)
}
