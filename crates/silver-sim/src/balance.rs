//! Balance sweeps: the same games played with several card sets, compared with a base set.
//!
//! A spec with a `[balance]` table names a base set and either a sweep (`one-swap`: every set
//! one value away from the base) or an explicit list. Every set plays the same games with
//! common random numbers: game `i` of every set has the same deal seed, first player, seating
//! and bot seeds as game `i` of the base (all derive from the master seed and the game index,
//! [`crate::seeds`]), and is played by the one game loop ([`crate::play`]). Only the card set
//! differs, so the differences between sets are paired, game by game, and their intervals are
//! computed from the per-game differences.
//!
//! The sweep runs set by set. Each finished set leaves a run directory
//! `OUT/sets/NN-NAME/` (`manifest.json` in the format of a normal run, `summary.csv`,
//! `cards.csv`, the enabled per-game files, and `game-metrics.csv`: one row of integer
//! counts per game, which the paired intervals need). `--resume` skips the sets whose
//! directory is complete; an interrupted set is replayed from its start. When every set is
//! done, `OUT/balance.csv` compares them.

use crate::plan::{resolve, Plan};
use crate::record::{self, Rows, Worker, CENSUS_HEADER, GAMES_HEADER, ROUNDS_HEADER};
use crate::run::{read_manifest, GamePanic, Manifest, RunError, MANIFEST};
use crate::sets::NamedSet;
use crate::spec::ExperimentSpec;
use crate::stats::{cards_csv, summary_csv, wilson, Stats};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use silver_rules::{character, CardSet, Edition, Seat, VALUES};
use std::fs::{self, File};
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The `[balance]` table of an experiment spec.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BalanceSpec {
    /// The reference set (any set string); defaults to the spec's `set`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    /// A generated neighbourhood of the base: `one-swap`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sweep: Option<String>,
    /// An explicit list of sets (the base is always run first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sets: Option<Vec<String>>,
}

/// The sweep kinds `sweep = "..."` accepts.
pub const SWEEPS: [&str; 1] = ["one-swap"];

/// Output file of the comparison.
pub const BALANCE_CSV: &str = "balance.csv";
/// The sweep's own progress record.
pub const BALANCE_MANIFEST: &str = "balance.json";
/// Per-set directory parent.
pub const SETS_DIR: &str = "sets";
/// Per-game integer counts of a set (what the paired intervals need).
pub const GAME_METRICS: &str = "game-metrics.csv";

/// Resolves a set argument (a set string or a card-set file) into a named card set.
pub fn resolve_set(text: &str) -> Result<NamedSet, String> {
    crate::sets::resolve_set(text)
}

/// Every set that differs from `base` in exactly one value, taking that value from another
/// edition whose character for it is known (official or reconstructed); the token and the
/// other values (custom characters included) stay the base's. In value order, then edition
/// order.
pub fn one_swap(base: &NamedSet) -> Result<Vec<NamedSet>, String> {
    let mut out = Vec::new();
    for v in 0..VALUES as u8 {
        for e in Edition::BUILT_IN {
            if e == base.set.edition(v) || character(e, v).is_none() {
                continue;
            }
            let set = base.set.with_character(v, e).map_err(|e| e.to_string())?;
            let mut labels = base.labels.clone();
            labels[v as usize] = character(e, v).map_or_else(String::new, |c| c.name.into());
            out.push(NamedSet {
                set,
                name: set.canonical_name(),
                labels,
                custom: base
                    .custom
                    .iter()
                    .filter(|(cv, _)| *cv != v)
                    .cloned()
                    .collect(),
            });
        }
    }
    Ok(out)
}

/// One set of a sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSet {
    /// The set.
    pub set: NamedSet,
    /// Its canonical name.
    pub name: String,
    /// The value it takes from another edition, when it differs from the base in exactly one
    /// value (and not in the token).
    pub swap: Option<(u8, Edition)>,
    /// Number of values whose character differs from the base's.
    pub changed: usize,
}

impl SweepSet {
    fn new(named: NamedSet, base: &CardSet) -> SweepSet {
        let set = named.set;
        let diff: Vec<u8> = (0..VALUES as u8)
            .filter(|&v| base.edition(v) != set.edition(v) || base.ability(v) != set.ability(v))
            .collect();
        let swap = (diff.len() == 1 && base.token() == set.token())
            .then(|| (diff[0], set.edition(diff[0])));
        SweepSet {
            name: named.name.clone(),
            set: named,
            swap,
            changed: diff.len(),
        }
    }
}

/// A resolved balance sweep.
#[derive(Clone, Debug)]
pub struct BalancePlan {
    /// The base set's plan: bots, seating, games, seed and outputs shared by every set.
    pub base: Plan,
    /// The sets, base first.
    pub sets: Vec<SweepSet>,
}

