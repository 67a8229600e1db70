//! The one ordered-block scheduler, shared by runs, shards, resumed runs and balance sweeps.
//!
//! A run's games are cut into blocks of whole deals (every rotation of a deal in one block);
//! a window of blocks is played in parallel on a rayon pool, each block by one worker in game
//! order, and the finished blocks are handed back *in block order* on the calling thread. So
//! everything written from them is byte-identical at any thread count, and a run stopped
//! between windows can be continued from its last block. Each pool thread keeps one worker
//! (its players, bot programs included) for the whole run. A game that panics stops the run
//! with its index and seed, a bot program that fails stops it with the program's failure
//! (the worker is dropped either way: its players may be in any state).

use crate::error::{GamePanic, RunError};
use crate::plan::Plan;
use crate::record::Worker;
use silver_bots::BotFailure;
use std::ops::Range;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The block layout of games `first..end` of a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocks {
    /// First game.
    pub(crate) first: u64,
    /// One past the last game.
    pub(crate) end: u64,
    /// Games per block (whole deals).
    pub(crate) size: u64,
    /// Number of blocks.
    pub(crate) count: u64,
}

impl Blocks {
    /// The blocks of games `first..end`. The block size depends only on the number of deals,
    /// so a resumed run has the same blocks.
    /// An SPRT run decides after every deal, so its blocks are single deals.
    pub fn new(plan: &Plan, first: u64, end: u64) -> Blocks {
        let r = plan.rotations as u64;
        let deals = (end - first).div_ceil(r);
        let size = if plan.sprt.is_some() {
            r
        } else {
            (deals / 512).clamp(1, 256) * r
        };
        Blocks {
            first,
            end,
            size,
            count: (end - first).div_ceil(size),
        }
    }

    /// The games of block `b`.
    pub(crate) fn games(&self, b: u64) -> Range<u64> {
        let g0 = self.first + b * self.size;
        g0..(g0 + self.size).min(self.end)
    }

    /// Games in all blocks.
    pub(crate) fn total_games(&self) -> u64 {
        self.end - self.first
    }

    /// Games in the first `blocks` blocks.
    pub(crate) fn games_in(&self, blocks: u64) -> u64 {
        (blocks * self.size).min(self.total_games())
    }
}

pub use crate::limits::MAX_THREADS;

/// A rayon pool of `threads` workers (0: one per core).
pub(crate) fn pool(threads: usize) -> Result<rayon::ThreadPool, RunError> {
    if threads > MAX_THREADS {
        return Err(RunError::TooManyThreads { threads });
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|source| RunError::Threads { threads, source })
}

/// What [`play`] does after a finished block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Go on.
    Continue,
    /// Stop after this block (an SPRT decided): later blocks of the window are dropped.
    Stop,
}

/// Why [`play`] stopped before the last block.
pub(crate) enum Stop {
    /// The interrupt flag was set.
    Interrupted,
    /// A game panicked.
    Panic(GamePanic),
    /// A bot program failed in game `game` (its own fault, not the engine's).
    Bot {
        /// The game.
        game: u64,
        /// What the program did.
        failure: BotFailure,
    },
    /// A callback failed.
    Failed(RunError),
}

impl From<RunError> for Stop {
    fn from(e: RunError) -> Stop {
        Stop::Failed(e)
    }
}

/// Why a block was not finished.
enum Unfinished {
    /// A game failed: the run stops there.
    Failed(Stop),
    /// Not started: the window ended early (a failure in an earlier block, an interruption).
    Skipped,
}

/// The workers of a run, one per pool thread, kept for the whole of [`play`]: the players
/// they hold (bot programs included) are built once per seat and worker, not once per block.
/// A worker whose game failed is dropped (its players may be in any state) and built afresh
/// when its thread plays again.
struct Workers<'p> {
    plan: &'p Plan,
    slots: Vec<Mutex<Option<Worker>>>,
}

impl<'p> Workers<'p> {
    fn new(plan: &'p Plan, pool: &rayon::ThreadPool) -> Self {
        Workers {
            plan,
            slots: (0..pool.current_num_threads())
                .map(|_| Mutex::new(None))
                .collect(),
        }
    }

    /// The worker of pool thread `index` (only that thread ever takes it).
    fn slot(&self, index: usize) -> MutexGuard<'_, Option<Worker>> {
        self.slots[index]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Drops every worker, each on its own pool thread, so bot programs that linger after
    /// `quit` are waited for in parallel.
    fn close(&self, pool: &rayon::ThreadPool) {
        pool.broadcast(|ctx| drop(self.slot(ctx.index()).take()));
    }
}

