//! # silver-sim
//!
//! Seeded, parallel, resumable experiments for the Silver engine, writing tidy CSV statistics.
//! As in ripgrep, what was typed ([`ExperimentSpec`]) is resolved into a [`Plan`] (bots
//! resolved, lineups, configuration, fingerprint) before anything runs, so resolution is
//! testable without running games.
//!
//! * [`run`] plays a plan (or a shard of it) into a directory, resumably; [`merge`] joins
//!   shard directories into the files one run would have written; [`read_manifest`] reads
//!   what a run recorded.
//! * [`run_balance`] plays the same games with several card sets and compares them.
//! * [`resolve_set`] resolves card sets (set strings and card-set files) into a [`NamedSet`].
//! * [`replay`] re-plays one game and returns its full event trace.
//! * [`crosstable`], [`ratings_table`] and [`SprtRecord`] compare bots: head-to-head shares,
//!   Bradley–Terry ratings on an Elo scale and the sequential test, all with blocks (a deal
//!   with its seat rotations) as the statistical unit.
//!
//! The statistics themselves (intervals, head-to-head sums over blocks, ratings, the SPRT,
//! paired metrics) are the `silver-stats` crate, which knows no engine type; the items this
//! crate's API exposed are re-exported here.
//!
//! Inside, one job per module: `spec` (what was typed), `plan` (resolution), `permission` (which programs may start), `record` (one
//! game played and recorded), `collect` (the recorder and its collectors, one per output or
//! statistic family: how to add a statistic), `blocks` (the one ordered-block scheduler every
//! run and sweep uses), `output` (the files of a run directory declared once, the one CSV
//! writer: how to add an output file), `manifest`, `run`, `merge`,
//! `stats` (a run's statistics), `balance` (sweep
//! resolution, running, metrics, report), `sets`, `error`, `files` (bounded reads, replaceable targets), `panics` (which
//! panics are a game's).
#![deny(missing_docs)]
// Seat-indexed arrays (sums, scores, totals) read clearest with a loop over seats.
#![allow(clippy::needless_range_loop)]

mod balance;
mod blocks;
mod collect;
pub mod design;
mod error;
mod files;
pub mod limits;
mod manifest;
mod merge;
mod output;
mod panics;
mod permission;
mod plan;
mod record;
mod run;
// Seeding is the bots crate's (the game loop's neighbour); runs name it from here too.
pub use silver_bots::seeds::{bot_rng, deal_rng};
pub mod search;
mod sets;
mod spec;
mod stats;
mod summary;
mod verify;

// The statistics live in silver-stats (no engine types, so a rules edit does not rebuild
// them); the modules here name them by these paths.
use silver_stats::{interval, pairs, ratings, sprt};

pub use balance::metrics::SetMetrics;
pub use balance::report::{design_table, headline_table};
pub use balance::sweep::{
    run_balance, BalanceOptions, BalanceOutcome, SweepProgress, CARDS_DIR, SETS_DIR,
};
pub use balance::{resolve_balance, resolve_balance_with, BalancePlan, SweepSet};
pub use error::{
    message, BotError, CustomAbilityError, GamePanic, ManifestPlanError, RunError, SetDefError,
    SetDefProblem, SetFileError, SpecError, UnknownToken,
};
pub use files::{check_replaceable, read_text, MAX_TEXT_FILE};
pub use manifest::{read_manifest, GamesRecord, Manifest, Shard, ShardError, Speed};
pub use merge::merge;
pub use output::{lock_run_dir, read_prefix, DirLock, Prefix, Rows};
pub use panics::{catch_game, in_game, panic_text, record_game_panic};
pub use permission::{ExecPolicy, Program};
pub use plan::{
    list_profiles, resolve, resolve_bot, resolve_bot_with, resolve_with, BotEntry, GameSlot, Plan,
};
pub use record::{play, record_game, replay, GameDecision, Recorded, Worker};
pub use run::{run, Progress, RunOptions, RunOutcome};
pub use sets::{
    list_cards, resolve_set, CustomCharacter, CustomDef, NamedSet, SetRecord, ValueDef,
};
pub use silver_stats::interval::plus_minus;
pub use silver_stats::{
    count_cells, score_estimate, Decision, ScoreEstimate, SprtBoundsError, SprtRecord, SprtSpec,
    SprtSpecError,
};
pub use silver_stats::{crosstable, reduced_table};
pub use silver_stats::{
    fit_ratings, fit_ratings_from, fit_ratings_reduced, ratings_table, reduced_ratings_table,
    Rating, Ratings, Reference,
};
pub use silver_stats::{wilson, Est, Metric};
pub use spec::{BalanceSpec, ExperimentSpec, ModelSpec, Outputs, Seating};
pub use stats::{census_tables, summary_table, Stats};
pub use summary::summary_files;
pub use verify::{verify_dir, Verified};

/// What this crate's own tests (`tests/unit`) reach inside it; not part of the API.
#[doc(hidden)]
pub mod testing {
    pub use crate::balance::metrics::{
        control_blocks, metrics_csv, read_metrics, reduced_metric, ControlledMetric, GameRow,
        ReducedMetric, RowLuck, SetData, CONTROLLED,
    };
    pub use crate::balance::one_swap;
    pub use crate::balance::report::{balance_csv, num};
    pub use crate::balance::sweep::load_set;
    pub use crate::blocks::Blocks;
    pub use crate::design::testing::{design_games_csv, parse_design_games};
    pub use crate::manifest::{seal, unseal};
    pub use crate::sets::{is_set_file, resolve_set_with_token};
}