fn fnv(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl BalancePlan {
    /// The plan of set `i`: the base plan with that set.
    pub fn plan(&self, i: usize) -> Plan {
        let mut p = self.base.clone();
        p.config.set = self.sets[i].set.set;
        p.set = self.sets[i].set.clone();
        p
    }

    /// The directory of set `i` under `OUT/sets/`: its index and its name, with characters
    /// that are awkward in file names replaced.
    pub fn dir_name(&self, i: usize) -> String {
        let width = (self.sets.len().saturating_sub(1)).to_string().len().max(2);
        let mut name: String = self.sets[i]
            .name
            .chars()
            .map(|c| match c {
                'a'..='z' | 'A'..='Z' | '0'..='9' | '-' | '+' | '=' => c,
                ':' => '-',
                _ => '_',
            })
            .collect();
        name.truncate(60);
        format!("{i:0width$}-{name}")
    }

    /// Games per set.
    pub fn games(&self) -> u64 {
        self.base.games
    }

    /// Games of the whole sweep.
    pub fn total_games(&self) -> u64 {
        self.base.games * self.sets.len() as u64
    }

    /// A fingerprint of the whole sweep (a resumed sweep must match it).
    pub fn fingerprint(&self) -> String {
        let mut text = String::from("balance-1");
        for i in 0..self.sets.len() {
            text.push('|');
            text.push_str(&self.dir_name(i));
            text.push('=');
            text.push_str(&self.plan(i).fingerprint());
        }
        fnv(&text)
    }
}

/// Resolves a spec with a `[balance]` table: the base plan (as for a normal run) and the list
/// of sets, base first.
pub fn resolve_balance(spec: &ExperimentSpec, bots_dir: &Path) -> Result<BalancePlan, String> {
    let b = spec
        .balance
        .as_ref()
        .ok_or("this spec has no [balance] table")?;
    let base_plan = resolve(spec, bots_dir)?;
    let base_text = b.base.as_deref().unwrap_or(&spec.set);
    let base =
        resolve_set(base_text).map_err(|e| format!("[balance] base = \"{base_text}\": {e}"))?;
    let others: Vec<NamedSet> = match (&b.sweep, &b.sets) {
        (Some(_), Some(_)) => {
            return Err("[balance]: give either sweep or sets, not both".into());
        }
        (None, None) => {
            return Err(format!(
                "[balance]: give sweep = \"one-swap\" (every set one value away from the base) \
                 or sets = [...] (an explicit list); valid sweeps: {}",
                SWEEPS.join(", ")
            ));
        }
        (Some(kind), None) => match kind.as_str() {
            "one-swap" => one_swap(&base).map_err(|e| format!("[balance] sweep: {e}"))?,
            other => {
                return Err(format!(
                    "[balance] sweep = \"{other}\": unknown sweep; valid sweeps: {}",
                    SWEEPS.join(", ")
                ));
            }
        },
        (None, Some(list)) => {
            if list.is_empty() {
                return Err(
                    "[balance] sets: list at least one set to compare with the base".into(),
                );
            }
            let mut sets: Vec<(NamedSet, &str)> = Vec::new();
            for text in list {
                let set =
                    resolve_set(text).map_err(|e| format!("[balance] sets: `{text}`: {e}"))?;
                if let Some((_, first)) = sets.iter().find(|(s, _)| *s == set) {
                    return Err(format!(
                        "[balance] sets: `{first}` and `{text}` are the same set ({})",
                        set.name
                    ));
                }
                sets.push((set, text));
            }
            sets.into_iter().map(|(s, _)| s).collect()
        }
    };
    let mut base_plan = base_plan;
    base_plan.config.set = base.set;
    base_plan.set = base.clone();
    let sets = std::iter::once(base.clone())
        .chain(others)
        .map(|s| SweepSet::new(s, &base.set))
        .collect();
    Ok(BalancePlan {
        base: base_plan,
        sets,
    })
}

// ---------------------------------------------------------------------------------------------
// Per-game counts

/// One game's integer counts (a row of `game-metrics.csv`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameRow {
    /// Rounds played.
    pub rounds: u32,
    /// Player-rounds (rounds times players).
    pub player_rounds: u32,
    /// Sum of every player's round scores.
    pub score_sum: i64,
    /// Completed turns, summed over rounds.
    pub turns: u32,
    /// Census calls.
    pub census_calls: u32,
    /// Successful census calls.
    pub census_success: u32,
    /// 1 if the start player won.
    pub start_won: u32,
    /// The winner's bot (index into the plan's bots).
    pub winner_bot: u32,
    /// Ability uses per value.
    pub uses: [u32; VALUES],
}

impl GameRow {
    /// The counts of one game's statistics.
    pub fn from_stats(s: &Stats) -> GameRow {
        GameRow {
            rounds: s.rounds as u32,
            player_rounds: s.bots.iter().map(|b| b.rounds).sum::<u64>() as u32,
            score_sum: s.bots.iter().map(|b| b.round_score_sum).sum(),
            turns: s.turns as u32,
            census_calls: s.bots.iter().map(|b| b.census_calls).sum::<u64>() as u32,
            census_success: s.bots.iter().map(|b| b.census_success).sum::<u64>() as u32,
            start_won: s.start_player_wins as u32,
            winner_bot: s.bots.iter().position(|b| b.wins > 0).unwrap_or(0) as u32,
            uses: std::array::from_fn(|v| s.cards.get(v).map_or(0, |c| c.ability_used) as u32),
        }
    }
}

fn metrics_header() -> String {
    let mut h = String::from(
        "game,rounds,player_rounds,score_sum,turns,census_calls,census_success,start_won,winner_bot",
    );
    for v in 0..VALUES {
        h.push_str(&format!(",use_{v}"));
    }
    h.push('\n');
    h
}

fn metrics_csv(rows: &[GameRow]) -> Vec<u8> {
    let mut out = metrics_header().into_bytes();
    for (g, r) in rows.iter().enumerate() {
        let _ = write!(
            out,
            "{g},{},{},{},{},{},{},{},{}",
            r.rounds,
            r.player_rounds,
            r.score_sum,
            r.turns,
            r.census_calls,
            r.census_success,
            r.start_won,
            r.winner_bot
        );
        for u in r.uses {
            let _ = write!(out, ",{u}");
        }
        out.push(b'\n');
    }
    out
}

/// Reads `game-metrics.csv`; `None` unless it holds exactly `games` rows in order.
fn read_metrics(path: &Path, games: u64) -> Option<Vec<GameRow>> {
    let text = fs::read_to_string(path).ok()?;
    let body = text.strip_prefix(metrics_header().as_str())?;
    let mut rows = Vec::new();
    for (g, line) in body.lines().enumerate() {
        let f: Vec<i64> = line
            .split(',')
            .map(|x| x.parse().ok())
            .collect::<Option<_>>()?;
        if f.len() != 9 + VALUES || f[0] != g as i64 {
            return None;
        }
        let u = |i: usize| u32::try_from(f[i]).ok();
        let mut uses = [0u32; VALUES];
        for (v, x) in uses.iter_mut().enumerate() {
            *x = u(9 + v)?;
        }
        rows.push(GameRow {
            rounds: u(1)?,
            player_rounds: u(2)?,
            score_sum: f[3],
            turns: u(4)?,
            census_calls: u(5)?,
            census_success: u(6)?,
            start_won: u(7)?,
            winner_bot: u(8)?,
            uses,
        });
    }
    (rows.len() as u64 == games).then_some(rows)
}

// ---------------------------------------------------------------------------------------------
// Running

/// How to run a sweep.
#[derive(Clone, Debug)]
pub struct BalanceOptions {
    /// Output directory.
    pub out: PathBuf,
    /// Worker threads (0 = one per core).
    pub threads: usize,
    /// Continue an interrupted sweep: sets whose directory is complete are not replayed.
    pub resume: bool,
}

