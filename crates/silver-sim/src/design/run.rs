//! Running a design card: every arm through the block scheduler, as a sweep runs its sets
//! ([`crate::balance::sweep::run_unit`]), each into its own run directory `OUT/arms/NN-KIND/`
//! with its `design-games.csv`, recorded in `OUT/design.json`; `--resume` skips the arms
//! complete on disk (checked as a sweep checks its sets), an interrupted arm is replayed. The
//! finished card's metrics ([`super::card`]) are written last, as `OUT/design.csv`.

use super::collect::{design_games_csv, parse_design_games, DesignCollector};
use super::{ArmData, DesignPlan, DesignRow};
use crate::balance::sweep::{
    load_unit, open_units, read_old_record, run_unit, SweepProgress, UnitPlace, UnitsRecord,
};
use crate::error::RunError;
use crate::output::{
    check_foreign, create_dir, lock, read_recorded, write_atomic, OutputFile, ARMS_DIR, DESIGN_CSV,
    DESIGN_GAMES_CSV, DESIGN_MANIFEST,
};
use crate::plan::Plan;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The `design.json` format this build writes.
pub const DESIGN_VERSION: u32 = 1;

/// How to run a design card.
#[derive(Clone, Debug)]
pub struct DesignOptions {
    /// Output directory.
    pub out: PathBuf,
    /// Worker threads (0 = one per core).
    pub threads: usize,
    /// Continue an interrupted card: arms whose directory is complete are not replayed.
    pub resume: bool,
    /// Replace a finished card in `out`.
    pub force: bool,
}

/// A finished design card.
#[derive(Debug)]
pub struct DesignOutcome {
    /// The card's metrics (what `design.csv` holds).
    pub rows: Vec<super::CardRow>,
    /// Every arm's rows, in the plan's arm order.
    pub arms: Vec<ArmData>,
    /// Games played in this invocation (not counting resumed arms).
    pub games_played: u64,
    /// Arms played in this invocation.
    pub arms_played: usize,
    /// Arms found complete on disk and not replayed.
    pub arms_resumed: usize,
    /// Wall time of this invocation, in seconds.
    pub seconds: f64,
}

/// The card's record of itself (`design.json`), sealed with a checksum as a run's manifest is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DesignManifest {
    /// Format version.
    pub version: u32,
    /// The card's fingerprint ([`DesignPlan::fingerprint`]).
    pub fingerprint: String,
    /// The card set's canonical name.
    pub set: String,
    /// Players per game.
    pub players: u8,
    /// Every arm's directory under `arms/` and what it plays, in order.
    pub arms: Vec<(String, String)>,
    /// Arms complete on disk, in order.
    pub arms_done: usize,
    /// The `design-games.csv` length and CRC-32 of each arm done.
    pub design_games: Vec<(u64, u32)>,
    /// True once the card is finished.
    pub complete: bool,
    /// `design.csv`'s length and CRC-32, once it is written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design: Option<(u64, u32)>,
}

impl DesignManifest {
    fn save(&self, path: &Path) -> Result<(), RunError> {
        write_atomic(path, &crate::manifest::seal(self, path)?)
    }

    pub(crate) fn check_version(&self, dir: &Path) -> Result<(), RunError> {
        if self.version == DESIGN_VERSION {
            return Ok(());
        }
        Err(RunError::Version {
            dir: dir.to_path_buf(),
            found: self.version,
            expected: DESIGN_VERSION,
        })
    }
}

/// Reads a card's `design.json` (its checksum must match).
pub fn read_design_manifest(path: &Path) -> Result<DesignManifest, RunError> {
    let text = crate::files::read_text(path).map_err(|source| RunError::NotADesign {
        path: path.to_path_buf(),
        source,
    })?;
    crate::manifest::unseal(&text, path, |_| true)?.map_err(|source| RunError::BadDesignManifest {
        path: path.to_path_buf(),
        source,
    })
}

/// A finished card's manifest and its `design.csv`, checked against the length and CRC-32 the
/// manifest records (an edited or truncated file is an error, as for a run's files); an
/// unfinished card is an error saying how far it got.
pub fn read_finished_design(dir: &Path) -> Result<(DesignManifest, Vec<u8>), RunError> {
    let m = read_design_manifest(&dir.join(DESIGN_MANIFEST))?;
    let Some((len, crc)) = m.design.filter(|_| m.complete) else {
        return Err(RunError::DesignUnfinished {
            dir: dir.to_path_buf(),
            done: m.arms_done,
            total: m.arms.len(),
        });
    };
    let bytes = read_recorded(dir.join(DESIGN_CSV), len, crc)?;
    Ok((m, bytes))
}

