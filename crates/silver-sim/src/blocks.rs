//! The one ordered-block scheduler, shared by runs, shards, resumed runs and balance sweeps.
//!
//! A run's games are cut into blocks of whole deals (every rotation of a deal in one block);
//! a window of blocks is played in parallel on a rayon pool, each block by one worker in game
//! order, and the finished blocks are handed back *in block order* on the calling thread. So
//! everything written from them is byte-identical at any thread count, and a run stopped
//! between windows can be continued from its last block. A game that panics stops the run with
//! its index and seed (the worker is rebuilt: its players may be in any state).

use crate::error::{GamePanic, RunError};
use crate::plan::Plan;
use crate::record::Worker;
use rayon::prelude::*;
use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};

/// The block layout of games `first..end` of a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Blocks {
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
    pub(crate) fn new(plan: &Plan, first: u64, end: u64) -> Blocks {
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
    /// The interrupt flag was set (checked before each window).
    Interrupted,
    /// A game panicked.
    Panic(GamePanic),
    /// A callback failed.
    Failed(RunError),
}

impl From<RunError> for Stop {
    fn from(e: RunError) -> Stop {
        Stop::Failed(e)
    }
}

/// Plays blocks `from..blocks.count` of `plan`, a window of blocks at a time.
///
/// Each block starts from `new()` and plays its games in order with `game(worker, index,
/// &mut block)`; `done(block)` receives the blocks in order on this thread (and may stop the
/// run after any of them: the same block at any thread count), and
/// `window(blocks_done, stopping)` is called after each window (to record progress and, now
/// and then, flush and save the manifest) — also after the blocks that finished before a panic
/// in the same window, and before an interruption stops the run (`interrupted` is read between
/// games: the blocks in progress are given up, to be played again on resume). `stopping` is true when no
/// window follows (the last one, a stop, a panic, an interruption): what is on disk must then
/// be brought up to date.
#[allow(clippy::too_many_arguments)]
pub(crate) fn play<T: Send>(
    plan: &Plan,
    blocks: &Blocks,
    from: u64,
    pool: &rayon::ThreadPool,
    interrupted: &AtomicBool,
    new: impl Fn() -> T + Sync,
    game: impl Fn(&mut Worker, u64, &mut T) + Sync,
    mut done: impl FnMut(T) -> Result<Flow, RunError>,
    mut window: impl FnMut(u64, bool) -> Result<(), RunError>,
) -> Result<(), Stop> {
    let step = (pool.current_num_threads() as u64 * 4).max(1);
    let mut b0 = from;
    while b0 < blocks.count {
        if interrupted.load(Ordering::SeqCst) {
            window(b0, true)?;
            return Err(Stop::Interrupted);
        }
        let b1 = (b0 + step).min(blocks.count);
        let results: Vec<Result<Option<T>, GamePanic>> = pool.install(|| {
            (b0..b1)
                .into_par_iter()
                .map_init(
                    || Worker::new(plan),
                    |worker, b| {
                        let mut block = new();
                        for g in blocks.games(b) {
                            // An interruption gives the block up at once (`None`: played
                            // again on resume) rather than finish a window of minutes.
                            if interrupted.load(Ordering::Relaxed) {
                                return Ok(None);
                            }
                            let res = catch_unwind(AssertUnwindSafe(|| {
                                game(worker, g, &mut block);
                            }));
                            if let Err(e) = res {
                                // The worker's players may be in any state now.
                                *worker = Worker::new(plan);
                                return Err(GamePanic {
                                    game: g,
                                    seed: plan.seed,
                                    message: panic_message(&*e),
                                });
                            }
                        }
                        Ok(Some(block))
                    },
                )
                .collect()
        });
        let mut finished = b0;
        for res in results {
            match res {
                Ok(None) => {
                    window(finished, true)?;
                    return Err(Stop::Interrupted);
                }
                Ok(Some(block)) => {
                    let flow = done(block)?;
                    finished += 1;
                    if flow == Flow::Stop {
                        window(finished, true)?;
                        return Ok(());
                    }
                }
                Err(p) => {
                    window(finished, true)?;
                    return Err(Stop::Panic(p));
                }
            }
        }
        window(finished, b1 == blocks.count)?;
        b0 = b1;
    }
    Ok(())
}

/// The text of a panic payload.
fn panic_message(e: &(dyn std::any::Any + Send)) -> String {
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "unknown panic".into())
}
