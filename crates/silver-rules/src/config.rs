//! Game configuration: player count, card set, game model and the termination caps.

use crate::card::CardSet;

/// A seat index, 0-based, clockwise (RULES.md terms).
pub type Seat = u8;

/// Maximum number of players (R-PLAYERS).
pub const MAX_PLAYERS: usize = 4;

/// How a game ends (R-GAME-4, R-GAME-100).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)
)]
pub enum GameModel {
    /// R-GAME-4: a fixed number of rounds (the standard game has 4); lowest total wins.
    Rounds {
        /// Number of rounds (standard: 4).
        rounds: u8,
    },
    /// R-GAME-100: play until some total reaches `target` (standard 100).
    Points {
        /// Total that ends the game (standard 100).
        target: i32,
        /// R-GAME-100 bounce: exactly `target` becomes `target / 2`, once per player per game.
        bounce: bool,
        /// R-GAME-100 kamikaze: ending a round with exactly 12, 12, 13, 13.
        kamikaze: bool,
        /// Termination cap: the game ends after this many rounds even if nobody reached the
        /// target (see docs/rulings.md).
        max_rounds: u16,
    },
}

impl GameModel {
    /// The standard 4-round game.
    pub const STANDARD: GameModel = GameModel::Rounds { rounds: 4 };

    /// The Persian rulebook's points game with bounce and kamikaze and a 100-round cap.
    pub const POINTS_100: GameModel = GameModel::Points {
        target: 100,
        bounce: true,
        kamikaze: true,
        max_rounds: DEFAULT_MAX_ROUNDS,
    };
}

/// Default cap on turns per round (see [`Config::max_turns_per_round`]).
pub const DEFAULT_MAX_TURNS: u16 = 400;

/// Default cap on rounds in the points game.
pub const DEFAULT_MAX_ROUNDS: u16 = 100;

/// Everything that fixes the rules of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Number of players, 2–4 (R-PLAYERS).
    pub players: u8,
    /// Card set and token (R-SET).
    pub set: CardSet,
    /// Game length (R-GAME-4 / R-GAME-100).
    pub model: GameModel,
    /// Termination cap: a round that reaches this many completed turns ends with
    /// [`crate::RoundEnd::TurnCap`] and is scored as usual (docs/rulings.md). Some lines of play never
    /// draw from the deck, so without a cap a round need not end.
    pub max_turns_per_round: u16,
}

impl Config {
    /// The standard Amulet game for `players` players.
    pub fn standard(players: u8) -> Result<Config, ConfigError> {
        let c = Config {
            players,
            set: CardSet::amulet(),
            model: GameModel::STANDARD,
            max_turns_per_round: DEFAULT_MAX_TURNS,
        };
        c.validate()?;
        Ok(c)
    }

    /// Checks the configuration (R-PLAYERS and the caps).
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(2..=4).contains(&self.players) {
            return Err(ConfigError::Players(self.players));
        }
        if self.max_turns_per_round == 0 {
            return Err(ConfigError::ZeroCap("max_turns_per_round"));
        }
        match self.model {
            GameModel::Rounds { rounds: 0 } => return Err(ConfigError::ZeroCap("rounds")),
            GameModel::Points {
                target, max_rounds, ..
            } => {
                if target <= 0 {
                    return Err(ConfigError::Target(target));
                }
                if max_rounds == 0 {
                    return Err(ConfigError::ZeroCap("max_rounds"));
                }
            }
            GameModel::Rounds { .. } => {}
        }
        Ok(())
    }
}

/// An invalid configuration.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// R-PLAYERS: the player count is not 2, 3 or 4.
    #[error("{0} players: Silver is for 2, 3 or 4 players")]
    Players(u8),
    /// A count that must be at least 1 is 0.
    #[error("{0} must be at least 1")]
    ZeroCap(&'static str),
    /// The points-game target must be positive.
    #[error("points target {0} must be positive")]
    Target(i32),
}
