//! The random bot: uniform over the legal actions.

use crate::{Bot, BotRng};
use rand::Rng;
use silver_rules::{Action, PlayerView};

/// Picks a legal action uniformly at random.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn decide(&mut self, _view: &PlayerView, legal: &[Action], rng: &mut BotRng) -> Action {
        legal[rng.random_range(0..legal.len())]
    }
}
