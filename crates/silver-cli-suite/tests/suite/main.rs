//! The `silver` binary's integration tests, one test binary: commands, outputs and errors
//! (`cli.rs`), head-to-head, ratings and SPRT (`compare.rs`), output-directory ownership and
//! integrity (`integrity.rs`), what a run directory vouches for (`tamper.rs`), failing loudly in
//! one line (`failures.rs`), the docs' output blocks, commands and links (`docs.rs`), bot programs that misbehave (`programs.rs`), the Python package
//! (`python.rs`), belief diagnostics (`beliefs.rs`), the cluster page's Slurm and GNU parallel recipes on a real Slurm (`slurm.rs`), what shared files may start (`security.rs`), card sets (`sets.rs`) and balance
//! sweeps (`balance.rs`), all through the real executable and the shared harness in `common/`.
//!
//! This package depends on no engine crate, so a change to the engine does not rebuild these
//! tests: they run the `silver` next to their own executable (`common::silver_bin`), which
//! `cargo test --workspace` builds first. The few checks against the engine's own answers are
//! `silver-cli`'s `tests/engine_checks.rs`, which shares this harness.

#[macro_use]
mod common;

mod balance;
mod beliefs;
mod cli;
mod compare;
mod design;
mod design_sweep;
mod docs;
mod failures;
mod integrity;
mod programs;
mod python;
mod replay;
mod runs;
mod search;
mod security;
mod sets;
mod slurm;
mod table;
mod tamper;
