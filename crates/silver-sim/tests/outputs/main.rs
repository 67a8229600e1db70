//! silver-sim's tests of its outputs, one binary: the recorder and its collectors, the files
//! of a run directory, statistics.

mod collectors;
mod files;
mod stats;
