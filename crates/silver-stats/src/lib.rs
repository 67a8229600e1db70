//! # silver-stats
//!
//! The statistics of Silver experiments, apart from the engine: nothing here knows a card, a
//! seat type or a game, so an edit of the rules does not rebuild it. A block (a deal played
//! with all its seat rotations) is the statistical unit of every comparison; sums are kept in
//! integers so shards, resumed runs and merges add them exactly.
//!
//! * [`interval`]: Wilson intervals, normal intervals of ratios by the delta method, paired
//!   differences, and the one [`ratio`].
//! * [`pairs`]: head-to-head sums over blocks ([`PairTable`]), their estimates, `pairs.csv`
//!   and the crosstable.
//! * [`ratings`]: Bradley–Terry ratings on an Elo scale with cluster-robust intervals, and
//!   their variance-reduced version where each block holds one pair.
//! * [`sprt`]: the normalised generalised SPRT of chess-engine testing.
//! * [`metric`]: a sample's metrics and their paired differences from a base sample (the
//!   card sets of a balance sweep).
//! * [`design`]: the design card's estimators over blocks (ratios, shares, paired
//!   differences), lead changes, the decided round and a skill ladder's depth.
//! * [`search`]: the balance search's delete-one-block jackknife of any function of block
//!   sums (objectives, paired differences) and Student's t quantile.
//! * [`hash`]: FNV-1a for fingerprints.
#![deny(missing_docs)]
// Bot- and seat-indexed arrays (sums, matrices of the fit) read clearest with a loop over indices.
#![allow(clippy::needless_range_loop)]

pub mod design;
pub mod hash;
pub mod interval;
pub mod metric;
pub mod pairs;
pub mod ratings;
pub mod search;
pub mod sprt;

pub use hash::fnv1a_hex;
pub use interval::{ratio, wilson, Est};
pub use metric::Metric;
pub use pairs::{
    control_variate, crosstable, reduced_table, GameResult, HeadToHead, LuckSums, PairSums,
    PairTable, Reduced, SeatLuck, LUCK_PLACES, LUCK_POINTS,
};
pub use ratings::{
    fit as fit_ratings, fit_from as fit_ratings_from, fit_reduced as fit_ratings_reduced,
    ratings_pairs_csv, ratings_table, reduced_ratings_table, Difference, Rating, Ratings,
    Reference,
};
pub use sprt::{
    count_cells, score_estimate, Decision, ScoreEstimate, SprtBoundsError, SprtRecord, SprtSpec,
    SprtSpecError,
};
