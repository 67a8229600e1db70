//! Scenario tests on stacked decks for the Silver Bullet edition (EDITIONS.md B0 … B13, E-BULLET)
//! and the shared edition rules they rely on (E-SCORING-ORDER, E-ADDITIVE), with the readings of
//! `docs/rulings.md` ("Editions: Bullet, Coin, Dagger and mixed sets"). Each test is named after
//! the rule id it proves.
//!
//! Bullet values: 0 Hunter, 1 Lycan, 2 Priest, 3 Goth Girl, 4 Mortician, 5 Cow, 6 Instigator,
//! 7 Insomniac, 8 Thing, 9 Marksman, 10 The Count, 11 Troublemaker, 12 Gremlin, 13 Copycat.
//! Mixed sets borrow Amulet characters (3 Bodyguard, 4 Rascal, 10 Master, 11 Witch,
//! 13 Doppelganger, 0 Villager) and Coin characters (2 Curator, 4 C4, 10 Vampire).

mod bullet_token;
mod corrections;
mod hunter_copycat;
mod lycan_priest_goth_girl;
mod mortician_to_insomniac;
mod thing_to_gremlin;

use crate::common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use silver_rules::Action as A;
use silver_rules::*;

const DRAW: A = A::DrawDeck { extra: 0 };

// ---------------------------------------------------------------------------------------------
// Scenario building blocks
// ---------------------------------------------------------------------------------------------

/// A 2-player configuration with this card set.
fn cfg(set: CardSet) -> Config {
    Config {
        set,
        ..Config::standard(2).unwrap()
    }
}

/// A 2-player configuration whose rounds end after `turns` completed turns (the turn cap is
/// scored like any other round end, docs/rulings.md): a short way to reach scoring.
fn capped(set: CardSet, turns: u16) -> Config {
    Config {
        set,
        max_turns_per_round: turns,
        ..Config::standard(2).unwrap()
    }
}

fn mixed(text: &str) -> CardSet {
    CardSet::parse(text).unwrap()
}

/// A 2-player game dealt from a stack, seat 0 first, everybody peeks at slots 0 and 1.
fn game(config: Config, villages: &[[Value; 5]], discard: Value, deck: &[Value]) -> T {
    let mut t = T::with_config(config, 0, villages, discard, deck);
    t.peeks();
    t
}

/// The events since `from` that `f` selects, in order.
fn pick(t: &T, from: usize, f: impl Fn(&Event) -> bool) -> Vec<Event> {
    t.events_since(from)
        .iter()
        .filter(|e| f(e))
        .copied()
        .collect()
}

/// The `(owner, slot)` of every `Peeked` event by `seat` since `from`.
fn peeked_by(t: &T, from: usize, seat: Seat) -> Vec<(Seat, Slot)> {
    t.events_since(from)
        .iter()
        .filter_map(|e| match *e {
            GameEvent::Peeked {
                seat: s,
                owner,
                slot,
                ..
            } if s == seat => Some((owner, slot)),
            _ => None,
        })
        .collect()
}

/// Scoring-time events (E-SCORING-ORDER) since `from`, in order.
fn scoring(t: &T, from: usize) -> Vec<Event> {
    pick(t, from, |e| {
        matches!(
            e,
            GameEvent::ScoringRemoved { .. } | GameEvent::Copied { .. }
        )
    })
}

fn removed(owner: Seat, slot: Slot, value: Value) -> Event {
    GameEvent::ScoringRemoved { owner, slot, value }
}

fn copied(owner: Seat, slot: Slot, counts_as: Value) -> Event {
    GameEvent::Copied {
        owner,
        slot,
        counts_as,
    }
}

fn to_deck_bottom(t: &T, from: usize) -> Vec<Value> {
    t.events_since(from)
        .iter()
        .filter_map(|e| match *e {
            GameEvent::ToDeckBottom { value } => Some(value),
            _ => None,
        })
        .collect()
}

fn to_pile(t: &T, from: usize) -> Vec<(Value, PileReason)> {
    t.events_since(from)
        .iter()
        .filter_map(|e| match *e {
            GameEvent::ToPile { value, reason } => Some((value, reason)),
            _ => None,
        })
        .collect()
}

fn no_target(t: &T, from: usize, seat: Seat, value: Value) -> bool {
    discarded_offered(t, from) == Some(false)
        && count(
            t,
            from,
            |e| matches!(e, GameEvent::AbilityNoTarget { seat: s, value: v } if *s == seat && *v == value),
        ) == 1
        && count(t, from, |e| matches!(e, GameEvent::AbilityUsed { .. })) == 0
}

