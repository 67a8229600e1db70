//! Running a search into a directory: every stage in order (or one stage, or one shard of one
//! stage), each stage's sets chosen from the integer sums of the stages before it, then
//! `search.csv` and `ranking.csv`.
//!
//! A stage's sets are cut into chunks ([`Layout`]); chunk `c` belongs to shard `(c mod N) + 1`.
//! A chunk's file is written whole (a temporary file renamed), so a stopped run leaves only
//! complete chunks, and a resumed run (or the next shard) plays only the chunks that are not
//! there. Every decision reads the chunks' integers, so the files are the same at any thread
//! count, any shard split and after any resume.

use super::objective::{evaluate, paired, rank, Evaluation, SetSums, Ties};
use super::output::{
    measure_name, ranking_csv, search_header, search_row, RankedObjective, RankedSet, Ranking,
    SetRow,
};
use super::play::{play_chunks, ChunkStop, StageGames};
use super::resolve::grouped;
use super::spec::SearchError;
use super::store::{
    open_dir, read_chunk, stage_dir, write_file, Layout, OpenMode, SearchManifest, RANKING_CSV,
    SEARCH_CSV, SEARCH_VERSION,
};
use super::{FidelityKind, SearchPlan, Stage, StageSets};
use crate::error::RunError;
use crate::manifest::Shard;
use crate::output::{create_dir, lock};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Why a search stopped, or could not start.
#[derive(Debug, thiserror::Error)]
pub enum SearchRunError {
    /// Running failed: a file, the thread pool, a game's panic, a bot program, an interrupt.
    #[error(transparent)]
    Run(#[from] RunError),
    /// A set of the space could not be made.
    #[error(transparent)]
    Space(#[from] SearchError),
    /// `search.json` is not a search's record.
    #[error("{}: not a valid search record", path.display())]
    BadManifest {
        /// The record.
        path: PathBuf,
    },
    /// The directory holds another plan's search.
    #[error(
        "{}: the search there has a different plan (fingerprint {found} vs {expected}); use \
         another --out, or --force to replace it",
        path.display()
    )]
    PlanMismatch {
        /// The record.
        path: PathBuf,
        /// Its fingerprint.
        found: String,
        /// This plan's.
        expected: String,
    },
    /// The directory holds a search written by another version.
    #[error(
        "{}: the search there was written by another version of silver (search version \
         {found}, this one writes {SEARCH_VERSION}); use another --out, or --force to replace it",
        dir.display()
    )]
    Version {
        /// The directory.
        dir: PathBuf,
        /// Its version.
        found: u32,
    },
    /// A new run into a directory that holds this search.
    #[error(
        "{} holds this search already; continue it with --resume, or start again with --force",
        dir.display()
    )]
    Exists {
        /// The directory.
        dir: PathBuf,
    },
    /// `--resume` of a directory without a search.
    #[error("cannot read {} (is this a search's output directory?)", path.display())]
    NotASearch {
        /// The record looked for.
        path: PathBuf,
    },
    /// `--stage` beyond the schedule.
    #[error("--stage {stage}: the search has stages 1 to {stages} (see --dry-run)")]
    NoSuchStage {
        /// Asked for.
        stage: usize,
        /// Stages in the schedule.
        stages: usize,
    },
    /// `--verify` found an output file that its chunks do not make.
    #[error(
        "{}: {file} differs from the one the search's chunks make (it was edited, or written \
         from other chunks)",
        dir.display()
    )]
    OutputDiffers {
        /// The search's directory.
        dir: PathBuf,
        /// The file.
        file: &'static str,
    },
    /// `--verify` of a search whose outputs are not written (it did not finish).
    #[error(
        "{}: missing; the search has not finished (continue it with --resume)",
        path.display()
    )]
    OutputMissing {
        /// The file.
        path: PathBuf,
    },
    /// `--verify` found a stage's chunks missing or damaged.
    #[error(
        "stage {stage} ({dir}): {missing} of its {chunks} chunks are missing or damaged (the \
         first: {first}); a search with --resume plays them again"
    )]
    ChunksMissing {
        /// The stage.
        stage: usize,
        /// Its directory under the search's.
        dir: String,
        /// Chunks missing or damaged.
        missing: usize,
        /// Chunks in all.
        chunks: usize,
        /// The first of them.
        first: String,
    },
    /// `--verify` with other flags that would play or write.
    #[error(
        "--verify plays and writes nothing: it takes no --resume, --force, --stage or --shard"
    )]
    VerifyFlags,
    /// `--shard` without `--stage`.
    #[error(
        "--shard needs --stage: each stage's sets depend on the stages before it, so a search \
         is sharded one stage at a time"
    )]
    ShardWithoutStage,
    /// A stage needs an earlier stage that is not complete.
    #[error(
        "stage {stage} ({dir}) is not complete: {missing} of its {chunks} chunks are missing \
         (the first: {first}); play it first with --stage {stage}"
    )]
    StageIncomplete {
        /// The stage.
        stage: usize,
        /// Its directory under the search's.
        dir: String,
        /// Chunks missing.
        missing: usize,
        /// Chunks in all.
        chunks: usize,
        /// The first missing chunk's file.
        first: String,
    },
}

