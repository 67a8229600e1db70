//! Running a plan: ordered blocks of games in parallel, CSV rows appended in game order,
//! a manifest after every window of blocks (so an interrupted run keeps all completed work and
//! `--resume` finishes it), shards, and merging shards.
//!
//! Output is byte-identical for the same plan at any thread count and whether the run is done
//! at once, resumed, or as shards merged afterwards: every game's randomness depends only on its
//! index, rows are written in game order, and statistics are integers.

use crate::plan::Plan;
use crate::record::{self, Rows, Worker, CENSUS_HEADER, GAMES_HEADER, ROUNDS_HEADER};
use crate::sets::{NamedSet, SetRecord};
use crate::stats::{cards_csv, summary_csv, Stats};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Manifest file name in an output directory.
pub const MANIFEST: &str = "manifest.json";

/// The manifest format version this build writes. Version 2: every per-game CSV starts with the
/// `set` column and the manifest holds the set's definition. A run of another version cannot be
/// resumed or merged (its files have other columns).
pub const MANIFEST_VERSION: u32 = 2;

fn check_version(m: &Manifest, dir: &Path) -> Result<(), RunError> {
    if m.version == MANIFEST_VERSION {
        return Ok(());
    }
    Err(RunError::Input(format!(
        "{}: the run there was written by another version of silver (manifest version {}, this \
         one writes {MANIFEST_VERSION}; the CSV columns differ); run it again into a new --out",
        dir.display(),
        m.version
    )))
}

/// A shard: part `index` (0-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// 0-based index.
    pub index: u32,
    /// Number of shards.
    pub count: u32,
}

impl Shard {
    /// Parses `K/N` (1-based K, as typed on the command line).
    pub fn parse(s: &str) -> Result<Shard, String> {
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| format!("--shard {s}: expected K/N, e.g. 2/3"))?;
        let k: u32 = k
            .trim()
            .parse()
            .map_err(|_| format!("--shard {s}: K is not a number"))?;
        let n: u32 = n
            .trim()
            .parse()
            .map_err(|_| format!("--shard {s}: N is not a number"))?;
        if n == 0 || k == 0 || k > n {
            return Err(format!("--shard {s}: need 1 <= K <= N"));
        }
        Ok(Shard {
            index: k - 1,
            count: n,
        })
    }
}

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
}

/// The on-disk record of a run's progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// Format version.
    pub version: u32,
    /// Run name.
    pub name: String,
    /// Plan fingerprint.
    pub fingerprint: String,
    /// The shard, if any.
    pub shard: Option<Shard>,
    /// First game of this run.
    pub first_game: u64,
    /// One past the last game of this run.
    pub end_game: u64,
    /// Games per block (of deals times rotations).
    pub block_games: u64,
    /// Blocks completed.
    pub blocks_done: u64,
    /// Blocks in this run.
    pub blocks_total: u64,
    /// Byte length of each per-game file after the completed blocks.
    pub files: Vec<(String, u64)>,
    /// Statistics of the completed blocks.
    pub stats: Stats,
    /// Bot names, in plan order.
    pub bots: Vec<String>,
    /// Canonical card-set name.
    pub set: String,
    /// The set's full definition (custom characters included), to rebuild it for `merge`
    /// and `report`. Absent in manifests of older runs (then `set` is parsed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_definition: Option<SetRecord>,
    /// Which per-game files the run writes.
    pub outputs: crate::spec::Outputs,
    /// True once every block is done and the summary is written.
    pub complete: bool,
}

/// A game that panicked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePanic {
    /// Game index.
    pub game: u64,
    /// Master seed.
    pub seed: u64,
    /// Panic message.
    pub message: String,
}

/// Why a run stopped early.
#[derive(Debug)]
pub enum RunError {
    /// Bad options or files (one-line message).
    Input(String),
    /// I/O failure.
    Io(String),
    /// Interrupted: completed blocks are on disk; `--resume` continues.
    Interrupted {
        /// Games completed.
        done: u64,
        /// Games in the run.
        total: u64,
    },
    /// A game panicked.
    Panic(GamePanic),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Input(m) | RunError::Io(m) => f.write_str(m),
            RunError::Interrupted { done, total } => write!(
                f,
                "interrupted after {done} of {total} games; completed games are saved, continue with --resume"
            ),
            RunError::Panic(p) => write!(f, "game {} (seed {}) panicked: {}", p.game, p.seed, p.message),
        }
    }
}