/// Plays the games of block `b` on `worker`, in order. An interruption gives the block up
/// between games ([`Stop::Interrupted`]: it is played again on resume) rather than finish a
/// window that may take minutes.
fn play_block<T>(
    plan: &Plan,
    blocks: &Blocks,
    b: u64,
    worker: &mut Worker,
    interrupted: &AtomicBool,
    new: &impl Fn() -> T,
    game: &impl Fn(&mut Worker, u64, &mut T),
) -> Result<T, Stop> {
    let mut block = new();
    for g in blocks.games(b) {
        if interrupted.load(Ordering::Relaxed) {
            return Err(Stop::Interrupted);
        }
        let res = crate::panics::catch_game(AssertUnwindSafe(|| game(worker, g, &mut block)));
        if let Err(payload) = res {
            return Err(match payload.downcast::<BotFailure>() {
                Ok(failure) => Stop::Bot {
                    game: g,
                    failure: *failure,
                },
                Err(payload) => Stop::Panic(GamePanic {
                    game: g,
                    seed: plan.seed,
                    message: crate::panics::panic_text(&*payload),
                }),
            });
        }
    }
    Ok(block)
}

/// Plays blocks `from..blocks.count` of `plan`, a window of blocks at a time.
///
/// Each block starts from `new()` and plays its games in order with `game(worker, index,
/// &mut block)`; `done(block)` receives the blocks in order on this thread (and may stop the
/// run after any of them: the same block at any thread count), and
/// `window(blocks_done, stopping)` is called after each window (to record progress and, now
/// and then, flush and save the manifest) — also after the blocks that finished before a
/// failure in the same window, and before an interruption stops the run. `stopping` is true
/// when no window follows (the last one, a stop, a failure, an interruption): what is on disk
/// must then be brought up to date. The interrupt flag is checked before every game: the
/// blocks in progress are given up, and those finished in order are kept.
///
/// Every pool thread keeps one worker for the whole call; all are dropped before it returns,
/// however it ends.
#[allow(clippy::too_many_arguments)]
pub(crate) fn play<T: Send>(
    plan: &Plan,
    blocks: &Blocks,
    from: u64,
    pool: &rayon::ThreadPool,
    interrupted: &AtomicBool,
    new: impl Fn() -> T + Sync,
    game: impl Fn(&mut Worker, u64, &mut T) + Sync,
    done: impl FnMut(T) -> Result<Flow, RunError>,
    window: impl FnMut(u64, bool) -> Result<(), RunError>,
) -> Result<(), Stop> {
    let workers = Workers::new(plan, pool);
    let result = play_windows(
        blocks,
        from,
        pool,
        interrupted,
        &workers,
        &new,
        &game,
        done,
        window,
    );
    workers.close(pool);
    result
}

/// [`play`] with its workers.
#[allow(clippy::too_many_arguments)]
fn play_windows<T: Send>(
    blocks: &Blocks,
    from: u64,
    pool: &rayon::ThreadPool,
    interrupted: &AtomicBool,
    workers: &Workers,
    new: &(impl Fn() -> T + Sync),
    game: &(impl Fn(&mut Worker, u64, &mut T) + Sync),
    mut done: impl FnMut(T) -> Result<Flow, RunError>,
    mut window: impl FnMut(u64, bool) -> Result<(), RunError>,
) -> Result<(), Stop> {
    let plan = workers.plan;
    let step = (pool.current_num_threads() as u64 * 4).max(1);
    let mut b0 = from;
    while b0 < blocks.count {
        if interrupted.load(Ordering::SeqCst) {
            window(b0, true)?;
            return Err(Stop::Interrupted);
        }
        let b1 = (b0 + step).min(blocks.count);
        // Every thread takes the next block until none is left, or one fails, or the run is
        // interrupted: blocks are taken in order, so all before a failed or skipped one run.
        let next = AtomicU64::new(b0);
        let halt = AtomicBool::new(false);
        let results: Vec<Mutex<Option<Result<T, Stop>>>> =
            (b0..b1).map(|_| Mutex::new(None)).collect();
        pool.broadcast(|ctx| {
            let mut slot = workers.slot(ctx.index());
            while !halt.load(Ordering::SeqCst) && !interrupted.load(Ordering::SeqCst) {
                let b = next.fetch_add(1, Ordering::SeqCst);
                if b >= b1 {
                    break;
                }
                let worker = slot.get_or_insert_with(|| Worker::new(plan));
                let res = play_block(plan, blocks, b, worker, interrupted, new, game);
                if let Err(stop) = &res {
                    halt.store(true, Ordering::SeqCst);
                    // After a failed game its players may be in any state.
                    if !matches!(stop, Stop::Interrupted) {
                        *slot = None;
                    }
                }
                *results[(b - b0) as usize]
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner) = Some(res);
            }
        });
        let mut finished = b0;
        for res in results {
            let res = res.into_inner().unwrap_or_else(PoisonError::into_inner);
            match res
                .ok_or(Unfinished::Skipped)
                .and_then(|r| r.map_err(Unfinished::Failed))
            {
                Ok(block) => {
                    let flow = done(block)?;
                    finished += 1;
                    if flow == Flow::Stop {
                        window(finished, true)?;
                        return Ok(());
                    }
                }
                Err(Unfinished::Failed(stop)) => {
                    window(finished, true)?;
                    return Err(stop);
                }
                // Only an interruption leaves a block unplayed before any failed one.
                Err(Unfinished::Skipped) => {
                    window(finished, true)?;
                    return Err(Stop::Interrupted);
                }
            }
        }
        window(finished, b1 == blocks.count)?;
        b0 = b1;
    }
    Ok(())
}
