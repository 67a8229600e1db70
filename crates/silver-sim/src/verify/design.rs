//! `silver verify` of a design card's directory: `design.json` (its seal, version and parts),
//! every arm it counts done as a run is checked (the arm's `game-metrics.csv` too) with its
//! `design-games.csv` against the length and CRC-32 `design.json` records and against the
//! arm's statistics, and a finished card's `design.csv` against its recorded length and CRC-32
//! and against the card its arms' rows make, byte for byte.

use super::{inconsistent, verify_run, Verified};
use crate::design::card::{card_rows, design_csv};
use crate::design::{
    checked_design_games, read_design_manifest, Arm, ArmData, ArmKind, DesignManifest, DesignPlan,
    ARMS_DIR, DESIGN_CSV, DESIGN_MANIFEST,
};
use crate::error::RunError;
use crate::plan::{BotEntry, Plan};
use std::path::Path;

/// The kind of an arm from its directory's name (`NN-KIND`, as [`DesignPlan::dir_name`]
/// writes it; a finished card's names are checked against it).
fn arm_kind(name: &str) -> Option<ArmKind> {
    let (index, kind) = name.split_once('-')?;
    if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(match kind {
        "self-play" => ArmKind::SelfPlay,
        "points-game" => ArmKind::PointsGame,
        "hidden-information" => ArmKind::HiddenInformation,
        "memory" => ArmKind::Memory,
        _ => {
            if let Some(v) = kind.strip_prefix("restricted-") {
                ArmKind::Restricted {
                    value: v.parse().ok()?,
                }
            } else {
                let (upper, lower) = kind.strip_prefix("ladder-")?.split_once("-over-")?;
                ArmKind::Ladder {
                    lower: lower.parse().ok()?,
                    upper: upper.parse().ok()?,
                }
            }
        }
    })
}

/// The card's parts against each other: arms done, their records, finished.
fn check_parts(dir: &Path, m: &DesignManifest) -> Result<(), RunError> {
    let total = m.arms.len();
    let finished = m.arms_done == total && m.design.is_some();
    if m.arms_done > total || m.design_games.len() != m.arms_done || m.complete != finished {
        return Err(inconsistent(
            dir,
            format!(
                "{DESIGN_MANIFEST} records {} of {total} arms done, {} arms' {} and the card {}",
                m.arms_done,
                m.design_games.len(),
                crate::design::DESIGN_GAMES_CSV,
                match (m.complete, m.design.is_some()) {
                    (true, true) => "complete",
                    (true, false) => "complete without its design.csv",
                    (false, true) => "unfinished with a design.csv",
                    (false, false) => "unfinished",
                }
            ),
        ));
    }
    Ok(())
}

