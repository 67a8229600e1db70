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

// ---------------------------------------------------------------------------------------------
// C2 Curator
// ---------------------------------------------------------------------------------------------

/// Seat 0 takes the first discard, a Curator, into slot 4 (face-up); its `EndOfTurn` follows.
fn curator_up(set: CardSet, deck: &[Value]) -> T {
    let mut t = game(set, 2, &[[6, 7, 8, 9, 3], [9, 10, 11, 13, 13]], 2, deck);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }]);
    assert_eq!(t.village(0), vec![6, 7, 8, 9, 2]);
    assert_eq!(t.face_up(0), vec![false, false, false, false, true]);
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    t
}

#[test]
fn c2_curator_rotates_one_own_card_rotation_is_public() {
    let mut t = curator_up(coin(), &[5, 1]);
    // Any own card may be rotated, the Curator itself included.
    assert_legal(
        &t,
        vec![
            A::Rotate { slot: 0 },
            A::Rotate { slot: 1 },
            A::Rotate { slot: 2 },
            A::Rotate { slot: 3 },
            A::Rotate { slot: 4 },
            A::EndTurn,
        ],
    );
    let from = t.events.len();
    t.act(A::Rotate { slot: 1 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Rotated { seat: 0, slot: 1 }
        )),
        1
    );
    assert!(t.game.is_rotated(0, 1));
    assert!((0..5).filter(|&s| s != 1).all(|s| !t.game.is_rotated(0, s)));
    // A rotated card is otherwise a normal card: still face-down, still unknown to seat 1.
    assert_eq!(t.face_up(0), vec![false, false, false, false, true]);
    assert!(t.game.knows(0, 0, 1));
    assert!(!t.game.knows(1, 0, 1));
    // Once per turn per face-up Curator: neither a second rotation nor a discard.
    t.illegal(A::Rotate { slot: 0 });
    t.illegal(A::DiscardRotated { slot: 1 });
    assert_legal(&t, vec![A::EndTurn]);
    t.act(A::EndTurn);
    // Seat 1 has no face-up Curator of its own: nothing to rotate.
    assert_turn_of(&t, 1);
    assert!(!has_legal(&t, |a| matches!(
        a,
        A::Rotate { .. } | A::DiscardRotated { .. }
    )));
    t.draw_discard();
    // Seat 0's next turn: the rotated card may be discarded, the others rotated.
    assert_turn_of(&t, 0);
    let curator: Vec<A> = t
        .legal()
        .into_iter()
        .filter(|a| matches!(a, A::Rotate { .. } | A::DiscardRotated { .. }))
        .collect();
    assert_eq!(
        sorted(curator),
        sorted(vec![
            A::Rotate { slot: 0 },
            A::Rotate { slot: 2 },
            A::Rotate { slot: 3 },
            A::Rotate { slot: 4 },
            A::DiscardRotated { slot: 1 },
        ])
    );
}

#[test]
fn c2_curator_discards_rotated_card_nothing_replaces_it() {
    let mut t = curator_up(coin(), &[5, 1]);
    t.acts(&[A::Rotate { slot: 1 }, A::EndTurn]);
    t.draw_discard();
    assert_eq!(t.pile(), vec![3, 5]);
    let from = t.events.len();
    t.act(A::DiscardRotated { slot: 1 });
    assert_eq!(t.village(0), vec![6, 8, 9, 2]);
    assert_eq!(t.face_up(0), vec![false, false, false, true]);
    assert_eq!(t.pile(), vec![3, 5, 7]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::ToPile {
                value: 7,
                reason: PileReason::DiscardedOwn
            }
        )),
        1
    );
    assert!((0..4).all(|s| !t.game.is_rotated(0, s)));
    // It was the turn's one Curator action; the main action is still to come, and the free
    // action forbids census although the village now holds 4 cards.
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_eq!(t.game.village_len(0), 4);
    assert!(!has_legal(&t, |a| matches!(
        a,
        A::Rotate { .. } | A::DiscardRotated { .. }
    )));
    t.illegal(A::CallCensus);
    assert!(t.is_legal(DRAW));
}

#[test]
fn c2_curator_once_per_turn_per_face_up_curator() {
    // Two face-up Curators give two Curator actions per turn.
    let mut t = curator_up(coin(), &[2, 5]);
    t.act(A::EndTurn);
    // Seat 1 draws the second Curator and discards it (no discard ability).
    t.draw_discard();
    assert_eq!(t.game.discard_top(), Some(2));
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert_eq!(t.village(0), vec![2, 7, 8, 9, 2]);
    assert_eq!(t.face_up(0), vec![true, false, false, false, true]);
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    t.act(A::Rotate { slot: 1 });
    assert!(t.is_legal(A::Rotate { slot: 2 }));
    assert!(t.is_legal(A::DiscardRotated { slot: 1 }));
    t.act(A::Rotate { slot: 2 });
    assert!(t.game.is_rotated(0, 1) && t.game.is_rotated(0, 2));
    t.illegal(A::Rotate { slot: 3 });
    t.illegal(A::DiscardRotated { slot: 1 });
    assert_legal(&t, vec![A::EndTurn]);
}

#[test]
fn c2_curator_free_action_forbids_census() {
    let mut t = game(coin(), 2, &[[6, 6, 8, 9, 3], [9, 10, 11, 13, 13]], 2, &[5]);
    // Seat 0 takes the Curator for its matching 6s: 4 cards, the Curator face-up in slot 0.
    t.acts(&[
        A::TakeDiscard,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![2, 8, 9, 3]);
    assert_eq!(t.face_up(0), vec![true, false, false, false]);
    t.act(A::EndTurn);
    t.draw_discard();
    assert_turn_of(&t, 0);
    assert!(t.is_legal(A::CallCensus));
    t.act(A::Rotate { slot: 1 });
    t.illegal(A::CallCensus);
}

#[test]
fn c2_rotation_follows_card_through_robber_swap() {
    let mut t = curator_up(coin(), &[12]);
    t.acts(&[A::Rotate { slot: 1 }, A::EndTurn]);
    // Seat 1 discards a Robber: takes seat 0's rotated 7, gives its slot 2 (an 11).
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard, tg(0, 1), A::Give { slot: 2 }]);
    assert_eq!(t.village(0), vec![6, 11, 8, 9, 2]);
    assert_eq!(t.village(1), vec![9, 10, 7, 13, 13]);
    assert!(t.game.is_rotated(1, 2), "the rotation followed the 7");
    assert!(
        !t.game.is_rotated(0, 1),
        "the 11 given in its place is not rotated"
    );
    assert!((0..5).filter(|&s| s != 2).all(|s| !t.game.is_rotated(1, s)));
    // Both keep their orientation; the Robber player looked at the 7.
    assert_eq!(t.face_up(1), vec![false; 5]);
    assert_eq!(t.face_up(0), vec![false, false, false, false, true]);
    assert!(t.game.knows(1, 1, 2));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Peeked {
                seat: 1,
                owner: 1,
                slot: 2,
                ..
            }
        )),
        1
    );
    // Seat 0 no longer has a rotated card to discard.
    assert_turn_of(&t, 0);
    assert!(!has_legal(&t, |a| matches!(a, A::DiscardRotated { .. })));
    assert!(t.is_legal(A::Rotate { slot: 1 }));
}

#[test]
fn c2_rotation_follows_card_through_master_thief_swap() {
    // Mixed set: Curator (Coin) and Master Thief (Dagger).
    let mut t = curator_up(mix(), &[12]);
    // Seat 0 rotates its face-up Curator itself.
    t.acts(&[A::Rotate { slot: 4 }, A::EndTurn]);
    assert!(t.game.is_rotated(0, 4));
    // Seat 1's Master Thief takes the rotated face-up Curator and gives its slot 0 (a 9).
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard, tg(0, 4), A::Give { slot: 0 }]);
    assert_eq!(t.village(0), vec![6, 7, 8, 9, 9]);
    assert_eq!(t.village(1), vec![2, 10, 11, 13, 13]);
    assert!(t.game.is_rotated(1, 0));
    assert!(!t.game.is_rotated(0, 4));
    assert_eq!(t.face_up(1), vec![true, false, false, false, false]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    // Seat 1 had peeked the 9 it gave; seat 0 did not see what it received.
    assert!(t.game.knows(1, 0, 4));
    assert!(!t.game.knows(0, 0, 4));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Swapped {
                seat: 1,
                own_slot: 0,
                owner: 0,
                slot: 4
            }
        )),
        1
    );
    // The Curator is now face-up in seat 1's village and rotated: seat 1 may discard it.
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    assert!(t.is_legal(A::DiscardRotated { slot: 0 }));
    assert!(!t.is_legal(A::Rotate { slot: 0 }));
    assert!(t.is_legal(A::Rotate { slot: 1 }));
    t.act(A::DiscardRotated { slot: 0 });
    assert_eq!(t.village(1), vec![10, 11, 13, 13]);
    assert_eq!(t.game.discard_top(), Some(2));
    assert_legal(&t, vec![A::EndTurn]);
}

