//! The design card: what a card set does to the game, for one set and player count, measured
//! on common random numbers with 95% intervals over blocks (a deal with its seat rotations).
//!
//! A card is played as **arms**: each arm is an ordinary [`Plan`] (the same set, player count,
//! game model and master seed, so every arm plays the same deals) that answers one family of
//! questions ([`ArmKind`]): the reference bot against itself (the game's shape), the points
//! game (its length), each pairing of ladder rungs (skill), the cheating search against the
//! honest one (hidden information), full memory against two remembered facts (memory), and
//! the reference bot against itself forbidden one value (restricted play, per value 0–13).
//! In a pairing arm the plan's bot 0 is the side expected ahead and bot 1 the other, so every
//! pairing metric is the share of comparisons bot 0 finished ahead of bot 1.
//!
//! Each game of an arm leaves one [`DesignRow`] of integer counts; the card's metrics
//! ([`card`]) are ratios of sums of those counts over blocks, so a card set of a sweep and its
//! base, played on the same deals, give paired differences.

pub mod card;
mod collect;
mod resolve;
mod run;

pub use collect::design_row;
pub(crate) use collect::DesignCollector;
pub use resolve::{
    resolve_design, restricted_name, DesignError, DesignSpec, DEFAULT_GAMES, DEFAULT_LADDER,
    DEFAULT_REFERENCE, DEFAULT_SEARCH_GAMES, DEFAULT_SEARCH_ITERATIONS,
};
pub(crate) use run::{checked_design_games, load_design};
pub use run::{
    read_design_manifest, read_finished_design, run_design, DesignManifest, DesignOptions,
    DesignOutcome, DESIGN_VERSION,
};
/// What this crate's own tests reach inside the design card; not part of the API.
#[doc(hidden)]
pub(crate) mod testing {
    pub use super::collect::{design_games_csv, parse_design_games};
}
pub use crate::output::{ARMS_DIR, DESIGN_CSV, DESIGN_GAMES_CSV, DESIGN_MANIFEST};

use crate::plan::{BotEntry, Plan};
use crate::sets::NamedSet;
use silver_rules::VALUES;

/// What one arm of a design card measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArmKind {
    /// The reference bot in every seat, the card's game model: the game's shape (seat
    /// advantage, lead changes, decided round, turns, round ends, census, and the
    /// observational per-value rates).
    SelfPlay,
    /// The reference bot in every seat, the points game (R-GAME-100): rounds per points game.
    PointsGame,
    /// Two ladder rungs (indices into [`DesignPlan::ladder`], `lower < upper`): bot 0 is the
    /// upper rung, bot 1 the lower.
    Ladder {
        /// The lower rung.
        lower: usize,
        /// The upper rung.
        upper: usize,
    },
    /// The cheating search (bot 0) against the honest search at the same budget (bot 1).
    HiddenInformation,
    /// The greedy player with full memory (bot 0) against one remembering two facts (bot 1).
    Memory,
    /// The reference bot (bot 0) against itself forbidden to keep, take or use `value`
    /// (bot 1).
    Restricted {
        /// The forbidden value (0–13).
        value: u8,
    },
}

/// One arm: what it measures and the plan it plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Arm {
    /// What it measures.
    pub kind: ArmKind,
    /// Its plan (bots, lineups, games; the card's set, players, model and seed).
    pub plan: Plan,
}

/// A resolved design card: the set, the bots and every arm.
#[derive(Clone, Debug, PartialEq)]
pub struct DesignPlan {
    /// The card set.
    pub set: NamedSet,
    /// Players per game.
    pub players: u8,
    /// The bot whose self-play gives the game's shape and whose restricted variants value
    /// the cards.
    pub reference: BotEntry,
    /// The skill ladder, weakest first.
    pub ladder: Vec<BotEntry>,
    /// Games of an arm whose bots are all fast (no search).
    pub games: u64,
    /// Games of an arm with a search bot.
    pub search_games: u64,
    /// Master seed of every arm.
    pub seed: u64,
    /// The arms, in a fixed order (self-play, points game, ladder pairings bottom-up,
    /// hidden information, memory, restricted values 0–13).
    pub arms: Vec<Arm>,
}

