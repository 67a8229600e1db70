//! Scenario tests for the Silver Coin and Silver Dagger characters (EDITIONS.md C2, C4, C8, C10,
//! D4, D5, D11, D12), their tokens (E-COIN, E-DAGGER) and the rules shared by the later
//! editions (E-TOKEN, E-EMPTY, E-ADDITIVE, E-DIRECTION, E-MIX), with the readings of
//! docs/rulings.md ("Editions: Bullet, Coin, Dagger and mixed sets"), on stacked decks.
//!
//! Sets used:
//! - `coin()`: Amulet with the four known Coin characters (2 Curator, 4 Coin 4, 8 Assassin,
//!   10 Vampire) and the Coin token. The other values are Amulet characters (3 Bodyguard,
//!   5 Exposer, 6 Revealer, 7 Beholder, 9 Seer, 11 Witch, 12 Robber, 13 Doppelganger).
//! - `dagger()`: Amulet with the four known Dagger characters (4 Zombie, 5 Approximator,
//!   11 Reverser, 12 Master Thief) and the Dagger token (6 Revealer, 7 Beholder, 8 Apprentice
//!   Seer, 9 Seer, 10 Master, 13 Doppelganger from Amulet).
//! - `mix()`: 2 Curator, 4 Zombie, 5 Approximator, 8 Assassin, 10 Vampire, 11 Reverser,
//!   12 Master Thief, the rest Amulet, with the Dagger token.

mod coin_characters;
mod dagger_characters;
mod shared_rules;
mod tokens;
mod zombie;

use crate::common::*;
use silver_rules::Action as A;
use silver_rules::*;

const DRAW: A = A::DrawDeck { extra: 0 };

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const COIN_SET: &str = "amulet+2:coin,4:coin,8:coin,10:coin";
const DAGGER_SET: &str = "amulet+4:dagger,5:dagger,11:dagger,12:dagger";
const MIX_SET: &str = "amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger";

fn coin() -> CardSet {
    CardSet::parse(COIN_SET).unwrap().with_token(Token::Coin)
}

fn dagger() -> CardSet {
    CardSet::parse(DAGGER_SET)
        .unwrap()
        .with_token(Token::Dagger)
}

fn mix() -> CardSet {
    CardSet::parse(MIX_SET).unwrap().with_token(Token::Dagger)
}

fn cfg(set: CardSet, players: u8) -> Config {
    let mut c = Config::standard(players).unwrap();
    c.set = set;
    c
}

/// A game with `set`, seat 0 starting, dealt from a stack; the opening peeks are done (every
/// player looked at their slots 0 and 1).
fn game(
    set: CardSet,
    players: u8,
    villages: &[[Value; 5]],
    first_discard: Value,
    deck_top: &[Value],
) -> T {
    let mut t = T::with_config(cfg(set, players), 0, villages, first_discard, deck_top);
    t.peeks();
    assert_turn_of(&t, 0);
    t
}

fn has_legal(t: &T, f: impl Fn(&A) -> bool) -> bool {
    t.legal().iter().any(f)
}

/// Seats whose turn started since event `from`, in order.
fn turns_started(t: &T, from: usize) -> Vec<Seat> {
    t.events_since(from)
        .iter()
        .filter_map(|e| match e {
            GameEvent::TurnStarted { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect()
}

fn no_target_events(t: &T, from: usize, value: Value) -> usize {
    count(
        t,
        from,
        |e| matches!(e, GameEvent::AbilityNoTarget { value: v, .. } if *v == value),
    )
}

/// The fields of the last `RoundEnded` event, cut to the number of players.
#[derive(Debug)]
struct End {
    reason: RoundEnd,
    caller: Option<Seat>,
    sums: Vec<i32>,
    scores: Vec<i32>,
    sizes: Vec<u8>,
    next_start: Seat,
    next_holder: Option<Seat>,
}

fn ended(t: &T) -> End {
    let n = t.game.players() as usize;
    match t.last_round_end() {
        GameEvent::RoundEnded {
            reason,
            caller,
            sums,
            scores,
            sizes,
            next_start,
            next_holder,
            ..
        } => End {
            reason,
            caller,
            sums: sums[..n].to_vec(),
            scores: scores[..n].to_vec(),
            sizes: sizes[..n].to_vec(),
            next_start,
            next_holder,
        },
        _ => unreachable!(),
    }
}

fn token_actions(t: &T) -> Vec<A> {
    t.legal()
        .into_iter()
        .filter(|a| matches!(a, A::TokenFlip { .. } | A::TokenReverse))
        .collect()
}

/// Every `TokenFlip` on the listed `(seat, slots)`.
fn flips(list: &[(Seat, &[Slot])]) -> Vec<A> {
    let mut v = Vec::new();
    for &(seat, slots) in list {
        for &slot in slots {
            v.push(A::TokenFlip { seat, slot });
        }
    }
    v
}

/// Plays round 1 (seat 0 starts) so that seat 0 calls census successfully and so holds the
/// token (R-TOKEN-WIN, E-TOKEN), then deals round 2 from the given stack and does the opening
/// peeks. Seat 0 starts round 2 holding the token.
fn holder_game(
    set: CardSet,
    players: u8,
    villages: &[[Value; 5]],
    first_discard: Value,
    deck_top: &[Value],
) -> T {
    let round1: [[Value; 5]; 4] = [
        [6, 6, 1, 1, 3],
        [9, 9, 12, 12, 13],
        [10, 10, 11, 11, 13],
        [12, 12, 11, 11, 10],
    ];
    let mut t = game(
        set,
        players,
        &round1[..players as usize],
        9,
        &[3, 7, 7, 7, 7, 8, 8, 8],
    );
    // E-TOKEN: nobody holds the token in round 1, so nobody has its power.
    assert_eq!(t.game.token_holder(), None);
    assert!(token_actions(&t).is_empty());
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    for _ in 1..players {
        t.draw_discard();
    }
    t.act(A::CallCensus);
    for _ in 1..players {
        t.draw_discard();
    }
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(e.sums[0], 3 + 1 + 1 + 3);
    assert_eq!(e.scores[0], 0);
    assert_eq!(e.next_start, 0);
    assert_eq!(e.next_holder, Some(0));
    t.deal_next(villages, first_discard, deck_top);
    t.peeks();
    assert_eq!(t.game.token_holder(), Some(0));
    assert!(!t.game.token_used());
    assert_turn_of(&t, 0);
    t
}

/// Mixed set. Seat 0 (village 6 6 6 6 9) empties its village: an Assassin discards the 9, the
/// four 6s go for one drawn 8, another Assassin discards that 8. Seat 1 draws and discards 7s
/// in between. Returns at seat 0's turn with an empty village; the deck then starts with
/// `next`.
fn emptied(next: &[Value]) -> T {
    let mut deck = vec![8, 7, 8, 7, 8, 7];
    deck.extend_from_slice(next);
    let mut t = game(mix(), 2, &[[6, 6, 6, 6, 9], [10, 11, 12, 13, 13]], 1, &deck);
    t.acts(&[DRAW, A::Discard, tg(0, 4)]);
    assert_eq!(t.village(0), vec![6, 6, 6, 6]);
    t.draw_discard();
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::Select { slot: 2 },
        A::Select { slot: 3 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![8]);
    t.draw_discard();
    t.acts(&[DRAW, A::Discard, tg(0, 0)]);
    t.draw_discard();
    assert_turn_of(&t, 0);
    t
}