/// How to run a search.
#[derive(Clone, Debug, Default)]
pub struct SearchOptions {
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Continue the search in the directory.
    pub resume: bool,
    /// Replace another plan's (or this plan's finished) search in the directory.
    pub force: bool,
    /// Play only this stage (1-based); the stages before it must be complete.
    pub stage: Option<usize>,
    /// With `stage`: play only this shard's chunks of it.
    pub shard: Option<Shard>,
    /// Play nothing and write nothing: check that the directory holds this plan's finished
    /// search, every chunk of every stage whole, and `search.csv` and `ranking.csv` exactly as
    /// its chunks make them.
    pub verify: bool,
}

/// Receives a search's progress (on the thread that drives it).
pub trait SearchProgress {
    /// Stage `number` of `stages` (its fidelity's name: `kind`) starts: `games` games, of
    /// which the chunks on disk hold `games_done`.
    fn stage_started(
        &mut self,
        number: usize,
        stages: usize,
        kind: &str,
        games: u64,
        games_done: u64,
    );
    /// Games of the stage done so far, of `total`.
    fn update(&mut self, done: u64, total: u64);
    /// A stage ended: its line (sets, deals, games, the best set so far).
    fn stage_done(&mut self, line: &str);
}

/// What a search (or one stage of it) did.
#[derive(Debug)]
pub struct SearchOutcome {
    /// The certified ranking, when the whole search ran (not with `--stage`).
    pub ranking: Option<Ranking>,
    /// Games played by this invocation.
    pub games_played: u64,
    /// Chunks played by this invocation.
    pub chunks_played: usize,
    /// Chunks found complete on disk.
    pub chunks_resumed: usize,
    /// Wall time, in seconds.
    pub seconds: f64,
}

/// The sums of every set at one fidelity, deals ascending, by space index.
type Sums = HashMap<u64, SetSums>;

/// What the driver keeps between stages.
struct State {
    /// Per fidelity.
    sums: Vec<Sums>,
    /// The previous stage's sets, best first.
    ranked: Vec<u64>,
    /// The sets of the last certification stage.
    certified: Vec<u64>,
    /// `search.csv` so far.
    csv: Vec<u8>,
}

/// The sets stage `stage` plays, ascending: every candidate, or the best of the previous
/// stage's other than the base, or (confirmation) the certified sets; and the base.
fn stage_sets(plan: &SearchPlan, stage: &Stage, state: &State) -> Vec<u64> {
    let mut sets = match stage.sets {
        StageSets::All => plan.candidates.clone(),
        StageSets::Best(_) if plan.fidelities[stage.fidelity].kind == FidelityKind::Confirm => {
            state.certified.clone()
        }
        // The best `n` other than the base, then the base: `n + 1` sets whatever its place.
        StageSets::Best(n) => state
            .ranked
            .iter()
            .filter(|&&s| s != 0)
            .take(n as usize)
            .copied()
            .collect(),
    };
    sets.push(0);
    sets.sort_unstable();
    sets.dedup();
    sets
}

