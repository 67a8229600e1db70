//! Scenario tests for RULES.md §5: the Amulet edition's 14 characters (R-A0 … R-A13), the
//! Amulet token (R-AMULET) and R-NO-ABILITY-TARGET, on stacked decks.
//!
//! Values: 0 Villager, 1 Squire, 2 Empath, 3 Bodyguard, 4 Rascal, 5 Exposer, 6 Revealer,
//! 7 Beholder, 8 Apprentice Seer, 9 Seer, 10 Master, 11 Witch, 12 Robber, 13 Doppelganger.

mod amulet_token;
mod bodyguard;
mod master_to_doppelganger;
mod no_ability_target;
mod rascal_to_seer;
mod villager_squire_empath;

use crate::common::*;
use silver_rules::*;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn end_reason(t: &T) -> RoundEnd {
    match t.last_round_end() {
        GameEvent::RoundEnded { reason, .. } => reason,
        _ => unreachable!(),
    }
}

fn display(t: &T) -> Vec<Value> {
    t.game.display().collect()
}

/// The current player draws the deck's top card and discards it; returns the event index from
/// before the draw. The ability (if any) is left pending.
fn draw_and_discard(t: &mut T) -> usize {
    let from = t.events.len();
    t.act(Action::DrawDeck { extra: 0 });
    t.act(Action::Discard);
    from
}

fn ability_used(t: &T, from: usize) -> usize {
    count(t, from, |e| matches!(e, GameEvent::AbilityUsed { .. }))
}

/// R-NO-ABILITY-TARGET: the Discarded event said no ability is offered, an AbilityNoTarget event
/// for `(seat, value)` was recorded, and no ability was used.
fn assert_no_target(t: &T, from: usize, seat: Seat, value: Value) {
    assert_eq!(discarded_offered(t, from), Some(false));
    assert_eq!(
        count(t, from, |e| matches!(
            e,
            GameEvent::AbilityNoTarget { seat: s, value: v } if *s == seat && *v == value
        )),
        1
    );
    assert_eq!(ability_used(t, from), 0);
    assert_eq!(t.game.discard_top(), Some(value));
}

/// A deck of 31 cards for a 2-player deal: `top` first, then every remaining value in ascending
/// order except one `last`, which is put at the bottom.
fn deck_ending_with(
    villages: &[[Value; 5]],
    discard: Value,
    top: &[Value],
    last: Value,
) -> Vec<Value> {
    let mut counts = VALUE_COUNTS;
    for v in villages.iter().flatten().chain([&discard]).chain(top) {
        counts[*v as usize] -= 1;
    }
    counts[last as usize] -= 1;
    let mut deck: Vec<Value> = top.to_vec();
    for (v, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            deck.push(v as Value);
        }
    }
    deck.truncate(30);
    deck.push(last);
    deck
}

// ---------------------------------------------------------------------------------------------
// 3-player setup for R-A6, R-A8, R-A11, R-A12
// ---------------------------------------------------------------------------------------------

/// Seats: 0 = [3,4,5,7,9], 1 = [9,10,11,12,13], 2 = [9,10,11,12,13]; first discard 10; the deck
/// starts 8, 4, then `rest`. Seat 0 draws and discards the 8; seat 1 takes it face-up into slot
/// 2; seat 2 draws and discards the 4. Seat 0 is to move, the deck's top is `rest[0]`.
fn three_with_face_up(rest: &[Value]) -> T {
    let mut deck = vec![8, 4];
    deck.extend_from_slice(rest);
    let mut t = T::stacked(
        3,
        0,
        &[[3, 4, 5, 7, 9], [9, 10, 11, 12, 13], [9, 10, 11, 12, 13]],
        10,
        &deck,
    );
    t.peeks();
    t.draw_discard();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 2 }]);
    t.draw_discard();
    assert_eq!(t.village(1), vec![9, 10, 8, 12, 13]);
    assert_eq!(t.face_up(1), vec![false, false, true, false, false]);
    assert_eq!(t.pile(), vec![10, 11, 4]);
    assert_turn_of(&t, 0);
    t
}

/// Every card of seats 1 and 2 except seat 1's face-up slot 2.
fn opp_face_down() -> Vec<Action> {
    let mut v = targets(1, &[0, 1, 3, 4]);
    v.extend(targets(2, &[0, 1, 2, 3, 4]));
    v
}

/// Every card of seats 1 and 2.
fn opp_all() -> Vec<Action> {
    let mut v = targets(1, &[0, 1, 2, 3, 4]);
    v.extend(targets(2, &[0, 1, 2, 3, 4]));
    v
}

/// Plays round 1 so that seat 0 calls census successfully (R-TOKEN-WIN: it then holds the
/// token), deals round 2 from the given stack and does the opening peeks. Seat 0 starts.
fn holder_round(villages: &[[Value; 5]], discard: Value, deck: &[Value]) -> T {
    let mut t = T::stacked(
        2,
        0,
        &[[5, 5, 2, 2, 3], [10, 11, 12, 12, 13]],
        9,
        &[4, 8, 8],
    );
    t.peeks();
    // Nobody holds the token in round 1.
    assert_eq!(t.game.token_holder(), None);
    assert!(!t
        .legal()
        .iter()
        .any(|a| matches!(a, Action::PlaceToken { .. })));
    t.acts(&[
        Action::DrawDeck { extra: 0 },
        Action::Select { slot: 0 },
        Action::Select { slot: 1 },
        Action::ConfirmExchange,
    ]);
    t.draw_discard();
    t.act(Action::CallCensus);
    t.draw_discard();
    match t.last_round_end() {
        GameEvent::RoundEnded {
            reason,
            scores,
            next_start,
            next_holder,
            ..
        } => {
            assert_eq!(reason, RoundEnd::Census);
            assert_eq!(&scores[..2], &[0, 58]);
            assert_eq!(next_start, 0);
            assert_eq!(next_holder, Some(0));
        }
        _ => unreachable!(),
    }
    t.deal_next(villages, discard, deck);
    t.peeks();
    assert_eq!(t.game.token_holder(), Some(0));
    assert_turn_of(&t, 0);
    t
}

fn multi(t: &mut T, slots: &[Slot]) -> usize {
    let from = t.events.len();
    t.act(Action::DrawDeck { extra: 0 });
    for &s in slots {
        t.act(Action::Select { slot: s });
    }
    t.act(Action::ConfirmExchange);
    from
}

fn exchange_success(t: &T, from: usize) -> bool {
    t.events_since(from)
        .iter()
        .find_map(|e| match e {
            GameEvent::Exchanged { success, .. } => Some(*success),
            _ => None,
        })
        .expect("an exchange happened")
}
