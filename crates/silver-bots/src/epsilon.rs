//! The ε-greedy player: an opponent that plays like greedy but not exactly greedy, for
//! measuring a search against a player its rollouts (greedy) do not model exactly.
//!
//! At each decision it draws one number from its stream: below `epsilon` it plays an action
//! drawn uniformly from the legal ones (the random bot's draw, restricted as greedy's `forbid`
//! says), otherwise greedy's action. It wraps a [`GreedyBot`] from outside, so greedy's own
//! decisions pay nothing for it; with `epsilon = 0` it draws nothing and plays exactly as
//! greedy does. Greedy's state that outlives a decision (a planned multi-exchange) stays as
//! greedy left it after a random action: greedy scores the next decision's legal actions as
//! usual, so every action stays legal. A forgetful greedy is refused: its memory would not
//! note what the random actions looked at.

use crate::{Bot, BotRng, Choice, EpsilonGreedyParams, GreedyBot, Kind, RandomBot, RandomParams};
use crate::SpecError;
use rand::Rng;
use silver_rules::{Action, Config, Game, Observation, PlayerView, Seat};

/// Greedy's action with probability 1 − ε, else a uniformly random legal one.
#[derive(Clone, Debug)]
pub struct EpsilonGreedy {
    greedy: GreedyBot,
    random: RandomBot,
    epsilon: f64,
    /// True if the last decision was greedy's (its sum estimate belongs to that decision).
    greedy_decided: bool,
}

impl EpsilonGreedy {
    /// True if this decision is a random one (one draw from `rng`, none when `epsilon` is 0).
    #[inline]
    fn explores(&mut self, rng: &mut BotRng) -> bool {
        let explores = self.epsilon > 0.0 && rng.random::<f64>() < self.epsilon;
        self.greedy_decided = !explores;
        explores
    }
}

impl Kind for EpsilonGreedy {
    type Params = EpsilonGreedyParams;

    fn build(params: &EpsilonGreedyParams) -> EpsilonGreedy {
        EpsilonGreedy {
            greedy: GreedyBot::new(params.greedy),
            random: RandomBot::build(&RandomParams {
                forbid: params.greedy.forbid,
            }),
            epsilon: params.epsilon,
            greedy_decided: false,
        }
    }

    fn validate(params: &EpsilonGreedyParams) -> Result<(), SpecError> {
        params.validate()
    }

    fn reset(&mut self, seat: Seat, config: &Config) {
        Bot::reset(&mut self.greedy, seat, config);
        self.greedy_decided = false;
    }

    fn wants_observations(&self) -> bool {
        Bot::wants_observations(&self.greedy)
    }

    fn observe(&mut self, observation: &Observation) {
        Bot::observe(&mut self.greedy, observation)
    }

    fn wants_decisions(&self) -> bool {
        Bot::wants_decisions(&self.greedy)
    }

    fn decision_seen(&mut self, view: &PlayerView, actor: Seat, action: Action) {
        Bot::decision_seen(&mut self.greedy, view, actor, action)
    }

    #[inline]
    fn decide_in(
        &mut self,
        game: &Game,
        seat: Seat,
        legal: &[Action],
        rng: &mut BotRng,
        scratch: &mut PlayerView,
    ) -> Choice {
        if self.explores(rng) {
            Kind::decide_in(&mut self.random, game, seat, legal, rng, scratch)
        } else {
            Kind::decide_in(&mut self.greedy, game, seat, legal, rng, scratch)
        }
    }

    fn decide_view(
        &mut self,
        view: &PlayerView,
        legal: &[Action],
        rng: &mut BotRng,
    ) -> Option<Action> {
        Some(if self.explores(rng) {
            Bot::decide(&mut self.random, view, legal, rng)
        } else {
            Bot::decide(&mut self.greedy, view, legal, rng)
        })
    }

    /// Greedy's estimate when the last decision was greedy's (a random census call has none).
    fn sum_estimate(&self) -> Option<f64> {
        if self.greedy_decided {
            Bot::sum_estimate(&self.greedy)
        } else {
            None
        }
    }
}