#[test]
fn c2_rotation_cleared_when_card_reaches_pile() {
    let mut t = curator_up(coin(), &[5, 1]);
    t.acts(&[A::Rotate { slot: 1 }, A::EndTurn]);
    t.draw_discard();
    // Seat 0 exchanges the rotated 7 out.
    t.acts(&[DRAW, A::Exchange { slot: 1 }]);
    t.end_turn_if_offered();
    assert_eq!(t.village(0), vec![6, 1, 8, 9, 2]);
    assert!(!t.game.is_rotated(0, 1));
    assert_eq!(t.game.discard_top(), Some(7));
    // Seat 1 takes it: it enters face-up and is not rotated.
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert_eq!(t.village(1)[0], 7);
    assert!(t.face_up(1)[0]);
    assert!(!t.game.is_rotated(1, 0));
    assert!((0..5).all(|s| !t.game.is_rotated(0, s) && !t.game.is_rotated(1, s)));
}

// ---------------------------------------------------------------------------------------------
// C4 (pile-top ability)
// ---------------------------------------------------------------------------------------------

/// Seat 0 takes the first discard, a Coin 4, face-up into slot 4 (its Squire goes to the pile:
/// no discard ability, so nothing is offered); seat 1 draws an Exposer and skips it. Seat 0's
/// turn, the pile's top is the Exposer.
fn c4_up(deck_after: &[Value]) -> T {
    let mut deck = vec![5];
    deck.extend_from_slice(deck_after);
    let mut t = game(coin(), 2, &[[6, 10, 3, 3, 1], [9, 9, 11, 12, 13]], 4, &deck);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }]);
    assert_eq!(t.face_up(0), vec![false, false, false, false, true]);
    // The pile's top (the Squire) has no discard ability: no C4, the turn ended by itself.
    assert_turn_of(&t, 1);
    t.draw_discard();
    assert_turn_of(&t, 0);
    assert_eq!(t.game.discard_top(), Some(5));
    t
}

#[test]
fn c4_uses_pile_top_discard_ability_after_main_action() {
    let mut t = c4_up(&[7]);
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    // The exchanged-out Revealer is the pile's top: its ability is offered.
    assert_eq!(t.game.discard_top(), Some(6));
    assert_legal(&t, vec![A::UsePileTop, A::EndTurn]);
    let from = t.events.len();
    t.act(A::UsePileTop);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::AbilityUsed {
                seat: 0,
                value: 4,
                ability: Ability::UsePileTop
            }
        )),
        1
    );
    assert!(matches!(
        t.game.stage(),
        Stage::Ability {
            src: 6,
            copied: true,
            ..
        }
    ));
    assert_legal(&t, with(targets(1, &[0, 1, 2, 3, 4]), &[A::SkipAbility]));
    t.act(tg(1, 2));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Flipped {
                seat: 0,
                owner: 1,
                slot: 2,
                value: 11
            }
        )),
        1
    );
    assert_eq!(t.face_up(1), vec![false, false, true, false, false]);
    assert!(t.game.knows(0, 1, 2));
    assert_eq!(t.pile(), vec![1, 5, 6]);
}

#[test]
fn c4_once_per_turn() {
    let mut t = c4_up(&[7]);
    t.acts(&[DRAW, A::Exchange { slot: 0 }, A::UsePileTop, tg(1, 2)]);
    // The pile's top is still the Revealer and seat 1 still has face-down cards, but C4 was
    // used this turn: the turn ended by itself.
    assert_eq!(t.game.discard_top(), Some(6));
    assert_turn_of(&t, 1);
    assert!(!has_legal(&t, |a| matches!(a, A::UsePileTop)));
}

#[test]
fn c4_usable_before_the_main_action_then_the_turn_goes_on() {
    // C4 "at any moment of your turn": at the start of the turn, before drawing.
    let mut t = c4_up(&[7]);
    assert!(t.is_legal(A::UsePileTop));
    let from = t.events.len();
    t.act(A::UsePileTop);
    // The Exposer's ability: one of seat 0's own face-down cards.
    assert_legal(&t, with(targets(0, &[0, 1, 2, 3]), &[A::SkipAbility]));
    t.act(tg(0, 1));
    assert_eq!(t.face_up(0), vec![false, true, false, false, true]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::AbilityUsed {
                seat: 0,
                ability: Ability::UsePileTop,
                ..
            }
        )),
        1
    );
    // Still seat 0's turn, at its start: the main action is still to come; C4 was used (once
    // per turn) and, as every ability, forbids the census (R-CENSUS).
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_turn_of(&t, 0);
    assert!(!t.is_legal(A::UsePileTop));
    assert!(!t.is_legal(A::CallCensus));
    assert!(t.is_legal(DRAW) && t.is_legal(A::TakeDiscard));
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    // The exchanged-out Revealer is on top now, but C4 was used this turn.
    assert_eq!(t.game.discard_top(), Some(6));
    assert_turn_of(&t, 1);
}

#[test]
fn c4_before_the_main_action_forbids_census() {
    // Seat 0 has 4 cards (a pair exchanged) and a face-up Coin 4; the pile's top is an Exposer.
    let mut t = game(
        coin(),
        2,
        &[[6, 6, 3, 3, 1], [9, 9, 11, 12, 13]],
        4,
        &[5, 7],
    );
    t.acts(&[A::TakeDiscard, A::Select { slot: 0 }, A::Select { slot: 1 }]);
    t.act(A::ConfirmExchange);
    assert_eq!(t.village(0), vec![4, 3, 3, 1]);
    t.end_turn_if_offered();
    t.draw_discard();
    assert_turn_of(&t, 0);
    assert_eq!(t.game.discard_top(), Some(5));
    assert!(t.is_legal(A::CallCensus) && t.is_legal(A::UsePileTop));
    t.acts(&[A::UsePileTop, tg(0, 1)]);
    t.illegal(A::CallCensus);
}

#[test]
fn c4_not_while_holding_the_drawn_card() {
    // Ruling: the drawn card in hand is part of the main action; C4 waits until it is placed.
    let mut t = c4_up(&[7]);
    t.act(DRAW);
    assert!(matches!(t.game.stage(), Stage::Holding { .. }));
    t.illegal(A::UsePileTop);
    t.acts(&[A::Discard, A::SkipAbility]);
    // The discarded Beholder is the pile's top now: after the main action C4 may use it.
    assert_legal(&t, vec![A::UsePileTop, A::EndTurn]);
}

#[test]
fn c4_before_the_main_action_that_empties_the_deck_leaves_the_main_action_then_ends_the_round() {
    // A custom 10 moves the whole deck to the pile (B10 with count 52). Seat 0 uses it
    // through C4 before its main action: the deck is empty, so the main action left is taking
    // the pile's top (R-TAKE); the round ends with the turn (R-END b).
    let set = CardSet::parse("amulet+4:coin")
        .unwrap()
        .with_custom(10, Ability::DeckToPile { count: 52 });
    let mut t = game(set, 2, &[[6, 7, 8, 9, 3], [9, 11, 11, 12, 13]], 4, &[10]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }]);
    t.end_turn_if_offered();
    t.acts(&[DRAW, A::Discard, A::SkipAbility]);
    assert_turn_of(&t, 0);
    assert_eq!(t.game.discard_top(), Some(10));
    t.acts(&[A::UsePileTop, A::UseAbility]);
    assert_eq!(t.game.deck_len(), 0);
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_legal(&t, vec![A::TakeDiscard]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.end_turn_if_offered();
    assert!(round_ended(&t));
    assert_eq!(ended(&t).reason, RoundEnd::Deck);
}

#[test]
fn c4_does_not_copy_a_copy_ability() {
    let mut t = c4_up(&[7]);
    // Seat 0 exchanges out its Vampire: a copy ability on the pile's top is not offered.
    t.acts(&[DRAW, A::Exchange { slot: 1 }]);
    assert_eq!(t.game.discard_top(), Some(10));
    assert_turn_of(&t, 1);
}

#[test]
fn c4_not_offered_for_pile_top_without_discard_ability() {
    let mut t = c4_up(&[7]);
    // A Bodyguard on top has no discard ability.
    t.acts(&[DRAW, A::Exchange { slot: 2 }]);
    assert_eq!(t.game.discard_top(), Some(3));
    assert_turn_of(&t, 1);
}

// ---------------------------------------------------------------------------------------------
// C8 Assassin
// ---------------------------------------------------------------------------------------------

#[test]
fn c8_assassin_discards_one_own_card() {
    let mut t = game(coin(), 2, &[[6, 7, 9, 9, 3], [9, 10, 11, 13, 13]], 1, &[8]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(true));
    // Any own card, known or not.
    assert_legal(&t, with(targets(0, &[0, 1, 2, 3, 4]), &[A::SkipAbility]));
    t.act(tg(0, 3));
    assert_eq!(t.village(0), vec![6, 7, 9, 3]);
    assert_eq!(t.pile(), vec![1, 8, 9]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::ToPile {
                value: 9,
                reason: PileReason::DiscardedOwn
            }
        )),
        1
    );
    // Count 1: the ability is over, and so is the turn.
    assert_turn_of(&t, 1);
    assert_eq!(t.village(1).len(), 5);
}

