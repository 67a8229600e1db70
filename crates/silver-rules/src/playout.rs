//! Random playouts: the loop that tests, benchmarks and examples use to play games with
//! uniformly random legal decisions (one place, so that its random-number use is the same
//! everywhere and seeded runs stay comparable).

use crate::action::ActionList;
use crate::event::EventSink;
use crate::game::{Game, ToMove};

/// Plays `game` on with uniformly random legal decisions, dealing new rounds from `rng` too,
/// until the game is over or `max_decisions` decisions were made; every event goes to `sink`.
/// Returns the number of decisions made. Each deal is [`Game::deal_random`]`(rng)` and each
/// decision `actions[rng.random_range(0..actions.len())]` of [`Game::legal_actions`], so a
/// seeded playout is reproducible. `actions` is a reusable buffer.
pub fn random_playout<R, S>(
    game: &mut Game,
    rng: &mut R,
    sink: &mut S,
    actions: &mut ActionList,
    max_decisions: u64,
) -> u64
where
    R: rand::Rng + ?Sized,
    S: EventSink,
{
    let mut decisions = 0;
    while decisions < max_decisions {
        match game.to_move() {
            ToMove::Deal => game.deal_random(rng, sink),
            ToMove::Player(_) => {
                game.legal_actions(actions);
                let a = actions[rng.random_range(0..actions.len())];
                game.apply_unchecked(a, sink);
                decisions += 1;
            }
            ToMove::Terminal => break,
        }
    }
    decisions
}
