//! Golden digest: seeded random-play games folded into one hash, so that any unintended change
//! of the rules, of the event stream or of the random-number use fails loudly.
//!
//! A deliberate change updates `EXPECTED` in the same commit, with the reason in the message.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_rules::*;

/// FNV-1a over the debug form of every event (values included: the digest is omniscient).
struct Digest(u64);

impl EventSink for Digest {
    fn event(&mut self, e: &Event) {
        for b in format!("{e:?}").bytes() {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

fn digest(games: u64) -> (u64, u64) {
    digest_with(games, |_| CardSet::amulet())
}

fn digest_with(games: u64, set_of: impl Fn(u64) -> CardSet) -> (u64, u64) {
    let mut d = Digest(0xcbf2_9ce4_8422_2325);
    let mut actions = ActionList::new();
    let mut decisions = 0;
    for i in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(i);
        let players = 2 + (i % 3) as u8;
        let mut cfg = Config::standard(players).unwrap();
        if i % 5 == 4 {
            cfg.model = GameModel::POINTS_100;
        }
        cfg.set = set_of(i);
        let first = rng.random_range(0..players);
        let mut g = Game::new(cfg, first).unwrap();
        decisions += random_playout(&mut g, &mut rng, &mut d, &mut actions, u64::MAX);
        assert!(g.is_over());
    }
    (d.0, decisions)
}

/// Digest of 300 seeded games (2–4 players, standard and points games).
/// Last changed when a multi-exchange whose cards everybody knows do not match stopped being
/// offered (R-SWAP-MULTI: random play fails fewer exchanges, so rounds last longer).
const EXPECTED: (u64, u64) = (1147603423306579458, 147267);

#[test]
fn golden_digest_of_seeded_random_games() {
    let got = digest(300);
    assert_eq!(
        got, EXPECTED,
        "the rules or the event stream changed: if deliberate, update EXPECTED with a reason"
    );
}

/// The same over the other editions: Bullet (with each token) and every known Coin and Dagger
/// character, alternating.
/// Last changed when a multi-exchange whose cards everybody knows do not match stopped being
/// offered (R-SWAP-MULTI: random play fails fewer exchanges, so rounds last longer).
const EXPECTED_EDITIONS: (u64, u64) = (8763089968099098884, 205771);

#[test]
fn golden_digest_of_seeded_random_games_of_the_other_editions() {
    let sets = [
        CardSet::bullet(),
        CardSet::parse("amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger")
            .unwrap()
            .with_token(Token::Dagger),
        CardSet::bullet().with_token(Token::Coin),
        CardSet::parse("bullet+4:dagger,5:dagger,11:dagger/token=dagger").unwrap(),
    ];
    let got = digest_with(300, |i| sets[(i % 4) as usize]);
    assert_eq!(
        got, EXPECTED_EDITIONS,
        "the rules or the event stream changed: if deliberate, update EXPECTED_EDITIONS with a \
         reason"
    );
}