/// Receives a sweep's progress (from the thread that drives it).
pub trait SweepProgress {
    /// Set `index` of `count` starts (`resumed`: it was complete on disk and is not replayed).
    fn set_started(&mut self, index: usize, count: usize, name: &str, resumed: bool);
    /// Games done so far out of `total` in the whole sweep (including resumed sets).
    fn update(&mut self, done: u64, total: u64);
}

/// The sweep's record of itself (`balance.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepManifest {
    /// Format version.
    pub version: u32,
    /// Run name.
    pub name: String,
    /// Sweep fingerprint.
    pub fingerprint: String,
    /// Every set's directory and canonical name, base first.
    pub sets: Vec<(String, String)>,
    /// Sets complete on disk.
    pub sets_done: usize,
    /// True once `balance.csv` is written.
    pub complete: bool,
}

/// A finished sweep.
#[derive(Debug)]
pub struct BalanceOutcome {
    /// One row per set, base first (what `balance.csv` holds).
    pub rows: Vec<SetMetrics>,
    /// Games played in this invocation (not counting resumed sets).
    pub games_played: u64,
    /// Sets played in this invocation.
    pub sets_played: usize,
    /// Sets found complete on disk and not replayed.
    pub sets_resumed: usize,
    /// Wall time of this invocation, in seconds.
    pub seconds: f64,
}

fn io<E: std::fmt::Display>(path: &Path) -> impl FnOnce(E) -> RunError + '_ {
    move |e| RunError::Io(format!("{}: {e}", path.display()))
}

fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), RunError> {
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, bytes).map_err(io(&tmp))?;
    fs::rename(&tmp, path).map_err(io(path))
}

fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), RunError> {
    let bytes = serde_json::to_vec_pretty(value)
        .map_err(|e| RunError::Io(format!("{}: cannot encode: {e}", path.display())))?;
    write_atomic(path, &bytes)
}

/// A set's statistics and per-game counts.
struct SetData {
    stats: Stats,
    rows: Vec<GameRow>,
}

/// A complete set directory of this plan, if there is one.
fn load_set(plan: &Plan, dir: &Path) -> Option<SetData> {
    let m = read_manifest(dir).ok()?;
    if !m.complete || m.fingerprint != plan.fingerprint() {
        return None;
    }
    let rows = read_metrics(&dir.join(GAME_METRICS), plan.games)?;
    (m.stats.games == plan.games).then_some(SetData {
        stats: m.stats,
        rows,
    })
}

const PER_GAME: [(&str, &str); 3] = [
    ("games.csv", GAMES_HEADER),
    ("rounds.csv", ROUNDS_HEADER),
    ("census.csv", CENSUS_HEADER),
];

/// Plays every game of one set into `dir`; the directory's manifest is written last, so a
/// set is complete on disk only once everything else is.
#[allow(clippy::too_many_arguments)]
fn run_set(
    plan: &Plan,
    dir: &Path,
    pool: &rayon::ThreadPool,
    done_before: u64,
    total: u64,
    progress: &mut dyn SweepProgress,
    interrupted: &AtomicBool,
) -> Result<SetData, RunError> {
    fs::create_dir_all(dir)
        .map_err(|e| RunError::Input(format!("cannot create directory {}: {e}", dir.display())))?;
    for f in [
        MANIFEST,
        GAME_METRICS,
        "games.csv",
        "rounds.csv",
        "census.csv",
        "cards.csv",
        "summary.csv",
    ] {
        let p = dir.join(f);
        if p.exists() {
            fs::remove_file(&p).map_err(io(&p))?;
        }
    }
    let enabled = |name: &str| match name {
        "games.csv" => plan.outputs.games,
        "rounds.csv" => plan.outputs.rounds,
        _ => plan.outputs.census,
    };
    let mut files: Vec<(String, File)> = Vec::new();
    for (name, header) in PER_GAME {
        if enabled(name) {
            let p = dir.join(name);
            let mut f = File::create(&p).map_err(io(&p))?;
            f.write_all(header.as_bytes()).map_err(io(&p))?;
            files.push((name.to_string(), f));
        }
    }
    let (bots, seats) = (plan.bots.len(), plan.config.players as usize);
    let r = plan.rotations as u64;
    let block_deals = (plan.games.div_ceil(r) / 512).clamp(1, 256);
    let block_games = block_deals * r;
    let blocks = plan.games.div_ceil(block_games);
    let window = (pool.current_num_threads() as u64 * 4).max(1);
    let mut stats = Stats::new(bots, seats);
    let mut rows: Vec<GameRow> = Vec::with_capacity(plan.games as usize);
    let mut b0 = 0;
    while b0 < blocks {
        if interrupted.load(Ordering::SeqCst) {
            return Err(RunError::Interrupted {
                done: done_before,
                total,
            });
        }
        let b1 = (b0 + window).min(blocks);
        type Block = (Rows, Stats, Vec<GameRow>);
        let results: Vec<Result<Block, GamePanic>> = pool.install(|| {
            (b0..b1)
                .into_par_iter()
                .map_init(
                    || Worker::new(plan),
                    |worker, b| {
                        let g0 = b * block_games;
                        let g1 = (g0 + block_games).min(plan.games);
                        let mut out = Rows::default();
                        let mut block = Stats::new(bots, seats);
                        let mut counts = Vec::with_capacity((g1 - g0) as usize);
                        for g in g0..g1 {
                            let mut one = Stats::new(bots, seats);
                            let res = catch_unwind(AssertUnwindSafe(|| {
                                record::play(plan, g, worker, &mut one, &mut out, &mut ());
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
                                    message: format!("set {}: {message}", plan.set.name),
                                });
                            }
                            counts.push(GameRow::from_stats(&one));
                            block.merge(&one);
                        }
                        Ok((out, block, counts))
                    },
                )
                .collect()
        });
        for res in results {
            let (out, block, counts) = res.map_err(RunError::Panic)?;
            for (name, f) in files.iter_mut() {
                let bytes = match name.as_str() {
                    "games.csv" => &out.games,
                    "rounds.csv" => &out.rounds,
                    _ => &out.census,
                };
                f.write_all(bytes).map_err(io(&dir.join(&*name)))?;
            }
            stats.merge(&block);
            rows.extend(counts);
        }
        b0 = b1;
        progress.update(done_before + rows.len() as u64, total);
    }
    let mut lengths = Vec::new();
    for (name, f) in files.iter_mut() {
        let p = dir.join(&*name);
        f.flush().map_err(io(&p))?;
        lengths.push((name.clone(), f.metadata().map_err(io(&p))?.len()));
    }
    write_atomic(&dir.join(GAME_METRICS), &metrics_csv(&rows))?;
    let bot_names: Vec<String> = plan.bots.iter().map(|b| b.name.clone()).collect();
    write_atomic(
        &dir.join("summary.csv"),
        &summary_csv(&stats, &bot_names, &plan.set.name),
    )?;
    if plan.outputs.cards {
        write_atomic(&dir.join("cards.csv"), &cards_csv(&stats, &plan.set))?;
    }
    let manifest = Manifest {
        version: crate::run::MANIFEST_VERSION,
        name: plan.name.clone(),
        fingerprint: plan.fingerprint(),
        shard: None,
        first_game: 0,
        end_game: plan.games,
        block_games,
        blocks_done: blocks,
        blocks_total: blocks,
        files: lengths,
        stats: stats.clone(),
        bots: bot_names,
        set: plan.set.name.clone(),
        set_definition: Some(plan.set.record()),
        outputs: plan.outputs,
        complete: true,
    };
    write_json(&dir.join(MANIFEST), &manifest)?;
    Ok(SetData { stats, rows })
}

