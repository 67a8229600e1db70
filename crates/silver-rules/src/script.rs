//! Stacked decks and scripted games (JSON via serde): a rulebook example as a data file.
//!
//! A [`Script`] names the players, the first player, one deal per round (a full 52-card order,
//! or a stacked form listing only the cards that matter) and the actions to play in order.
//! Every action is validated; the first illegal one is reported with its index.

use crate::action::Action;
use crate::card::{CardSet, Value};
use crate::config::{Config, GameModel, Seat, DEFAULT_MAX_TURNS};
use crate::event::EventSink;
use crate::game::{DealError, DealOrder, Game, ToMove};
use crate::rules::IllegalAction;

/// One round's deal in a script.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum DealSpec {
    /// All 52 values in deal order (see [`DealOrder`]).
    Full(Vec<Value>),
    /// Only what matters; the rest is filled in ascending order (see [`DealOrder::stacked`]).
    Stacked(StackedDeal),
}

/// The stacked form of a deal: only the cards a scenario cares about.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StackedDeal {
    /// Each seat's five cards, slot 0 first (seats beyond the player count are set aside).
    pub villages: Vec<[Value; 5]>,
    /// The first card of the discard pile.
    pub first_discard: Value,
    /// The top of the deck, top first.
    #[serde(default)]
    pub deck_top: Vec<Value>,
}

impl DealSpec {
    /// The deal order this spec describes.
    pub fn order(&self) -> Result<DealOrder, DealError> {
        match self {
            DealSpec::Full(v) => DealOrder::from_slice(v),
            DealSpec::Stacked(s) => DealOrder::stacked(&s.villages, s.first_discard, &s.deck_top),
        }
    }
}

fn default_model() -> GameModel {
    GameModel::STANDARD
}
fn default_max_turns() -> u16 {
    DEFAULT_MAX_TURNS
}

/// A scripted game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Script {
    /// Number of players (R-PLAYERS).
    pub players: u8,
    /// Card set, as [`CardSet::parse`] reads it (`"bullet"`, `"amulet+0:bullet"`, …);
    /// default Amulet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<String>,
    /// Who starts round 1 (R-START).
    #[serde(default)]
    pub first_player: Seat,
    /// Game length.
    #[serde(default = "default_model")]
    pub model: GameModel,
    /// Turn cap per round.
    #[serde(default = "default_max_turns")]
    pub max_turns_per_round: u16,
    /// One deal per round, in order.
    pub deals: Vec<DealSpec>,
    /// Actions in order.
    #[serde(default)]
    pub actions: Vec<Action>,
}

/// Why a script could not be played. Each message includes the underlying error's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScriptError {
    /// The configuration is invalid.
    #[error("invalid configuration: {0}")]
    Config(crate::config::ConfigError),
    /// The card set is invalid (E-MIX).
    #[error("invalid card set: {0}")]
    Set(crate::card::SetError),
    /// Deal number `round` (1-based) is not a valid deck.
    #[error("deal {round}: {error}")]
    Deal {
        /// Round.
        round: usize,
        /// Why.
        error: DealError,
    },
    /// The game needed deal number `round` but the script has none.
    #[error("the game needs a deal for round {round} but the script has none")]
    MissingDeal {
        /// Round.
        round: usize,
    },
    /// Action number `index` (0-based) is illegal.
    #[error("action {index}: {error}")]
    Illegal {
        /// Index in `actions`.
        index: usize,
        /// The error.
        error: IllegalAction,
    },
    /// Action number `index` comes after the game ended.
    #[error("action {index} comes after the game is over")]
    AfterGameOver {
        /// Index in `actions`.
        index: usize,
    },
}

impl Script {
    /// The game configuration.
    pub fn config(&self) -> Result<Config, ScriptError> {
        let set = match &self.set {
            Some(text) => CardSet::parse(text).map_err(ScriptError::Set)?,
            None => CardSet::amulet(),
        };
        let cfg = Config {
            players: self.players,
            set,
            model: self.model,
            max_turns_per_round: self.max_turns_per_round,
        };
        cfg.validate().map_err(ScriptError::Config)?;
        Ok(cfg)
    }

    /// Plays the script, pushing every event into `sink`. Deals happen as soon as the game
    /// needs them, while deals remain.
    pub fn play<S: EventSink>(&self, sink: &mut S) -> Result<Game, ScriptError> {
        let cfg = self.config()?;
        let mut game = Game::new(cfg, self.first_player).map_err(ScriptError::Config)?;
        let mut deals = self.deals.iter();
        let mut deal_if_due = |game: &mut Game, sink: &mut S| -> Result<bool, ScriptError> {
            if game.to_move() == ToMove::Deal {
                let round = game.round() as usize + 1;
                match deals.next() {
                    Some(spec) => {
                        let order = spec
                            .order()
                            .map_err(|error| ScriptError::Deal { round, error })?;
                        game.deal(&order, sink);
                        Ok(true)
                    }
                    None => Err(ScriptError::MissingDeal { round }),
                }
            } else {
                Ok(false)
            }
        };
        for (index, &action) in self.actions.iter().enumerate() {
            deal_if_due(&mut game, sink)?;
            if game.is_over() {
                return Err(ScriptError::AfterGameOver { index });
            }
            game.apply(action, sink)
                .map_err(|error| ScriptError::Illegal { index, error })?;
        }
        // Deal the next round too if the script provides it (a script may end on a deal).
        match deal_if_due(&mut game, sink) {
            Ok(_) | Err(ScriptError::MissingDeal { .. }) => {}
            Err(e) => return Err(e),
        }
        Ok(game)
    }
}