/// The card's plan rebuilt from its arms' plans (each from its run's manifest), as far as the
/// card's metrics and fingerprint read it: the set, players, seed, reference (the self-play
/// arm's bot) and ladder (each rung from the pairings it plays). `games` and `search_games` are
/// what the self-play and hidden-information arms played (the card's own counts rounded up to
/// whole blocks), which neither reads.
fn rebuild(dir: &Path, m: &DesignManifest, arms: Vec<Arm>) -> Result<DesignPlan, RunError> {
    let bad = |problem: String| inconsistent(dir, problem);
    let of = |kind: ArmKind| arms.iter().find(|a| a.kind == kind);
    let self_play =
        of(ArmKind::SelfPlay).ok_or_else(|| bad("the card has no self-play arm".into()))?;
    let reference = self_play
        .plan
        .bots
        .first()
        .cloned()
        .ok_or_else(|| bad("the self-play arm plays no bot".into()))?;
    let rungs = arms
        .iter()
        .filter_map(|a| match a.kind {
            ArmKind::Ladder { upper, .. } => Some(upper + 1),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let mut ladder: Vec<Option<BotEntry>> = vec![None; rungs];
    for a in &arms {
        if let ArmKind::Ladder { lower, upper } = a.kind {
            for (rung, bot) in [(upper, 0), (lower, 1)] {
                let Some(entry) = a.plan.bots.get(bot) else {
                    return Err(bad(format!(
                        "a ladder arm plays {} bots",
                        a.plan.bots.len()
                    )));
                };
                match &ladder[rung] {
                    Some(e) if e.name != entry.name => {
                        return Err(bad(format!(
                            "the ladder's rung {rung} is {} in one arm and {} in another",
                            e.name, entry.name
                        )))
                    }
                    Some(_) => {}
                    None => ladder[rung] = Some(entry.clone()),
                }
            }
        }
    }
    let ladder: Vec<BotEntry> = ladder
        .into_iter()
        .enumerate()
        .map(|(i, e)| e.ok_or_else(|| bad(format!("no arm plays the ladder's rung {i}"))))
        .collect::<Result<_, _>>()?;
    let games = self_play.plan.games;
    let search_games = of(ArmKind::HiddenInformation).map_or(games, |a| a.plan.games);
    let dp = DesignPlan {
        set: self_play.plan.set.clone(),
        players: self_play.plan.players,
        reference,
        ladder,
        games,
        search_games,
        seed: self_play.plan.seed,
        arms,
    };
    if dp.fingerprint() != m.fingerprint || dp.set.name != m.set || dp.players != m.players {
        return Err(bad(format!(
            "{DESIGN_MANIFEST} records the card {} ({} at {} players) but its arms make {} ({} at {} players)",
            m.fingerprint,
            m.set,
            m.players,
            dp.fingerprint(),
            dp.set.name,
            dp.players
        )));
    }
    for (i, (name, label)) in m.arms.iter().enumerate() {
        if *name != dp.dir_name(i) || *label != dp.label(i) {
            return Err(bad(format!(
                "{DESIGN_MANIFEST} records arm {i} as {name} ({label}) but it is {} ({})",
                dp.dir_name(i),
                dp.label(i)
            )));
        }
    }
    Ok(dp)
}

/// Checks a design card's directory (`dir` holds `design.json`); see the module's doc.
pub(super) fn verify_design(dir: &Path) -> Result<Verified, RunError> {
    check_design(dir).map(|(out, _)| out)
}

/// A finished card's plan and its arms' rows, as [`check_design`] found them.
pub(super) type CardData = (DesignPlan, Vec<ArmData>);

/// [`verify_design`], and for a finished card its plan and its arms' rows (a balance sweep's
/// `design.csv` is made of them).
pub(super) fn check_design(dir: &Path) -> Result<(Verified, Option<CardData>), RunError> {
    let m = read_design_manifest(&dir.join(DESIGN_MANIFEST))?;
    m.check_version(dir)?;
    check_parts(dir, &m)?;
    let mut out = Verified {
        runs: Vec::new(),
        games: 0,
        files: 1,
        unfinished: m.arms.len() - m.arms_done,
        arms: Some(m.arms.len()),
    };
    let mut arms = Vec::with_capacity(m.arms_done);
    let mut data = Vec::with_capacity(m.arms_done);
    for (i, ((name, _), &(len, crc))) in m.arms.iter().zip(&m.design_games).enumerate() {
        let run = dir.join(ARMS_DIR).join(name);
        let kind = arm_kind(name).ok_or_else(|| {
            inconsistent(
                dir,
                format!("{DESIGN_MANIFEST} records arm {i} in {name}, not an arm's directory"),
            )
        })?;
        if !run.is_dir() {
            return Err(inconsistent(
                dir,
                format!("the arm directory {} is missing", run.display()),
            ));
        }
        let rm = crate::manifest::read_manifest(&run)?;
        if !rm.complete {
            return Err(inconsistent(
                &run,
                format!("{DESIGN_MANIFEST} counts this arm done but its run is not complete"),
            ));
        }
        let (games, files, _) = verify_run(&run, &rm)?;
        crate::balance::metrics::checked_metrics(&run, &rm, false)?;
        let plan = Plan::from_manifest(&rm).map_err(|e| inconsistent(&run, e.to_string()))?;
        let rows = checked_design_games(&run, &rm.stats, plan.luck, len, crc)?;
        out.files += files + 2;
        out.games += games;
        out.runs.push(run);
        arms.push(Arm { kind, plan });
        data.push(ArmData { kind, rows });
    }
    let Some((len, crc)) = m.design else {
        return Ok((out, None));
    };
    let dp = rebuild(dir, &m, arms)?;
    let bytes = crate::output::read_recorded(dir.join(DESIGN_CSV), len, crc)?;
    let card = design_csv(&dp.set.name, dp.players, &card_rows(&dp, &data, None));
    if bytes != card {
        return Err(inconsistent(
            dir,
            format!("{DESIGN_CSV} differs from the card its arms' games make"),
        ));
    }
    out.files += 1;
    Ok((out, Some((dp, data))))
}