#[test]
fn c8_custom_count_two_offers_optional_second_discard() {
    let set = coin().with_custom(8, Ability::DiscardOwn { count: 2 });
    let villages = [[6, 7, 9, 9, 3], [9, 10, 11, 13, 13]];
    // Both discards.
    let mut t = game(set, 2, &villages, 1, &[8]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard, tg(0, 0)]);
    assert!(matches!(
        t.game.stage(),
        Stage::Ability {
            step: AbilityStep::MoreDiscards { left: 1 },
            ..
        }
    ));
    assert_legal(&t, with(targets(0, &[0, 1, 2, 3]), &[A::StopLooking]));
    t.act(tg(0, 3));
    assert_eq!(t.village(0), vec![7, 9, 9]);
    assert_eq!(t.pile(), vec![1, 8, 6, 3]);
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::AbilityUsed { .. })),
        1
    );
    assert_turn_of(&t, 1);
    // The second discard is optional.
    let mut t = game(set, 2, &villages, 1, &[8]);
    t.acts(&[DRAW, A::Discard, tg(0, 0), A::StopLooking]);
    assert_eq!(t.village(0), vec![7, 9, 9, 3]);
    assert_eq!(t.pile(), vec![1, 8, 6]);
    assert_turn_of(&t, 1);
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

#[test]
fn c8_assassin_can_empty_a_village() {
    let t = emptied(&[9]);
    assert_eq!(t.game.village_len(0), 0);
    assert!(t.village(0).is_empty());
    assert_eq!(t.game.discard_top(), Some(7));
    assert_eq!(t.pile(), vec![1, 8, 9, 7, 6, 6, 6, 6, 7, 8, 8, 7]);
}

// ---------------------------------------------------------------------------------------------
// C10 Vampire
// ---------------------------------------------------------------------------------------------

#[test]
fn c10_vampire_uses_ability_of_card_under_it() {
    // The first discard is a Revealer; seat 0 draws a Vampire and discards it onto it.
    let mut t = game(coin(), 2, &[[6, 7, 9, 9, 3], [9, 10, 11, 13, 13]], 6, &[10]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_eq!(t.pile(), vec![6, 10]);
    assert!(matches!(t.game.stage(), Stage::Ability { src: 6, .. }));
    // The Revealer's targets: the opponent's face-down cards.
    assert_legal(&t, with(targets(1, &[0, 1, 2, 3, 4]), &[A::SkipAbility]));
    t.act(tg(1, 3));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::AbilityUsed {
                seat: 0,
                value: 10,
                ability: Ability::UseUnderneath
            }
        )),
        1
    );
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Flipped {
                owner: 1,
                slot: 3,
                value: 13,
                ..
            }
        )),
        1
    );
    assert_eq!(t.face_up(1), vec![false, false, false, true, false]);
    assert_turn_of(&t, 1);
}

#[test]
fn c10_vampire_not_offered_when_card_under_has_no_discard_ability() {
    // Under the Vampire: a Bodyguard (no discard ability).
    let mut t = game(coin(), 2, &[[6, 7, 9, 9, 3], [9, 10, 11, 13, 13]], 3, &[10]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(false));
    assert_eq!(no_target_events(&t, from, 10), 1);
    assert_eq!(t.pile(), vec![3, 10]);
    assert_turn_of(&t, 1);
}

#[test]
fn c10_vampire_does_not_copy_a_vampire() {
    // Under the Vampire: another Vampire (a copy ability is never copied).
    let mut t = game(
        coin(),
        2,
        &[[6, 7, 9, 9, 3], [9, 11, 11, 13, 13]],
        10,
        &[10],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(false));
    assert_eq!(no_target_events(&t, from, 10), 1);
    assert_turn_of(&t, 1);
}

#[test]
fn c10_vampire_not_offered_when_copied_ability_has_no_target() {
    // Seat 0 takes the first discard (a 9) for all five of its cards (two Doppelgangers and
    // three 6s match): its only card is face-up.
    let mut t = game(
        coin(),
        2,
        &[[13, 13, 6, 6, 6], [9, 7, 11, 12, 12]],
        9,
        &[5, 10],
    );
    t.act(A::TakeDiscard);
    for slot in 0..5 {
        t.act(A::Select { slot });
    }
    t.act(A::ConfirmExchange);
    assert_eq!(t.village(0), vec![9]);
    assert_eq!(t.face_up(0), vec![true]);
    // Seat 1 discards an Exposer (skipping it).
    t.draw_discard();
    assert_eq!(t.game.discard_top(), Some(5));
    // Seat 0's Vampire would use the Exposer, but seat 0 has no face-down card.
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(false));
    assert_eq!(no_target_events(&t, from, 10), 1);
    assert_eq!(t.game.discard_top(), Some(10));
    assert_turn_of(&t, 1);
}

#[test]
fn c10_vampire_over_master_lets_player_take_the_master() {
    // A custom Master as 9 (the Coin set's 10 is the Vampire).
    let set = coin().with_custom(9, Ability::MasterTakePile);
    let mut t = game(set, 2, &[[6, 7, 8, 11, 3], [10, 10, 11, 13, 13]], 9, &[10]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_eq!(t.pile(), vec![9, 10]);
    // The Master used through the Vampire may take any pile card but the Vampire: the Master.
    assert_legal(&t, vec![A::PickDiscard { index: 0 }, A::SkipAbility]);
    t.act(A::PickDiscard { index: 0 });
    assert!(matches!(
        t.game.stage(),
        Stage::Holding {
            from: CardSource::Master,
            ..
        }
    ));
    t.illegal(A::Discard);
    t.act(A::Exchange { slot: 2 });
    assert_eq!(t.village(0), vec![6, 7, 9, 11, 3]);
    assert_eq!(t.face_up(0), vec![false, false, true, false, false]);
    assert_eq!(t.pile(), vec![10, 8]);
    assert_turn_of(&t, 1);
}

// ---------------------------------------------------------------------------------------------
// E-COIN
// ---------------------------------------------------------------------------------------------

#[test]
fn e_coin_token_flips_face_down_card_up_once_per_round() {
    let mut t = holder_game(
        coin(),
        2,
        &[[5, 6, 7, 9, 3], [10, 11, 12, 13, 8]],
        1,
        &[1, 7, 7],
    );
    // Any card of any village.
    assert_eq!(
        sorted(token_actions(&t)),
        sorted(flips(&[(0, &[0, 1, 2, 3, 4]), (1, &[0, 1, 2, 3, 4])]))
    );
    let from = t.events.len();
    t.act(A::TokenFlip { seat: 1, slot: 3 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Flipped {
                seat: 0,
                owner: 1,
                slot: 3,
                value: 13
            }
        )),
        1
    );
    assert_eq!(t.face_up(1), vec![false, false, false, true, false]);
    assert!(t.game.knows(0, 1, 3) && t.game.knows(1, 1, 3));
    assert!(t.game.token_used());
    assert!(token_actions(&t).is_empty());
    t.illegal(A::TokenFlip { seat: 1, slot: 0 });
    t.draw_discard();
    t.draw_discard();
    // Once per round: not again in the holder's next turn.
    assert_turn_of(&t, 0);
    assert!(token_actions(&t).is_empty());
}

#[test]
fn e_coin_token_turns_face_up_card_face_down() {
    let mut t = holder_game(
        coin(),
        2,
        &[[5, 6, 7, 9, 3], [10, 11, 12, 13, 8]],
        1,
        &[7, 7],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert_eq!(t.face_up(0), vec![true, false, false, false, false]);
    // After the main action the token power is still available.
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    let from = t.events.len();
    t.act(A::TokenFlip { seat: 0, slot: 0 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::TurnedDown {
                seat: 0,
                owner: 0,
                slot: 0
            }
        )),
        1
    );
    assert_eq!(t.face_up(0), vec![false; 5]);
    // It stays known to everybody.
    assert!(t.game.knows(0, 0, 0) && t.game.knows(1, 0, 0));
    assert_eq!(t.village(0)[0], 1);
    assert_legal(&t, vec![A::EndTurn]);
}

#[test]
fn e_coin_token_respects_bodyguard_protection() {
    let mut t = holder_game(
        coin(),
        2,
        &[[5, 6, 7, 9, 9], [5, 6, 7, 8, 12]],
        1,
        &[3, 7, 7],
    );
    // Seat 0 discards a Bodyguard; seat 1 takes it face-up and guards its slot 0.
    t.draw_discard();
    t.acts(&[
        A::TakeDiscard,
        A::Exchange { slot: 4 },
        A::GuardPlace {
            guard: 4,
            target: 0,
        },
        A::EndTurn,
    ]);
    assert_eq!(t.game.guarding(1, 4), Some(0));
    assert_turn_of(&t, 0);
    // Neither the Bodyguard nor the card it protects can be flipped by seat 0's token.
    assert_eq!(
        sorted(token_actions(&t)),
        sorted(flips(&[(0, &[0, 1, 2, 3, 4]), (1, &[1, 2, 3])]))
    );
    t.illegal(A::TokenFlip { seat: 1, slot: 0 });
    t.illegal(A::TokenFlip { seat: 1, slot: 4 });
}