/// One game's counts for the design card (a row of an arm's `design-games.csv`). Seats are
/// counted from the start player (the seat that took round 1's first turn): offset 0 is the
/// start player, 1 the next in turn order, and so on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DesignRow {
    /// Game index in its arm.
    pub game: u64,
    /// Deal number (the block: a deal's seat rotations share it).
    pub deal: u64,
    /// Rounds played.
    pub rounds: u32,
    /// Completed turns, summed over rounds.
    pub turns: u32,
    /// Rounds by how they ended: census, deck, villagers, turn cap.
    pub round_end: [u32; 4],
    /// Census calls.
    pub census_calls: u32,
    /// Successful census calls (the caller lowest, ties included).
    pub census_success: u32,
    /// Completed turns in the round before each census call, summed over the calls.
    pub census_turns: u32,
    /// The winner's seat, counted from the start player.
    pub winner_offset: u8,
    /// Lead changes between rounds ([`silver_stats::design::lead_changes`]).
    pub lead_changes: u32,
    /// The round from which the winner led for good
    /// ([`silver_stats::design::decided_round`]).
    pub decided_round: u32,
    /// Comparisons between bot 0 and bot 1 (each seat of bot 0 with each seat of bot 1; 0 in
    /// a self-play arm).
    pub pair_n: u32,
    /// Of those, comparisons in which bot 0 finished ahead.
    pub pair_w: u32,
    /// Player-rounds (rounds times players).
    pub player_rounds: u32,
    /// Per value: cards drawn from the deck or the display.
    pub drawn: [u32; VALUES],
    /// Per value: of those, discarded straight after being drawn.
    pub discarded: [u32; VALUES],
    /// Per value: player-rounds in which the player used the value's ability: a discard
    /// ability, Coin 4 or a copying ability (announced by the engine), or the action of a
    /// face-up ability (the Squire's display draw, the Rascal's extra draw, the Empath's peek,
    /// the Bodyguard's placing or lifting, the Priest's flip, the Curator's rotation or
    /// discard, the Zombie's hand-over).
    pub used_rounds: [u32; VALUES],
    /// Per value: player-rounds that ended with the value in the player's village.
    pub held_rounds: [u32; VALUES],
    /// Per value: of those, rounds the player won (lowest round score, ties included).
    pub held_wins: [u32; VALUES],
    /// The game's chance luck, when the arm measures it (variance reduction).
    pub luck: Option<DesignLuck>,
}

/// A metric's variance-reduced estimate: chance luck as a control variate
/// ([`silver_stats::design::block_control_estimate`]), on the card's scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReducedRow {
    /// The value with its 95% interval over blocks.
    pub est: silver_stats::Est,
    /// The plain estimate's variance over this one's, from the same blocks.
    pub ratio: f64,
    /// In a sweep: this set's reduced value minus the base set's, with the paired interval
    /// over the same deals (unknown when the base has no reduced value), and its variance
    /// ratio: the plain difference's interval width over this one's, squared.
    pub diff: Option<(silver_stats::Est, f64)>,
}

/// One game's chance luck in places (thousandths, [`silver_stats::SeatLuck::places`]; positive:
/// the cards went against the seat), as the card's controls read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DesignLuck {
    /// Per seat offset from the start player (as [`DesignRow::winner_offset`] counts seats).
    pub seats: [i64; silver_rules::MAX_PLAYERS],
    /// Over the comparisons of bot 0's seats with bot 1's, Σ (bot 1's luck − bot 0's): the
    /// head-to-head control ([`silver_stats::PairSums`]'s `q` of the pair, game by game).
    pub pair: i64,
}

/// What an arm left: its kind and one row per game, in game order.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmData {
    /// What the arm measures.
    pub kind: ArmKind,
    /// One row per game, in game order.
    pub rows: Vec<DesignRow>,
}

/// One metric of a card (a row of `design.csv`).
#[derive(Clone, Debug, PartialEq)]
pub struct CardRow {
    /// The metric's name (`seat_advantage`).
    pub metric: &'static str,
    /// Which one of a per-seat, per-value or per-pairing metric (`"0"`, `"7"`,
    /// `"greedy>random"`); empty for a single metric.
    pub key: String,
    /// Its unit (`points`, `%`, `turns`, ...).
    pub unit: &'static str,
    /// Its value with its 95% interval over blocks.
    pub est: silver_stats::Est,
    /// In a sweep: this set minus the base set, on the same deals, with its paired interval.
    pub diff: Option<silver_stats::Est>,
    /// The variance-reduced estimate, when the card measures luck and the metric has a
    /// control ([`card::MetricDef::control`]).
    pub reduced: Option<ReducedRow>,
    /// Games it was measured on.
    pub games: u64,
    /// Blocks (deals) it was measured on.
    pub blocks: u64,
}