/// Runs a sweep into `opts.out`: every set not already complete there (with `resume`), then
/// `balance.csv`.
pub fn run_balance(
    bp: &BalancePlan,
    opts: &BalanceOptions,
    progress: &mut dyn SweepProgress,
    interrupted: &AtomicBool,
) -> Result<BalanceOutcome, RunError> {
    let started = Instant::now();
    let out = &opts.out;
    fs::create_dir_all(out).map_err(|e| {
        RunError::Input(format!(
            "cannot create output directory {}: {e}",
            out.display()
        ))
    })?;
    let manifest_path = out.join(BALANCE_MANIFEST);
    let fingerprint = bp.fingerprint();
    let mut manifest = SweepManifest {
        version: 1,
        name: bp.base.name.clone(),
        fingerprint: fingerprint.clone(),
        sets: (0..bp.sets.len())
            .map(|i| (bp.dir_name(i), bp.sets[i].name.clone()))
            .collect(),
        sets_done: 0,
        complete: false,
    };
    let old: Option<SweepManifest> = match fs::read_to_string(&manifest_path) {
        Ok(text) => Some(serde_json::from_str(&text).map_err(|e| {
            RunError::Input(format!(
                "{}: not a valid balance manifest: {e}",
                manifest_path.display()
            ))
        })?),
        Err(e) if opts.resume => {
            return Err(RunError::Input(format!(
                "{}: {e} (is this a balance sweep's output directory?)",
                manifest_path.display()
            )));
        }
        Err(_) => None,
    };
    match (&old, opts.resume) {
        (Some(old), true) if old.fingerprint != fingerprint => {
            return Err(RunError::Input(format!(
                "{}: the sweep there has a different plan (fingerprint {} vs {}); resume with the same spec and options",
                manifest_path.display(),
                old.fingerprint,
                fingerprint
            )));
        }
        (Some(old), false) if !old.complete => {
            return Err(RunError::Input(format!(
                "{} holds an unfinished balance sweep ({} of {} sets); continue it with --resume or choose another --out",
                out.display(),
                old.sets_done,
                old.sets.len()
            )));
        }
        (Some(_), false) => {
            // A finished sweep of ours: start afresh.
            let sets = out.join(SETS_DIR);
            if sets.exists() {
                fs::remove_dir_all(&sets).map_err(io(&sets))?;
            }
            let csv = out.join(BALANCE_CSV);
            if csv.exists() {
                fs::remove_file(&csv).map_err(io(&csv))?;
            }
        }
        _ => {}
    }
    write_json(&manifest_path, &manifest)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
        .map_err(|e| RunError::Input(format!("cannot start {} threads: {e}", opts.threads)))?;
    let total = bp.total_games();
    let n = bp.sets.len();
    progress.update(0, total);
    let mut base: Option<SetData> = None;
    let mut rows = Vec::with_capacity(n);
    let (mut played, mut sets_played, mut sets_resumed) = (0u64, 0usize, 0usize);
    for i in 0..n {
        let plan = bp.plan(i);
        let dir = out.join(SETS_DIR).join(bp.dir_name(i));
        let done_before = i as u64 * bp.games();
        let loaded = if opts.resume {
            load_set(&plan, &dir)
        } else {
            None
        };
        let data = match loaded {
            Some(d) => {
                progress.set_started(i, n, &plan.set.name, true);
                sets_resumed += 1;
                d
            }
            None => {
                if interrupted.load(Ordering::SeqCst) {
                    return Err(RunError::Interrupted {
                        done: done_before,
                        total,
                    });
                }
                progress.set_started(i, n, &plan.set.name, false);
                let d = run_set(
                    &plan,
                    &dir,
                    &pool,
                    done_before,
                    total,
                    progress,
                    interrupted,
                )?;
                played += d.stats.games;
                sets_played += 1;
                d
            }
        };
        progress.update(done_before + bp.games(), total);
        let b = base.as_ref().unwrap_or(&data);
        rows.push(set_metrics(bp, i, &plan, &data, b));
        if base.is_none() {
            base = Some(data);
        }
        manifest.sets_done = i + 1;
        write_json(&manifest_path, &manifest)?;
    }
    write_atomic(&out.join(BALANCE_CSV), &balance_csv(&rows))?;
    manifest.complete = true;
    write_json(&manifest_path, &manifest)?;
    Ok(BalanceOutcome {
        rows,
        games_played: played,
        sets_played,
        sets_resumed,
        seconds: started.elapsed().as_secs_f64(),
    })
}

// ---------------------------------------------------------------------------------------------
// Comparison

/// 1.96: the normal quantile of a two-sided 95% interval.
const Z: f64 = 1.959_963_984_540_054;

/// An estimate with its 95% interval.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Est {
    /// Point estimate.
    pub value: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl Est {
    fn normal(value: f64, se: f64) -> Est {
        Est {
            value,
            low: value - Z * se,
            high: value + Z * se,
        }
    }

    /// True if the interval excludes 0.
    pub fn excludes_zero(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }
}

/// A metric of one set and its difference from the base set.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Metric {
    /// The set's value with its interval.
    pub value: Est,
    /// The set minus the base, with the paired interval.
    pub diff: Est,
}

