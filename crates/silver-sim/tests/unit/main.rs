//! silver-sim's tests of its modules, in one binary: as unit tests in `src/` they compiled the
//! whole crate a second time after every engine edit. They use the public API, and the few
//! internals they check through the hidden `silver_sim::testing` module.

mod balance;
mod balance_metrics;
mod balance_report;
mod balance_sweep;
mod design;
mod design_card;
mod files;
mod manifest;
mod panics;
mod permission;
mod plan;
mod plan_sets;
mod planted;
mod search;
mod search_objective;
mod search_spec;
mod sets;