#[test]
fn e_coin_token_forbids_census() {
    let mut t = holder_game(
        coin(),
        2,
        &[[6, 6, 7, 9, 12], [5, 6, 7, 8, 12]],
        1,
        &[3, 7, 7],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.game.village_len(0), 4);
    t.end_turn_if_offered();
    t.draw_discard();
    assert_turn_of(&t, 0);
    assert!(t.is_legal(A::CallCensus));
    t.act(A::TokenFlip { seat: 1, slot: 0 });
    t.illegal(A::CallCensus);
}

// ---------------------------------------------------------------------------------------------
// E-TOKEN
// ---------------------------------------------------------------------------------------------

#[test]
fn e_token_no_token_power_in_census_turn() {
    for set in [coin(), dagger()] {
        let mut t = holder_game(set, 2, &[[6, 6, 7, 9, 12], [5, 6, 7, 8, 12]], 1, &[3, 7, 7]);
        t.acts(&[
            DRAW,
            A::Select { slot: 0 },
            A::Select { slot: 1 },
            A::ConfirmExchange,
        ]);
        t.end_turn_if_offered();
        t.draw_discard();
        assert_turn_of(&t, 0);
        assert!(t.is_legal(A::CallCensus));
        assert!(!token_actions(&t).is_empty());
        // Calling is the whole turn: the turn passes at once, the token unused.
        let from = t.events.len();
        t.act(A::CallCensus);
        assert_eq!(turns_started(&t, from), vec![1]);
        assert_turn_of(&t, 1);
        assert!(!t.game.token_used());
        assert!(token_actions(&t).is_empty());
        t.draw_discard();
        let e = ended(&t);
        assert_eq!(e.reason, RoundEnd::Census);
        assert_eq!(e.caller, Some(0));
        assert!(!t.events_since(from).iter().any(|e| matches!(
            e,
            GameEvent::Flipped { .. }
                | GameEvent::TurnedDown { .. }
                | GameEvent::DirectionReversed { .. }
        )));
    }
}

// ---------------------------------------------------------------------------------------------
// D4 Zombie
// ---------------------------------------------------------------------------------------------

#[test]
fn d4_drawn_zombie_cannot_be_discarded() {
    let mut t = game(
        dagger(),
        2,
        &[[6, 7, 8, 9, 3], [9, 10, 11, 12, 13]],
        1,
        &[4],
    );
    t.act(DRAW);
    assert_legal(
        &t,
        vec![
            A::Exchange { slot: 0 },
            A::Exchange { slot: 1 },
            A::Exchange { slot: 2 },
            A::Exchange { slot: 3 },
            A::Exchange { slot: 4 },
            A::Select { slot: 0 },
            A::Select { slot: 1 },
            A::Select { slot: 2 },
            A::Select { slot: 3 },
        ],
    );
    t.illegal(A::Discard);
    t.act(A::Exchange { slot: 3 });
    assert_eq!(t.village(0), vec![6, 7, 8, 4, 3]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    assert!(t.game.knows(0, 0, 3));
    assert!(!t.game.knows(1, 0, 3));
    assert_eq!(t.pile(), vec![1, 9]);
}

#[test]
fn d4_zombie_exchanged_out_alone_is_shown_and_drawn_card_discarded_without_ability() {
    let mut t = game(
        dagger(),
        2,
        &[[4, 7, 8, 9, 3], [9, 10, 11, 12, 13]],
        1,
        &[9],
    );
    assert!(!t.game.knows(1, 0, 0));
    let from = t.events.len();
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Shown {
                owner: 0,
                slot: 0,
                value: 4
            }
        )),
        1
    );
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Exchanged { success: false, .. }
        )),
        1
    );
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::ToPile {
                value: 9,
                reason: PileReason::ZombieStayed
            }
        )),
        1
    );
    assert_eq!(t.village(0), vec![4, 7, 8, 9, 3]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    assert!(t.game.knows(1, 0, 0), "the Zombie was shown to everybody");
    assert_eq!(t.pile(), vec![1, 9]);
    // The Seer was not discarded from the deck by choice: no ability, the turn is over.
    assert_eq!(discarded_offered(&t, from), None);
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::AbilityUsed { .. })),
        0
    );
    assert_turn_of(&t, 1);
}

/// Seat 0 holds a Zombie in slot 0; seat 1's Revealer turns it face-up. 3 players; seat 2
/// draws and discards, then it is seat 0's turn.
fn face_up_zombie(next: &[Value]) -> T {
    let mut deck = vec![1, 6, 7];
    deck.extend_from_slice(next);
    let mut t = game(
        dagger(),
        3,
        &[[4, 7, 8, 9, 3], [9, 10, 11, 12, 13], [10, 10, 12, 12, 13]],
        1,
        &deck,
    );
    t.draw_discard();
    t.acts(&[DRAW, A::Discard, tg(0, 0)]);
    assert_eq!(t.face_up(0), vec![true, false, false, false, false]);
    t.draw_discard();
    assert_turn_of(&t, 0);
    t
}

#[test]
fn d4_face_up_zombie_exchanged_out_goes_back_face_down() {
    let mut t = face_up_zombie(&[9]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    assert_eq!(t.village(0), vec![4, 7, 8, 9, 3]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    assert!((0..3).all(|s| t.game.knows(s, 0, 0)));
    assert_eq!(t.game.discard_top(), Some(9));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::ToPile {
                value: 9,
                reason: PileReason::ZombieStayed
            }
        )),
        1
    );
    assert_turn_of(&t, 1);
}

#[test]
fn d4_held_zombie_cannot_be_exchanged_for_a_face_up_zombie() {
    let mut t = face_up_zombie(&[4]);
    t.act(DRAW);
    t.illegal(A::Discard);
    t.illegal(A::Exchange { slot: 0 });
    assert!(t.is_legal(A::Exchange { slot: 1 }));
    t.act(A::Exchange { slot: 1 });
    assert_eq!(t.village(0), vec![4, 4, 8, 9, 3]);
    assert_eq!(t.face_up(0), vec![true, false, false, false, false]);
    assert_eq!(t.game.discard_top(), Some(7));
}

#[test]
fn d4_zombie_that_would_end_on_top_of_a_multi_exchange_stays_shown() {
    // Zombie + Doppelganger match (wild). R-DISCARD-ORDER puts the wild card first, so the
    // Zombie would end on top: it stays in the village, shown and face-down, as when exchanged
    // out alone; the pile is never reordered for it. The Doppelganger goes; the drawn card
    // takes its slot.
    let mut t = game(
        dagger(),
        2,
        &[[4, 13, 8, 9, 3], [9, 10, 11, 12, 13]],
        1,
        &[7],
    );
    let from = t.events.len();
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Exchanged {
                success: true,
                placed_at: 1,
                ..
            }
        )),
        1
    );
    assert_eq!(t.village(0), vec![4, 7, 8, 9, 3]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    assert!(t.game.knows(1, 0, 0), "the Zombie was shown to everybody");
    assert_eq!(t.pile(), vec![1, 13]);
    t.game.omniscient().check_invariants().unwrap();
}

#[test]
fn d4_zombie_goes_down_when_the_order_puts_another_card_on_top() {
    // The Approximator takes a Zombie and a 2: lower on top is the 2, so the Zombie may go.
    let mut t = game(
        dagger(),
        2,
        &[[4, 6, 2, 8, 3], [9, 10, 11, 12, 13]],
        1,
        &[5],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 2 },
        A::Approximate,
    ]);
    assert_eq!(t.village(0), vec![5, 6, 8, 3]);
    assert_eq!(t.pile(), vec![1, 4, 2]);
}

#[test]
fn d4_zombie_that_would_end_on_top_with_the_approximator_stays() {
    // The Approximator takes a Zombie and a 9: lower on top would be the Zombie, so it stays
    // (shown, face-down); only the 9 goes and the Approximator takes the 9's slot.
    let mut t = game(
        dagger(),
        2,
        &[[4, 6, 9, 8, 3], [9, 10, 11, 12, 13]],
        1,
        &[5],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 2 },
        A::Approximate,
    ]);
    assert_eq!(t.village(0), vec![4, 6, 5, 8, 3]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    assert!(t.game.knows(1, 0, 0) && t.game.knows(1, 0, 2));
    assert_eq!(t.pile(), vec![1, 9]);
    t.game.omniscient().check_invariants().unwrap();
}