/// Runs `plan` into `out`: every stage not complete there, then `search.csv` and
/// `ranking.csv`; with [`SearchOptions::stage`], that stage only (or one shard of it).
pub fn run_search(
    plan: &SearchPlan,
    out: &Path,
    opts: &SearchOptions,
    progress: &mut dyn SearchProgress,
    interrupted: &AtomicBool,
) -> Result<SearchOutcome, SearchRunError> {
    let started = Instant::now();
    let n_stages = plan.stages.len();
    if let Some(s) = opts.stage.filter(|&s| s == 0 || s > n_stages) {
        return Err(SearchRunError::NoSuchStage {
            stage: s,
            stages: n_stages,
        });
    }
    if opts.shard.is_some() && opts.stage.is_none() {
        return Err(SearchRunError::ShardWithoutStage);
    }
    if opts.verify && (opts.resume || opts.force || opts.stage.is_some() || opts.shard.is_some()) {
        return Err(SearchRunError::VerifyFlags);
    }
    // The pool first: a bad thread count must not leave a started search in `out`.
    let pool = crate::blocks::pool(opts.threads)?;
    let manifest = SearchManifest::new(plan, plan.fingerprint());
    let record = out.join(super::store::SEARCH_MANIFEST);
    if (opts.resume || opts.verify) && !record.is_file() {
        return Err(SearchRunError::NotASearch { path: record });
    }
    create_dir(out)?;
    // Shards of a stage write disjoint chunks of one directory at once; anything else owns it.
    let _lock = match opts.shard {
        None => Some(lock(out)?),
        Some(_) => None,
    };
    open_dir(
        out,
        &manifest,
        &OpenMode {
            resume: opts.resume || opts.verify,
            force: opts.force,
            joining: opts.stage.is_some(),
        },
    )?;
    let mut state = State {
        sums: plan.fidelities.iter().map(|_| Sums::new()).collect(),
        ranked: Vec::new(),
        certified: Vec::new(),
        csv: search_header(plan),
    };
    let mut outcome = SearchOutcome {
        ranking: None,
        games_played: 0,
        chunks_played: 0,
        chunks_resumed: 0,
        seconds: 0.0,
    };
    let last = opts.stage.unwrap_or(n_stages);
    for stage in &plan.stages[..last] {
        let own = !opts.verify && (opts.stage.is_none() || opts.stage == Some(stage.number));
        let done = run_stage(
            plan,
            stage,
            out,
            opts,
            own,
            &pool,
            &mut state,
            &mut outcome,
            progress,
            interrupted,
        )
        .map_err(|e| match e {
            SearchRunError::StageIncomplete {
                stage,
                dir,
                missing,
                chunks,
                first,
            } if opts.verify => SearchRunError::ChunksMissing {
                stage,
                dir,
                missing,
                chunks,
                first,
            },
            e => e,
        })?;
        if !done {
            break;
        }
    }
    if opts.verify {
        let ranking = ranking(plan, &state)?;
        for (file, made) in [
            (SEARCH_CSV, state.csv),
            (RANKING_CSV, ranking_csv(plan, &ranking)),
        ] {
            let path = out.join(file);
            let found = match std::fs::read(&path) {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(SearchRunError::OutputMissing { path });
                }
                Err(e) => return Err(crate::output::io(&path)(e).into()),
            };
            if found != made {
                return Err(SearchRunError::OutputDiffers {
                    dir: out.to_path_buf(),
                    file,
                });
            }
        }
        outcome.ranking = Some(ranking);
    } else if opts.stage.is_none() {
        let ranking = ranking(plan, &state)?;
        write_file(&out.join(SEARCH_CSV), &state.csv)?;
        write_file(&out.join(RANKING_CSV), &ranking_csv(plan, &ranking))?;
        outcome.ranking = Some(ranking);
    }
    outcome.seconds = started.elapsed().as_secs_f64();
    Ok(outcome)
}

