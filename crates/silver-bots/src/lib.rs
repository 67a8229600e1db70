//! # silver-bots
//!
//! Players for the Silver engine behind one [`Bot`] trait. A bot decides from a
//! [`PlayerView`] — its own information set — and never sees the true state; the one exception
//! is the research baseline [`CheatingIsmcts`], which is named as such and whose [`Kind`]
//! alone reads the true state.
//!
//! * [`RandomBot`]: uniform over the legal actions.
//! * [`GreedyBot`]: a sound heuristic player with a tunable census rule.
//! * `epsilon-greedy`: greedy's action with probability 1 − ε, else a uniformly random one.
//! * [`IsmctsBot`]: single-observer information-set MCTS with a world sampled from the bot's
//!   knowledge every iteration.
//! * [`ExecBot`]: a program in any language, speaking JSON lines.
//! * [`Memory`]: memory limits (capacity, per-turn forgetting) applied to any policy.
//! * [`BotSpec`]: bots as data (TOML profiles, inline `kind:key=value` strings).
//! * [`Forbid`]: restricted bots, which never keep, take or use the listed values when
//!   another legal action exists (`greedy:forbid=7`).
//!
//! Built-in bots are dispatched statically through the [`Player`] enum and reuse their buffers
//! across decisions and games; external bots plug in as `Box<dyn Bot + Send>`.
//!
//! The built-in kinds are declared once, in the `bot_kinds!` table below: it generates
//! [`Player`], [`BotSpec`], [`KINDS`], [`BotSpec::kind`] and [`BotSpec::validate`]. The module
//! [`kinds`] says how to add one.
#![deny(missing_docs)]

mod arena;
pub mod estimate;
mod exec;
mod greedy;
mod ismcts;
pub mod kinds;
mod memory;
mod random;
mod restrict;
pub mod seeds;
mod spec;
#[cfg(test)]
mod test_states;

pub use arena::{
    play_game, play_game_with, Dealer, EventsOnly, Match, MatchError, NoPlayers, SeatSet, Seats,
    Watch,
};
pub use exec::{
    kill_all_programs, protocol_tables, view_json, BotFailure, ExecBot, MAX_LINE, PROTOCOL,
};
pub use greedy::GreedyBot;
pub use ismcts::{BeliefScore, CheatingIsmcts, IsmctsBot};
pub use kinds::Kind;
pub use memory::Memory;
pub use random::RandomBot;
pub use restrict::Forbid;
pub use spec::{
    one_line, BeliefSpec, EpsilonGreedyParams, ExecParams, GreedyParams, IsmctsParams, MemorySpec,
    OnError, PriorKind, RandomParams, RewardKind, RolloutPolicy, Sees, SpecError, TreeScope,
};

use kinds::bot_kinds;

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

    /// True if [`Bot::decision_seen`] should be called (building a view has a cost).
    fn wants_decisions(&self) -> bool {
        false
    }

    /// Called before another seat's decision is applied, when that seat had more than one
    /// legal action: `view` is *this* bot's own information set at that moment (every decision
    /// is public; the decider's view is not given). An opponent model reads it.
    fn decision_seen(&mut self, view: &PlayerView, actor: Seat, action: Action) {
        let _ = (view, actor, action);
    }

    /// Chooses one of `legal` (never empty) for the player whose view this is.
    fn decide(&mut self, view: &PlayerView, legal: &[Action], rng: &mut BotRng) -> Action;

    /// The bot's own estimate of its village sum at its last decision, if it keeps one
    /// (reported with census calls).
    fn sum_estimate(&self) -> Option<f64> {
        None
    }
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
    /// Decides for `seat` in `game`. Every bot but the cheating baseline is given only
    /// `game.view(seat)`.
    pub fn decide(
        &mut self,
        game: &Game,
        seat: Seat,
        legal: &[Action],
        rng: &mut BotRng,
    ) -> Action {
        let mut view = game.view(seat);
        match self.decide_in(game, seat, legal, rng, &mut view) {
            Choice::Index(i) => legal[i],
            Choice::Action(a) => a,
        }
    }
}

bot_kinds! {
    /// Uniform over the legal actions.
    "random" => Random(RandomParams, RandomBot),
    /// The heuristic player (see `greedy.rs`).
    "greedy" => Greedy(GreedyParams, GreedyBot),
    /// Greedy's action with probability 1 − `epsilon`, else a uniformly random legal action: an
    /// opponent like greedy but not exactly greedy (see `epsilon.rs`).
    mod epsilon: "epsilon-greedy" => EpsilonGreedy(EpsilonGreedyParams, epsilon::EpsilonGreedy),
    /// Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012).
    "ismcts" => Ismcts(IsmctsParams, IsmctsBot),
    /// Research baseline: the same search on the *true* state. It cheats by design, to measure
    /// what hidden information is worth; never use it as a fair opponent.
    "cheating-ismcts" => CheatingIsmcts(IsmctsParams, CheatingIsmcts),
    /// A program in any language, speaking the JSON-lines protocol of `docs/protocol.md`.
    "exec" => Exec(ExecParams, ExecBot),
}