#[test]
fn d4_all_zombie_multi_exchange_stays() {
    let mut t = game(
        dagger(),
        2,
        &[[4, 4, 8, 9, 3], [9, 10, 11, 12, 13]],
        1,
        &[9],
    );
    let from = t.events.len();
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    // They match, but only Zombies would go down: both stay face-down, shown to everybody,
    // and the drawn card is discarded instead (no penalty, nothing added).
    assert_eq!(t.village(0), vec![4, 4, 8, 9, 3]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    assert!(t.game.knows(1, 0, 0) && t.game.knows(1, 0, 1));
    assert_eq!(t.pile(), vec![1, 9]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::ToPile {
                value: 9,
                reason: PileReason::ZombieStayed
            }
        )),
        1
    );
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::PenaltyCard { .. })),
        0
    );
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::AbilityUsed { .. })),
        0
    );
    assert_turn_of(&t, 1);
}

#[test]
fn d4_give_zombie_to_previous_player_is_the_whole_turn_additive_and_public() {
    let mut t = face_up_zombie(&[]);
    let deck_before = t.game.deck_len();
    assert!(t.is_legal(A::GiveZombie { slot: 0 }));
    let from = t.events.len();
    t.act(A::GiveZombie { slot: 0 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::ZombieGiven {
                seat: 0,
                slot: 0,
                to: 2
            }
        )),
        1
    );
    assert_eq!(t.village(0), vec![7, 8, 9, 3]);
    // Additive: seat 2 (previous clockwise) gets it at the right end, face-down.
    assert_eq!(t.village(2), vec![10, 10, 12, 12, 13, 4]);
    assert_eq!(t.face_up(2), vec![false; 6]);
    assert!((0..3).all(|s| t.game.knows(s, 2, 5)));
    // The whole turn: nothing drawn, the next player's turn.
    assert_eq!(t.game.deck_len(), deck_before);
    assert_turn_of(&t, 1);
    assert_eq!(turns_started(&t, from), vec![1]);
}

#[test]
fn d4_give_zombie_is_additive_and_can_lift_village_above_census_limit() {
    let mut t = game(
        dagger(),
        2,
        &[[4, 7, 8, 9, 3], [10, 10, 11, 12, 13]],
        1,
        &[1, 6, 7, 9],
    );
    t.draw_discard();
    t.acts(&[DRAW, A::Discard, tg(0, 0)]);
    t.draw_discard();
    // Seat 1 exchanges its pair of 10s: 4 cards, census range.
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(1), vec![9, 11, 12, 13]);
    assert_turn_of(&t, 0);
    t.act(A::GiveZombie { slot: 0 });
    assert_eq!(t.village(1), vec![9, 11, 12, 13, 4]);
    assert_eq!(t.face_up(1), vec![false; 5]);
    assert_turn_of(&t, 1);
    t.illegal(A::CallCensus);
}

#[test]
fn d4_give_zombie_not_after_a_free_action() {
    let mut t = holder_game(
        dagger(),
        2,
        &[[4, 7, 8, 9, 3], [9, 10, 11, 12, 13]],
        1,
        &[1, 6, 7],
    );
    t.draw_discard();
    t.acts(&[DRAW, A::Discard, tg(0, 0)]);
    assert_turn_of(&t, 0);
    assert!(t.is_legal(A::GiveZombie { slot: 0 }));
    // The Dagger token is a free action: the hand-off is then no longer possible.
    t.act(A::TokenReverse);
    t.illegal(A::GiveZombie { slot: 0 });
    assert!(t.is_legal(DRAW));
}

#[test]
fn d4_assassin_on_zombie_shows_it_and_it_stays() {
    let mut t = game(mix(), 2, &[[4, 7, 8, 9, 3], [9, 10, 11, 13, 13]], 1, &[8]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_legal(&t, with(targets(0, &[0, 1, 2, 3, 4]), &[A::SkipAbility]));
    t.act(tg(0, 0));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Shown {
                owner: 0,
                slot: 0,
                value: 4
            }
        )),
        1
    );
    assert_eq!(t.village(0), vec![4, 7, 8, 9, 3]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    assert!(t.game.knows(1, 0, 0));
    assert_eq!(t.pile(), vec![1, 8]);
    assert_turn_of(&t, 1);
}

#[test]
fn d4_curator_discarding_rotated_zombie_shows_it_and_it_stays() {
    let mut t = game(mix(), 2, &[[4, 7, 8, 9, 3], [9, 10, 11, 13, 13]], 2, &[1]);
    t.acts(&[
        A::TakeDiscard,
        A::Exchange { slot: 4 },
        A::Rotate { slot: 0 },
        A::EndTurn,
    ]);
    t.draw_discard();
    assert_turn_of(&t, 0);
    let from = t.events.len();
    t.act(A::DiscardRotated { slot: 0 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Shown {
                owner: 0,
                slot: 0,
                value: 4
            }
        )),
        1
    );
    assert_eq!(t.village(0), vec![4, 7, 8, 9, 2]);
    assert!(t.game.is_rotated(0, 0));
    assert!(t.game.knows(1, 0, 0));
    assert_eq!(t.pile(), vec![3, 1]);
    // The Curator action is spent.
    assert!(!has_legal(&t, |a| matches!(
        a,
        A::Rotate { .. } | A::DiscardRotated { .. }
    )));
}

#[test]
fn d4_witch_cannot_replace_a_zombie() {
    // Amulet with the Zombie: the Witch (11) is available.
    let set = CardSet::parse("amulet+4:dagger").unwrap();
    let mut t = game(set, 2, &[[6, 7, 8, 9, 3], [4, 10, 12, 13, 13]], 1, &[11, 5]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard, A::WitchLook, tg(1, 0)]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Shown {
                owner: 1,
                slot: 0,
                value: 4
            }
        )),
        1
    );
    assert_eq!(t.village(1), vec![4, 10, 12, 13, 13]);
    assert!(t.game.knows(0, 1, 0));
    assert_eq!(t.pile(), vec![1, 11]);
    assert_eq!(t.deck()[0], 5, "the deck card stays on the deck");
    assert_turn_of(&t, 1);
}

#[test]
fn d4_give_zombie_follows_direction_after_reverser() {
    // Seat 0 reverses (Reverser); seat 2 turns seat 0's Zombie face-up; seat 1 discards.
    let mut t = game(
        dagger(),
        3,
        &[[4, 7, 8, 9, 3], [9, 10, 11, 12, 13], [10, 10, 12, 12, 13]],
        1,
        &[11, 6, 7],
    );
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert!(t.game.counter_clockwise());
    assert_turn_of(&t, 2);
    t.acts(&[DRAW, A::Discard, tg(0, 0)]);
    assert_turn_of(&t, 1);
    t.draw_discard();
    assert_turn_of(&t, 0);
    let from = t.events.len();
    t.act(A::GiveZombie { slot: 0 });
    // Counter-clockwise, the previous player of seat 0 is seat 1.
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::ZombieGiven { to: 1, .. }
        )),
        1
    );
    assert_eq!(t.village(1), vec![9, 10, 11, 12, 13, 4]);
    assert_eq!(t.village(2).len(), 5);
    assert_turn_of(&t, 2);
}

#[test]
fn d4_zombie_as_first_discard_goes_under_the_deck() {
    let mut t = T::with_config(
        cfg(dagger(), 2),
        0,
        &[[6, 7, 8, 9, 3], [9, 10, 11, 12, 13]],
        4,
        &[4, 9, 7],
    );
    // Two Zombies in a row go face-up under the deck; the 9 starts the pile.
    assert_eq!(t.pile(), vec![9]);
    let deck = t.deck();
    assert_eq!(deck.len(), 31);
    assert_eq!(deck[0], 7);
    assert_eq!(&deck[29..], &[4, 4]);
    assert_eq!(
        count(&t, 0, |e| matches!(e, GameEvent::ToDeckBottom { value: 4 })),
        2
    );
    t.peeks();
    assert_turn_of(&t, 0);
}

#[test]
fn d4_add_to_village_when_nothing_can_leave() {
    // An empty village draws a Zombie: it cannot be discarded, nothing can leave.
    let mut t = emptied(&[4]);
    t.act(DRAW);
    assert_legal(&t, vec![A::AddToVillage]);
    t.illegal(A::Discard);
    let from = t.events.len();
    t.act(A::AddToVillage);
    assert_eq!(t.village(0), vec![4]);
    assert_eq!(t.face_up(0), vec![false]);
    // Shown: everybody knows it.
    assert!(t.game.knows(0, 0, 0) && t.game.knows(1, 0, 0));
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::Added { seat: 0, .. })),
        1
    );
    assert_eq!(t.game.discard_top(), Some(7));
    assert_turn_of(&t, 1);
}

// ---------------------------------------------------------------------------------------------
// D5 Approximator
// ---------------------------------------------------------------------------------------------

fn approximator() -> T {
    game(
        dagger(),
        2,
        &[[9, 6, 7, 8, 3], [9, 10, 11, 12, 13]],
        1,
        &[5],
    )
}

