//! Running a sweep: every set through the block scheduler, each into its own run directory
//! (with design cards, each set's card after it, [`super::cards`]), then `balance.csv` (and
//! `design.csv`).

use super::cards::{sweep_card, CardPlace};
use super::metrics::{metrics_csv, set_metrics, GameRow, RowLuck, SetData, SetMetrics};
use super::record::{read_sweep_manifest, SweepManifest, SWEEP_VERSION};
use super::report::balance_csv;
use super::BalancePlan;
use crate::blocks::{self, Blocks, Flow, Stop};
use crate::design::card::{card_rows, sweep_design_csv};
use crate::design::ArmData;
use crate::error::RunError;
use crate::manifest::{read_manifest, Manifest};
use crate::output::Rows;
use crate::output::{
    check_foreign, create_dir, io, lock, remove, write_atomic, CsvFiles, OutputFile,
};
use crate::plan::Plan;
use crate::record;
use crate::stats::Stats;
use crate::summary::write_summaries;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub use super::cards::CARDS_DIR;
pub use crate::output::{BALANCE_CSV, BALANCE_MANIFEST, DESIGN_CSV, SETS_DIR};

/// How to run a sweep.
#[derive(Clone, Debug)]
pub struct BalanceOptions {
    /// Output directory.
    pub out: PathBuf,
    /// Worker threads (0 = one per core).
    pub threads: usize,
    /// Continue an interrupted sweep: sets whose directory is complete are not replayed.
    pub resume: bool,
    /// Replace a finished sweep in `out`.
    pub force: bool,
}

/// Receives a sweep's progress (from the thread that drives it).
pub trait SweepProgress {
    /// Set `index` of `count` starts (`resumed`: it was complete on disk and is not replayed).
    fn set_started(&mut self, index: usize, count: usize, name: &str, resumed: bool);
    /// Games done so far out of `total` in the whole sweep (including resumed sets).
    fn update(&mut self, done: u64, total: u64);
}

/// A finished sweep.
#[derive(Debug)]
pub struct BalanceOutcome {
    /// One row per set, base first (what `balance.csv` holds).
    pub rows: Vec<SetMetrics>,
    /// With design cards: each set's card, base first (what `design.csv` holds; a set's rows
    /// have their differences from the base's card, the base's have none). Empty without.
    pub cards: Vec<Vec<crate::design::CardRow>>,
    /// Games played in this invocation, the design cards' included (not counting resumed sets,
    /// cards or arms).
    pub games_played: u64,
    /// Sets played in this invocation.
    pub sets_played: usize,
    /// Sets found complete on disk and not replayed.
    pub sets_resumed: usize,
    /// Wall time of this invocation, in seconds.
    pub seconds: f64,
}

/// A complete set directory of this plan, if there is one, checked as `silver verify` checks
/// it (an edited file or manifest is refused, never folded into `balance.csv`); `None` if the
/// set is not there or did not finish (it is played again).
pub fn load_set(plan: &Plan, dir: &Path) -> Result<Option<SetData>, RunError> {
    load_unit(plan, dir, plan.luck)
}

