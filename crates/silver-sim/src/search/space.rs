//! The space of card sets a search explores: for each value that may change, the characters
//! it may take (editions' characters, custom characters), and optionally the token; a set is
//! a mixed-radix index over those choices, choice 0 of every dimension being the base's, so
//! index 0 is the base set.

use crate::sets::NamedSet;
use silver_rules::{Edition, Token};

/// One character a value may take in the space.
#[derive(Clone, Debug, PartialEq)]
pub enum Choice {
    /// The value's character in a built-in edition.
    Edition(Edition),
    /// A custom character: an ability kind and its count (as a card-set file writes them).
    Custom {
        /// The ability kind (`discard-own`).
        kind: String,
        /// Its count, for a kind that takes one.
        count: Option<u8>,
    },
    /// The base set's own character for the value, when it is none of the above (a custom
    /// character of the base).
    Base,
}

/// What one dimension of the space chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DimKind {
    /// A value's character.
    Value(u8),
    /// The token.
    Token,
}

/// One dimension: its options, the base's first.
#[derive(Clone, Debug, PartialEq)]
pub struct Dim {
    /// What it chooses.
    pub kind: DimKind,
    /// A value's choices (empty for the token).
    pub choices: Vec<Choice>,
    /// The token's choices (empty for a value).
    pub tokens: Vec<Token>,
}

/// The space: the base and the dimensions that may change (values in order, then the token).
/// Index `i` takes, in dimension `k`, choice `(i / Π_{j<k} radix_j) mod radix_k`.
#[derive(Clone, Debug, PartialEq)]
pub struct Space {
    /// The base set (index 0).
    pub base: NamedSet,
    /// The dimensions, values ascending then the token.
    pub dims: Vec<Dim>,
    /// Number of sets (the product of the dimensions' sizes).
    pub size: u64,
}
