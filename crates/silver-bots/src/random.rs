//! The random bot: uniform over the legal actions (over those that involve no forbidden value,
//! for a restricted one: `crate::restrict`).

use crate::kinds::as_bot;
use crate::restrict::{count_allowed, nth_allowed};
use crate::{Bot, BotRng, Choice, Kind, RandomParams, SpecError};
use rand::Rng;
use silver_rules::{Action, Game, PlayerView, Seat, ValueSet};

/// Picks a legal action uniformly at random.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot {
    /// Values never kept, taken or used when another legal action exists.
    forbid: ValueSet,
}

impl RandomBot {
    /// The unrestricted random bot.
    pub const fn new() -> RandomBot {
        RandomBot {
            forbid: ValueSet::EMPTY,
        }
    }

    /// The choice, which needs no view (so the game loop builds none for this bot).
    #[inline]
    pub fn choose(legal: &[Action], rng: &mut BotRng) -> Action {
        legal[RandomBot::choose_index(legal, rng)]
    }

    /// The position in `legal` of [`RandomBot::choose`]'s action (the same draw).
    pub fn choose_index(legal: &[Action], rng: &mut BotRng) -> usize {
        rng.random_range(0..legal.len())
    }

    /// Uniform over the actions that involve no forbidden value (by `values`), or over all of
    /// `legal` if none or all of them do.
    fn choose_restricted(
        &self,
        legal: &[Action],
        rng: &mut BotRng,
        values: impl Fn(Action) -> ValueSet + Copy,
    ) -> usize {
        let n = count_allowed(self.forbid, legal, values);
        if n == 0 || n == legal.len() {
            return RandomBot::choose_index(legal, rng);
        }
        let k = rng.random_range(0..n);
        nth_allowed(self.forbid, legal, k, values).expect("k is below the count of allowed actions")
    }
}

impl Bot for RandomBot {
    fn decide(&mut self, view: &PlayerView, legal: &[Action], rng: &mut BotRng) -> Action {
        if self.forbid.is_empty() {
            return RandomBot::choose(legal, rng);
        }
        legal[self.choose_restricted(legal, rng, |a| view.restricted_values(a))]
    }
}

impl Kind for RandomBot {
    type Params = RandomParams;

    fn build(params: &RandomParams) -> RandomBot {
        RandomBot {
            forbid: params.forbid.0,
        }
    }

    fn validate(_params: &RandomParams) -> Result<(), SpecError> {
        Ok(())
    }

    /// The random bot reads no view: none is built for it (a restricted one asks the game
    /// what its own actions involve, as its view would answer).
    #[inline]
    fn decide_in(
        &mut self,
        game: &Game,
        _seat: Seat,
        legal: &[Action],
        rng: &mut BotRng,
        _scratch: &mut PlayerView,
    ) -> Choice {
        if self.forbid.is_empty() {
            return Choice::Index(RandomBot::choose_index(legal, rng));
        }
        Choice::Index(self.choose_restricted(legal, rng, |a| game.restricted_values(a)))
    }

    as_bot!();
}