/// [`load_set`] for any unit: a sweep's set (its `game-metrics.csv` carries the luck its plan
/// measures, `luck_rows`) or a design card's arm (whose luck is in `design-games.csv`).
pub(crate) fn load_unit(
    plan: &Plan,
    dir: &Path,
    luck_rows: bool,
) -> Result<Option<SetData>, RunError> {
    let m = match read_manifest(dir) {
        Ok(m) => m,
        Err(RunError::NotARun { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    if !m.complete || m.fingerprint != plan.fingerprint() {
        return Ok(None);
    }
    let rows = crate::verify::check_set(dir, &m, luck_rows)?;
    Ok(Some(SetData {
        stats: m.stats,
        rows,
    }))
}

/// Where a unit (a sweep's set, a design card's arm) stands in its whole: the games done
/// before it and the games of the whole, for progress, and its name in a failure's message
/// (`set NAME`, `arm NAME`).
pub(crate) struct UnitPlace<'a> {
    /// Games of the earlier units.
    pub(crate) done_before: u64,
    /// Games of every unit.
    pub(crate) total: u64,
    /// What the unit is called in messages.
    pub(crate) name: &'a str,
}

/// Plays every game of one unit of a sweep or a design card into `dir`, the one way both run
/// their units: through the block scheduler, each game by `play(worker, index, stats, rows)`
/// (which plays it with [`record::play`] and returns the game's own extra row, if the caller
/// keeps one, and its luck for `game-metrics.csv`, if the caller measures it); then `game-metrics.csv`, the summaries, whatever `extra` writes from the
/// games' extra rows, and the directory's manifest last, so a unit is complete on disk only
/// once everything else is.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_unit<E: Send>(
    plan: &Plan,
    dir: &Path,
    pool: &rayon::ThreadPool,
    place: &UnitPlace,
    progress: &mut dyn SweepProgress,
    interrupted: &AtomicBool,
    play: impl Fn(&mut crate::record::Worker, u64, &mut Stats, &mut Rows) -> (E, Option<RowLuck>) + Sync,
    extra: impl FnOnce(&[E]) -> Result<(), RunError>,
) -> Result<(SetData, Vec<E>), RunError> {
    let (done_before, total) = (place.done_before, place.total);
    create_dir(dir)?;
    remove(dir, &OutputFile::ALL)?;
    // The plan's gates: a set that measures luck writes `luck.csv` beside `games.csv`, as its
    // manifest says it does.
    let mut files = CsvFiles::create(dir, &plan.outputs, plan.gates())?;
    let (bots, seats) = (plan.bots.len(), plan.players as usize);
    let layout = Blocks::new(plan, 0, plan.games);
    let mut stats = Stats::new(bots, seats);
    let mut rows: Vec<GameRow> = Vec::with_capacity(plan.games as usize);
    let mut extras: Vec<E> = Vec::with_capacity(plan.games as usize);
    type Block<E> = (Rows, Stats, Vec<GameRow>, Vec<E>);
    let games_done = std::cell::Cell::new(0u64);
    let result = blocks::play(
        plan,
        &layout,
        0,
        pool,
        interrupted,
        || -> Block<E> {
            (
                Rows::default(),
                Stats::new(bots, seats),
                Vec::new(),
                Vec::new(),
            )
        },
        |worker, g, (out, block, counts, extra)| {
            let mut one = Stats::new(bots, seats);
            let (e, luck) = play(worker, g, &mut one, out);
            extra.push(e);
            counts.push(GameRow {
                luck,
                ..GameRow::from_stats(&one)
            });
            block.merge(&one);
        },
        |(out, mut block, counts, extra)| {
            block.end_block();
            files.append(&out)?;
            stats.merge(&block);
            games_done.set(games_done.get() + counts.len() as u64);
            rows.extend(counts);
            extras.extend(extra);
            Ok(Flow::Continue)
        },
        |_, _| {
            progress.update(done_before + games_done.get(), total);
            Ok(())
        },
    );
    match result {
        Ok(()) => {}
        Err(Stop::Interrupted) => {
            return Err(RunError::Interrupted {
                done: done_before,
                total,
            })
        }
        Err(Stop::Panic(mut p)) => {
            p.message = format!("{}: {}", place.name, p.message);
            return Err(RunError::Panic(p));
        }
        Err(Stop::Bot { game, failure }) => {
            return Err(RunError::BotFailed {
                set: Some(plan.set.name.clone()),
                game,
                failure,
            })
        }
        Err(Stop::Failed(e)) => return Err(e),
    }
    let lengths = files.records()?;
    let metrics = metrics_csv(&rows);
    write_atomic(&dir.join(OutputFile::GameMetrics.name()), &metrics)?;
    let mut manifest = Manifest::new(plan, None, &layout);
    manifest.metrics = Some((metrics.len() as u64, crc32fast::hash(&metrics)));
    write_summaries(dir, &stats, &manifest.bots, &plan.set, plan.outputs.cards)?;
    extra(&extras)?;
    manifest.blocks_done = layout.count;
    manifest.files = lengths;
    manifest.stats = stats.clone();
    manifest.complete = true;
    manifest.save(dir)?;
    Ok((SetData { stats, rows }, extras))
}

/// What the record of a directory of units (a sweep's `balance.json`, a design card's
/// `design.json`) says about it.
pub(crate) struct UnitsRecord {
    /// The fingerprint of what it plays.
    pub(crate) fingerprint: String,
    /// Whether it finished.
    pub(crate) complete: bool,
    /// Units complete on disk.
    pub(crate) done: usize,
    /// Units in all.
    pub(crate) total: usize,
}

/// The record a sweep or a design card left in its directory, read as both read it: `None`
/// when there is none (`missing` says which error means so), unless one is required (`--resume`
/// of a directory that holds no started one); `check` (the version, when resuming) runs on
/// what was found.
pub(crate) fn read_old_record<T>(
    read: Result<T, RunError>,
    missing: impl Fn(&RunError) -> bool,
    required: bool,
    check: impl FnOnce(&T) -> Result<(), RunError>,
) -> Result<Option<T>, RunError> {
    match read {
        Ok(old) => {
            check(&old)?;
            Ok(Some(old))
        }
        Err(e) if missing(&e) && !required => Ok(None),
        Err(e) => Err(e),
    }
}

/// Whether a sweep or a design card may start (or, with `resume`, continue) in `out`, whose
/// record (`record_name`) says `old`, the one rule for both: a resumed one must be the same
/// (`mismatch`) and unfinished; a new one may replace only one stopped before its first unit,
/// or a finished one with `force` (then `replaced`, files or directories of `out`, are
/// removed); an unfinished one is kept (`unfinished`); a directory without a record must hold
/// nothing else.
#[allow(clippy::too_many_arguments)]
pub(crate) fn open_units(
    out: &Path,
    (resume, force): (bool, bool),
    record_name: &str,
    old: Option<UnitsRecord>,
    fingerprint: &str,
    mismatch: impl FnOnce(String) -> RunError,
    unfinished: impl FnOnce(usize, usize) -> RunError,
    replaced: &[&str],
) -> Result<(), RunError> {
    match (old, resume) {
        (Some(old), true) if old.fingerprint != fingerprint => Err(mismatch(old.fingerprint)),
        (Some(old), true) if old.complete => Err(RunError::AlreadyComplete {
            dir: out.to_path_buf(),
        }),
        (Some(_), true) => Ok(()),
        // Stopped before its first unit was recorded: the same one (or any, with --force)
        // starts there afresh (a unit's directory is replaced whole when it is played).
        (Some(old), false)
            if !old.complete && old.done == 0 && (force || old.fingerprint == fingerprint) =>
        {
            Ok(())
        }
        (Some(old), false) if !old.complete => Err(unfinished(old.done, old.total)),
        (Some(_), false) if !force => Err(RunError::Finished {
            dir: out.to_path_buf(),
        }),
        (Some(_), false) => {
            // A finished one of ours, to replace: start afresh.
            for name in replaced {
                let path = out.join(name);
                if path.is_dir() {
                    fs::remove_dir_all(&path).map_err(io(&path))?;
                } else if path.exists() {
                    fs::remove_file(&path).map_err(io(&path))?;
                }
            }
            Ok(())
        }
        (None, _) => check_foreign(out, &[record_name]),
    }
}

/// Runs a sweep into `opts.out`: every set not already complete there (with `resume`), and its
/// design card when the sweep has them, then `balance.csv` (and `design.csv`).
pub fn run_balance(
    bp: &BalancePlan,
    opts: &BalanceOptions,
    progress: &mut dyn SweepProgress,
    interrupted: &AtomicBool,
) -> Result<BalanceOutcome, RunError> {
    let started = Instant::now();
    let out = &opts.out;
    // The pool first: a bad thread count must not leave a started sweep in `out`.
    let pool = blocks::pool(opts.threads)?;
    // A sweep stopped before it wrote balance.json leaves only its lock file: nothing to lose.
    let begun = out.join(crate::output::LOCK_FILE).is_file()
        && check_foreign(out, &[BALANCE_MANIFEST]).is_ok();
    if opts.resume && !out.join(BALANCE_MANIFEST).is_file() && !begun {
        return Err(RunError::NotASweep {
            path: out.join(BALANCE_MANIFEST),
            source: std::io::Error::from(std::io::ErrorKind::NotFound),
        });
    }
    create_dir(out)?;
    let _lock = lock(out)?;
    let manifest_path = out.join(BALANCE_MANIFEST);
    let fingerprint = bp.fingerprint();
    let mut manifest = SweepManifest {
        version: SWEEP_VERSION,
        name: bp.base.name.clone(),
        fingerprint: fingerprint.clone(),
        sets: (0..bp.sets.len())
            .map(|i| (bp.dir_name(i), bp.sets[i].name.clone()))
            .collect(),
        sets_done: 0,
        complete: false,
        balance: None,
        design: None,
    };
    let old = read_old_record(
        read_sweep_manifest(&manifest_path),
        |e| matches!(e, RunError::NotASweep { .. }),
        opts.resume && !begun,
        |old| {
            if opts.resume {
                old.check_version(out)
            } else {
                Ok(())
            }
        },
    )?;
    let record = old.as_ref().map(|o| UnitsRecord {
        fingerprint: o.fingerprint.clone(),
        complete: o.complete,
        done: o.sets_done,
        total: o.sets.len(),
    });
    open_units(
        out,
        (opts.resume, opts.force),
        BALANCE_MANIFEST,
        record,
        &fingerprint,
        |found| RunError::SweepPlanMismatch {
            path: manifest_path.clone(),
            found,
            expected: fingerprint.clone(),
        },
        |done, total| RunError::SweepUnfinished {
            dir: out.clone(),
            done,
            total,
        },
        &[
            SETS_DIR,
            BALANCE_CSV,
            CARDS_DIR,
            DESIGN_CSV,
            OutputFile::Report.name(),
        ],
    )?;
    manifest.save(&manifest_path)?;
    let total = bp.total_games();
    let n = bp.sets.len();
    progress.update(0, total);
    let mut base: Option<SetData> = None;
    let mut base_arms: Option<Vec<ArmData>> = None;
    let mut rows = Vec::with_capacity(n);
    let mut cards = Vec::new();
    let (mut played, mut sets_played, mut sets_resumed) = (0u64, 0usize, 0usize);
    for i in 0..n {
        let plan = bp.plan(i);
        let dir = out.join(SETS_DIR).join(bp.dir_name(i));
        let done_before = i as u64 * bp.games_per_set();
        let loaded = if opts.resume {
            load_set(&plan, &dir)?
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
                let place = UnitPlace {
                    done_before,
                    total,
                    name: &format!("set {}", plan.set.name),
                };
                let (d, _) = run_unit(
                    &plan,
                    &dir,
                    &pool,
                    &place,
                    progress,
                    interrupted,
                    |worker, g, one, out| {
                        let (_, luck) = record::play_measured(&plan, g, worker, one, out, &mut ());
                        ((), luck.map(|l| RowLuck::of(&plan, g, &l)))
                    },
                    |_| Ok(()),
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
        if let Some(dp) = bp.card(i) {
            let place = CardPlace {
                set: i,
                done_before: done_before + bp.games(),
            };
            let (arms, card_played) = sweep_card(bp, &dp, &place, opts, progress, interrupted)?;
            played += card_played;
            progress.update(done_before + bp.games_per_set(), total);
            // The base's card pairs every set's (the same deals); its own rows have no
            // difference.
            cards.push(card_rows(&dp, &arms, base_arms.as_deref()));
            if base_arms.is_none() {
                base_arms = Some(arms);
            }
        }
        manifest.sets_done = i + 1;
        manifest.save(&manifest_path)?;
    }
    let balance = balance_csv(&rows);
    write_atomic(&out.join(BALANCE_CSV), &balance)?;
    manifest.balance = Some((balance.len() as u64, crc32fast::hash(&balance)));
    if bp.design.is_some() {
        let design = sweep_design_csv(
            bp.base.players,
            rows.iter()
                .zip(&cards)
                .map(|(r, c)| (r.set.as_str(), c.as_slice())),
        );
        write_atomic(&out.join(DESIGN_CSV), &design)?;
        manifest.design = Some((design.len() as u64, crc32fast::hash(&design)));
    }
    manifest.complete = true;
    manifest.save(&manifest_path)?;
    Ok(BalanceOutcome {
        rows,
        cards,
        games_played: played,
        sets_played,
        sets_resumed,
        seconds: started.elapsed().as_secs_f64(),
    })
}
