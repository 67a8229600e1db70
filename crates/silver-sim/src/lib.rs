//! # silver-sim
//!
//! Seeded, parallel, resumable experiments for the Silver engine, writing tidy CSV statistics.
//! As in ripgrep, what was typed ([`ExperimentSpec`]) is resolved into a [`Plan`] (bots
//! resolved, lineups, configuration, fingerprint) before anything runs, so resolution is
//! testable without running games.
//!
//! * [`run`] plays a plan in ordered blocks on a rayon pool, appends rows in game order, and
//!   records a [`Manifest`] after every window of blocks (interrupt, then `resume`).
//! * [`merge`] joins shard directories into the files one run would have written.
//! * [`sets`] resolves card sets (set strings and card-set files) into a [`NamedSet`].
//! * [`replay`] re-plays one game and returns its full event trace.
//! * [`balance`] plays the same games with several card sets and compares them.
#![deny(missing_docs)]
// Seat-indexed arrays (sums, scores, totals) read clearest with a loop over seats.
#![allow(clippy::needless_range_loop)]

pub mod balance;
mod plan;
mod record;
mod run;
pub mod seeds;
pub mod sets;
mod spec;
pub mod stats;

pub use balance::{
    headline_table, resolve_balance, run_balance, BalanceOptions, BalanceOutcome, BalancePlan,
    BalanceSpec, SweepProgress,
};
pub use plan::{list_profiles, resolve, resolve_bot, BotEntry, GameSlot, Plan};
pub use record::{play, Rows, Worker, CENSUS_HEADER, GAMES_HEADER, ROUNDS_HEADER};
pub use run::{
    manifest_set, merge, read_manifest, run, GamePanic, Manifest, Progress, RunError, RunOptions,
    RunOutcome, Shard, MANIFEST, MANIFEST_VERSION,
};
pub use sets::{resolve_set, resolve_set_with_token, CustomCharacter, NamedSet, SetRecord};
pub use spec::{ExperimentSpec, ModelSpec, Outputs, Seating};
pub use stats::{census_tables, summary_table, wilson, Stats};

use silver_rules::Event;

/// Re-plays game `index` of `plan` and returns every event, in order (omniscient trace).
pub fn replay(plan: &Plan, index: u64) -> Result<Vec<Event>, String> {
    if index >= plan.games {
        return Err(format!(
            "game {index} is outside this plan ({} games: 0 to {})",
            plan.games,
            plan.games - 1
        ));
    }
    let mut events: Vec<Event> = Vec::new();
    let mut worker = Worker::new(plan);
    let mut stats = Stats::new(plan.bots.len(), plan.config.players as usize);
    let mut rows = Rows::default();
    record::play(plan, index, &mut worker, &mut stats, &mut rows, &mut events);
    Ok(events)
}
