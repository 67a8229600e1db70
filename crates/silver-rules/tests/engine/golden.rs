//! Golden digest: seeded random-play games folded into one hash, so that any unintended change
//! of the rules, of the event stream or of the random-number use fails loudly.
//!
//! The hash is FNV-1a over the stable byte encoding of every event (`common::encode`), not over
//! a formatted form, so renaming a type or changing a derived `Debug` does not move it.
//! A deliberate change updates `EXPECTED` in the same commit, with the reason in the message.

use crate::common::encode;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_rules::*;

/// FNV-1a over the encoding of every event (values included: the digest is omniscient), with
/// the encoding buffer reused.
struct Digest {
    hash: u64,
    buf: Vec<u8>,
}

impl EventSink for Digest {
    fn event(&mut self, e: &Event) {
        self.buf.clear();
        encode(e, &mut self.buf);
        for &b in &self.buf {
            self.hash ^= b as u64;
            self.hash = self.hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

fn digest(games: u64) -> (u64, u64) {
    digest_with(games, |_| CardSet::amulet())
}

fn digest_with(games: u64, set_of: impl Fn(u64) -> CardSet) -> (u64, u64) {
    let mut d = Digest {
        hash: 0xcbf2_9ce4_8422_2325,
        buf: Vec::new(),
    };
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
    (d.hash, decisions)
}

/// Digest of 300 seeded games (2–4 players, standard and points games), and the number of
/// decisions they took.
/// Last changed when the digest moved from the events' `Debug` form to their stable encoding
/// (the same games: the `Debug` digest, 1147603423306579458, still matched at the change).
const EXPECTED: (u64, u64) = (15020348690129670743, 147267);

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
/// Last changed when the digest moved from the events' `Debug` form to their stable encoding
/// (the same games: the `Debug` digest, 8763089968099098884, still matched at the change).
const EXPECTED_EDITIONS: (u64, u64) = (13211046498290921603, 205771);

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

/// The encoding's layout (`common::encode`): a tag byte, then fixed-width little-endian fields.
#[test]
fn golden_encoding_is_tagged_fixed_width_little_endian() {
    let mut out = Vec::new();
    encode(&GameEvent::TurnStarted { seat: 2, turn: 258 }, &mut out);
    assert_eq!(out, [2, 2, 2, 1]);
    out.clear();
    let action = Action::Target { seat: 3, slot: 4 };
    encode(&GameEvent::Acted { seat: 1, action }, &mut out);
    assert_eq!(out, [3, 1, 11, 3, 4]);
    out.clear();
    let ability = Ability::BeholdOwn { count: 2 };
    encode(
        &GameEvent::AbilityUsed {
            seat: 0,
            value: 7,
            ability,
        },
        &mut out,
    );
    assert_eq!(out, [8, 0, 7, 7, 2]);
    out.clear();
    encode(
        &GameEvent::GameEnded {
            totals: [1, -1, 256, 0],
            winner: 1,
            rounds: 4,
        },
        &mut out,
    );
    let mut expected = vec![36];
    for t in [1i32, -1, 256, 0] {
        expected.extend_from_slice(&t.to_le_bytes());
    }
    expected.extend_from_slice(&[1, 4, 0]);
    assert_eq!(out, expected);
}