/// A complete arm directory of this plan with the `design-games.csv` that `recorded` vouches
/// for, checked as a sweep's set is (an edited file is an error); `None` if the arm is not
/// there or did not finish (it is played again).
fn load_arm(
    plan: &Plan,
    dir: &Path,
    recorded: Option<(u64, u32)>,
) -> Result<Option<Vec<DesignRow>>, RunError> {
    let Some((len, crc)) = recorded else {
        return Ok(None);
    };
    let Some(data) = load_unit(plan, dir, false)? else {
        return Ok(None);
    };
    checked_design_games(dir, &data.stats, plan.luck, len, crc).map(Some)
}

/// A complete arm's `design-games.csv`, checked against the length and CRC-32 `design.json`
/// records for it and against the arm's statistics (one row per game in game order, the same
/// rounds and turns; luck in every row exactly when the arm measures it, `luck`, and the
/// head-to-head control summing to the luck its statistics count for the pair).
pub(crate) fn checked_design_games(
    dir: &Path,
    stats: &crate::stats::Stats,
    luck: bool,
    len: u64,
    crc: u32,
) -> Result<Vec<DesignRow>, RunError> {
    let path = dir.join(DESIGN_GAMES_CSV);
    let bytes = read_recorded(path, len, crc)?;
    std::str::from_utf8(&bytes)
        .ok()
        .and_then(|t| parse_design_games(t, stats.games))
        .filter(|rows| {
            // The same games as the arm's statistics count.
            let sum = |f: fn(&DesignRow) -> u32| rows.iter().map(|r| f(r) as u64).sum::<u64>();
            let pair_luck = rows
                .iter()
                .map(|r| r.luck.map_or(0, |l| l.pair))
                .sum::<i64>();
            let counted = stats
                .pairs
                .pair(0, 1)
                .and_then(|p| p.luck)
                .map_or(0, |l| l.q);
            sum(|r| r.rounds) == stats.rounds
                && sum(|r| r.turns) == stats.turns
                && rows.iter().all(|r| r.luck.is_some() == luck)
                && pair_luck == counted
        })
        .ok_or_else(|| RunError::Inconsistent {
            dir: dir.to_path_buf(),
            problem: format!(
                "{DESIGN_GAMES_CSV} does not hold the arm's {} games in order",
                stats.games
            ),
        })
}

