//! The random bot: uniform over the legal actions.

use crate::{Bot, BotRng};
use rand::Rng;
use silver_rules::{Action, PlayerView};

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
