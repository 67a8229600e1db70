//! # silver-bots
//!
//! Players for the Silver engine behind one [`Bot`] trait. A bot decides from a
//! [`PlayerView`] — its own information set — and never sees the true state; the one exception
//! is the research baseline [`CheatingIsmcts`], which is named as such and is dispatched
//! separately by [`Player`].
//!
//! * [`RandomBot`]: uniform over the legal actions.
//! * [`GreedyBot`]: a sound heuristic player with a tunable census rule.
//! * [`IsmctsBot`]: single-observer information-set MCTS with a world sampled from the bot's
//!   knowledge every iteration.
//! * [`Memory`]: memory limits (capacity, per-turn forgetting) applied to any policy.
//! * [`BotSpec`]: bots as data (TOML profiles, inline `kind:key=value` strings).
//!
//! Built-in bots are dispatched statically through the [`Player`] enum and reuse their buffers
//! across decisions and games; external bots plug in as `Box<dyn Bot + Send>`.
#![deny(missing_docs)]

mod arena;
pub mod estimate;
mod exec;
mod greedy;
mod ismcts;
mod memory;
mod random;
pub mod seeds;
mod spec;
#[cfg(test)]
mod test_states;

pub use arena::{
    play_game, play_game_with, Dealer, EventsOnly, Match, MatchError, NoPlayers, SeatSet, Seats,
    Watch,
};
pub use exec::{kill_all_programs, view_json, BotFailure, ExecBot, MAX_LINE, PROTOCOL};
pub use greedy::GreedyBot;
pub use ismcts::{CheatingIsmcts, IsmctsBot};
pub use memory::Memory;
pub use random::RandomBot;
pub use spec::{
    BotSpec, GreedyParams, IsmctsParams, MemorySpec, PriorKind, RandomParams, RewardKind,
    RolloutPolicy, SpecError, TreeScope, KINDS,
};

use silver_rules::{Action, Config, Game, Observation, PlayerView, Seat};

/// The random generator every bot draws from (one stream per seat, seeded by the caller).
pub type BotRng = rand_chacha::ChaCha8Rng;

/// A player that decides from its own information set.
pub trait Bot {
    /// Called before every game with the bot's seat.
    fn reset(&mut self, seat: Seat, config: &Config) {
        let _ = (seat, config);
    }

    /// Called with everything this bot's seat observes, in order (optional).
    fn observe(&mut self, observation: &Observation) {
        let _ = observation;
    }

    /// True if [`Bot::observe`] should be called (redacting events has a cost).
    fn wants_observations(&self) -> bool {
        false
    }

    /// Chooses one of `legal` (never empty) for the player whose view this is.
    fn decide(&mut self, view: &PlayerView, legal: &[Action], rng: &mut BotRng) -> Action;

    /// The bot's own estimate of its village sum at its last decision, if it keeps one
    /// (reported with census calls).
    fn sum_estimate(&self) -> Option<f64> {
        None
    }
}

/// A seat's player: the built-in bots (static dispatch), an external bot, or the cheating
/// research baseline. Players live for a whole run, so the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
pub enum Player {
    /// [`RandomBot`].
    Random(RandomBot),
    /// [`GreedyBot`].
    Greedy(GreedyBot),
    /// [`IsmctsBot`].
    Ismcts(IsmctsBot),
    /// [`CheatingIsmcts`]: searches the true state. Research baseline only.
    CheatingIsmcts(CheatingIsmcts),
    /// Any other bot.
    External(Box<dyn Bot + Send>),
}

/// A decision in the game loop ([`Player::decide_in`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The action at this position of the legal list.
    Index(usize),
    /// This action (to be checked against the legal list).
    Action(Action),
}

impl Player {
    /// Builds the player a spec describes.
    pub fn from_spec(spec: &BotSpec) -> Player {
        match spec {
            BotSpec::Random(_) => Player::Random(RandomBot),
            BotSpec::Greedy(p) => Player::Greedy(GreedyBot::new(*p)),
            BotSpec::Ismcts(p) => Player::Ismcts(IsmctsBot::new(*p)),
            BotSpec::CheatingIsmcts(p) => Player::CheatingIsmcts(CheatingIsmcts::new(*p)),
            BotSpec::Exec(p) => Player::External(Box::new(ExecBot::new(
                &p.command,
                std::time::Duration::from_secs_f64(p.timeout_seconds),
            ))),
        }
    }