impl std::error::Error for RunError {}

fn io<E: std::fmt::Display>(path: &Path) -> impl FnOnce(E) -> RunError + '_ {
    move |e| RunError::Io(format!("{}: {e}", path.display()))
}

/// Receives progress (called from the thread that drives the run, once per window).
pub trait Progress {
    /// Games done so far out of `total` in this run (including resumed ones).
    fn update(&mut self, done: u64, total: u64);
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
}

const FILES: [(&str, &str); 3] = [
    ("games.csv", GAMES_HEADER),
    ("rounds.csv", ROUNDS_HEADER),
    ("census.csv", CENSUS_HEADER),
];

fn enabled(plan: &Plan, file: &str) -> bool {
    match file {
        "games.csv" => plan.outputs.games,
        "rounds.csv" => plan.outputs.rounds,
        "census.csv" => plan.outputs.census,
        _ => false,
    }
}

fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), RunError> {
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, bytes).map_err(io(&tmp))?;
    fs::rename(&tmp, path).map_err(io(path))
}

/// Writes a manifest atomically.
fn save_manifest(path: &Path, manifest: &Manifest) -> Result<(), RunError> {
    let bytes = serde_json::to_vec_pretty(manifest).map_err(|e| {
        RunError::Io(format!(
            "{}: cannot encode the manifest: {e}",
            path.display()
        ))
    })?;
    write_atomic(path, &bytes)
}