/// One row of `balance.csv`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SetMetrics {
    /// Position in the sweep (0 = the base).
    pub index: usize,
    /// Canonical set name.
    pub set: String,
    /// The token.
    pub token: String,
    /// Swapped value and its edition (sets one value away from the base).
    pub swap: Option<(u8, Edition)>,
    /// Values whose character differs from the base's.
    pub changed: usize,
    /// Values whose character is not official (reconstructed or custom).
    pub unofficial: String,
    /// Games.
    pub games: u64,
    /// Rounds.
    pub rounds: u64,
    /// Census calls.
    pub census_calls: u64,
    /// Successful census calls.
    pub census_successes: u64,
    /// Mean round score per player-round.
    pub mean_round_score: Metric,
    /// Standard deviation of round scores, and its difference from the base.
    pub sd_round_score: (f64, f64),
    /// Mean completed turns per round.
    pub mean_round_turns: Metric,
    /// Standard deviation of round lengths, and its difference from the base.
    pub sd_round_turns: (f64, f64),
    /// Census calls per round.
    pub census_call_rate: Metric,
    /// Successful calls per call.
    pub census_success_rate: Metric,
    /// The start player's win rate.
    pub start_win_rate: Metric,
    /// Largest minus smallest win share among the distinct bots.
    pub win_spread: Metric,
    /// Ability uses per round, per value.
    pub uses: [Metric; VALUES],
}

fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 {
        0.0
    } else {
        a / b
    }
}

/// Mean and sample standard deviation from a sum and a sum of squares.
fn mean_sd(sum: f64, sq: f64, n: u64) -> (f64, f64) {
    let mean = ratio(sum, n as f64);
    let sd = if n > 1 {
        ((sq - n as f64 * mean * mean).max(0.0) / (n - 1) as f64).sqrt()
    } else {
        0.0
    };
    (mean, sd)
}

/// Per-game linearised deviations of the ratio Σy/Σx over games (the delta method with games
/// as the units), from each game's `(y, x)`: `(y_i - R x_i) / mean(x)`. Their mean is 0 and
/// their variance over n is the ratio's variance.
fn ratio_deviations(yx: &[(f64, f64)]) -> Vec<f64> {
    let (sy, sx) = yx.iter().fold((0.0, 0.0), |(a, b), &(y, x)| (a + y, b + x));
    if sx == 0.0 {
        return vec![0.0; yx.len()];
    }
    let (r, xbar) = (sy / sx, sx / yx.len() as f64);
    yx.iter().map(|&(y, x)| (y - r * x) / xbar).collect()
}

/// [`ratio_deviations`] of per-game counts.
fn deviations(
    rows: &[GameRow],
    y: impl Fn(&GameRow) -> f64,
    x: impl Fn(&GameRow) -> f64,
) -> Vec<f64> {
    ratio_deviations(&rows.iter().map(|g| (y(g), x(g))).collect::<Vec<_>>())
}

/// Standard error of a mean-zero per-game quantity: sqrt(Σz² / (n(n-1))).
fn se(z: impl Iterator<Item = f64>) -> f64 {
    let (mut n, mut s) = (0u64, 0.0);
    for x in z {
        n += 1;
        s += x * x;
    }
    if n < 2 {
        0.0
    } else {
        (s / (n as f64 * (n - 1) as f64)).sqrt()
    }
}

/// The difference `value - base` with the paired interval from the per-game deviations.
fn paired(value: f64, base: f64, dev: &[f64], base_dev: &[f64]) -> Est {
    let d = value - base;
    Est::normal(d, se(dev.iter().zip(base_dev).map(|(a, b)| a - b)))
}

/// Seats bot `b` takes in game `g` (from the plan's seating).
fn seats_of(plan: &Plan, g: u64, b: usize) -> u32 {
    let slot = plan.slot(g);
    (0..plan.config.players)
        .filter(|&s| plan.bot_at(slot, s as Seat) == b)
        .count() as u32
}

/// Win spread (largest minus smallest win share among the bots) and its per-game deviations.
fn spread(data: &SetData, plan: &Plan) -> (f64, Vec<f64>) {
    let bots = &data.stats.bots;
    let share = |b: usize| ratio(bots[b].wins as f64, bots[b].games as f64);
    let played: Vec<usize> = (0..bots.len()).filter(|&b| bots[b].games > 0).collect();
    let mut hi = played.first().copied().unwrap_or(0);
    let mut lo = hi;
    for &b in &played {
        if share(b) > share(hi) {
            hi = b;
        }
        if share(b) < share(lo) {
            lo = b;
        }
    }
    if hi == lo {
        return (0.0, vec![0.0; data.rows.len()]);
    }
    // Bot b's share: y = its wins, x = its seat-games, game by game.
    let dev = |b: usize| {
        let yx: Vec<(f64, f64)> = data
            .rows
            .iter()
            .zip(0u64..)
            .map(|(r, g)| {
                let won = (r.winner_bot as usize == b) as u32;
                (won as f64, seats_of(plan, g, b) as f64)
            })
            .collect();
        ratio_deviations(&yx)
    };
    let (dh, dl) = (dev(hi), dev(lo));
    (
        share(hi) - share(lo),
        dh.iter().zip(&dl).map(|(a, b)| a - b).collect(),
    )
}

fn wilson_est(k: u64, n: u64) -> Est {
    let (low, high) = wilson(k, n);
    Est {
        value: ratio(k as f64, n as f64),
        low,
        high,
    }
}