#[test]
fn d5_approximate_offered_only_with_exactly_two_selected() {
    let mut t = approximator();
    t.act(DRAW);
    assert!(!t.is_legal(A::Approximate));
    t.act(A::Select { slot: 0 });
    assert_legal(
        &t,
        vec![
            A::Select { slot: 1 },
            A::Select { slot: 2 },
            A::Select { slot: 3 },
            A::Select { slot: 4 },
        ],
    );
    t.act(A::Select { slot: 2 });
    assert_legal(
        &t,
        vec![
            A::Select { slot: 3 },
            A::Select { slot: 4 },
            A::ConfirmExchange,
            A::Approximate,
        ],
    );
    t.act(A::Select { slot: 3 });
    assert_legal(&t, vec![A::Select { slot: 4 }, A::ConfirmExchange]);
    // A drawn card that is not an Approximator never offers it.
    let mut t = game(
        dagger(),
        2,
        &[[9, 6, 7, 8, 3], [9, 10, 11, 12, 13]],
        1,
        &[7],
    );
    t.acts(&[DRAW, A::Select { slot: 0 }, A::Select { slot: 2 }]);
    assert!(!t.is_legal(A::Approximate));
}

#[test]
fn d5_approximator_replaces_two_non_matching_cards_lower_on_top_and_is_shown() {
    let mut t = approximator();
    let from = t.events.len();
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 2 },
        A::Approximate,
    ]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Exchanged {
                success: true,
                placed_at: 0,
                face_up: false,
                ..
            }
        )),
        1
    );
    assert_eq!(count(&t, from, |e| matches!(e, GameEvent::Shown { .. })), 2);
    assert_eq!(t.village(0), vec![5, 6, 8, 3]);
    assert_eq!(t.face_up(0), vec![false; 4]);
    assert_eq!(t.pile(), vec![1, 9, 7]);
    // Using the power shows the Approximator to everybody.
    assert!(t.game.knows(0, 0, 0) && t.game.knows(1, 0, 0));
    assert_turn_of(&t, 1);
}

#[test]
fn d5_confirm_exchange_follows_usual_rules() {
    let mut t = approximator();
    let from = t.events.len();
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 2 },
        A::ConfirmExchange,
    ]);
    // 9 and 7 do not match: R-SWAP-FAIL, the Approximator joins face-down, unseen by seat 1.
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Exchanged { success: false, .. }
        )),
        1
    );
    assert_eq!(t.village(0), vec![9, 6, 7, 8, 3, 5]);
    assert_eq!(t.face_up(0), vec![false; 6]);
    assert_eq!(t.pile(), vec![1]);
    assert!(t.game.knows(0, 0, 5));
    assert!(!t.game.knows(1, 0, 5));
    assert!(t.game.knows(1, 0, 0) && t.game.knows(1, 0, 2));
}

#[test]
fn d5_not_from_the_discard_pile() {
    let mut t = game(
        dagger(),
        2,
        &[[9, 6, 7, 8, 3], [9, 10, 11, 12, 13]],
        5,
        &[1],
    );
    t.acts(&[A::TakeDiscard, A::Select { slot: 0 }, A::Select { slot: 2 }]);
    assert_legal(
        &t,
        vec![
            A::Select { slot: 3 },
            A::Select { slot: 4 },
            A::ConfirmExchange,
        ],
    );
    t.illegal(A::Approximate);
}

// ---------------------------------------------------------------------------------------------
// D11 Reverser
// ---------------------------------------------------------------------------------------------

#[test]
fn d11_reverser_reverses_turn_order_3_players() {
    let mut t = game(
        dagger(),
        3,
        &[[6, 7, 8, 9, 3], [9, 10, 12, 12, 13], [10, 10, 12, 12, 13]],
        1,
        &[11, 7, 7, 7],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_legal(&t, vec![A::UseAbility, A::SkipAbility]);
    t.act(A::UseAbility);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::DirectionReversed {
                seat: 0,
                counter_clockwise: true
            }
        )),
        1
    );
    assert!(t.game.counter_clockwise());
    t.draw_discard();
    t.draw_discard();
    assert_eq!(turns_started(&t, from), vec![2, 1, 0]);
    assert_turn_of(&t, 0);
}

#[test]
fn d11_reverser_reverses_turn_order_4_players() {
    let mut t = game(
        dagger(),
        4,
        &[
            [6, 7, 8, 9, 3],
            [9, 10, 12, 12, 13],
            [10, 10, 12, 12, 13],
            [9, 9, 10, 8, 8],
        ],
        1,
        &[7, 11, 7, 7, 11, 6],
    );
    let from = t.events.len();
    t.draw_discard();
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    t.draw_discard();
    t.draw_discard();
    // Seat 2 reverses again: clockwise once more.
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert!(!t.game.counter_clockwise());
    assert_eq!(turns_started(&t, from), vec![1, 0, 3, 2, 3]);
}

#[test]
fn d11_reverser_skipped_changes_nothing() {
    let mut t = game(
        dagger(),
        3,
        &[[6, 7, 8, 9, 3], [9, 10, 12, 12, 13], [10, 10, 12, 12, 13]],
        1,
        &[11, 7],
    );
    t.acts(&[DRAW, A::Discard, A::SkipAbility]);
    assert!(!t.game.counter_clockwise());
    assert_turn_of(&t, 1);
}

#[test]
fn d11_reverser_in_2_players_skips_the_opponents_next_turn() {
    // D11 / RULES.md §7: with 2 players a reversal means you play again, exactly as with the
    // Dagger token (E-DAGGER).
    let mut t = game(
        dagger(),
        2,
        &[[6, 7, 8, 9, 3], [9, 10, 12, 12, 13]],
        1,
        &[11, 7, 7],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::TurnSkipped { seat: 1 }
        )),
        1
    );
    assert_eq!(turns_started(&t, from), vec![0]);
    assert_turn_of(&t, 0);
    // Only that one turn: after seat 0's second turn, seat 1 plays.
    t.draw_discard();
    assert_turn_of(&t, 1);
}

/// 4 players: seat 0 exchanges a pair (4 cards left); seat 1 draws a Reverser and uses it, so
/// seat 0 plays next and calls census. `deck_after` follows.
fn census_after_reverse(deck_after: &[Value]) -> (T, usize) {
    let mut deck = vec![3, 11];
    deck.extend_from_slice(deck_after);
    let mut t = game(
        dagger(),
        4,
        &[
            [6, 6, 1, 1, 3],
            [9, 9, 10, 10, 13],
            [12, 12, 13, 8, 8],
            [12, 12, 10, 10, 9],
        ],
        0,
        &deck,
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert_turn_of(&t, 0);
    let from = t.events.len();
    t.act(A::CallCensus);
    (t, from)
}

#[test]
fn d11_census_extra_turns_follow_current_direction() {
    let (mut t, from) = census_after_reverse(&[7, 7, 7]);
    while t.game.stage() == Stage::Turn {
        t.draw_discard();
    }
    assert_eq!(turns_started(&t, from), vec![3, 2, 1]);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(e.sums[0], 3 + 1 + 1 + 3);
    assert_eq!(e.scores[0], 0);
}

#[test]
fn d11_reverse_during_census_extra_turns_caller_never_plays_again() {
    // Seat 3 (first extra turn, counter-clockwise) reverses: clockwise the next player would be
    // the caller, who is passed over; seats 1 and 2 each play exactly one extra turn.
    let (mut t, from) = census_after_reverse(&[11, 7, 7]);
    assert_turn_of(&t, 3);
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert!(!t.game.counter_clockwise());
    while t.game.stage() == Stage::Turn {
        assert_ne!(t.game.turn_player(), 0, "the caller never plays again");
        t.draw_discard();
    }
    assert_eq!(turns_started(&t, from), vec![3, 1, 2]);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(e.scores[0], 0);
}

// ---------------------------------------------------------------------------------------------
// D12 Master Thief
// ---------------------------------------------------------------------------------------------

#[test]
fn d12_master_thief_swaps_like_robber_and_looks() {
    let mut t = game(
        dagger(),
        2,
        &[[9, 6, 7, 8, 3], [10, 10, 11, 13, 13]],
        1,
        &[12],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(true));
    // Any card of the opponent (face-up or not).
    assert_legal(&t, with(targets(1, &[0, 1, 2, 3, 4]), &[A::SkipAbility]));
    t.act(tg(1, 2));
    assert_legal(
        &t,
        vec![
            A::Give { slot: 0 },
            A::Give { slot: 1 },
            A::Give { slot: 2 },
            A::Give { slot: 3 },
            A::Give { slot: 4 },
        ],
    );
    t.act(A::Give { slot: 0 });
    assert_eq!(t.village(0), vec![11, 6, 7, 8, 3]);
    assert_eq!(t.village(1), vec![10, 10, 9, 13, 13]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    assert_eq!(t.face_up(1), vec![false; 5]);
    // The thief looked at the card it received; the victim does not know either card.
    assert!(t.game.knows(0, 0, 0));
    assert!(!t.game.knows(1, 0, 0));
    assert!(t.game.knows(0, 1, 2), "seat 0 had peeked the 9 it gave");
    assert!(!t.game.knows(1, 1, 2));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Peeked {
                seat: 0,
                owner: 0,
                slot: 0,
                ..
            }
        )),
        1
    );
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::AbilityUsed {
                value: 12,
                ability: Ability::RobberSwap,
                ..
            }
        )),
        1
    );
    assert_eq!(t.pile(), vec![1, 12]);
    assert_turn_of(&t, 1);
}