/// Brings one stage up to date (plays its missing chunks if `own`, else requires them) and
/// folds its sums into `state`; false if this invocation stops after it (`--stage`).
#[allow(clippy::too_many_arguments)]
fn run_stage(
    plan: &SearchPlan,
    stage: &Stage,
    out: &Path,
    opts: &SearchOptions,
    own: bool,
    pool: &rayon::ThreadPool,
    state: &mut State,
    outcome: &mut SearchOutcome,
    progress: &mut dyn SearchProgress,
    interrupted: &AtomicBool,
) -> Result<bool, SearchRunError> {
    let fid = &plan.fidelities[stage.fidelity];
    let kind = fid.kind;
    let sets = stage_sets(plan, stage, state);
    let sg = StageGames::new(fid, stage.deals.clone());
    let per_set = sg.games_per_set();
    let layout = Layout::new(sets, per_set);
    let dir = stage_dir(out, stage, kind, own)?;
    let measures = fid.measures.len();
    let deals: Vec<u64> = stage.deals.clone().collect();
    let mut data: Vec<Option<Vec<u64>>> = Vec::with_capacity(layout.chunks());
    for c in 0..layout.chunks() {
        data.push(read_chunk(&dir, c, measures, layout.chunk_sets(c), &deals)?);
    }
    let missing: Vec<usize> = (0..layout.chunks())
        .filter(|&c| data[c].is_none())
        .collect();
    let dir_name = super::store::stage_dir_name(stage, kind);
    if !own && !missing.is_empty() {
        return Err(SearchRunError::StageIncomplete {
            stage: stage.number,
            dir: format!("{}/{dir_name}", super::store::STAGES_DIR),
            missing: missing.len(),
            chunks: layout.chunks(),
            first: super::store::chunk_name(missing[0]),
        });
    }
    let todo: Vec<usize> = match opts.shard {
        Some(s) => missing
            .into_iter()
            .filter(|c| (c % s.count as usize) == s.index as usize)
            .collect(),
        None => missing,
    };
    let total = per_set * layout.sets.len() as u64;
    let games_of = |c: usize| per_set * layout.chunk_sets(c).len() as u64;
    let done_before: u64 = (0..layout.chunks())
        .filter(|&c| data[c].is_some())
        .map(games_of)
        .sum();
    outcome.chunks_resumed += layout.chunks() - data.iter().filter(|d| d.is_none()).count();
    progress.stage_started(
        stage.number,
        plan.stages.len(),
        kind.name(),
        total,
        done_before,
    );
    if !todo.is_empty() {
        let mut tick = |g: u64| progress.update(done_before + g, total);
        let played = play_chunks(
            &sg,
            &plan.space,
            &layout,
            &todo,
            &dir,
            pool,
            interrupted,
            &mut tick,
        )
        .map_err(|stop| stop_error(stop, done_before, total))?;
        for (&c, d) in todo.iter().zip(played) {
            outcome.games_played += games_of(c);
            outcome.chunks_played += 1;
            data[c] = Some(d);
        }
    }
    // A shard holds only its own chunks of the stage.
    if opts.shard.is_some() {
        return Ok(false);
    }
    // Every chunk is there: fold the stage into the sums of its fidelity.
    let w = 2 * measures;
    let sums = &mut state.sums[stage.fidelity];
    for (c, d) in data.iter().enumerate() {
        let d = d.as_deref().unwrap_or_default();
        for (i, &s) in layout.chunk_sets(c).iter().enumerate() {
            let e = sums.entry(s).or_insert_with(|| SetSums::new(measures));
            for (j, &deal) in deals.iter().enumerate() {
                let k = i * deals.len() + j;
                e.push_deal(deal, &d[k * w..(k + 1) * w]);
            }
        }
    }
    let (evals, changes) = evaluate_sets(
        plan,
        stage.fidelity,
        &layout.sets,
        &state.sums[stage.fidelity],
    );
    let order = rank(&evals, &changes, &layout.sets, Ties::Shuffled(plan.seed));
    let per_deal = sg.games_per_deal();
    for (i, &s) in layout.sets.iter().enumerate() {
        let set = plan.space.set(s)?;
        let n = state.sums[stage.fidelity]
            .get(&s)
            .map_or(0, SetSums::blocks) as u64;
        search_row(
            &mut state.csv,
            &SetRow {
                stage: stage.number,
                fidelity: kind,
                name: &set.name,
                index: s,
                changes: changes[i],
                deals: n,
                games: n * per_deal,
                evals: &evals[i],
            },
        );
    }
    state.ranked = order.iter().map(|&(i, _)| layout.sets[i]).collect();
    if kind == FidelityKind::Certify {
        state.certified = layout.sets.clone();
    }
    let best = order.first().map(|&(i, _)| i).unwrap_or(0);
    let best_name = plan.space.set(layout.sets[best])?.name;
    let first = plan.objectives.first().map_or(String::new(), |o| {
        format!(" {} {:.3}", o.name, evals[best][0].objective.value)
    });
    progress.stage_done(&format!(
        "stage {}/{} {}: {} sets x {} deal{}, {} games; best so far {best_name}{first}",
        stage.number,
        plan.stages.len(),
        kind.name(),
        grouped(layout.sets.len() as u64),
        grouped(deals.len() as u64),
        if deals.len() == 1 { "" } else { "s" },
        grouped(total),
    ));
    Ok(opts.stage != Some(stage.number))
}

