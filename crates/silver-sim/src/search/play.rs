//! Playing a stage's chunks: for each set of a chunk, each player count's design card with
//! that set, each arm the measures read and each deal of the stage, the arm's games of the
//! deal (its seat rotations), counted by the design card's collector and summed per measure
//! into one row of integers per (set, deal). Chunks are played in parallel, each by one pool
//! thread that keeps one reusable worker per arm; each chunk's file depends on the chunk only,
//! so the files are the same at any thread count.

use super::spec::SearchError;
use super::store::{chunk_bytes, chunk_name, write_file, Layout};
use super::{Fidelity, Measure};
use crate::design::card::METRICS;
use crate::design::DesignCollector;
use crate::error::{GamePanic, RunError};
use crate::output::Rows;
use crate::record::{self, Worker};
use crate::stats::Stats;
use silver_bots::BotFailure;
use std::ops::Range;
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex, PoisonError};
use std::time::Duration;

/// The games a stage plays of each set: per player count, the arms its measures read, each
/// with the measures that read it.
pub(crate) struct StageGames<'a> {
    /// The stage's fidelity.
    pub(crate) fidelity: &'a Fidelity,
    /// The stage's deals.
    pub(crate) deals: Range<u64>,
    /// Per plan (player count): (arm, measures reading it), arms ascending.
    arms: Vec<Vec<(usize, Vec<usize>)>>,
}

