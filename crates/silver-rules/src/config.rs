//! Game configuration: player count, card set, game model and the termination caps.

use crate::card::{CardSet, CARDS};

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

/// The most decisions one turn can have (an upper bound, not a typical count; measured turns
/// stay far below it). Every decision of a turn belongs to one of these, each bounded by the
/// engine's per-turn limits (`Turn` bookkeeping) and by the 52 cards ([`CARDS`]):
///
/// * the main action (draw, display draw, take, census, Zombie hand-off) and R-A4's keep: 2;
/// * the held card's fate: discard, exchange or add (1), or a multi-exchange of at most 51
///   selections and its confirmation: [`CARDS`];
/// * at most three ability resolutions: the discarded card's (R-DRAW, C10), B4's (once per
///   turn) and C4's (once per turn). Each is a copy step (B4's pick, B9's target, C4's use:
///   1), the ability's first choice (1), then at most 5 further choices (R-A7/R-A8 looks and
///   C8 discards: counts are at most 5, then a stop) or R-A11's second choice and the held
///   card's fate (R-A10 and R-A11 exchange a card in: 1 + [`CARDS`]); a copied ability is
///   never a copy: 3 + [`CARDS`] each;
/// * free actions: each face-up Empath, Bodyguard, Priest, Curator and C4 card acts at most
///   once per turn (R-A2, R-A3, B2, C2, C4), so at most one per card: [`CARDS`]; the token
///   power, once per round: 1;
/// * ending the turn: 1.
///
/// 2 + 52 + 3 × 55 + 52 + 1 + 1 = 273. A rules change that adds a decision to a turn must
/// revisit this sum (the property tests check it over random play of every set).
pub const MAX_DECISIONS_PER_TURN: u64 =
    2 + CARDS as u64 + 3 * (3 + CARDS as u64) + CARDS as u64 + 2;

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

    /// The most rounds a game can have: the round count (R-GAME-4), or the points game's
    /// round cap (R-GAME-100 sets no limit of its own, docs/rulings.md).
    pub fn max_rounds(&self) -> u64 {
        match self.model {
            GameModel::Rounds { rounds } => u64::from(rounds),
            GameModel::Points { max_rounds, .. } => u64::from(max_rounds),
        }
    }

    /// An upper bound on the players' decisions in one game (deals, the only chance events,
    /// are not decisions): per round, two opening peeks per seat (R-PEEK0) and at most
    /// [`Config::max_turns_per_round`] turns of at most [`MAX_DECISIONS_PER_TURN`] decisions,
    /// times [`Config::max_rounds`]. For the standard 4-round game with 4 players:
    /// 4 × (8 + 400 × 273) = 436,832; for the points game's 100-round cap, 10,920,800.
    pub fn max_decisions(&self) -> u64 {
        let per_round = 2 * u64::from(self.players)
            + u64::from(self.max_turns_per_round) * MAX_DECISIONS_PER_TURN;
        self.max_rounds() * per_round
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The figures the docs quote (`MAX_DECISIONS_PER_TURN`, `Config::max_decisions`, and
    /// the Python package's OpenSpiel `max_game_length`).
    #[test]
    fn decision_bounds_are_the_documented_figures() {
        assert_eq!(MAX_DECISIONS_PER_TURN, 273);
        let mut cfg = Config::standard(4).expect("a valid configuration");
        assert_eq!(cfg.max_rounds(), 4);
        assert_eq!(cfg.max_decisions(), 436_832);
        cfg.model = GameModel::POINTS_100;
        assert_eq!(cfg.max_rounds(), 100);
        assert_eq!(cfg.max_decisions(), 10_920_800);
        cfg.players = 2;
        assert_eq!(cfg.max_decisions(), 100 * (4 + 400 * 273));
    }
}