/// A finished card of this plan in `dir`, as a sweep resumes it: `None` unless `design.json`
/// records this plan finished; then every arm and `design.csv` are checked against what it
/// records, and `design.csv` against the card its arms give (an edited or missing file is an
/// error, never folded into the sweep).
pub(crate) fn load_design(dp: &DesignPlan, dir: &Path) -> Result<Option<Vec<ArmData>>, RunError> {
    let m = match read_design_manifest(&dir.join(DESIGN_MANIFEST)) {
        Ok(m) => m,
        Err(RunError::NotADesign { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    if m.version != DESIGN_VERSION || !m.complete || m.fingerprint != dp.fingerprint() {
        return Ok(None);
    }
    let (_, csv) = read_finished_design(dir)?;
    let mut arms = Vec::with_capacity(dp.arms.len());
    for (i, arm) in dp.arms.iter().enumerate() {
        let arm_dir = dir.join(ARMS_DIR).join(dp.dir_name(i));
        let Some(rows) = load_arm(&arm.plan, &arm_dir, m.design_games.get(i).copied())? else {
            return Err(RunError::Inconsistent {
                dir: arm_dir,
                problem: format!(
                    "{DESIGN_MANIFEST} counts this arm done but its run is not complete"
                ),
            });
        };
        arms.push(ArmData {
            kind: arm.kind,
            rows,
        });
    }
    let rows = super::card::card_rows(dp, &arms, None);
    if super::card::design_csv(&dp.set.name, dp.players, &rows) != csv {
        return Err(RunError::Inconsistent {
            dir: dir.to_path_buf(),
            problem: format!("{DESIGN_CSV} is not the card its arms give"),
        });
    }
    Ok(Some(arms))
}

/// Opens `out` for the card: refuses foreign directories, another card's unfinished work, a
/// finished card without `force`; returns the arms already recorded there (with `resume`).
fn open(opts: &DesignOptions, fingerprint: &str) -> Result<Option<DesignManifest>, RunError> {
    let out = &opts.out;
    let path = out.join(DESIGN_MANIFEST);
    // A card stopped before it wrote design.json leaves only its lock file: nothing to lose.
    let begun = out.join(crate::output::LOCK_FILE).is_file()
        && check_foreign(out, &[DESIGN_MANIFEST]).is_ok();
    let old = read_old_record(
        read_design_manifest(&path),
        |e| matches!(e, RunError::NotADesign { .. }),
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
        done: o.arms_done,
        total: o.arms.len(),
    });
    open_units(
        out,
        (opts.resume, opts.force),
        DESIGN_MANIFEST,
        record,
        fingerprint,
        |found| RunError::DesignPlanMismatch {
            path: path.clone(),
            found,
            expected: fingerprint.into(),
        },
        |done, total| RunError::DesignUnfinished {
            dir: out.clone(),
            done,
            total,
        },
        &[ARMS_DIR, DESIGN_CSV, OutputFile::Report.name()],
    )?;
    // Only a resumed card keeps what its record says.
    Ok(old.filter(|_| opts.resume))
}

/// Runs a design card into `opts.out`: every arm not already complete there (with
/// `resume`), in the plan's order.
pub fn run_design(
    dp: &DesignPlan,
    opts: &DesignOptions,
    progress: &mut dyn SweepProgress,
    interrupted: &AtomicBool,
) -> Result<DesignOutcome, RunError> {
    let started = Instant::now();
    let out = &opts.out;
    // The pool first: a bad thread count must not leave a started card in `out`.
    let pool = crate::blocks::pool(opts.threads)?;
    if opts.resume
        && !out.join(DESIGN_MANIFEST).is_file()
        && !out.join(crate::output::LOCK_FILE).is_file()
    {
        return Err(RunError::NotADesign {
            path: out.join(DESIGN_MANIFEST),
            source: std::io::Error::from(std::io::ErrorKind::NotFound),
        });
    }
    create_dir(out)?;
    let _lock = lock(out)?;
    let fingerprint = dp.fingerprint();
    let old = open(opts, &fingerprint)?;
    let path = out.join(DESIGN_MANIFEST);
    let n = dp.arms.len();
    let mut manifest = DesignManifest {
        version: DESIGN_VERSION,
        fingerprint,
        set: dp.set.name.clone(),
        players: dp.players,
        arms: (0..n).map(|i| (dp.dir_name(i), dp.label(i))).collect(),
        arms_done: 0,
        design_games: Vec::with_capacity(n),
        complete: false,
        design: None,
    };
    manifest.save(&path)?;
    let total = dp.total_games();
    progress.update(0, total);
    let mut arms = Vec::with_capacity(n);
    let (mut played, mut arms_played, mut arms_resumed) = (0u64, 0usize, 0usize);
    let mut done_before = 0u64;
    for (i, arm) in dp.arms.iter().enumerate() {
        let plan = &arm.plan;
        let dir = out.join(ARMS_DIR).join(dp.dir_name(i));
        let label = dp.label(i);
        let recorded = old.as_ref().and_then(|m| m.design_games.get(i).copied());
        let rows = match load_arm(plan, &dir, recorded)? {
            Some(rows) => {
                progress.set_started(i, n, &label, true);
                arms_resumed += 1;
                rows
            }
            None => {
                if interrupted.load(Ordering::SeqCst) {
                    return Err(RunError::Interrupted {
                        done: done_before,
                        total,
                    });
                }
                progress.set_started(i, n, &label, false);
                let place = UnitPlace {
                    done_before,
                    total,
                    name: &format!("arm {}", dp.dir_name(i)),
                };
                let (data, rows) = run_unit(
                    plan,
                    &dir,
                    &pool,
                    &place,
                    progress,
                    interrupted,
                    |worker, g, one, out| {
                        let mut c = DesignCollector::new(plan, g);
                        let (game, luck) =
                            crate::record::play_measured(plan, g, worker, one, out, &mut c);
                        // The card's own luck is in its rows (design-games.csv), not in
                        // game-metrics.csv.
                        (c.finish(&game, luck), None)
                    },
                    |rows| write_atomic(&dir.join(DESIGN_GAMES_CSV), &design_games_csv(rows)),
                )?;
                played += data.stats.games;
                arms_played += 1;
                rows
            }
        };
        done_before += plan.games;
        progress.update(done_before, total);
        let csv = design_games_csv(&rows);
        manifest
            .design_games
            .push((csv.len() as u64, crc32fast::hash(&csv)));
        manifest.arms_done = i + 1;
        manifest.save(&path)?;
        arms.push(ArmData {
            kind: arm.kind,
            rows,
        });
    }
    let rows = super::card::card_rows(dp, &arms, None);
    let csv = super::card::design_csv(&dp.set.name, dp.players, &rows);
    write_atomic(&out.join(DESIGN_CSV), &csv)?;
    manifest.design = Some((csv.len() as u64, crc32fast::hash(&csv)));
    manifest.complete = true;
    manifest.save(&path)?;
    Ok(DesignOutcome {
        rows,
        arms,
        games_played: played,
        arms_played,
        arms_resumed,
        seconds: started.elapsed().as_secs_f64(),
    })
}
