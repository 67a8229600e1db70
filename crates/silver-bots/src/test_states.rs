//! Random game states for the unit tests: every decision point of seeded random games.

use rand::{Rng, SeedableRng};
use silver_rules::{ActionList, CardSet, Config, Game, Seat, ToMove, Token};

/// Calls `f(game, seat to move)` at every decision of `games` random games (seeded by `seed`;
/// game `k` has `2 + k % 3` players and the set `set_of(k)`).
pub(crate) fn for_each_decision(
    games: u64,
    seed: u64,
    set_of: impl Fn(u64) -> CardSet,
    mut f: impl FnMut(&Game, Seat),
) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut actions = ActionList::new();
    for k in 0..games {
        let mut cfg = Config::standard(2 + (k % 3) as u8).expect("2-4 players are valid");
        cfg.set = set_of(k);
        let mut g = Game::new(cfg, 0).expect("a valid configuration");
        loop {
            match g.to_move() {
                ToMove::Deal => g.deal_random(&mut rng, &mut ()),
                ToMove::Player(p) => {
                    f(&g, p);
                    g.legal_actions(&mut actions);
                    let a = actions[rng.random_range(0..actions.len())];
                    g.apply_unchecked(a, &mut ());
                }
                ToMove::Terminal => break,
            }
        }
    }
}

/// Game `k`'s set for tests that cover the editions: the Amulet set, the Bullet set, and
/// Coin and Dagger characters (the Zombie among them) with the Dagger token, in turn.
pub(crate) fn three_sets(k: u64) -> CardSet {
    match k % 3 {
        0 => CardSet::amulet(),
        1 => CardSet::bullet(),
        _ => CardSet::parse("amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger")
            .expect("a valid mix")
            .with_token(Token::Dagger),
    }
}
