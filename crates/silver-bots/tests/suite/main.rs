//! The silver-bots integration tests, one binary: bot properties over every edition (legal
//! play, no reading of hidden values), the ε-greedy player, bot programs that misbehave, and
//! the ISMCTS tests. The allocation test (`ismcts_alloc.rs`) stays a binary of its own: it
//! installs a global allocator.

mod belief;
mod bots;
mod epsilon;
mod exec;
mod ismcts;
mod kinds;
mod matches;
mod restricted;
mod view_codes;
