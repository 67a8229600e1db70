//! # silver-rules
//!
//! The rules engine of the Silver card games (Ted Alspach's werewolf card games), as
//! specified by the project's `RULES.md` (rule ids `R-…` are cited throughout).
//!
//! * [`Game`] is the complete, `Copy` state. [`Game::to_move`] says who decides;
//!   [`Game::legal_actions`] fills a fixed-capacity [`ActionList`]; [`Game::apply`] validates
//!   (an illegal action is a typed error, the state unchanged) and [`Game::apply_unchecked`]
//!   skips the check for search. Between rounds the game waits for a chance event:
//!   [`Game::deal`] with an explicit [`DealOrder`] (stacked decks) or [`Game::deal_random`].
//! * Everything that happens is pushed to an [`EventSink`]; `()` ignores events at no cost.
//! * Hidden information is a data boundary: [`Game::view`] gives a [`PlayerView`] from which the
//!   viewer's unknown values are erased. Only [`Game::omniscient`] reads hidden values, for
//!   statistics and traces; bots receive views and [`Observation`]s, never a `Game`.
//!   [`Game::view_ref`] is the same information set borrowed ([`ViewRef`]: no copy, hidden
//!   values masked at every read).
//! * [`PlayerView::sample_world`] deals a full world consistent with a viewer's knowledge
//!   (optionally after forgetting), without allocating.
//! * [`Script`] plays a JSON-described game (stacked deals plus actions).
//!
//! ```
//! use silver_rules::{ActionList, Config, Game, ToMove};
//! use rand::{Rng, SeedableRng};
//!
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! let mut game = Game::new(Config::standard(3).unwrap(), 0).unwrap();
//! let mut actions = ActionList::new();
//! loop {
//!     match game.to_move() {
//!         ToMove::Deal => game.deal_random(&mut rng, &mut ()),
//!         ToMove::Player(_) => {
//!             game.legal_actions(&mut actions);
//!             let a = actions[rng.random_range(0..actions.len())];
//!             game.apply(a, &mut ()).unwrap();
//!         }
//!         ToMove::Terminal => break,
//!     }
//! }
//! assert!(game.winner().is_some());
//! ```
#![deny(missing_docs)]
// Seat-indexed arrays (sums, scores, totals) read clearest with a loop over seats.
#![allow(clippy::needless_range_loop)]

mod action;
mod card;
mod code;
mod config;
mod event;
mod game;
mod luck;
mod omniscient;
mod playout;
pub mod restricted;
mod rules;
#[cfg(feature = "serde")]
mod script;
mod table;
mod view;
mod view_ref;

pub use action::{Action, ActionKind, ActionList, Slot, ACTION_IDS, MAX_ACTIONS};
pub use card::{
    character, characters, count_range, Ability, AbilityKindError, CardSet, Character, Edition,
    Provenance, SetError, Token, Trigger, Value, ABILITY_KINDS, AMULET_CHARACTERS,
    BULLET_CHARACTERS, CARDS, COIN_CHARACTERS, DAGGER_CHARACTERS, DECK_SUM, VALUES, VALUE_COUNTS,
};
pub use code::CodeError;
pub use config::{
    Config, ConfigError, GameModel, Seat, DEFAULT_MAX_ROUNDS, DEFAULT_MAX_TURNS,
    MAX_DECISIONS_PER_TURN, MAX_PLAYERS,
};
pub use event::{
    CardSource, Event, EventSink, FnSink, GameEvent, Hidden, Observation, ObservationLog,
    PileReason, RoundEnd,
};
pub use game::{AbilityStep, CardId, DealError, DealOrder, Game, Stage, ToMove, VILLAGE_CARDS};
pub use luck::Luck;
pub use omniscient::{InvariantViolation, Omniscient};
pub use playout::random_playout;
pub use restricted::ValueSet;
pub use rules::IllegalAction;
#[cfg(feature = "serde")]
pub use script::{DealSpec, Script, ScriptError, StackedDeal};
pub use table::Table;
pub use view::{CardMask, CardView, PlayerView};
pub use view_ref::ViewRef;

/// The engine's page of the docs (`docs/dev/engine.md`), whose Rust code blocks run as doctests
/// of this crate, so the example a reader sees is the example `cargo test` compiles and runs.
/// Its other blocks are tagged (`json`, `text`) and not compiled. Only doctests see this item
/// (`cfg(doctest)` removes it before the page is read), so editing the page rebuilds nothing.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/dev/engine.md")]
pub struct EngineDoctests;