    /// Called before every game.
    pub fn reset(&mut self, seat: Seat, config: &Config) {
        match self {
            Player::Random(b) => b.reset(seat, config),
            Player::Greedy(b) => b.reset(seat, config),
            Player::Ismcts(b) => b.reset(seat, config),
            Player::CheatingIsmcts(b) => b.reset(seat, config),
            Player::External(b) => b.reset(seat, config),
        }
    }

    /// True if the player wants observations.
    pub fn wants_observations(&self) -> bool {
        match self {
            Player::External(b) => b.wants_observations(),
            _ => false,
        }
    }

    /// Passes an observation on.
    pub fn observe(&mut self, observation: &Observation) {
        if let Player::External(b) = self {
            b.observe(observation)
        }
    }

    /// Decides for `seat` in `game`. Every bot but the cheating baseline is given only
    /// `game.view(seat)`.
    pub fn decide(
        &mut self,
        game: &Game,
        seat: Seat,
        legal: &[Action],
        rng: &mut BotRng,
    ) -> Action {
        match self {
            Player::CheatingIsmcts(b) => b.decide_omniscient(game, seat, legal, rng),
            Player::Random(b) => b.decide(&game.view(seat), legal, rng),
            Player::Greedy(b) => b.decide(&game.view(seat), legal, rng),
            Player::Ismcts(b) => b.decide(&game.view(seat), legal, rng),
            Player::External(b) => b.decide(&game.view(seat), legal, rng),
        }
    }

    /// [`Player::decide`] with the view built in `scratch` (one copy of the game rather than
    /// the two a returned view costs): the game loop's form. `scratch` may hold any view; it
    /// is overwritten with `game.view(seat)`. The random and greedy players answer with a
    /// position in `legal` ([`Choice::Index`]: legal by construction, so the game loop need not
    /// look the action up); the others with an action the caller checks.
    pub fn decide_in(
        &mut self,
        game: &Game,
        seat: Seat,
        legal: &[Action],
        rng: &mut BotRng,
        scratch: &mut PlayerView,
    ) -> Choice {
        match self {
            Player::CheatingIsmcts(b) => {
                Choice::Action(b.decide_omniscient(game, seat, legal, rng))
            }
            // The random bot reads no view: none is built for it.
            Player::Random(_) => Choice::Index(RandomBot::choose_index(legal, rng)),
            Player::Greedy(b) => {
                game.view_into(seat, scratch);
                Choice::Index(b.decide_index(scratch, legal, rng))
            }
            Player::Ismcts(b) => {
                game.view_into(seat, scratch);
                Choice::Action(b.decide(scratch, legal, rng))
            }
            Player::External(b) => {
                game.view_into(seat, scratch);
                Choice::Action(b.decide(scratch, legal, rng))
            }
        }
    }

    /// Decides from `view` alone: every player but the cheating baseline (which needs the
    /// true state, so gives None).
    pub fn decide_view(
        &mut self,
        view: &PlayerView,
        legal: &[Action],
        rng: &mut BotRng,
    ) -> Option<Action> {
        Some(match self {
            Player::CheatingIsmcts(_) => return None,
            Player::Random(b) => b.decide(view, legal, rng),
            Player::Greedy(b) => b.decide(view, legal, rng),
            Player::Ismcts(b) => b.decide(view, legal, rng),
            Player::External(b) => b.decide(view, legal, rng),
        })
    }

    /// The player's own estimate of its sum at its last decision.
    pub fn sum_estimate(&self) -> Option<f64> {
        match self {
            Player::Random(b) => b.sum_estimate(),
            Player::Greedy(b) => b.sum_estimate(),
            Player::Ismcts(b) => b.sum_estimate(),
            Player::CheatingIsmcts(_) => None,
            Player::External(b) => b.sum_estimate(),
        }
    }
}