/// Reads a run's manifest.
pub fn read_manifest(dir: &Path) -> Result<Manifest, RunError> {
    let p = dir.join(MANIFEST);
    let text = fs::read_to_string(&p).map_err(|e| {
        RunError::Input(format!(
            "{}: {e} (is this a run's output directory?)",
            p.display()
        ))
    })?;
    serde_json::from_str(&text)
        .map_err(|e| RunError::Input(format!("{}: not a valid manifest: {e}", p.display())))
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

/// Runs a plan (or one shard of it) into `opts.out`.
pub fn run(
    plan: &Plan,
    opts: &RunOptions,
    progress: &mut dyn Progress,
    interrupted: &AtomicBool,
) -> Result<RunOutcome, RunError> {
    let started = Instant::now();
    let out = &opts.out;
    fs::create_dir_all(out).map_err(|e| {
        RunError::Input(format!(
            "cannot create output directory {}: {e}",
            out.display()
        ))
    })?;
    let (first, end) = game_range(plan, opts.shard);
    let r = plan.rotations as u64;
    let deals = (end - first).div_ceil(r);
    // Block size depends only on the run's size, so a resumed run has the same blocks.
    let block_deals = (deals / 512).clamp(1, 256);
    let block_games = block_deals * r;
    let blocks_total = (end - first).div_ceil(block_games);
    let bot_names: Vec<String> = plan.bots.iter().map(|b| b.name.clone()).collect();
    let fingerprint = plan.fingerprint();
    let mut manifest = Manifest {
        version: MANIFEST_VERSION,
        name: plan.name.clone(),
        fingerprint: fingerprint.clone(),
        shard: opts.shard,
        first_game: first,
        end_game: end,
        block_games,
        blocks_done: 0,
        blocks_total,
        files: Vec::new(),
        stats: Stats::new(plan.bots.len(), plan.config.players as usize),
        bots: bot_names.clone(),
        set: plan.set.name.clone(),
        set_definition: Some(plan.set.record()),
        outputs: plan.outputs,
        complete: false,
    };
    let manifest_path = out.join(MANIFEST);
    let mut files: Vec<(String, File)> = Vec::new();
    if opts.resume {
        let old = read_manifest(out)?;
        check_version(&old, out)?;
        if old.fingerprint != fingerprint || old.shard != opts.shard {
            return Err(RunError::Input(format!(
                "{}: the run there has a different plan or shard (fingerprint {} vs {}); resume with the same spec and options",
                manifest_path.display(),
                old.fingerprint,
                fingerprint
            )));
        }
        if old.complete {
            return Err(RunError::Input(format!(
                "{}: that run is already complete",
                out.display()
            )));
        }
        manifest = old;
        for (name, len) in manifest.files.clone() {
            let p = out.join(&name);
            let f = OpenOptions::new().write(true).open(&p).map_err(io(&p))?;
            f.set_len(len).map_err(io(&p))?;
            let mut f = f;
            use std::io::Seek;
            f.seek(std::io::SeekFrom::End(0)).map_err(io(&p))?;
            files.push((name, f));
        }
    } else {
        if let Ok(old) = read_manifest(out) {
            if !old.complete {
                return Err(RunError::Input(format!(
                    "{} holds an unfinished run ({} of {} blocks); continue it with --resume or choose another --out",
                    out.display(),
                    old.blocks_done,
                    old.blocks_total
                )));
            }
        }
        for f in [
            "games.csv",
            "rounds.csv",
            "census.csv",
            "cards.csv",
            "summary.csv",
        ] {
            let _ = fs::remove_file(out.join(f));
        }
        for (name, header) in FILES {
            if enabled(plan, name) {
                let p = out.join(name);
                let mut f = File::create(&p)
                    .map_err(|e| RunError::Input(format!("cannot write {}: {e}", p.display())))?;
                f.write_all(header.as_bytes()).map_err(io(&p))?;
                files.push((name.to_string(), f));
                manifest.files.push((name.to_string(), header.len() as u64));
            }
        }
        save_manifest(&manifest_path, &manifest)?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
        .map_err(|e| RunError::Input(format!("cannot start {} threads: {e}", opts.threads)))?;
    let window = (pool.current_num_threads() as u64 * 4).max(1);
    let total_games = end - first;
    let mut played = 0u64;
    progress.update(
        manifest.blocks_done.min(blocks_total) * block_games,
        total_games,
    );
    while manifest.blocks_done < blocks_total {
        if interrupted.load(Ordering::SeqCst) {
            let done = (manifest.blocks_done * block_games).min(total_games);
            return Err(RunError::Interrupted {
                done,
                total: total_games,
            });
        }
        let b0 = manifest.blocks_done;
        let b1 = (b0 + window).min(blocks_total);
        let results: Vec<Result<(Rows, Stats), GamePanic>> = pool.install(|| {
            (b0..b1)
                .into_par_iter()
                .map_init(
                    || Worker::new(plan),
                    |worker, b| {
                        let g0 = first + b * block_games;
                        let g1 = (g0 + block_games).min(end);
                        let mut rows = Rows::default();
                        let mut stats = Stats::new(plan.bots.len(), plan.config.players as usize);
                        for g in g0..g1 {
                            let res = catch_unwind(AssertUnwindSafe(|| {
                                record::play(plan, g, worker, &mut stats, &mut rows, &mut ());
                            }));
                            if let Err(e) = res {
                                let message = e
                                    .downcast_ref::<String>()
                                    .cloned()
                                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                                    .unwrap_or_else(|| "unknown panic".into());
                                // The worker's players may be in any state now.
                                *worker = Worker::new(plan);
                                return Err(GamePanic {
                                    game: g,
                                    seed: plan.seed,
                                    message,
                                });
                            }
                        }
                        Ok((rows, stats))
                    },
                )
                .collect()
        });
        for res in results {
            let (rows, stats) = match res {
                Ok(x) => x,
                Err(p) => {
                    save_manifest(&manifest_path, &manifest)?;
                    return Err(RunError::Panic(p));
                }
            };
            for (name, f) in files.iter_mut() {
                let bytes = match name.as_str() {
                    "games.csv" => &rows.games,
                    "rounds.csv" => &rows.rounds,
                    _ => &rows.census,
                };
                let p = out.join(&*name);
                f.write_all(bytes).map_err(io(&p))?;
            }
            manifest.stats.merge(&stats);
            played += stats.games;
            manifest.blocks_done += 1;
        }
        for (name, f) in files.iter_mut() {
            f.flush().map_err(io(&out.join(&*name)))?;
            let len = f.metadata().map_err(io(&out.join(&*name)))?.len();
            if let Some(e) = manifest.files.iter_mut().find(|(n, _)| n == name) {
                e.1 = len;
            }
        }
        save_manifest(&manifest_path, &manifest)?;
        progress.update(
            (manifest.blocks_done * block_games).min(total_games),
            total_games,
        );
    }
    finish(out, &mut manifest)?;
    Ok(RunOutcome {
        stats: manifest.stats,
        games_played: played,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Writes the summary files and marks the manifest complete.
fn finish(out: &Path, manifest: &mut Manifest) -> Result<(), RunError> {
    write_atomic(
        &out.join("summary.csv"),
        &summary_csv(&manifest.stats, &manifest.bots, &manifest.set),
    )?;
    if manifest.outputs.cards {
        let set = manifest_set(manifest)?;
        write_atomic(&out.join("cards.csv"), &cards_csv(&manifest.stats, &set))?;
    }
    manifest.complete = true;
    save_manifest(&out.join(MANIFEST), manifest)
}

/// The card set of a run, rebuilt from its manifest.
pub fn manifest_set(manifest: &Manifest) -> Result<NamedSet, RunError> {
    let set = match &manifest.set_definition {
        Some(r) => NamedSet::from_record(r),
        None => NamedSet::parse(&manifest.set),
    }
    .map_err(|e| RunError::Input(format!("the manifest's card set: {e}")))?;
    if set.name != manifest.set {
        return Err(RunError::Input(format!(
            "the manifest's card set `{}` does not match its definition (`{}`)",
            manifest.set, set.name
        )));
    }
    Ok(set)
}

/// Merges complete shard directories (each run with `--shard K/N` of the same plan) into `out`,
/// giving the same files a single run writes. Everything needed is in the shards' manifests.
pub fn merge(out: &Path, inputs: &[PathBuf]) -> Result<Manifest, RunError> {
    if inputs.is_empty() {
        return Err(RunError::Input(
            "merge: name the shard directories to merge".into(),
        ));
    }
    let mut shards: Vec<(Manifest, &PathBuf)> = Vec::new();
    for dir in inputs {
        let m = read_manifest(dir)?;
        check_version(&m, dir)?;
        if let Some((first, fdir)) = shards.first() {
            if m.fingerprint != first.fingerprint {
                return Err(RunError::Input(format!(
                    "{} and {} are shards of different runs (fingerprints {} and {})",
                    fdir.display(),
                    dir.display(),
                    first.fingerprint,
                    m.fingerprint
                )));
            }
        }
        if !m.complete {
            return Err(RunError::Input(format!(
                "{}: this shard is not complete; finish it with --resume",
                dir.display()
            )));
        }
        if m.shard.is_none() {
            return Err(RunError::Input(format!(
                "{}: not a shard (run with --shard K/N)",
                dir.display()
            )));
        }
        shards.push((m, dir));
    }
    let count = shards[0].0.shard.map_or(0, |s| s.count);
    shards.sort_by_key(|(m, _)| m.shard.map(|s| (s.count, s.index)));
    let indices: Vec<Option<Shard>> = shards.iter().map(|(m, _)| m.shard).collect();
    let expected: Vec<Option<Shard>> = (0..count)
        .map(|index| Some(Shard { index, count }))
        .collect();
    if indices != expected {
        let have: Vec<String> = indices
            .iter()
            .map(|s| s.map_or("none".into(), |s| format!("{}/{}", s.index + 1, s.count)))
            .collect();
        return Err(RunError::Input(format!(
            "merge: need shards 1/{count} to {count}/{count} exactly once; got {}",
            have.join(", ")
        )));
    }
    fs::create_dir_all(out).map_err(|e| {
        RunError::Input(format!(
            "cannot create output directory {}: {e}",
            out.display()
        ))
    })?;
    let first = shards[0].0.clone();
    for (name, header) in FILES {
        if !first.files.iter().any(|(n, _)| n == name) {
            continue;
        }
        let mut bytes = header.as_bytes().to_vec();
        for (_, dir) in &shards {
            let p = dir.join(name);
            let text = fs::read(&p).map_err(io(&p))?;
            if !text.starts_with(header.as_bytes()) {
                return Err(RunError::Input(format!(
                    "{}: unexpected header",
                    p.display()
                )));
            }
            bytes.extend_from_slice(&text[header.len()..]);
        }
        write_atomic(&out.join(name), &bytes)?;
    }
    let mut stats = Stats::new(first.bots.len(), first.stats.seats.len());
    for (m, _) in &shards {
        stats.merge(&m.stats);
    }
    let mut manifest = Manifest {
        shard: None,
        first_game: shards[0].0.first_game,
        end_game: shards[shards.len() - 1].0.end_game,
        block_games: 0,
        blocks_done: 0,
        blocks_total: 0,
        files: Vec::new(),
        stats,
        complete: false,
        ..first
    };
    finish(out, &mut manifest)?;
    Ok(manifest)
}
