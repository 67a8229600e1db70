//! The silver-rules integration tests, one binary (one link on every rebuild): scenario tests for
//! every rule id, the rulebook scripts, property suites, information sets, golden digests and
//! the JSON script of `docs/dev/engine.md` (`readme.rs`; the page's Rust example is a doctest:
//! `EngineDoctests` in `lib.rs`). The counting-allocator test (`no_alloc.rs`) stays a binary of its own: it
//! installs a global allocator.

mod common;

mod golden;
mod information;
mod properties;
mod properties_sets;
mod readme;
mod restricted;
mod rules_amulet;
mod rules_bullet;
mod rules_coin_dagger;
mod rules_core;
mod scripts;
mod view_ref;
mod worlds;
