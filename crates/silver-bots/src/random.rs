//! The random bot: uniform over the legal actions.

use crate::kinds::as_bot;
use crate::{Bot, BotRng, Choice, Kind, RandomParams, SpecError};
use rand::Rng;
use silver_rules::{Action, Game, PlayerView, Seat};

/// Picks a legal action uniformly at random.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl RandomBot {
    /// The choice, which needs no view (so the game loop builds none for this bot).
    #[inline]
    pub fn choose(legal: &[Action], rng: &mut BotRng) -> Action {
        legal[RandomBot::choose_index(legal, rng)]
    }

    /// The position in `legal` of [`RandomBot::choose`]'s action (the same draw).
    pub fn choose_index(legal: &[Action], rng: &mut BotRng) -> usize {
        rng.random_range(0..legal.len())
    }
}

impl Bot for RandomBot {
    fn decide(&mut self, _view: &PlayerView, legal: &[Action], rng: &mut BotRng) -> Action {
        RandomBot::choose(legal, rng)
    }
}

impl Kind for RandomBot {
    type Params = RandomParams;

    fn build(_params: &RandomParams) -> RandomBot {
        RandomBot
    }

    fn validate(_params: &RandomParams) -> Result<(), SpecError> {
        Ok(())
    }

    /// The random bot reads no view: none is built for it.
    #[inline]
    fn decide_in(
        &mut self,
        _game: &Game,
        _seat: Seat,
        legal: &[Action],
        rng: &mut BotRng,
        _scratch: &mut PlayerView,
    ) -> Choice {
        Choice::Index(RandomBot::choose_index(legal, rng))
    }

    as_bot!();
}