/// The fields of the last `RoundEnded` event, cut to the number of players.
#[derive(Debug)]
struct End {
    reason: RoundEnd,
    caller: Option<Seat>,
    sums: Vec<i32>,
    scores: Vec<i32>,
    sizes: Vec<u8>,
    turns: u16,
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
            turns,
            next_holder,
            ..
        } => End {
            reason,
            caller,
            sums: sums[..n].to_vec(),
            scores: scores[..n].to_vec(),
            sizes: sizes[..n].to_vec(),
            turns,
            next_holder,
        },
        _ => unreachable!(),
    }
}

/// The values a stack leaves for the rest of the deck, ascending (R-DECK counts minus the
/// villages, the first discard and `used`).
fn leftovers(villages: &[[Value; 5]], discard: Value, used: &[Value]) -> Vec<Value> {
    let mut counts = VALUE_COUNTS;
    for &v in villages.iter().flatten().chain([&discard]).chain(used) {
        counts[v as usize] -= 1;
    }
    let mut out = Vec::new();
    for (v, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            out.push(v as Value);
        }
    }
    out
}

/// Plays round 1 so that seat 0 calls census successfully (R-TOKEN-WIN, E-TOKEN: it holds the
/// token in round 2), then deals round 2 from the given stack; everybody peeks; seat 0 starts.
fn holder_round(config: Config, villages: &[[Value; 5]], discard: Value, deck: &[Value]) -> T {
    let mut t = game(
        config,
        &[[5, 5, 2, 2, 3], [10, 11, 12, 12, 13]],
        9,
        &[4, 8, 8],
    );
    assert_eq!(t.game.token_holder(), None);
    assert!(!t.legal().iter().any(|a| matches!(a, A::PlaceToken { .. })));
    t.acts(&[DRAW, A::Select { slot: 0 }, A::Select { slot: 1 }]);
    t.act(A::ConfirmExchange);
    t.draw_discard();
    t.act(A::CallCensus);
    t.draw_discard();
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(e.scores[0], 0);
    assert_eq!(e.next_holder, Some(0));
    t.deal_next(villages, discard, deck);
    t.peeks();
    assert_eq!(t.game.token_holder(), Some(0));
    assert_turn_of(&t, 0);
    t
}

fn place_token_actions(t: &T) -> Vec<A> {
    t.legal()
        .into_iter()
        .filter(|a| matches!(a, A::PlaceToken { .. }))
        .collect()
}

/// Seat 0 takes the Lycan face-up into slot 0; seat 1 draws and discards; seat 0 to move.
fn lycan(seat0: [Value; 5], deck: &[Value]) -> T {
    let mut t = game(cfg(CardSet::bullet()), &[seat0, [2, 5, 7, 8, 10]], 1, deck);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert!(t.face_up(0)[0]);
    t.draw_discard();
    assert_turn_of(&t, 0);
    t
}

fn multi(t: &mut T, slots: &[Slot]) -> usize {
    let from = t.events.len();
    t.act(DRAW);
    for &s in slots {
        t.act(A::Select { slot: s });
    }
    t.act(A::ConfirmExchange);
    from
}

fn exchange_success(t: &T, from: usize) -> bool {
    t.events_since(from)
        .iter()
        .find_map(|e| match e {
            GameEvent::Exchanged { success, .. } => Some(*success),
            _ => None,
        })
        .expect("no exchange")
}

/// Seat 0 takes the Goth Girl face-up into slot 0; seat 1 draws the deck's top card and
/// discards it (onto the pile: seat 1 has no Goth Girl). Seat 0 to move.
fn goth(set: CardSet, seat0: [Value; 5], seat1: [Value; 5], deck: &[Value]) -> T {
    let mut t = game(cfg(set), &[seat0, seat1], 3, deck);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert!(t.face_up(0)[0]);
    let (pile, deck_len) = (t.pile().len(), t.game.deck_len());
    t.draw_discard();
    // Only the owner's cards go under the deck.
    assert_eq!(t.pile().len(), pile + 1);
    assert_eq!(t.game.discard_top(), Some(deck[0]));
    assert_eq!(t.game.deck_len(), deck_len - 1);
    assert_turn_of(&t, 0);
    t
}

/// Seat 0 takes the Mortician face-up into slot 0 (exchanging out a Lycan, which has no discard
/// ability); seat 1 draws and discards. Seat 0 to move.
fn mortician(set: CardSet, seat0: [Value; 5], seat1: [Value; 5], deck: &[Value]) -> T {
    let mut t = game(cfg(set), &[seat0, seat1], 4, deck);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert!(t.face_up(0)[0]);
    assert_turn_of(&t, 1);
    t.draw_discard();
    assert_turn_of(&t, 0);
    t
}

fn morticians_used(t: &T, from: usize) -> usize {
    count(t, from, |e| {
        matches!(
            e,
            GameEvent::AbilityUsed {
                ability: Ability::Mortician,
                ..
            }
        )
    })
}