/// The comparison row of set `i` against the base.
fn set_metrics(bp: &BalancePlan, i: usize, plan: &Plan, s: &SetData, b: &SetData) -> SetMetrics {
    let st = &s.stats;
    let player_rounds: u64 = st.bots.iter().map(|x| x.rounds).sum();
    let score_sum: i64 = st.bots.iter().map(|x| x.round_score_sum).sum();
    let score_sq: u64 = st.bots.iter().map(|x| x.round_score_sq).sum();
    let calls: u64 = st.bots.iter().map(|x| x.census_calls).sum();
    let success: u64 = st.bots.iter().map(|x| x.census_success).sum();
    // A ratio metric: the set's value (from the integer statistics) with `est`, and the paired
    // difference from the base from the per-game deviations of y/x.
    let metric =
        |est: Est, base_value: f64, y: &dyn Fn(&GameRow) -> f64, x: &dyn Fn(&GameRow) -> f64| {
            let (ds, db) = (deviations(&s.rows, y, x), deviations(&b.rows, y, x));
            Metric {
                value: est,
                diff: paired(est.value, base_value, &ds, &db),
            }
        };
    let rate = |y: &dyn Fn(&GameRow) -> f64, x: &dyn Fn(&GameRow) -> f64, rows: &[GameRow]| {
        let (sy, sx) = rows
            .iter()
            .fold((0.0, 0.0), |(a, c), r| (a + y(r), c + x(r)));
        ratio(sy, sx)
    };
    let (score_mean, score_sd) = mean_sd(score_sum as f64, score_sq as f64, player_rounds);
    let (turns_mean, turns_sd) = mean_sd(st.turns as f64, st.turns_sq as f64, st.rounds);
    let base_sd = {
        let bs = &b.stats;
        let n: u64 = bs.bots.iter().map(|x| x.rounds).sum();
        let sum: i64 = bs.bots.iter().map(|x| x.round_score_sum).sum();
        let sq: u64 = bs.bots.iter().map(|x| x.round_score_sq).sum();
        (
            mean_sd(sum as f64, sq as f64, n).1,
            mean_sd(bs.turns as f64, bs.turns_sq as f64, bs.rounds).1,
        )
    };
    let score = |g: &GameRow| g.score_sum as f64;
    let prounds = |g: &GameRow| g.player_rounds as f64;
    let turns = |g: &GameRow| g.turns as f64;
    let rounds = |g: &GameRow| g.rounds as f64;
    let calls_f = |g: &GameRow| g.census_calls as f64;
    let success_f = |g: &GameRow| g.census_success as f64;
    let start_f = |g: &GameRow| g.start_won as f64;
    let one = |_: &GameRow| 1.0;
    let mean_round_score = metric(
        Est::normal(score_mean, ratio(score_sd, (player_rounds as f64).sqrt())),
        rate(&score, &prounds, &b.rows),
        &score,
        &prounds,
    );
    let mean_round_turns = metric(
        Est::normal(turns_mean, ratio(turns_sd, (st.rounds as f64).sqrt())),
        rate(&turns, &rounds, &b.rows),
        &turns,
        &rounds,
    );
    let census_call_rate = metric(
        wilson_est(calls, st.rounds),
        rate(&calls_f, &rounds, &b.rows),
        &calls_f,
        &rounds,
    );
    let census_success_rate = metric(
        wilson_est(success, calls),
        rate(&success_f, &calls_f, &b.rows),
        &success_f,
        &calls_f,
    );
    let start_win_rate = metric(
        wilson_est(st.start_player_wins, st.games),
        rate(&start_f, &one, &b.rows),
        &start_f,
        &one,
    );
    let (sp, sp_dev) = spread(s, plan);
    let (bsp, bsp_dev) = spread(b, plan);
    let sp_est = Est::normal(sp, se(sp_dev.iter().copied()));
    let win_spread = Metric {
        value: Est {
            value: sp,
            low: sp_est.low.clamp(0.0, 1.0),
            high: sp_est.high.clamp(0.0, 1.0),
        },
        diff: paired(sp, bsp, &sp_dev, &bsp_dev),
    };
    let uses: [Metric; VALUES] = std::array::from_fn(|v| {
        let y = move |g: &GameRow| g.uses[v] as f64;
        let value = ratio(st.cards[v].ability_used as f64, st.rounds as f64);
        let dev = deviations(&s.rows, y, rounds);
        let est = Est::normal(value, se(dev.iter().copied()));
        metric(est, rate(&y, &rounds, &b.rows), &y, &rounds)
    });
    let sweep = &bp.sets[i];
    let (unofficial, token_unofficial) = sweep.set.set.unofficial();
    let mut unofficial: Vec<String> = unofficial.iter().map(|v| v.to_string()).collect();
    if token_unofficial {
        unofficial.push("token".into());
    }
    SetMetrics {
        index: i,
        set: sweep.name.clone(),
        token: sweep.set.set.token().name().to_string(),
        swap: sweep.swap,
        changed: sweep.changed,
        unofficial: unofficial.join(" "),
        games: st.games,
        rounds: st.rounds,
        census_calls: calls,
        census_successes: success,
        mean_round_score,
        sd_round_score: (score_sd, score_sd - base_sd.0),
        mean_round_turns,
        sd_round_turns: (turns_sd, turns_sd - base_sd.1),
        census_call_rate,
        census_success_rate,
        start_win_rate,
        win_spread,
        uses,
    }
}

/// Fixed-precision number for CSV (never `-0.0000`).
fn num(x: f64) -> String {
    let s = format!("{x:.4}");
    if s == "-0.0000" {
        "0.0000".into()
    } else {
        s
    }
}

/// The columns of one `balance.csv` row: (header, value), in order.
fn columns(r: &SetMetrics) -> Vec<(String, String)> {
    let mut c: Vec<(String, String)> = vec![
        ("index".into(), r.index.to_string()),
        ("set".into(), r.set.clone()),
        ("token".into(), r.token.clone()),
        (
            "swap_value".into(),
            r.swap.map(|s| s.0.to_string()).unwrap_or_default(),
        ),
        (
            "swap_edition".into(),
            r.swap.map(|s| s.1.name().to_string()).unwrap_or_default(),
        ),
        ("changed".into(), r.changed.to_string()),
        ("unofficial".into(), r.unofficial.clone()),
        ("games".into(), r.games.to_string()),
        ("rounds".into(), r.rounds.to_string()),
        ("census_calls".into(), r.census_calls.to_string()),
        ("census_successes".into(), r.census_successes.to_string()),
    ];
    let metric = |c: &mut Vec<(String, String)>, name: &str, m: Metric| {
        for (suffix, x) in [
            ("", m.value.value),
            ("_low95", m.value.low),
            ("_high95", m.value.high),
        ] {
            c.push((format!("{name}{suffix}"), num(x)));
        }
        for (suffix, x) in [
            ("", m.diff.value),
            ("_low95", m.diff.low),
            ("_high95", m.diff.high),
        ] {
            c.push((format!("d_{name}{suffix}"), num(x)));
        }
    };
    metric(&mut c, "mean_round_score", r.mean_round_score);
    c.push(("sd_round_score".into(), num(r.sd_round_score.0)));
    c.push(("d_sd_round_score".into(), num(r.sd_round_score.1)));
    metric(&mut c, "mean_round_turns", r.mean_round_turns);
    c.push(("sd_round_turns".into(), num(r.sd_round_turns.0)));
    c.push(("d_sd_round_turns".into(), num(r.sd_round_turns.1)));
    metric(&mut c, "census_call_rate", r.census_call_rate);
    metric(&mut c, "census_success_rate", r.census_success_rate);
    metric(&mut c, "start_win_rate", r.start_win_rate);
    metric(&mut c, "win_spread", r.win_spread);
    for v in 0..VALUES {
        metric(&mut c, &format!("use_{v}"), r.uses[v]);
    }
    c
}

