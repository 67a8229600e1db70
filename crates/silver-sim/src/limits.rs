//! The bounds on what one run may ask for, in one leaf module (the errors that name them and
//! the code that enforces them both read them here).

/// The most worker threads a run starts: far more than any machine's cores (the output does
/// not depend on the count), few enough that starting them cannot exhaust the system.
pub const MAX_THREADS: usize = 1024;

/// The most games one run (or one plan of a sweep) may have: a trillion, far beyond any run
/// that finishes, and small enough that no game index or block computation overflows.
pub const MAX_GAMES: u64 = 1_000_000_000_000;
