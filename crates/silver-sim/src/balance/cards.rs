//! A sweep's design cards: each set's card played after its run by the design card's own
//! runner ([`run_design`]) into `OUT/cards/NN-NAME/` (a complete card directory each), resumed
//! or skipped as the sweep's sets are, and its progress folded into the sweep's.

use super::sweep::SweepProgress;
use super::BalancePlan;
use crate::design::{
    load_design, read_design_manifest, run_design, ArmData, DesignOptions, DesignPlan,
    DESIGN_MANIFEST, DESIGN_VERSION,
};
use crate::error::RunError;
use crate::output::io;
use std::sync::atomic::AtomicBool;

/// The directory of a sweep's design cards, one per set (`cards/NN-NAME/`, named as the
/// set's run directory under `sets/`).
pub const CARDS_DIR: &str = "cards";

/// A card's progress as the sweep's: its games counted after `done_before` of the sweep's
/// `total`, and each arm's line under the set's (`set 2/24 NAME card: arm 3/20 LABEL`).
struct CardProgress<'a> {
    sweep: &'a mut dyn SweepProgress,
    done_before: u64,
    total: u64,
    set: usize,
    sets: usize,
    name: &'a str,
}

impl SweepProgress for CardProgress<'_> {
    fn set_started(&mut self, index: usize, count: usize, label: &str, resumed: bool) {
        let name = format!("{} card: arm {}/{count} {label}", self.name, index + 1);
        self.sweep.set_started(self.set, self.sets, &name, resumed);
    }

    fn update(&mut self, done: u64, _card_total: u64) {
        self.sweep.update(self.done_before + done, self.total);
    }
}

/// Where set `i`'s card stands in the sweep: the games done before it and the sweep's total.
pub(crate) struct CardPlace {
    /// The set's index.
    pub(crate) set: usize,
    /// Games of the sweep done before this card (its set's run included).
    pub(crate) done_before: u64,
}

/// Plays (or, with `resume`, continues or loads) set `place.set`'s design card `dp` into
/// `OUT/cards/NN-NAME/`; returns its arms and the games played now. A card found finished
/// is checked ([`load_design`]); an interrupted one is continued by the card's own resume;
/// anything else there is replaced (a sweep that is not resumed starts its cards afresh).
pub(crate) fn sweep_card(
    bp: &BalancePlan,
    dp: &DesignPlan,
    place: &CardPlace,
    opts: &super::sweep::BalanceOptions,
    progress: &mut dyn SweepProgress,
    interrupted: &AtomicBool,
) -> Result<(Vec<ArmData>, u64), RunError> {
    let i = place.set;
    let dir = opts.out.join(CARDS_DIR).join(bp.dir_name(i));
    let name = format!("{} card", bp.sets[i].name);
    let mut continue_card = false;
    if opts.resume {
        if let Some(arms) = load_design(dp, &dir)? {
            progress.set_started(i, bp.sets.len(), &name, true);
            progress.update(place.done_before + dp.total_games(), bp.total_games());
            return Ok((arms, 0));
        }
        continue_card = match read_design_manifest(&dir.join(DESIGN_MANIFEST)) {
            Ok(m) => m.version == DESIGN_VERSION && m.fingerprint == dp.fingerprint(),
            Err(RunError::NotADesign { .. }) => false,
            Err(e) => return Err(e),
        };
    }
    if !continue_card && dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(io(&dir))?;
    }
    let card_opts = DesignOptions {
        out: dir.clone(),
        threads: opts.threads,
        resume: continue_card,
        force: false,
    };
    let mut card_progress = CardProgress {
        sweep: progress,
        done_before: place.done_before,
        total: bp.total_games(),
        set: i,
        sets: bp.sets.len(),
        name: &bp.sets[i].name,
    };
    match run_design(dp, &card_opts, &mut card_progress, interrupted) {
        Ok(outcome) => Ok((outcome.arms, outcome.games_played)),
        // The sweep's count: the sets and cards finished before this card.
        Err(RunError::Interrupted { .. }) => Err(RunError::Interrupted {
            done: place.done_before,
            total: bp.total_games(),
        }),
        Err(e) => Err(e),
    }
}