#[test]
fn d12_master_thief_keeps_orientation_of_face_up_card() {
    // Seat 1 first takes the first discard face-up into slot 0; seat 0's Master Thief takes it.
    let mut t = game(
        dagger(),
        2,
        &[[9, 6, 7, 8, 3], [10, 10, 11, 13, 13]],
        1,
        &[7, 12],
    );
    t.draw_discard();
    assert_eq!(t.game.discard_top(), Some(7));
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert_eq!(t.face_up(1), vec![true, false, false, false, false]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard, tg(1, 0), A::Give { slot: 3 }]);
    assert_eq!(t.village(0), vec![9, 6, 7, 7, 3]);
    assert_eq!(t.village(1), vec![8, 10, 11, 13, 13]);
    assert_eq!(t.face_up(0), vec![false, false, false, true, false]);
    assert_eq!(t.face_up(1), vec![false; 5]);
    // A face-up card needs no look.
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::Peeked { .. })),
        0
    );
    assert!(!t.game.knows(0, 1, 0) && !t.game.knows(1, 1, 0));
}

// ---------------------------------------------------------------------------------------------
// E-DAGGER
// ---------------------------------------------------------------------------------------------

#[test]
fn e_dagger_token_reverses_direction_with_4_players() {
    let mut t = holder_game(
        dagger(),
        4,
        &[
            [6, 7, 8, 9, 3],
            [9, 10, 12, 12, 13],
            [10, 10, 12, 12, 13],
            [9, 9, 10, 8, 8],
        ],
        1,
        &[7, 7, 7, 6],
    );
    assert_eq!(token_actions(&t), vec![A::TokenReverse]);
    let from = t.events.len();
    t.act(A::TokenReverse);
    assert!(t.game.counter_clockwise());
    assert!(t.game.token_used());
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::DirectionReversed {
                seat: 0,
                counter_clockwise: true
            }
        )),
        1
    );
    for _ in 0..4 {
        t.draw_discard();
    }
    assert_eq!(turns_started(&t, from), vec![3, 2, 1, 0]);
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::TurnSkipped { .. })),
        0
    );
    // Once per round.
    assert!(token_actions(&t).is_empty());
}

#[test]
fn e_dagger_token_reverses_direction_with_3_players() {
    let mut t = holder_game(
        dagger(),
        3,
        &[[6, 7, 8, 9, 3], [9, 10, 12, 12, 13], [10, 10, 12, 12, 13]],
        1,
        &[7, 7, 7],
    );
    let from = t.events.len();
    t.act(A::TokenReverse);
    for _ in 0..3 {
        t.draw_discard();
    }
    assert_eq!(turns_started(&t, from), vec![2, 1, 0]);
}

#[test]
fn e_dagger_token_in_2_players_skips_opponents_next_turn() {
    let mut t = holder_game(
        dagger(),
        2,
        &[[6, 7, 8, 9, 3], [9, 10, 12, 12, 13]],
        1,
        &[1, 7, 7],
    );
    let from = t.events.len();
    t.act(A::TokenReverse);
    t.draw_discard();
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::TurnSkipped { seat: 1 }
        )),
        1
    );
    assert_eq!(turns_started(&t, from), vec![0]);
    assert_turn_of(&t, 0);
    // Once per round: seat 0 plays again without the token; seat 1 is not skipped again.
    assert!(token_actions(&t).is_empty());
    let from = t.events.len();
    t.draw_discard();
    assert_turn_of(&t, 1);
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::TurnSkipped { .. })),
        0
    );
}

#[test]
fn e_dagger_token_forbids_census() {
    let mut t = holder_game(
        dagger(),
        2,
        &[[6, 6, 7, 9, 12], [5, 6, 7, 8, 12]],
        1,
        &[3, 7, 7],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    t.end_turn_if_offered();
    t.draw_discard();
    assert_turn_of(&t, 0);
    assert!(t.is_legal(A::CallCensus));
    t.act(A::TokenReverse);
    t.illegal(A::CallCensus);
}

// ---------------------------------------------------------------------------------------------
// E-EMPTY
// ---------------------------------------------------------------------------------------------

#[test]
fn e_empty_village_may_draw_and_discard_but_not_take() {
    let mut t = emptied(&[8]);
    assert_legal(&t, vec![DRAW, A::CallCensus]);
    t.illegal(A::TakeDiscard);
    t.act(DRAW);
    // Nothing to exchange: the drawn card can only be discarded.
    assert_legal(&t, vec![A::Discard]);
    let from = t.events.len();
    t.act(A::Discard);
    // The Assassin acts on the own village: no target.
    assert_eq!(discarded_offered(&t, from), Some(false));
    assert_eq!(no_target_events(&t, from, 8), 1);
    assert_eq!(t.game.discard_top(), Some(8));
    assert_turn_of(&t, 1);
}

#[test]
fn e_empty_village_uses_abilities_on_other_villages() {
    // A Seer drawn by an empty village still has targets in the opponent's village.
    let mut t = emptied(&[9]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_legal(&t, with(targets(1, &[0, 1, 2, 3, 4]), &[A::SkipAbility]));
}

#[test]
fn e_empty_village_calls_census_and_scores_zero() {
    let mut t = emptied(&[9]);
    t.act(A::CallCensus);
    t.draw_discard();
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(e.sizes, vec![0, 5]);
    assert_eq!(e.sums, vec![0, 10 + 11 + 12 + 13 + 13]);
    assert_eq!(e.scores, vec![0, 59]);
    assert_eq!(e.next_holder, Some(0));
}

// ---------------------------------------------------------------------------------------------
// E-DIRECTION
// ---------------------------------------------------------------------------------------------

#[test]
fn e_direction_each_round_starts_clockwise() {
    // Round 1: seat 0 exchanges a pair, later reverses, then calls census; the extra turns run
    // counter-clockwise.
    let mut t = game(
        dagger(),
        3,
        &[[6, 6, 1, 1, 3], [9, 9, 12, 12, 13], [10, 10, 11, 11, 13]],
        9,
        &[3, 7, 7, 11, 7, 7, 8, 8],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    t.draw_discard();
    t.draw_discard();
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert!(t.game.counter_clockwise());
    t.draw_discard();
    t.draw_discard();
    assert_turn_of(&t, 0);
    let from = t.events.len();
    t.act(A::CallCensus);
    t.draw_discard();
    t.draw_discard();
    assert_eq!(turns_started(&t, from), vec![2, 1]);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.next_start, 0);
    // Round 2 starts clockwise: the opening peeks and the turns go 0, 1, 2.
    t.deal_next(
        &[[6, 7, 8, 9, 3], [9, 10, 12, 12, 13], [10, 10, 12, 12, 13]],
        1,
        &[7, 7, 7],
    );
    assert!(!t.game.counter_clockwise());
    assert_eq!(t.game.stage(), Stage::OpeningPeek { seat: 0, left: 2 });
    t.acts(&[A::OpeningPeek { slot: 0 }, A::OpeningPeek { slot: 1 }]);
    assert_eq!(t.game.stage(), Stage::OpeningPeek { seat: 1, left: 2 });
    t.peeks();
    let from = t.events.len();
    t.draw_discard();
    t.draw_discard();
    t.draw_discard();
    assert_eq!(turns_started(&t, from), vec![1, 2, 0]);
}

// ---------------------------------------------------------------------------------------------
// E-MIX
// ---------------------------------------------------------------------------------------------

#[test]
fn e_mix_parses_mixed_set_per_value() {
    let s = CardSet::parse(MIX_SET).unwrap();
    assert_eq!(s.ability(2), Ability::Curator);
    assert_eq!(s.ability(4), Ability::Zombie);
    assert_eq!(s.ability(5), Ability::Approximator);
    assert_eq!(s.ability(8), Ability::DiscardOwn { count: 1 });
    assert_eq!(s.ability(10), Ability::UseUnderneath);
    assert_eq!(s.ability(11), Ability::ReverseDirection);
    assert_eq!(s.ability(12), Ability::RobberSwap);
    assert_eq!(s.ability(3), Ability::Bodyguard);
    assert_eq!(s.edition(2), Edition::Coin);
    assert_eq!(s.edition(4), Edition::Dagger);
    assert_eq!(s.edition(3), Edition::Amulet);
    // The base preset's token unless another is named.
    assert_eq!(s.token(), Token::Amulet);
    let d = CardSet::parse(&format!("{MIX_SET}/token=dagger")).unwrap();
    assert_eq!(d.token(), Token::Dagger);
    assert_eq!(d, mix());
    assert_eq!(CardSet::parse(&d.canonical_name()).unwrap(), d);
}

#[test]
fn e_mix_unknown_characters_rejected_with_known_values_listed() {
    let e = CardSet::parse("amulet+3:coin").unwrap_err();
    assert!(e.to_string().contains("unknown"), "{e}");
    assert!(e.to_string().contains("known values: 2, 4, 8, 10"), "{e}");
    let e = CardSet::parse("amulet+6:dagger").unwrap_err();
    assert_eq!(
        e,
        SetError::UnknownCharacter {
            edition: Edition::Dagger,
            value: 6
        }
    );
    assert!(e.to_string().contains("known values: 4, 5, 11, 12"), "{e}");
    let e = CardSet::parse("amulet+2:coin,13:dagger").unwrap_err();
    assert!(e.to_string().contains("13"), "{e}");
    assert!(e.to_string().contains("known values: 4, 5, 11, 12"), "{e}");
    // The same through a per-value mix.
    let mut editions = [Edition::Amulet; VALUES];
    editions[0] = Edition::Coin;
    let e = CardSet::mix(editions, Token::Coin).unwrap_err();
    assert!(e.to_string().contains("known values: 2, 4, 8, 10"), "{e}");
    // A value may come from only one edition.
    let e = CardSet::parse("amulet+2:coin,2:bullet").unwrap_err();
    assert!(e.to_string().contains("twice"), "{e}");
    assert_eq!(e, SetError::Twice(2));
}

#[test]
fn e_mix_full_list_must_name_its_token() {
    let list: Vec<String> = (0..14)
        .map(|v| {
            let ed = match v {
                2 | 8 | 10 => "coin",
                4 | 5 | 11 | 12 => "dagger",
                _ => "amulet",
            };
            format!("{v}:{ed}")
        })
        .collect();
    let list = list.join(",");
    let e = CardSet::parse(&list).unwrap_err();
    assert!(e.to_string().contains("token"), "{e}");
    assert_eq!(e, SetError::NoToken);
    let s = CardSet::parse(&format!("{list}/token=dagger")).unwrap();
    assert_eq!(s.token(), Token::Dagger);
    assert_eq!(s, mix());
    let e = CardSet::parse(&format!("{list}/token=silver")).unwrap_err();
    assert!(e.to_string().contains("token"), "{e}");
    assert_eq!(e, SetError::UnknownToken("silver".into()));
}

/// D4 (ruling): a held Zombie that tries to exchange out a face-down Zombie cannot be
/// discarded instead: it joins the village at the right end, shown to everybody.
#[test]
fn d4_held_zombie_against_a_face_down_zombie_joins_the_village() {
    let mut t = game(
        dagger(),
        2,
        &[[4, 7, 8, 9, 3], [9, 10, 11, 12, 13]],
        1,
        &[4],
    );
    let pile = t.pile();
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    assert_eq!(t.village(0), vec![4, 7, 8, 9, 3, 4]);
    assert_eq!(t.pile(), pile, "no Zombie goes onto the pile");
    assert!(t.game.knows(1, 0, 0) && t.game.knows(1, 0, 5));
    t.game.omniscient().check_invariants().unwrap();
}

/// D4 (ruling): taking the card above a Zombie uncovers it: it goes face-up under the deck.
#[test]
fn d4_zombie_uncovered_on_the_pile_goes_under_the_deck() {
    // Seat 0's Approximator sends a Zombie and a 2 down (the 2 on top); seat 1 takes the 2,
    // which uncovers the Zombie.
    let mut t = game(
        dagger(),
        2,
        &[[4, 6, 2, 8, 3], [9, 10, 11, 12, 13]],
        1,
        &[5, 6],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 2 },
        A::Approximate,
    ]);
    let pile = t.pile();
    assert_eq!(&pile[pile.len() - 2..], &[4, 2]);
    t.end_turn_if_offered();
    let from = t.events.len();
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    let under: Vec<Value> = t
        .events_since(from)
        .iter()
        .filter_map(|e| match *e {
            GameEvent::ToDeckBottom { value } => Some(value),
            _ => None,
        })
        .collect();
    assert_eq!(under, vec![4]);
    assert_eq!(*t.deck().last().unwrap(), 4);
    assert_ne!(t.game.discard_top(), Some(4));
    t.game.omniscient().check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------------------
// R-A3 in the other editions: a face-up Bodyguard, placed or not, protects itself
// ---------------------------------------------------------------------------------------------

/// Amulet Bodyguard (3) with the Instigator (B6), the Troublemaker (B11) and the Master Thief
/// (D12). Seat 0 takes the first discard, a Bodyguard, face-up into slot 4 and leaves it idle.
fn idle_guard_mix(deck: &[Value]) -> T {
    let set = CardSet::parse("amulet+6:bullet,11:bullet,12:dagger").unwrap();
    let mut t = game(set, 2, &[[4, 5, 7, 8, 9], [9, 10, 10, 13, 13]], 3, deck);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }, A::EndTurn]);
    assert_turn_of(&t, 1);
    t
}