impl<'a> StageGames<'a> {
    /// The games of `fidelity` on `deals`.
    pub(crate) fn new(fidelity: &'a Fidelity, deals: Range<u64>) -> StageGames<'a> {
        let arms = (0..fidelity.plans.len())
            .map(|p| {
                let mut read: Vec<(usize, Vec<usize>)> = Vec::new();
                for (m, ms) in fidelity.measures.iter().enumerate() {
                    for &a in ms.arms.iter().filter(|_| ms.plan == p) {
                        match read.iter_mut().find(|(x, _)| *x == a) {
                            Some((_, ms)) => ms.push(m),
                            None => read.push((a, vec![m])),
                        }
                    }
                }
                read.sort_by_key(|(a, _)| *a);
                read
            })
            .collect();
        StageGames {
            fidelity,
            deals,
            arms,
        }
    }

    /// Games of one deal of one set.
    pub(crate) fn games_per_deal(&self) -> u64 {
        self.arms
            .iter()
            .enumerate()
            .flat_map(|(p, arms)| {
                arms.iter()
                    .map(move |(a, _)| self.fidelity.plans[p].arms[*a].plan.rotations as u64)
            })
            .sum()
    }

    /// Games of one set in the stage.
    pub(crate) fn games_per_set(&self) -> u64 {
        self.games_per_deal() * (self.deals.end - self.deals.start)
    }

    fn measures(&self) -> &[Measure] {
        &self.fidelity.measures
    }

    /// One worker per arm played (set-independent: players are made on first use).
    fn workers(&self) -> Vec<Vec<Worker>> {
        self.arms
            .iter()
            .enumerate()
            .map(|(p, arms)| {
                arms.iter()
                    .map(|(a, _)| Worker::new(&self.fidelity.plans[p].arms[*a].plan))
                    .collect()
            })
            .collect()
    }
}

/// Why a chunk was not finished.
pub(crate) enum ChunkStop {
    /// The interrupt flag was set.
    Interrupted,
    /// A game panicked.
    Panic(GamePanic),
    /// A bot program failed.
    Bot {
        /// The set.
        set: String,
        /// The game, in its arm.
        game: u64,
        /// What the program did.
        failure: BotFailure,
    },
    /// A set of the space could not be made.
    Space(SearchError),
    /// Writing the chunk failed.
    Failed(RunError),
}

/// A pool thread's reusable state.
struct Local {
    workers: Vec<Vec<Worker>>,
    stats: Vec<Vec<Stats>>,
    rows: Rows,
}

/// Plays set `index` on every deal of the stage, appending its rows of sums to `out`.
fn play_set(
    sg: &StageGames,
    space: &super::space::Space,
    index: u64,
    local: &mut Local,
    interrupted: &AtomicBool,
    out: &mut Vec<u64>,
) -> Result<(), ChunkStop> {
    let set = space.set(index).map_err(ChunkStop::Space)?;
    let plans: Vec<_> = sg.fidelity.plans.iter().map(|p| p.with_set(&set)).collect();
    let w = 2 * sg.measures().len();
    for d in sg.deals.clone() {
        let base = out.len();
        out.resize(base + w, 0);
        for (p, arms) in sg.arms.iter().enumerate() {
            for (k, (a, readers)) in arms.iter().enumerate() {
                let plan = &plans[p].arms[*a].plan;
                let r = plan.rotations as u64;
                let worker = &mut local.workers[p][k];
                let stats = &mut local.stats[p][k];
                for g in d * r..(d + 1) * r {
                    if interrupted.load(Ordering::Relaxed) {
                        return Err(ChunkStop::Interrupted);
                    }
                    let rows = &mut local.rows;
                    let res = crate::panics::catch_game(AssertUnwindSafe(|| {
                        let mut c = DesignCollector::new(plan, g);
                        let (game, luck) =
                            record::play_measured(plan, g, worker, stats, rows, &mut c);
                        c.finish(&game, luck)
                    }));
                    let row = match res {
                        Ok(row) => row,
                        Err(payload) => {
                            let arm = plans[p].dir_name(*a);
                            return Err(match payload.downcast::<BotFailure>() {
                                Ok(failure) => ChunkStop::Bot {
                                    set: format!("{} (arm {arm})", set.name),
                                    game: g,
                                    failure: *failure,
                                },
                                Err(payload) => ChunkStop::Panic(GamePanic {
                                    game: g,
                                    seed: plan.seed,
                                    message: format!(
                                        "set {}, arm {arm}: {}",
                                        set.name,
                                        crate::panics::panic_text(&*payload)
                                    ),
                                }),
                            });
                        }
                    };
                    for &m in readers {
                        let ms = &sg.measures()[m];
                        let (y, x) = (METRICS[ms.metric].counts)(&row, ms.key_index);
                        out[base + 2 * m] += y;
                        out[base + 2 * m + 1] += x;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Plays chunk `c` of `layout`: its rows of sums, by set then deal.
fn play_chunk(
    sg: &StageGames,
    space: &super::space::Space,
    layout: &Layout,
    c: usize,
    local: &mut Local,
    interrupted: &AtomicBool,
) -> Result<Vec<u64>, ChunkStop> {
    let sets = layout.chunk_sets(c);
    let mut data = Vec::with_capacity(sets.len() * 2 * sg.measures().len());
    for &s in sets {
        play_set(sg, space, s, local, interrupted, &mut data)?;
    }
    Ok(data)
}

/// A chunk's result, once a thread has played it.
type Slot = Mutex<Option<Result<Vec<u64>, ChunkStop>>>;

/// What [`play_chunks`] reports while it plays: games done so far in this call.
pub(crate) type Tick<'a> = &'a mut dyn FnMut(u64);

/// Plays chunks `todo` of a stage on `pool`, each written to `dir` when it is complete, and
/// returns their sums (in `todo`'s order). A failure (the failed chunk with the lowest number
/// among those that failed) or an interruption stops the call; the chunks written before are
/// kept.
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_chunks(
    sg: &StageGames,
    space: &super::space::Space,
    layout: &Layout,
    todo: &[usize],
    dir: &Path,
    pool: &rayon::ThreadPool,
    interrupted: &AtomicBool,
    tick: Tick,
) -> Result<Vec<Vec<u64>>, ChunkStop> {
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let games = AtomicU64::new(0);
    let per_set = sg.games_per_set();
    let results: Vec<Slot> = todo.iter().map(|_| Mutex::new(None)).collect();
    let measures = sg.measures().len();
    let deals: Vec<u64> = sg.deals.clone().collect();
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<()>();
        let handle = scope.spawn(|| {
            let _tx = tx;
            pool.broadcast(|_| {
                let mut local: Option<Local> = None;
                while !halt.load(Ordering::SeqCst) && !interrupted.load(Ordering::SeqCst) {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&c) = todo.get(i) else { break };
                    let l = local.get_or_insert_with(|| Local {
                        workers: sg.workers(),
                        stats: sg
                            .arms
                            .iter()
                            .enumerate()
                            .map(|(p, arms)| {
                                arms.iter()
                                    .map(|(a, _)| {
                                        let plan = &sg.fidelity.plans[p].arms[*a].plan;
                                        Stats::new(plan.bots.len(), plan.players as usize)
                                    })
                                    .collect()
                            })
                            .collect(),
                        rows: Rows::default(),
                    });
                    let res = play_chunk(sg, space, layout, c, l, interrupted).and_then(|data| {
                        let sets = layout.chunk_sets(c);
                        let bytes = chunk_bytes(measures, sets, &deals, &data);
                        write_file(&dir.join(chunk_name(c)), &bytes).map_err(ChunkStop::Failed)?;
                        Ok(data)
                    });
                    match &res {
                        Ok(_) => {
                            games.fetch_add(
                                per_set * layout.chunk_sets(c).len() as u64,
                                Ordering::SeqCst,
                            );
                        }
                        Err(stop) => {
                            halt.store(true, Ordering::SeqCst);
                            // After a failed game its players may be in any state.
                            if !matches!(stop, ChunkStop::Interrupted) {
                                local = None;
                            }
                        }
                    }
                    *results[i].lock().unwrap_or_else(PoisonError::into_inner) = Some(res);
                }
            });
        });
        while let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(Duration::from_millis(200))
        {
            tick(games.load(Ordering::SeqCst));
        }
        if let Err(payload) = handle.join() {
            std::panic::resume_unwind(payload);
        }
    });
    tick(games.load(Ordering::SeqCst));
    let mut out = Vec::with_capacity(todo.len());
    let mut interrupted_at = None;
    for (i, r) in results.into_iter().enumerate() {
        match r.into_inner().unwrap_or_else(PoisonError::into_inner) {
            Some(Ok(data)) => out.push(data),
            Some(Err(ChunkStop::Interrupted)) | None => interrupted_at = interrupted_at.or(Some(i)),
            Some(Err(stop)) => return Err(stop),
        }
    }
    match interrupted_at {
        Some(_) => Err(ChunkStop::Interrupted),
        None => Ok(out),
    }
}
