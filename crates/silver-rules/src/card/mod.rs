//! Card values, characters, abilities and card sets (R-DECK, R-SET, §5, EDITIONS.md).
//!
//! The state only ever stores *values* 0–13. What a value does is decided by the game's
//! [`CardSet`], which maps each value to an [`Ability`] (and remembers the edition it came
//! from); the engine resolves abilities through [`Ability`], a closed enum matched with no `_` arm
//! (`rules/`). The built-in characters of every edition are listed in [`characters`], each with
//! its [`Provenance`] (EDITIONS.md); characters whose text is unknown are not shipped.
//!
//! * `value`: values and how many of each a deck holds (R-DECK);
//! * `ability`: the ability table, one row per kind ([`Ability`], [`Trigger`], names in card-set
//!   files, role marks), and the steps to add a kind;
//! * `character`: the built-in characters of every edition ([`characters`]), with editions,
//!   tokens and provenance;
//! * `set`: [`CardSet`] and its set-string grammar ([`CardSet::parse`],
//!   [`CardSet::canonical_name`]).

mod ability;
mod character;
mod set;
mod value;

pub use ability::{count_range, Ability, AbilityKindError, Trigger, ABILITY_KINDS};
pub(crate) use ability::{Chosen, Helper, Scoring, SetRole, UpRole};
pub use character::{
    character, characters, Character, Edition, Provenance, Token, AMULET_CHARACTERS,
    BULLET_CHARACTERS, COIN_CHARACTERS, DAGGER_CHARACTERS,
};
pub use set::{CardSet, SetError};
pub use value::{Value, CARDS, DECK_SUM, VALUES, VALUE_COUNTS};