/// `balance.csv`: one row per set, base first.
pub fn balance_csv(rows: &[SetMetrics]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let header: Vec<String> = columns(&SetMetrics::default())
        .into_iter()
        .map(|(h, _)| h)
        .collect();
    w.write_record(&header).expect("in-memory write");
    for r in rows {
        let values: Vec<String> = columns(r).into_iter().map(|(_, v)| v).collect();
        w.write_record(&values).expect("in-memory write");
    }
    w.into_inner().expect("in-memory write")
}

/// The headline metrics of the terminal table: label, accessor, display scale and unit.
type Headline = (&'static str, fn(&SetMetrics) -> Metric, f64, &'static str);

const HEADLINES: [Headline; 5] = [
    ("mean round score", |r| r.mean_round_score, 1.0, "points"),
    ("round length", |r| r.mean_round_turns, 1.0, "turns"),
    ("census success rate", |r| r.census_success_rate, 100.0, "%"),
    (
        "seat advantage (start player's win rate)",
        |r| r.start_win_rate,
        100.0,
        "%",
    ),
    (
        "win-rate spread between bots",
        |r| r.win_spread,
        100.0,
        "% points",
    ),
];

/// The terminal table: for each headline metric, the `top` sets that move it furthest from
/// the base (by absolute difference), with the difference, its paired 95% interval and
/// whether the interval excludes 0.
pub fn headline_table(rows: &[SetMetrics], top: usize) -> String {
    let mut out = String::new();
    let Some(base) = rows.first() else {
        return out;
    };
    let width = rows
        .iter()
        .skip(1)
        .map(|r| r.set.len())
        .max()
        .unwrap_or(3)
        .max(3);
    out.push_str(&format!(
        "largest differences from the base set {} (set minus base; paired 95% CI; * = CI excludes 0)\n",
        base.set
    ));
    for (label, get, scale, unit) in HEADLINES {
        let b = get(base).value;
        out.push_str(&format!(
            "{label}, {unit}: base {:.2} ({:.2} - {:.2})\n",
            scale * b.value,
            scale * b.low,
            scale * b.high
        ));
        if rows
            .iter()
            .all(|r| get(r).value.value == 0.0 && get(r).diff.value == 0.0)
        {
            out.push_str("  0 for every set (a single bot, or no differences)\n");
            continue;
        }
        let mut order: Vec<&SetMetrics> = rows.iter().skip(1).collect();
        order.sort_by(|x, y| {
            get(y)
                .diff
                .value
                .abs()
                .total_cmp(&get(x).diff.value.abs())
                .then(x.index.cmp(&y.index))
        });
        for r in order.into_iter().take(top) {
            let d = get(r).diff;
            let line = format!(
                "  {:<width$}  {:>+8.2}  ({:>+7.2} .. {:>+7.2}) {}",
                r.set,
                scale * d.value,
                scale * d.low,
                scale * d.high,
                if d.excludes_zero() { "*" } else { "" }
            );
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::ExperimentSpec;

    fn bots() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots"))
    }

    fn spec(balance: &str) -> ExperimentSpec {
        ExperimentSpec::from_toml(&format!(
            "name = \"b\"\nplayers = 4\nbots = [\"greedy\"]\ngames = 8\nseed = 1\n[balance]\n{balance}\n"
        ))
        .unwrap()
    }

    #[test]
    fn one_swap_of_amulet_is_the_22_known_characters() {
        let bp = resolve_balance(&spec("base = \"amulet\"\nsweep = \"one-swap\""), bots()).unwrap();
        let names: Vec<&str> = bp.sets.iter().map(|s| s.name.as_str()).collect();
        let mut expected = vec!["amulet".to_string()];
        for v in 0..14 {
            expected.push(format!("amulet+{v}:bullet"));
            if [2, 4, 8, 10].contains(&v) {
                expected.push(format!("amulet+{v}:coin"));
            }
            if [4, 5, 11, 12].contains(&v) {
                expected.push(format!("amulet+{v}:dagger"));
            }
        }
        assert_eq!(names, expected);
        assert_eq!(bp.sets.len(), 23);
        for s in &bp.sets[1..] {
            assert_eq!(s.changed, 1, "{}", s.name);
            let (v, e) = s.swap.unwrap();
            assert_eq!(s.name, format!("amulet+{v}:{}", e.name()));
            assert_eq!(s.set.set.token(), silver_rules::Token::Amulet);
        }
        assert_eq!((bp.sets[0].swap, bp.sets[0].changed), (None, 0));
        assert_eq!(bp.dir_name(0), "00-amulet");
        assert_eq!(bp.dir_name(1), "01-amulet+0-bullet");
        // Every set is a different plan, and plans differ only in the set.
        let fps: std::collections::HashSet<String> =
            (0..23).map(|i| bp.plan(i).fingerprint()).collect();
        assert_eq!(fps.len(), 23);
        for i in 0..23 {
            let p = bp.plan(i);
            assert_eq!((p.seed, p.games, &p.tables), (1, 8, &bp.base.tables));
        }
    }

    #[test]
    fn one_swap_of_bullet_takes_amulet_coin_and_dagger() {
        let bp = resolve_balance(&spec("base = \"bullet\"\nsweep = \"one-swap\""), bots()).unwrap();
        assert_eq!(bp.sets.len(), 1 + 22);
        assert_eq!(bp.sets[1].name, "bullet+0:amulet");
        assert!(bp
            .sets
            .iter()
            .all(|s| s.set.set.token() == silver_rules::Token::Bullet));
    }

    #[test]
    fn explicit_lists_keep_their_order_after_the_base() {
        let bp = resolve_balance(
            &spec("base = \"amulet\"\nsets = [\"bullet\", \"amulet+3:bullet,4:coin\", \"amulet/token=dagger\", \"amulet\"]"),
            bots(),
        )
        .unwrap();
        let names: Vec<&str> = bp.sets.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "amulet",
                "bullet",
                "amulet+3:bullet,4:coin",
                "amulet/token=dagger",
                "amulet"
            ]
        );
        let swaps: Vec<Option<(u8, Edition)>> = bp.sets.iter().map(|s| s.swap).collect();
        assert_eq!(swaps, [None, None, None, None, None]);
        let changed: Vec<usize> = bp.sets.iter().map(|s| s.changed).collect();
        assert_eq!(changed, [0, 14, 2, 0, 0]);
        let bp = resolve_balance(&spec("sets = [\"amulet+12:dagger\"]"), bots()).unwrap();
        assert_eq!(
            bp.sets[0].name, "amulet",
            "the base defaults to the spec's set"
        );
        assert_eq!(bp.sets[1].swap, Some((12, Edition::Dagger)));
    }

    #[test]
    fn spec_errors_are_one_clear_line() {
        let bad = |b: &str| -> String {
            let text = format!("players = 4\nbots = [\"greedy\"]\ngames = 8\n[balance]\n{b}\n");
            let e = match ExperimentSpec::from_toml(&text) {
                Err(e) => e,
                Ok(s) => resolve_balance(&s, bots()).unwrap_err(),
            };
            assert_eq!(e.lines().count(), 1, "{e}");
            e
        };
        let e = bad("sweep = \"one-swap\"\nbsae = \"amulet\"");
        assert!(
            e.contains("unknown field `bsae`") && e.contains("line 6"),
            "{e}"
        );
        let e = bad("sets = [\"amulet+3:bulet\"]");
        assert!(e.contains("[balance] sets") && e.contains("bulet"), "{e}");
        let e = bad("base = \"silver\"\nsweep = \"one-swap\"");
        assert!(e.contains("[balance] base") && e.contains("silver"), "{e}");
        let e = bad("sweep = \"one-swap\"\nsets = [\"bullet\"]");
        assert!(e.contains("not both"), "{e}");
        let e = bad("sweep = \"two-swap\"");
        assert!(e.contains("two-swap") && e.contains("one-swap"), "{e}");
        let e = bad("base = \"amulet\"");
        assert!(e.contains("sweep") && e.contains("sets"), "{e}");
        let e = bad("sets = []");
        assert!(e.contains("at least one"), "{e}");
        let e = bad("sets = [\"bullet\", \"amulet+0:bullet,1:bullet,2:bullet,3:bullet,4:bullet,5:bullet,6:bullet,7:bullet,8:bullet,9:bullet,10:bullet,11:bullet,12:bullet,13:bullet/token=bullet\"]");
        assert!(e.contains("same set"), "{e}");
    }

    #[test]
    fn game_metrics_round_trip() {
        let rows = vec![
            GameRow {
                rounds: 4,
                player_rounds: 16,
                score_sum: -3,
                uses: std::array::from_fn(|v| v as u32),
                winner_bot: 1,
                ..GameRow::default()
            },
            GameRow::default(),
        ];
        let dir = std::env::temp_dir().join(format!("silver-balance-unit-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let p = dir.join(GAME_METRICS);
        fs::write(&p, metrics_csv(&rows)).unwrap();
        assert_eq!(read_metrics(&p, 2), Some(rows));
        assert_eq!(read_metrics(&p, 3), None);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn paired_intervals_shrink_with_correlation() {
        // Identical per-game deviations: the difference and its interval are exactly 0.
        let d = [1.0, -2.0, 0.5, 0.5];
        let e = paired(3.0, 3.0, &d, &d);
        assert_eq!((e.value, e.low, e.high), (0.0, 0.0, 0.0));
        assert!(!e.excludes_zero());
        // Ratio deviations sum to zero.
        let rows: Vec<GameRow> = (0..5)
            .map(|i| GameRow {
                rounds: 4,
                turns: 20 + i,
                ..GameRow::default()
            })
            .collect();
        let dev = deviations(&rows, |g| g.turns as f64, |g| g.rounds as f64);
        assert!(dev.iter().sum::<f64>().abs() < 1e-12);
        assert_eq!(num(-0.0), "0.0000");
        assert_eq!(num(-0.00001), "0.0000");
    }

    #[test]
    fn every_set_plays_the_same_deals_and_game_counts_match_the_stats() {
        let bp =
            resolve_balance(&spec("sets = [\"amulet+12:dagger\", \"bullet\"]"), bots()).unwrap();
        let dir = std::env::temp_dir().join(format!("silver-balance-run-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        struct Quiet;
        impl SweepProgress for Quiet {
            fn set_started(&mut self, _: usize, _: usize, _: &str, _: bool) {}
            fn update(&mut self, _: u64, _: u64) {}
        }
        let opts = BalanceOptions {
            out: dir.clone(),
            threads: 2,
            resume: false,
        };
        let out = run_balance(&bp, &opts, &mut Quiet, &AtomicBool::new(false)).unwrap();
        assert_eq!((out.games_played, out.sets_played), (24, 3));
        // Dagger's Master Thief has the Robber's ability: the same games exactly.
        let (a, d) = (&out.rows[0], &out.rows[1]);
        assert_eq!(a.mean_round_score.value, d.mean_round_score.value);
        assert_eq!(d.mean_round_score.diff, Est::default());
        assert_eq!(d.uses, a.uses);
        assert_eq!(d.win_spread, a.win_spread);
        assert_eq!(d.start_win_rate, a.start_win_rate);
        // The per-game counts add up to the integer statistics.
        for i in 0..3 {
            let sd = out.rows[i].games;
            let data = load_set(&bp.plan(i), &dir.join(SETS_DIR).join(bp.dir_name(i))).unwrap();
            assert_eq!(sd, data.rows.len() as u64);
            let turns: u64 = data.rows.iter().map(|r| r.turns as u64).sum();
            assert_eq!(turns, data.stats.turns);
            let starts: u64 = data.rows.iter().map(|r| r.start_won as u64).sum();
            assert_eq!(starts, data.stats.start_player_wins);
        }
        // A resumed complete sweep replays nothing.
        let again = run_balance(
            &bp,
            &BalanceOptions {
                resume: true,
                ..opts
            },
            &mut Quiet,
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!((again.games_played, again.sets_resumed), (0, 3));
        assert_eq!(again.rows, out.rows);
        let _ = fs::remove_dir_all(&dir);
    }
}