#[test]
fn r_a3_idle_bodyguard_protected_from_instigator_troublemaker_and_master_thief() {
    let mut t = idle_guard_mix(&[6, 7, 11, 7, 12]);
    // B6 Instigator: any card of seat 1's own village, seat 0's but the Bodyguard.
    t.acts(&[DRAW, A::Discard]);
    let mut expected = targets(0, &[0, 1, 2, 3]);
    expected.extend(targets(1, &[0, 1, 2, 3, 4]));
    expected.push(A::SkipAbility);
    assert_legal(&t, expected);
    t.act(A::SkipAbility);
    t.draw_discard();
    // B11 Troublemaker: neither as the first card nor as the second.
    t.acts(&[DRAW, A::Discard]);
    assert!(!t.is_legal(tg(0, 4)));
    t.act(tg(1, 0));
    assert_legal(&t, targets(0, &[0, 1, 2, 3]));
    t.act(tg(0, 0));
    t.draw_discard();
    // D12 Master Thief: not the Bodyguard.
    t.acts(&[DRAW, A::Discard]);
    assert_legal(&t, with(targets(0, &[0, 1, 2, 3]), &[A::SkipAbility]));
}

#[test]
fn d5_r_swap_multi_approximator_may_take_a_publicly_unmatched_pair() {
    // A failed exchange shows seat 0's 7 and 8 to everybody. Holding a drawn 10, the pair can
    // no longer be chosen; holding a drawn Approximator it can, and then only `Approximate`
    // is offered (R-SWAP-MULTI: a set everybody sees does not match is no attempt).
    let mut t = game(
        dagger(),
        2,
        &[[9, 6, 7, 8, 3], [9, 10, 11, 12, 13]],
        1,
        &[10, 7, 10, 8, 5],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 2 },
        A::Select { slot: 3 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![9, 6, 7, 8, 3, 10]);
    t.draw_discard();
    t.acts(&[DRAW, A::Select { slot: 2 }]);
    t.illegal(A::Select { slot: 3 });
    t.acts(&[A::Select { slot: 4 }, A::ConfirmExchange]);
    t.draw_discard();
    assert_eq!(t.village(0), vec![9, 6, 7, 8, 3, 10, 10]);
    t.acts(&[DRAW, A::Select { slot: 2 }]);
    assert!(t.is_legal(A::Select { slot: 3 }));
    t.act(A::Select { slot: 3 });
    assert_legal(&t, vec![A::Approximate]);
    t.act(A::Approximate);
    assert_eq!(t.village(0), vec![9, 6, 5, 3, 10, 10]);
    assert_eq!(t.pile(), vec![1, 7, 8, 8, 7]);
}

/// D4 (ruling): a drawn Zombie facing a village whose only card is a face-up Zombie can neither
/// be discarded nor exchanged for it: it joins the village (was: no legal action at all).
#[test]
fn d4_held_zombie_with_only_a_face_up_zombie_in_the_village_joins_it() {
    let set = CardSet::parse("amulet+4:dagger,8:coin").unwrap();
    let mut t = game(
        set,
        2,
        &[[4, 6, 6, 6, 6], [9, 9, 10, 10, 11]],
        1,
        &[5, 7, 8, 7, 8, 7, 8, 3, 8, 3, 4],
    );
    // The Exposer turns the Zombie face-up; four Assassins discard the four 6s.
    t.acts(&[DRAW, A::Discard, tg(0, 0)]);
    assert_eq!(t.face_up(0), vec![true, false, false, false, false]);
    for _ in 0..4 {
        t.draw_discard();
        t.acts(&[DRAW, A::Discard, tg(0, 1)]);
    }
    assert_eq!(t.village(0), vec![4]);
    t.draw_discard();
    t.act(DRAW);
    assert!(matches!(t.game.stage(), Stage::Holding { .. }));
    assert_legal(&t, vec![A::AddToVillage]);
    t.act(A::AddToVillage);
    assert_eq!(t.village(0), vec![4, 4]);
    assert!(t.game.knows(1, 0, 1), "the joining Zombie is shown");
    t.game.omniscient().check_invariants().unwrap();
}
