//! The `silver` binary's integration tests, one test binary: commands, outputs and errors
//! (`cli.rs`), head-to-head, ratings and SPRT (`compare.rs`), output-directory ownership and
//! integrity (`integrity.rs`), what a run directory vouches for (`tamper.rs`), failing loudly in
//! one line (`failures.rs`), the docs' output blocks, commands and links (`docs.rs`), bot programs that misbehave (`programs.rs`), the Python package
//! (`python.rs`), what shared files may start (`security.rs`), card sets (`sets.rs`) and balance
//! sweeps (`balance.rs`), all through the real executable and the shared harness in `common/`.

#[macro_use]
mod common;

mod balance;
mod cli;
mod compare;
mod docs;
mod failures;
mod integrity;
mod programs;
mod python;
mod replay;
mod security;
mod sets;
mod table;
mod tamper;
