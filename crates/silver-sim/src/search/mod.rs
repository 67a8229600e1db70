//! Balance search: the best card sets of a space of mixes by a designer's own objectives, found
//! by successive halving on common random numbers and certified on fresh deals.
//!
//! A search ([`SearchPlan`]) names a **space** of card sets (each value from the editions
//! allowed for it, optionally the token and custom characters; [`space`]), one or more
//! **objectives** over the design card's metrics ([`objective`]), and **fidelities**: the
//! design-card arms (reference bot, ladder) its stages play. Its **stages** are a fixed
//! schedule computed from the spec alone: every set of the space is screened on the first deals;
//! each stage keeps the best share of its sets (by the objectives' point estimates over every
//! deal they have played) and plays the survivors on more deals, every survivor on the same
//! deals; the finalists are then certified on fresh deals (so their estimates carry no
//! selection bias) and, optionally, confirmed at a slower fidelity. The base set is played in
//! every stage, so every set has a paired difference from it.
//!
//! Every game is an arm game of the design card ([`crate::design`]): deal `d` of an arm is the
//! same deal for every set, so differences between sets are paired by deal. A stage stores,
//! per set and deal, the integer sums `(y, x)` of every [`Measure`] the objectives read; every
//! decision is a deterministic function of those sums, so a search is byte-identical at any
//! thread count, shard split and after any resume.

pub mod objective;
pub mod resolve;
pub mod space;
pub mod spec;

pub mod output;
mod play;
pub mod run;
pub mod store;
#[cfg(test)]
mod tests;

pub use output::{ranking_text, RankedObjective, RankedSet, Ranking};
pub use run::{run_search, SearchOptions, SearchOutcome, SearchProgress, SearchRunError};

use crate::design::DesignPlan;
use crate::sets::NamedSet;
use objective::Objective;
use space::Space;
use std::ops::Range;

/// A resolved search: everything its stages need, validated before anything runs.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchPlan {
    /// Name (the spec's `name`, or its file name).
    pub name: String,
    /// The base set: changes are counted from it, and it is played in every stage.
    pub base: NamedSet,
    /// The space of sets searched.
    pub space: Space,
    /// The space indices searched (those within `max_changes` of the base), ascending. The
    /// base's index is 0.
    pub candidates: Vec<u64>,
    /// The objectives (one: a ranking; several: a Pareto front).
    pub objectives: Vec<Objective>,
    /// How the games are spent.
    pub method: Method,
    /// The fidelities, screen first: [`FidelityKind::Screen`], then [`FidelityKind::Certify`],
    /// then [`FidelityKind::Confirm`] if the spec has one.
    pub fidelities: Vec<Fidelity>,
    /// The fixed schedule of stages.
    pub stages: Vec<Stage>,
    /// Sets certified (and ranked in `ranking.csv`).
    pub finalists: usize,
    /// Master seed of every arm of every fidelity.
    pub seed: u64,
}

/// How a search spends its games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Successive halving: stage 1 plays every candidate on `first_deals` deals; each later
    /// stage keeps one set in `keep` (at least `finalists`) and plays the survivors on `keep`
    /// times as many deals in all, until `finalists` remain; then certification.
    Halving {
        /// Deals per set in stage 1.
        first_deals: u64,
        /// One set in `keep` survives each stage (2 or more).
        keep: u64,
    },
    /// One screening stage: every candidate on the same `deals` deals (the brute force, and
    /// the uniform baseline of the same budget); then certification.
    Uniform {
        /// Deals per set.
        deals: u64,
    },
}

/// Which fidelity a stage plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FidelityKind {
    /// The cheap screen (the halving stages).
    Screen,
    /// The finalists on fresh deals, the screen's bots.
    Certify,
    /// The finalists on fresh deals with slower bots (a search bot in the ladder).
    Confirm,
}

impl FidelityKind {
    /// Its name in files and messages: `screen`, `certify`, `confirm`.
    pub const fn name(self) -> &'static str {
        match self {
            FidelityKind::Screen => "screen",
            FidelityKind::Certify => "certify",
            FidelityKind::Confirm => "confirm",
        }
    }
}

/// One fidelity: the design-card arms its games are played in, per player count, and the
/// measures the objectives read from them.
#[derive(Clone, Debug, PartialEq)]
pub struct Fidelity {
    /// Which one.
    pub kind: FidelityKind,
    /// One design plan per player count of the search, in the spec's order, of the base set
    /// (a set's arms are `plan.with_set(set)`), holding only the arms the measures read. Every
    /// arm's `games` covers every deal the schedule gives this fidelity.
    pub plans: Vec<DesignPlan>,
    /// What the objectives read, in column order: the same list, in the same order, at every
    /// fidelity.
    pub measures: Vec<Measure>,
}

/// One quantity the objectives read: one key of one metric at one player count, the sums
/// `(Σy, Σx)` of its counts over the games of a deal in the arms it reads.
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    /// Index into [`Fidelity::plans`] (the player count).
    pub plan: usize,
    /// Players per game.
    pub players: u8,
    /// Index into [`crate::design::card::METRICS`].
    pub metric: usize,
    /// The metric's key (`""`, a seat offset, a value, a pairing `UPPER>LOWER`).
    pub key: String,
    /// The index passed to the metric's `counts` (seat offset, value or round end; 0 otherwise).
    pub key_index: usize,
    /// The arms it sums (indices into the plan's `arms`).
    pub arms: Vec<usize>,
    /// Value = scale · (Σy/Σx − shift) (a share in %, points over a half or a fair share).
    pub scale: f64,
    /// See `scale`.
    pub shift: f64,
}

/// Which sets a stage plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageSets {
    /// Every candidate.
    All,
    /// The best `n` of the previous stage's sets other than the base (by the objectives over
    /// every deal they have played at this fidelity), plus the base: `n + 1` sets, whatever
    /// the base's own place (so the schedule is known from the spec alone).
    Best(u64),
}

/// One stage of the fixed schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// 1-based number.
    pub number: usize,
    /// Its fidelity (index into [`SearchPlan::fidelities`] and its kind).
    pub fidelity: usize,
    /// Which sets it plays.
    pub sets: StageSets,
    /// The deals it plays (of every set it plays): new deals, after the previous stages' of
    /// the same fidelity; certification and confirmation start at fresh deals.
    pub deals: Range<u64>,
    /// Sets it plays, the base included (known from the schedule).
    pub set_count: u64,
    /// Games it plays in all (every arm, player count and set).
    pub games: u64,
}