/// Each set's evaluation by every objective (on every deal it has played at the fidelity),
/// and its changes from the base.
fn evaluate_sets(
    plan: &SearchPlan,
    fidelity: usize,
    sets: &[u64],
    sums: &Sums,
) -> (Vec<Vec<Evaluation>>, Vec<u32>) {
    let measures = &plan.fidelities[fidelity].measures;
    let empty = SetSums::new(measures.len());
    let changes: Vec<u32> = sets.iter().map(|&s| plan.space.changes(s)).collect();
    let evals = sets
        .iter()
        .zip(&changes)
        .map(|(s, &ch)| {
            let sums = sums.get(s).unwrap_or(&empty);
            plan.objectives
                .iter()
                .map(|o| evaluate(o, measures, sums, ch))
                .collect()
        })
        .collect();
    (evals, changes)
}

/// A chunk's failure as the run's error.
fn stop_error(stop: ChunkStop, done: u64, total: u64) -> SearchRunError {
    match stop {
        ChunkStop::Interrupted => RunError::Interrupted { done, total }.into(),
        ChunkStop::Panic(p) => RunError::Panic(p).into(),
        ChunkStop::Bot { set, game, failure } => RunError::BotFailed {
            set: Some(set),
            game,
            failure,
        }
        .into(),
        ChunkStop::Space(e) => e.into(),
        ChunkStop::Failed(e) => e.into(),
    }
}

/// The ranking of the last stage's sets (the finalists and the base) at its fidelity, with
/// paired differences from the best and from the base.
fn ranking(plan: &SearchPlan, state: &State) -> Result<Ranking, SearchRunError> {
    let Some(stage) = plan.stages.last() else {
        return Err(SearchRunError::NoSuchStage {
            stage: 0,
            stages: 0,
        });
    };
    let fid = &plan.fidelities[stage.fidelity];
    let sums = &state.sums[stage.fidelity];
    let mut sets: Vec<u64> = sums.keys().copied().collect();
    sets.sort_unstable();
    let (evals, changes) = evaluate_sets(plan, stage.fidelity, &sets, sums);
    let order = rank(&evals, &changes, &sets, Ties::FewerChanges);
    let per_deal = StageGames::new(fid, stage.deals.clone()).games_per_deal();
    let best = order.first().map_or(0, |&(i, _)| i);
    let base = sets.iter().position(|&s| s == 0).unwrap_or(0);
    let mut rows = Vec::with_capacity(order.len());
    for (place, &(i, front)) in order.iter().enumerate() {
        let s = sets[i];
        let deals = sums[&s].blocks() as u64;
        rows.push(RankedSet {
            rank: place + 1,
            front,
            name: plan.space.set(s)?.name,
            index: s,
            changes: changes[i],
            deals,
            games: deals * per_deal,
            objectives: plan
                .objectives
                .iter()
                .enumerate()
                .map(|(k, o)| {
                    let diff = |j: usize| {
                        paired(
                            o,
                            &fid.measures,
                            &sums[&s],
                            changes[i],
                            &sums[&sets[j]],
                            changes[j],
                        )
                    };
                    RankedObjective {
                        est: evals[i][k].objective,
                        d_best: diff(best),
                        d_base: diff(base),
                        violation: evals[i][k].violation,
                    }
                })
                .collect(),
            metrics: evals[i]
                .first()
                .map(|e| e.metrics.clone())
                .unwrap_or_default(),
        });
    }
    Ok(Ranking {
        fidelity: fid.kind,
        objectives: plan.objectives.iter().map(|o| o.name.clone()).collect(),
        measures: fid.measures.iter().map(measure_name).collect(),
        rows,
    })
}
