//! Scenario tests for RULES.md §5: the Amulet edition's 14 characters (R-A0 … R-A13), the
//! Amulet token (R-AMULET) and R-NO-ABILITY-TARGET, on stacked decks.
//!
//! Values: 0 Villager, 1 Squire, 2 Empath, 3 Bodyguard, 4 Rascal, 5 Exposer, 6 Revealer,
//! 7 Beholder, 8 Apprentice Seer, 9 Seer, 10 Master, 11 Witch, 12 Robber, 13 Doppelganger.

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
// R-A0 Villager
// ---------------------------------------------------------------------------------------------

#[test]
fn r_a0_two_face_up_villagers_end_round_at_once() {
    let mut t = T::stacked(2, 0, &[[3, 4, 6, 7, 8], [0, 9, 10, 11, 12]], 0, &[5]);
    t.peeks();
    // One face-up Villager does nothing.
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 4 }]);
    assert_eq!(t.face_up(0), vec![false, false, false, false, true]);
    assert!(!round_ended(&t));
    assert_turn_of(&t, 1);
    // Seat 1 exposes its own Villager: two face-up in villages, the round ends at once.
    let from = draw_and_discard(&mut t);
    t.act(tg(1, 0));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Flipped { value: 0, .. }
        )),
        1
    );
    assert_eq!(t.game.stage(), Stage::Deal);
    match t.last_round_end() {
        GameEvent::RoundEnded {
            reason,
            sums,
            turns,
            caller,
            ..
        } => {
            assert_eq!(reason, RoundEnd::Villagers);
            assert_eq!(turns, 1, "seat 1's turn never completed");
            assert_eq!(caller, None);
            assert_eq!(&sums[..2], &[3 + 4 + 6 + 7, 9 + 10 + 11 + 12]);
        }
        _ => unreachable!(),
    }
    // Nothing happened after the action: no new turn started.
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::TurnStarted { .. })),
        0
    );
}

#[test]
fn r_a0_villager_on_discard_pile_does_not_count() {
    let mut t = T::stacked(2, 0, &[[3, 4, 6, 7, 8], [9, 10, 11, 12, 13]], 0, &[0]);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 4 }]);
    // Seat 1 draws the other Villager and discards it: face-up, but on the pile.
    let from = draw_and_discard(&mut t);
    assert_eq!(t.pile(), vec![8, 0]);
    assert!(!round_ended(&t));
    assert_turn_of(&t, 0);
    // The Villager has no discard ability: nothing offered, no AbilityNoTarget either.
    assert_eq!(discarded_offered(&t, from), Some(false));
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::AbilityNoTarget { .. })),
        0
    );
}

#[test]
fn r_a0_villager_in_display_does_not_count() {
    let mut t = T::stacked(2, 0, &[[3, 4, 6, 7, 8], [0, 9, 10, 11, 12]], 1, &[0, 5]);
    t.peeks();
    // A face-up Squire: the display gets the deck's top card, a Villager.
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 4 }]);
    assert_eq!(display(&t), vec![0]);
    // Seat 1 exposes its Villager: one face-up in a village, one in the display.
    draw_and_discard(&mut t);
    t.act(tg(1, 0));
    assert_eq!(t.face_up(1), vec![true, false, false, false, false]);
    assert!(!round_ended(&t));
    assert_eq!(display(&t), vec![0]);
    assert_turn_of(&t, 0);
}

#[test]
fn r_a0_villagers_shown_in_failed_exchange_do_not_count() {
    let mut t = T::stacked(2, 0, &[[3, 4, 6, 7, 8], [0, 9, 10, 11, 12]], 0, &[5]);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 4 }]);
    // Seat 1 shows its Villager (with a 9) in a failed multi-exchange.
    let from = t.events.len();
    t.acts(&[
        Action::DrawDeck { extra: 0 },
        Action::Select { slot: 0 },
        Action::Select { slot: 1 },
        Action::ConfirmExchange,
    ]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Shown {
                owner: 1,
                slot: 0,
                value: 0
            }
        )),
        1
    );
    assert_eq!(t.village(1), vec![0, 9, 10, 11, 12, 5]);
    assert_eq!(t.face_up(1), vec![false; 6]);
    assert!(t.game.knows(0, 1, 0), "the shown Villager is known to all");
    assert!(!round_ended(&t));
    assert_turn_of(&t, 0);
}

// ---------------------------------------------------------------------------------------------
// R-A1 Squire
// ---------------------------------------------------------------------------------------------

#[test]
fn r_a1_display_refills_to_face_up_squires_and_never_shrinks() {
    let mut t = T::stacked(2, 0, &[[1, 5, 6, 7, 8], [9, 10, 11, 12, 13]], 1, &[7, 8, 4]);
    t.peeks();
    assert_eq!(t.game.deck_len(), 31);
    // Seat 0 puts a Squire face-up (and its face-down Squire goes to the pile).
    let from = t.events.len();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 0 }]);
    assert_eq!(t.pile(), vec![1]);
    assert_eq!(display(&t), vec![7]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::DisplayFilled { value: 7 }
        )),
        1
    );
    assert_eq!(t.game.deck_len(), 30);
    // Seat 1 takes the other Squire face-up: two Squires, two display cards.
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 0 }]);
    assert_eq!(display(&t), vec![7, 8]);
    assert_eq!(t.game.deck_len(), 29);
    assert!(t.is_legal(Action::DrawDisplay { index: 0 }));
    assert!(t.is_legal(Action::DrawDisplay { index: 1 }));
    t.illegal(Action::DrawDisplay { index: 2 });
    // Seat 0 exchanges its face-up Squire away: one Squire left, the display keeps two cards.
    t.acts(&[Action::DrawDeck { extra: 0 }, Action::Exchange { slot: 0 }]);
    assert_eq!(t.pile(), vec![9, 1]);
    assert_eq!(display(&t), vec![7, 8]);
    assert_eq!(t.game.deck_len(), 28);
}

#[test]
fn r_a1_display_draw_counts_as_deck_draw_ability_usable() {
    let mut t = T::stacked(2, 0, &[[3, 4, 6, 7, 8], [9, 10, 11, 12, 13]], 1, &[5, 2]);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 4 }]);
    assert_eq!(display(&t), vec![5]);
    assert!(t.is_legal(Action::DrawDisplay { index: 0 }));
    let from = t.events.len();
    t.act(Action::DrawDisplay { index: 0 });
    assert!(matches!(
        t.game.stage(),
        Stage::Holding {
            from: CardSource::Display,
            ..
        }
    ));
    assert!(t.is_legal(Action::Discard));
    t.act(Action::Discard);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_legal(
        &t,
        with(targets(1, &[0, 1, 2, 3, 4]), &[Action::SkipAbility]),
    );
    t.act(tg(1, 2));
    assert_eq!(t.face_up(1), vec![false, false, true, false, false]);
    assert_eq!(t.pile(), vec![8, 5]);
    // End of turn: the display is refilled from the deck.
    assert_eq!(display(&t), vec![2]);
    assert_eq!(t.game.deck_len(), 29);
    assert_turn_of(&t, 0);
}

#[test]
fn r_a1_display_card_exchanged_in_enters_face_up() {
    let mut t = T::stacked(2, 0, &[[3, 4, 6, 7, 8], [9, 10, 11, 12, 13]], 1, &[5, 2]);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 4 }]);
    let from = t.events.len();
    t.acts(&[
        Action::DrawDisplay { index: 0 },
        Action::Exchange { slot: 3 },
    ]);
    assert_eq!(t.village(1), vec![9, 10, 11, 5, 13]);
    assert_eq!(t.face_up(1), vec![false, false, false, true, false]);
    assert!(t.game.knows(0, 1, 3));
    assert_eq!(t.pile(), vec![8, 12]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Exchanged {
                from: CardSource::Display,
                face_up: true,
                success: true,
                ..
            }
        )),
        1
    );
    assert_eq!(display(&t), vec![2]);
}

#[test]
fn r_a1_display_refill_stops_when_deck_is_empty() {
    let mut t = T::stacked(2, 0, &[[3, 4, 6, 7, 8], [9, 10, 11, 12, 13]], 1, &[1]);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 4 }]);
    assert_eq!(display(&t), vec![1]);
    while t.game.deck_len() > 1 {
        t.draw_discard();
    }
    assert!(!round_ended(&t));
    // Take the display's Squire face-up: two Squires, an empty display and one deck card.
    let last = t.deck()[0];
    let from = t.events.len();
    t.acts(&[
        Action::DrawDisplay { index: 0 },
        Action::Exchange { slot: 1 },
    ]);
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::DisplayFilled { .. })),
        1
    );
    assert_eq!(display(&t), vec![last]);
    assert_eq!(t.game.deck_len(), 0);
    assert_eq!(end_reason(&t), RoundEnd::Deck);
}

// ---------------------------------------------------------------------------------------------
// R-A2 Empath
// ---------------------------------------------------------------------------------------------

#[test]
fn r_a2_empath_looks_once_per_turn_at_own_face_down_cards() {
    let mut t = T::stacked(2, 0, &[[3, 4, 6, 7, 8], [9, 10, 11, 12, 13]], 2, &[5]);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 0 }]);
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    // Own face-down cards only (slot 0 is the face-up Empath); a known card may be looked at.
    assert_legal(
        &t,
        vec![
            Action::EmpathPeek { slot: 1 },
            Action::EmpathPeek { slot: 2 },
            Action::EmpathPeek { slot: 3 },
            Action::EmpathPeek { slot: 4 },
            Action::EndTurn,
        ],
    );
    assert!(!t.game.knows(0, 0, 3));
    let from = t.events.len();
    t.act(Action::EmpathPeek { slot: 3 });
    assert!(t.game.knows(0, 0, 3));
    assert!(!t.game.knows(1, 0, 3));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Peeked {
                seat: 0,
                owner: 0,
                slot: 3,
                ..
            }
        )),
        1
    );
    assert_legal(&t, vec![Action::EndTurn]);
    t.illegal(Action::EmpathPeek { slot: 4 });
    t.act(Action::EndTurn);
    // Another player's Empath gives seat 1 nothing.
    assert!(!t
        .legal()
        .iter()
        .any(|a| matches!(a, Action::EmpathPeek { .. })));
    t.illegal(Action::EmpathPeek { slot: 0 });
    t.draw_discard();
    // A new turn: a new look.
    assert_turn_of(&t, 0);
    assert!(t.is_legal(Action::EmpathPeek { slot: 4 }));
    t.illegal(Action::EmpathPeek { slot: 0 });
}

#[test]
fn r_a2_each_face_up_empath_gives_one_look_per_turn() {
    let mut t = T::stacked(2, 0, &[[3, 4, 6, 7, 8], [2, 9, 10, 11, 12]], 2, &[13]);
    t.peeks();
    t.acts(&[
        Action::TakeDiscard,
        Action::Exchange { slot: 0 },
        Action::EndTurn,
    ]);
    // Seat 1 exchanges its Empath onto the pile.
    t.acts(&[Action::DrawDeck { extra: 0 }, Action::Exchange { slot: 0 }]);
    assert_eq!(t.game.discard_top(), Some(2));
    // Seat 0: one Empath, one look.
    t.act(Action::EmpathPeek { slot: 2 });
    t.illegal(Action::EmpathPeek { slot: 3 });
    t.act(Action::TakeDiscard);
    assert!(!t
        .legal()
        .iter()
        .any(|a| matches!(a, Action::EmpathPeek { .. })));
    t.act(Action::Exchange { slot: 4 });
    assert_eq!(t.face_up(0), vec![true, false, false, false, true]);
    // Two Empaths now: a second look this turn.
    assert_legal(
        &t,
        vec![
            Action::EmpathPeek { slot: 1 },
            Action::EmpathPeek { slot: 2 },
            Action::EmpathPeek { slot: 3 },
            Action::EndTurn,
        ],
    );
    t.act(Action::EmpathPeek { slot: 3 });
    assert!(t.game.knows(0, 0, 3));
    assert_legal(&t, vec![Action::EndTurn]);
}

#[test]
fn r_a2_empath_look_makes_census_illegal() {
    let mut t = T::stacked(2, 0, &[[7, 7, 3, 4, 6], [9, 10, 11, 12, 13]], 2, &[8]);
    t.peeks();
    t.acts(&[
        Action::TakeDiscard,
        Action::Select { slot: 0 },
        Action::Select { slot: 1 },
        Action::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![2, 3, 4, 6]);
    t.act(Action::EndTurn);
    t.draw_discard();
    assert!(t.is_legal(Action::CallCensus));
    t.act(Action::EmpathPeek { slot: 1 });
    t.illegal(Action::CallCensus);
}

// ---------------------------------------------------------------------------------------------
// R-A3 Bodyguard
// ---------------------------------------------------------------------------------------------

/// Seat 0 = [4,5,6,7,8], seat 1 = [9,10,11,12,13]; seat 0 takes the Bodyguard (first discard)
/// face-up into slot 4 and places it on slot 0. Seat 1 is to move.
fn guarded(deck: &[Value]) -> T {
    let mut t = T::stacked(2, 0, &[[4, 5, 6, 7, 8], [9, 10, 11, 12, 13]], 3, deck);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 4 }]);
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    t.act(Action::GuardPlace {
        guard: 4,
        target: 0,
    });
    assert_eq!(t.game.guarding(0, 4), Some(0));
    t.act(Action::EndTurn);
    assert_turn_of(&t, 1);
    t
}

#[test]
fn r_a3_bodyguard_place_move_lift_once_per_turn() {
    let mut t = T::stacked(2, 0, &[[4, 5, 6, 7, 8], [9, 10, 11, 12, 13]], 3, &[4, 4, 4]);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 4 }]);
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    assert_legal(
        &t,
        vec![
            Action::GuardPlace {
                guard: 4,
                target: 0,
            },
            Action::GuardPlace {
                guard: 4,
                target: 1,
            },
            Action::GuardPlace {
                guard: 4,
                target: 2,
            },
            Action::GuardPlace {
                guard: 4,
                target: 3,
            },
            Action::EndTurn,
        ],
    );
    let from = t.events.len();
    t.act(Action::GuardPlace {
        guard: 4,
        target: 0,
    });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::GuardPlaced {
                seat: 0,
                guard: 4,
                target: 0
            }
        )),
        1
    );
    assert_eq!(t.game.guarding(0, 4), Some(0));
    assert!(t.game.view(1).card(0, 0).guarded);
    assert!(t.game.view(1).card(0, 4).guarded);
    assert!(!t.game.view(1).card(0, 1).guarded);
    // Once per turn.
    assert_legal(&t, vec![Action::EndTurn]);
    t.illegal(Action::GuardPlace {
        guard: 4,
        target: 1,
    });
    t.illegal(Action::GuardLift { guard: 4 });
    t.act(Action::EndTurn);
    // Not on the opponent's turn.
    assert!(!t
        .legal()
        .iter()
        .any(|a| matches!(a, Action::GuardPlace { .. } | Action::GuardLift { .. })));
    t.draw_discard();
    // Next own turn: move it (not onto the card it already guards) or lift it.
    assert!(t.is_legal(Action::GuardLift { guard: 4 }));
    t.illegal(Action::GuardPlace {
        guard: 4,
        target: 0,
    });
    t.act(Action::GuardPlace {
        guard: 4,
        target: 2,
    });
    assert_eq!(t.game.guarding(0, 4), Some(2));
    t.illegal(Action::GuardLift { guard: 4 });
    t.draw_discard();
    t.draw_discard();
    t.act(Action::GuardLift { guard: 4 });
    assert_eq!(t.game.guarding(0, 4), None);
    assert!(!t.game.view(1).card(0, 2).guarded);
}

#[test]
fn r_a3_bodyguard_protects_from_revealer_and_seers() {
    let mut t = guarded(&[6, 4, 8, 4, 9]);
    // Revealer: only seat 0's face-down, unguarded cards.
    let from = draw_and_discard(&mut t);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_legal(&t, with(targets(0, &[1, 2, 3]), &[Action::SkipAbility]));
    t.illegal(tg(0, 0));
    t.illegal(tg(0, 4));
    t.act(Action::SkipAbility);
    t.draw_discard();
    // Apprentice Seer.
    draw_and_discard(&mut t);
    assert_legal(&t, with(targets(0, &[1, 2, 3]), &[Action::SkipAbility]));
    t.illegal(tg(0, 0));
    t.act(Action::SkipAbility);
    t.draw_discard();
    // Seer: own cards, and the opponent's unguarded face-down ones.
    draw_and_discard(&mut t);
    let mut expected = targets(1, &[0, 1, 2, 3, 4]);
    expected.extend(targets(0, &[1, 2, 3]));
    expected.push(Action::SkipAbility);
    assert_legal(&t, expected);
    t.illegal(tg(0, 0));
    t.act(tg(0, 1));
    assert!(t.game.knows(1, 0, 1));
}

#[test]
fn r_a3_bodyguard_protects_from_robber_and_witch() {
    let mut t = guarded(&[12, 4, 11, 6]);
    // Robber: face-up cards are robbable, but not the placed Bodyguard or its card.
    draw_and_discard(&mut t);
    assert_legal(&t, with(targets(0, &[1, 2, 3]), &[Action::SkipAbility]));
    t.illegal(tg(0, 4));
    t.illegal(tg(0, 0));
    t.act(Action::SkipAbility);
    t.draw_discard();
    // Witch.
    draw_and_discard(&mut t);
    t.act(Action::WitchLook);
    assert_legal(
        &t,
        with(
            targets(0, &[1, 2, 3]),
            &[Action::WitchExchangeOwn, Action::WitchLeave],
        ),
    );
    t.illegal(tg(0, 0));
    t.illegal(tg(0, 4));
    t.act(Action::WitchLeave);
    assert_eq!(t.village(0), vec![4, 5, 6, 7, 3]);
}

#[test]
fn r_a3_owner_may_exchange_guarded_card_and_protection_ends_when_it_leaves() {
    let mut t = guarded(&[4, 7, 12]);
    t.draw_discard();
    t.act(Action::DrawDeck { extra: 0 });
    assert!(t.is_legal(Action::Exchange { slot: 0 }));
    assert!(t.is_legal(Action::Exchange { slot: 4 }));
    t.act(Action::Exchange { slot: 0 });
    assert_eq!(t.village(0), vec![7, 5, 6, 7, 3]);
    assert_eq!(t.game.guarding(0, 4), None);
    t.end_turn_if_offered();
    // Robber: the new card is exposed; the Bodyguard, face-up but placed on nothing, still
    // protects itself (R-A3).
    draw_and_discard(&mut t);
    assert_legal(&t, with(targets(0, &[0, 1, 2, 3]), &[Action::SkipAbility]));
}

/// Seat 0 takes the first discard, a Bodyguard, face-up into slot 4 and does not place it.
fn idle_guard(deck: &[Value]) -> T {
    let mut t = T::stacked(2, 0, &[[4, 5, 6, 7, 8], [9, 10, 11, 12, 13]], 3, deck);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 4 }]);
    t.act(Action::EndTurn);
    assert_eq!(t.game.guarding(0, 4), None);
    assert_turn_of(&t, 1);
    t
}

#[test]
fn r_a3_face_up_bodyguard_not_placed_protects_itself_from_robber_and_witch() {
    // R-A3: "nobody but you can move your Bodyguard", placed on a card or not.
    let mut t = idle_guard(&[12, 4, 11, 6]);
    assert!(t.game.view(1).card(0, 4).guarded);
    assert!(!t.game.view(1).card(0, 0).guarded);
    draw_and_discard(&mut t);
    assert_legal(&t, with(targets(0, &[0, 1, 2, 3]), &[Action::SkipAbility]));
    t.illegal(tg(0, 4));
    t.act(Action::SkipAbility);
    t.draw_discard();
    draw_and_discard(&mut t);
    t.act(Action::WitchLook);
    assert_legal(
        &t,
        with(
            targets(0, &[0, 1, 2, 3]),
            &[Action::WitchExchangeOwn, Action::WitchLeave],
        ),
    );
    t.illegal(tg(0, 4));
}

#[test]
fn r_a3_owner_still_exchanges_and_uses_own_abilities_on_an_idle_bodyguard() {
    let mut t = idle_guard(&[4, 12, 9]);
    t.draw_discard();
    // Seat 0's own Robber may give the Bodyguard away (a player's own Bodyguard never stops
    // the player), and seat 0 may exchange it.
    draw_and_discard(&mut t);
    t.act(tg(1, 0));
    assert!(t.is_legal(Action::Give { slot: 4 }));
    t.act(Action::Give { slot: 4 });
    assert_eq!(t.village(1)[0], 3);
    // Now in seat 1's village it protects itself from seat 0.
    assert!(t.game.view(0).card(1, 0).guarded);
}

#[test]
fn r_a3_protection_ends_when_bodyguard_leaves() {
    let mut t = guarded(&[4, 7, 6]);
    t.draw_discard();
    t.acts(&[Action::DrawDeck { extra: 0 }, Action::Exchange { slot: 4 }]);
    assert_eq!(t.village(0), vec![4, 5, 6, 7, 7]);
    assert_eq!(t.game.discard_top(), Some(3));
    draw_and_discard(&mut t);
    assert_legal(
        &t,
        with(targets(0, &[0, 1, 2, 3, 4]), &[Action::SkipAbility]),
    );
    t.act(tg(0, 0));
    assert_eq!(t.face_up(0), vec![true, false, false, false, false]);
}

#[test]
fn r_a3_own_abilities_ignore_own_bodyguard() {
    let mut t = guarded(&[4, 5]);
    t.draw_discard();
    draw_and_discard(&mut t);
    assert_legal(&t, with(targets(0, &[0, 1, 2, 3]), &[Action::SkipAbility]));
    t.act(tg(0, 0));
    assert_eq!(t.face_up(0), vec![true, false, false, false, true]);
    assert_eq!(
        t.game.guarding(0, 4),
        Some(0),
        "a flipped card stays guarded"
    );
}

#[test]
fn r_a3_bodyguard_turned_face_down_stops_guarding() {
    let mut t = guarded(&[4, 9, 6]);
    t.draw_discard();
    t.acts(&[
        Action::DrawDeck { extra: 0 },
        Action::Select { slot: 3 },
        Action::Select { slot: 4 },
        Action::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![4, 5, 6, 7, 3, 9]);
    assert_eq!(t.face_up(0), vec![false; 6]);
    assert_eq!(t.game.guarding(0, 4), None);
    assert_turn_of(&t, 1);
    draw_and_discard(&mut t);
    assert_legal(
        &t,
        with(targets(0, &[0, 1, 2, 3, 4, 5]), &[Action::SkipAbility]),
    );
}

// ---------------------------------------------------------------------------------------------
// R-A4 Rascal
// ---------------------------------------------------------------------------------------------

fn draw_actions(t: &T) -> Vec<Action> {
    t.legal()
        .into_iter()
        .filter(|a| matches!(a, Action::DrawDeck { .. }))
        .collect()
}

#[test]
fn r_a4_rascal_extra_draws_keep_one_others_back_in_order() {
    let mut t = T::stacked(
        2,
        0,
        &[[3, 5, 6, 7, 8], [4, 9, 10, 11, 12]],
        4,
        &[13, 2, 9, 5, 10],
    );
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 0 }]);
    // Seat 1 has no face-up Rascal.
    assert_eq!(draw_actions(&t), vec![Action::DrawDeck { extra: 0 }]);
    t.illegal(Action::DrawDeck { extra: 1 });
    t.acts(&[Action::DrawDeck { extra: 0 }, Action::Exchange { slot: 0 }]);
    // Seat 0: one Rascal, one extra card at most.
    assert_eq!(
        draw_actions(&t),
        vec![Action::DrawDeck { extra: 0 }, Action::DrawDeck { extra: 1 }]
    );
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 1 }]);
    assert_eq!(t.face_up(0), vec![true, true, false, false, false]);
    t.draw_discard();
    // Two Rascals: up to two extra cards.
    assert_eq!(
        draw_actions(&t),
        vec![
            Action::DrawDeck { extra: 0 },
            Action::DrawDeck { extra: 1 },
            Action::DrawDeck { extra: 2 }
        ]
    );
    assert_eq!(t.deck()[..3], [9, 5, 10]);
    let from = t.events.len();
    t.act(Action::DrawDeck { extra: 2 });
    assert_legal(
        &t,
        vec![
            Action::KeepDrawn { index: 0 },
            Action::KeepDrawn { index: 1 },
            Action::KeepDrawn { index: 2 },
        ],
    );
    t.act(Action::KeepDrawn { index: 1 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::ReturnedToDeck { seat: 0, count: 2 }
        )),
        1
    );
    // The others are back on top in the order drawn; seat 0 knows them, seat 1 does not.
    assert_eq!(t.deck()[..2], [9, 10]);
    let v0 = t.game.view(0);
    assert_eq!(v0.deck_card(0).unwrap().1, Some(9));
    assert_eq!(v0.deck_card(1).unwrap().1, Some(10));
    assert_eq!(t.game.view(1).deck_card(0).unwrap().1, None);
    // The kept card is the drawn card: an Exposer discarded offers its ability.
    assert!(matches!(
        t.game.stage(),
        Stage::Holding {
            from: CardSource::Deck,
            ..
        }
    ));
    t.act(Action::Discard);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_eq!(t.pile(), vec![3, 5, 2, 5]);
}

#[test]
fn r_a4_rascal_keep_first_card_second_stays_on_top() {
    let mut t = T::stacked(2, 0, &[[3, 5, 6, 7, 8], [9, 10, 11, 12, 13]], 4, &[2, 6, 7]);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 0 }]);
    t.draw_discard();
    t.illegal(Action::DrawDeck { extra: 2 });
    t.act(Action::DrawDeck { extra: 1 });
    t.act(Action::KeepDrawn { index: 0 });
    assert_eq!(t.deck()[0], 7);
    assert_eq!(t.game.view(0).deck_card(0).unwrap().1, Some(7));
    t.act(Action::Exchange { slot: 2 });
    assert_eq!(t.village(0), vec![4, 5, 6, 7, 8]);
    assert_eq!(t.face_up(0), vec![true, false, false, false, false]);
    assert!(t.game.knows(0, 0, 2));
    assert!(!t.game.knows(1, 0, 2));
    assert_eq!(t.deck()[0], 7);
}

// ---------------------------------------------------------------------------------------------
// R-A5 Exposer
// ---------------------------------------------------------------------------------------------

#[test]
fn r_a5_exposer_turns_own_face_down_card_face_up() {
    let mut t = T::stacked(2, 0, &[[12, 6, 7, 8, 9], [9, 10, 11, 12, 13]], 12, &[4, 5]);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 0 }]);
    t.draw_discard();
    let from = draw_and_discard(&mut t);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert!(matches!(t.game.stage(), Stage::Ability { .. }));
    // Own face-down cards only.
    assert_legal(&t, with(targets(0, &[1, 2, 3, 4]), &[Action::SkipAbility]));
    t.illegal(tg(0, 0));
    t.illegal(tg(1, 2));
    t.act(tg(0, 3));
    assert_eq!(t.face_up(0), vec![true, false, false, true, false]);
    assert!(t.game.knows(1, 0, 3));
    assert_eq!(t.game.face_up_value(0, 3), Some(8));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Flipped {
                seat: 0,
                owner: 0,
                slot: 3,
                value: 8
            }
        )),
        1
    );
    assert_eq!(ability_used(&t, from), 1);
    assert_turn_of(&t, 1);
}

#[test]
fn r_a5_exposer_skip() {
    let mut t = T::stacked(2, 0, &[[3, 4, 6, 7, 8], [9, 10, 11, 12, 13]], 10, &[5]);
    t.peeks();
    let from = draw_and_discard(&mut t);
    t.act(Action::SkipAbility);
    assert_eq!(t.face_up(0), vec![false; 5]);
    assert_eq!(ability_used(&t, from), 0);
    assert_eq!(t.pile(), vec![10, 5]);
    assert_turn_of(&t, 1);
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

// ---------------------------------------------------------------------------------------------
// R-A6 Revealer
// ---------------------------------------------------------------------------------------------

#[test]
fn r_a6_revealer_turns_opponent_face_down_card_face_up() {
    let mut t = three_with_face_up(&[6]);
    let from = draw_and_discard(&mut t);
    assert_eq!(discarded_offered(&t, from), Some(true));
    // Opponents' face-down cards only: never own cards, never face-up ones.
    assert_legal(&t, with(opp_face_down(), &[Action::SkipAbility]));
    t.illegal(tg(1, 2));
    t.illegal(tg(0, 2));
    t.act(tg(2, 4));
    assert_eq!(t.face_up(2), vec![false, false, false, false, true]);
    assert_eq!(t.game.face_up_value(2, 4), Some(13));
    assert!(t.game.knows(0, 2, 4) && t.game.knows(1, 2, 4) && t.game.knows(2, 2, 4));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Flipped {
                seat: 0,
                owner: 2,
                slot: 4,
                value: 13
            }
        )),
        1
    );
    assert_turn_of(&t, 1);
}

#[test]
fn r_a6_revealer_skip() {
    let mut t = three_with_face_up(&[6]);
    let from = draw_and_discard(&mut t);
    t.act(Action::SkipAbility);
    assert_eq!(t.face_up(1), vec![false, false, true, false, false]);
    assert_eq!(t.face_up(2), vec![false; 5]);
    assert_eq!(ability_used(&t, from), 0);
    assert_turn_of(&t, 1);
}

// ---------------------------------------------------------------------------------------------
// R-A7 Beholder
// ---------------------------------------------------------------------------------------------

/// Seat 0 = [11,3,4,5,6] takes the first discard (10) face-up into slot 0; seat 1 draws and
/// discards a 4; seat 0 is to move and the deck's top is `next`.
fn two_with_own_face_up(next: Value) -> T {
    let mut t = T::stacked(
        2,
        0,
        &[[11, 3, 4, 5, 6], [7, 8, 12, 13, 12]],
        10,
        &[4, next],
    );
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 0 }]);
    t.draw_discard();
    assert_turn_of(&t, 0);
    t
}

#[test]
fn r_a7_beholder_looks_at_two_own_face_down_cards() {
    let mut t = two_with_own_face_up(7);
    let from = draw_and_discard(&mut t);
    assert_legal(&t, with(targets(0, &[1, 2, 3, 4]), &[Action::SkipAbility]));
    t.illegal(tg(1, 3));
    t.act(tg(0, 2));
    assert!(matches!(
        t.game.stage(),
        Stage::Ability {
            step: AbilityStep::MoreLooks { left: 1, .. },
            ..
        }
    ));
    // Second look: another own face-down card, or stop (no skip any more).
    assert_legal(&t, with(targets(0, &[1, 3, 4]), &[Action::StopLooking]));
    t.illegal(Action::SkipAbility);
    t.act(tg(0, 4));
    assert!(t.game.knows(0, 0, 2) && t.game.knows(0, 0, 4));
    assert!(!t.game.knows(1, 0, 2) && !t.game.knows(1, 0, 4));
    assert_eq!(t.face_up(0), vec![true, false, false, false, false]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Peeked {
                seat: 0,
                owner: 0,
                ..
            }
        )),
        2
    );
    assert_turn_of(&t, 1);
}

#[test]
fn r_a7_beholder_stop_looking_after_one() {
    let mut t = two_with_own_face_up(7);
    let from = draw_and_discard(&mut t);
    t.act(tg(0, 3));
    t.act(Action::StopLooking);
    assert!(t.game.knows(0, 0, 3));
    assert!(!t.game.knows(0, 0, 4));
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::Peeked { .. })),
        1
    );
    assert_turn_of(&t, 1);
}

#[test]
fn r_a7_beholder_skip() {
    let mut t = two_with_own_face_up(7);
    let from = draw_and_discard(&mut t);
    t.act(Action::SkipAbility);
    assert!(!t.game.knows(0, 0, 2));
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::Peeked { .. })),
        0
    );
    assert_turn_of(&t, 1);
}

// ---------------------------------------------------------------------------------------------
// R-A8 Apprentice Seer
// ---------------------------------------------------------------------------------------------

#[test]
fn r_a8_apprentice_seer_looks_at_opponent_face_down_card() {
    let mut t = three_with_face_up(&[8]);
    let from = draw_and_discard(&mut t);
    assert_legal(&t, with(opp_face_down(), &[Action::SkipAbility]));
    t.illegal(tg(0, 3));
    t.illegal(tg(1, 2));
    assert!(!t.game.knows(0, 2, 3));
    t.act(tg(2, 3));
    assert!(t.game.knows(0, 2, 3));
    assert!(!t.game.knows(2, 2, 3), "the owner did not see it");
    assert!(!t.game.knows(1, 2, 3));
    assert_eq!(t.face_up(2), vec![false; 5]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Peeked {
                seat: 0,
                owner: 2,
                slot: 3,
                ..
            }
        )),
        1
    );
    assert_turn_of(&t, 1);
}

#[test]
fn r_a8_apprentice_seer_skip() {
    let mut t = three_with_face_up(&[8]);
    let from = draw_and_discard(&mut t);
    t.act(Action::SkipAbility);
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::Peeked { .. })),
        0
    );
    assert!(!t.game.knows(0, 2, 3));
    assert_turn_of(&t, 1);
}

// ---------------------------------------------------------------------------------------------
// R-A9 Seer
// ---------------------------------------------------------------------------------------------

/// Seat 0 takes the first discard (10) into slot 0, seat 1 takes seat 0's old card (11) into
/// its slot 0; seat 0 then draws and discards a Seer.
fn seer() -> (T, usize) {
    let mut t = T::stacked(2, 0, &[[11, 3, 4, 5, 6], [7, 8, 12, 13, 12]], 10, &[9]);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 0 }]);
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 0 }]);
    assert_eq!(t.village(1), vec![11, 8, 12, 13, 12]);
    let from = draw_and_discard(&mut t);
    let mut expected = targets(0, &[1, 2, 3, 4]);
    expected.extend(targets(1, &[1, 2, 3, 4]));
    expected.push(Action::SkipAbility);
    assert_legal(&t, expected);
    t.illegal(tg(0, 0));
    t.illegal(tg(1, 0));
    (t, from)
}

#[test]
fn r_a9_seer_looks_at_opponent_card() {
    let (mut t, _) = seer();
    t.act(tg(1, 3));
    assert!(t.game.knows(0, 1, 3));
    assert!(!t.game.knows(1, 1, 3));
    assert_eq!(t.face_up(1), vec![true, false, false, false, false]);
    assert_turn_of(&t, 1);
}

#[test]
fn r_a9_seer_looks_at_own_card() {
    let (mut t, _) = seer();
    assert!(!t.game.knows(0, 0, 4));
    t.act(tg(0, 4));
    assert!(t.game.knows(0, 0, 4));
    assert!(!t.game.knows(1, 0, 4));
    assert_eq!(t.face_up(0), vec![true, false, false, false, false]);
}

#[test]
fn r_a9_seer_skip() {
    let (mut t, from) = seer();
    t.act(Action::SkipAbility);
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::Peeked { .. })),
        0
    );
    assert_turn_of(&t, 1);
}

// ---------------------------------------------------------------------------------------------
// R-A10 Master
// ---------------------------------------------------------------------------------------------

/// Seat 0 = [7,7,5,6,8]; the pile becomes [9, 8, 13] and seat 0 discards a Master on it.
fn master() -> T {
    let mut t = T::stacked(
        2,
        0,
        &[[7, 7, 5, 6, 8], [9, 10, 11, 12, 13]],
        9,
        &[8, 13, 10, 12],
    );
    t.peeks();
    t.draw_discard();
    t.draw_discard();
    let from = draw_and_discard(&mut t);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_eq!(t.pile(), vec![9, 8, 13, 10]);
    // Any card below the Master; never the Master itself.
    assert_legal(
        &t,
        vec![
            Action::PickDiscard { index: 0 },
            Action::PickDiscard { index: 1 },
            Action::PickDiscard { index: 2 },
            Action::SkipAbility,
        ],
    );
    t.illegal(Action::PickDiscard { index: 3 });
    t
}

#[test]
fn r_a10_master_takes_pile_card_face_up_and_discard_lands_on_master() {
    let mut t = master();
    let from = t.events.len();
    t.act(Action::PickDiscard { index: 1 });
    assert!(matches!(
        t.game.stage(),
        Stage::Holding {
            from: CardSource::Master,
            ..
        }
    ));
    // It must be exchanged in: no discard, no free actions in the middle of the ability.
    t.illegal(Action::Discard);
    let l = t.legal();
    for s in 0..5 {
        assert!(l.contains(&Action::Exchange { slot: s }));
    }
    t.act(Action::Exchange { slot: 2 });
    assert_eq!(t.village(0), vec![7, 7, 8, 6, 8]);
    assert_eq!(t.face_up(0), vec![false, false, true, false, false]);
    assert!(t.game.knows(1, 0, 2));
    assert_eq!(t.pile(), vec![9, 13, 10, 5]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Exchanged {
                from: CardSource::Master,
                face_up: true,
                success: true,
                ..
            }
        )),
        1
    );
    assert_turn_of(&t, 1);
}

#[test]
fn r_a10_master_multi_exchange_puts_cards_on_top_of_master() {
    let mut t = master();
    t.acts(&[
        Action::PickDiscard { index: 2 },
        Action::Select { slot: 0 },
        Action::Select { slot: 1 },
        Action::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![13, 5, 6, 8]);
    assert_eq!(t.face_up(0), vec![true, false, false, false]);
    assert_eq!(t.pile(), vec![9, 8, 10, 7, 7]);
}

#[test]
fn r_a10_master_failed_multi_exchange_follows_swap_fail() {
    let mut t = master();
    let deck = t.game.deck_len();
    t.acts(&[
        Action::PickDiscard { index: 0 },
        Action::Select { slot: 0 },
        Action::Select { slot: 2 },
        Action::ConfirmExchange,
    ]);
    // Nothing discarded: the Master stays on top; the taken card joins the row face-up.
    assert_eq!(t.village(0), vec![7, 7, 5, 6, 8, 9]);
    assert_eq!(t.face_up(0), vec![false, false, false, false, false, true]);
    assert_eq!(t.pile(), vec![8, 13, 10]);
    assert_eq!(t.game.deck_len(), deck, "two chosen cards: no penalty");
    assert!(t.game.knows(1, 0, 0) && t.game.knows(1, 0, 2));
}

#[test]
fn r_a10_master_failed_triple_takes_penalty_card() {
    let mut t = master();
    let from = t.events.len();
    t.acts(&[
        Action::PickDiscard { index: 0 },
        Action::Select { slot: 0 },
        Action::Select { slot: 2 },
        Action::Select { slot: 3 },
        Action::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![7, 7, 5, 6, 8, 9, 12]);
    assert_eq!(
        t.face_up(0),
        vec![false, false, false, false, false, true, false]
    );
    assert!(!t.game.knows(0, 0, 6));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::PenaltyCard { seat: 0, .. }
        )),
        1
    );
    assert_eq!(t.pile(), vec![8, 13, 10]);
}

#[test]
fn r_a10_master_skip() {
    let mut t = master();
    t.act(Action::SkipAbility);
    assert_eq!(t.pile(), vec![9, 8, 13, 10]);
    assert_eq!(t.village(0), vec![7, 7, 5, 6, 8]);
    assert_turn_of(&t, 1);
}

// ---------------------------------------------------------------------------------------------
// R-A11 Witch
// ---------------------------------------------------------------------------------------------

/// The 3-player setup; seat 0 discards a Witch and looks at the deck's top card (a 6).
fn witch_looked() -> (T, usize) {
    let mut t = three_with_face_up(&[11, 6]);
    let from = draw_and_discard(&mut t);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_legal(&t, vec![Action::WitchLook, Action::SkipAbility]);
    assert_eq!(t.game.view(0).deck_card(0).unwrap().1, None);
    t.act(Action::WitchLook);
    assert_eq!(t.game.view(0).deck_card(0).unwrap().1, Some(6));
    assert_eq!(t.game.view(1).deck_card(0).unwrap().1, None);
    assert_eq!(t.game.view(2).deck_card(0).unwrap().1, None);
    // Any opponent card (either orientation), own exchange, or leave it.
    assert_legal(
        &t,
        with(opp_all(), &[Action::WitchExchangeOwn, Action::WitchLeave]),
    );
    t.illegal(tg(0, 1));
    t.illegal(Action::SkipAbility);
    (t, from)
}

#[test]
fn r_a11_witch_replaces_opponent_card_keeping_orientation() {
    // Face-down slot: the new card stays face-down; only the Witch player knows it.
    let (mut t, from) = witch_looked();
    let deck = t.game.deck_len();
    t.act(tg(2, 4));
    assert_eq!(t.village(2), vec![9, 10, 11, 12, 6]);
    assert_eq!(t.face_up(2), vec![false; 5]);
    assert!(t.game.knows(0, 2, 4));
    assert!(!t.game.knows(2, 2, 4));
    assert!(!t.game.knows(1, 2, 4));
    assert_eq!(t.pile(), vec![10, 11, 4, 11, 13]);
    assert_eq!(t.game.deck_len(), deck - 1);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::ToPile {
                value: 13,
                reason: PileReason::WitchReplaced
            }
        )),
        1
    );
    assert_turn_of(&t, 1);
}

#[test]
fn r_a11_witch_replaces_face_up_card_face_up() {
    let (mut t, _) = witch_looked();
    t.act(tg(1, 2));
    assert_eq!(t.village(1), vec![9, 10, 6, 12, 13]);
    assert_eq!(t.face_up(1), vec![false, false, true, false, false]);
    assert!(t.game.knows(1, 1, 2) && t.game.knows(2, 1, 2));
    assert_eq!(t.game.discard_top(), Some(8));
}

#[test]
fn r_a11_witch_exchange_own_enters_face_down() {
    let (mut t, _) = witch_looked();
    t.act(Action::WitchExchangeOwn);
    assert!(matches!(
        t.game.stage(),
        Stage::Holding {
            from: CardSource::Witch,
            ..
        }
    ));
    t.illegal(Action::Discard);
    t.act(Action::Exchange { slot: 3 });
    assert_eq!(t.village(0), vec![3, 4, 5, 6, 9]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    assert!(t.game.knows(0, 0, 3));
    assert!(!t.game.knows(1, 0, 3));
    assert_eq!(t.game.discard_top(), Some(7));
    assert_turn_of(&t, 1);
}

#[test]
fn r_a11_witch_leave_keeps_card_on_top_known_to_witch() {
    let (mut t, _) = witch_looked();
    let deck = t.game.deck_len();
    t.act(Action::WitchLeave);
    assert_eq!(t.game.deck_len(), deck);
    assert_eq!(t.deck()[0], 6);
    assert_eq!(t.game.view(0).deck_card(0).unwrap().1, Some(6));
    assert_eq!(t.game.view(1).deck_card(0).unwrap().1, None);
    assert_turn_of(&t, 1);
}

#[test]
fn r_a11_witch_skip() {
    let mut t = three_with_face_up(&[11, 6]);
    let from = draw_and_discard(&mut t);
    t.act(Action::SkipAbility);
    assert_eq!(t.game.view(0).deck_card(0).unwrap().1, None);
    assert_eq!(ability_used(&t, from), 0);
    assert_turn_of(&t, 1);
}

// ---------------------------------------------------------------------------------------------
// R-A12 Robber
// ---------------------------------------------------------------------------------------------

fn robber() -> (T, usize) {
    let mut t = three_with_face_up(&[12]);
    let from = draw_and_discard(&mut t);
    assert_eq!(discarded_offered(&t, from), Some(true));
    // Any opponent card, face-up ones included; never own cards.
    assert_legal(&t, with(opp_all(), &[Action::SkipAbility]));
    t.illegal(tg(0, 0));
    (t, from)
}

#[test]
fn r_a12_robber_swaps_cards_both_keep_orientation() {
    let (mut t, from) = robber();
    t.act(tg(1, 2));
    assert_legal(
        &t,
        (0..5).map(|slot| Action::Give { slot }).collect::<Vec<_>>(),
    );
    t.act(Action::Give { slot: 3 });
    assert_eq!(t.village(0), vec![3, 4, 5, 8, 9]);
    assert_eq!(t.village(1), vec![9, 10, 7, 12, 13]);
    assert_eq!(t.face_up(0), vec![false, false, false, true, false]);
    assert_eq!(t.face_up(1), vec![false; 5]);
    // Nobody looked at the given card (seat 0 never peeked its slot 3).
    assert!(!t.game.knows(1, 1, 2));
    assert!(!t.game.knows(0, 1, 2));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Swapped {
                seat: 0,
                own_slot: 3,
                owner: 1,
                slot: 2
            }
        )),
        1
    );
    assert_turn_of(&t, 1);
}

#[test]
fn r_a12_robber_learns_new_card_victim_does_not() {
    let (mut t, from) = robber();
    t.act(tg(2, 4));
    t.act(Action::Give { slot: 0 });
    assert_eq!(t.village(0), vec![13, 4, 5, 7, 9]);
    assert_eq!(t.village(2), vec![9, 10, 11, 12, 3]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    assert_eq!(t.face_up(2), vec![false; 5]);
    assert!(t.game.knows(0, 0, 0), "the Robber looks at the new card");
    assert!(!t.game.knows(2, 0, 0));
    assert!(
        !t.game.knows(2, 2, 4),
        "the victim does not see what it got"
    );
    assert!(
        t.game.knows(0, 2, 4),
        "seat 0 peeked that card at the start"
    );
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
}

#[test]
fn r_a12_robber_victim_keeps_knowledge_of_shown_card() {
    let mut t = T::stacked(
        3,
        0,
        &[[3, 4, 5, 6, 7], [9, 10, 11, 12, 13], [9, 10, 11, 12, 13]],
        10,
        &[8, 4, 4, 12],
    );
    t.peeks();
    // Seat 0 shows its 5 and 6 in a failed exchange.
    t.acts(&[
        Action::DrawDeck { extra: 0 },
        Action::Select { slot: 2 },
        Action::Select { slot: 3 },
        Action::ConfirmExchange,
    ]);
    t.draw_discard();
    t.draw_discard();
    draw_and_discard(&mut t);
    t.acts(&[tg(1, 4), Action::Give { slot: 2 }]);
    assert_eq!(t.village(1), vec![9, 10, 11, 12, 5]);
    assert!(t.game.knows(1, 1, 4), "the victim saw it when it was shown");
    assert!(t.game.knows(2, 1, 4));
    assert_eq!(t.village(0), vec![3, 4, 13, 6, 7, 8]);
    assert!(t.game.knows(0, 0, 2));
    assert!(!t.game.knows(1, 0, 2));
}

#[test]
fn r_a12_robber_skip() {
    let (mut t, from) = robber();
    t.act(Action::SkipAbility);
    assert_eq!(t.village(0), vec![3, 4, 5, 7, 9]);
    assert_eq!(t.village(1), vec![9, 10, 8, 12, 13]);
    assert_eq!(ability_used(&t, from), 0);
    assert_turn_of(&t, 1);
}

// ---------------------------------------------------------------------------------------------
// R-A13 Doppelganger
// ---------------------------------------------------------------------------------------------

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

#[test]
fn r_a13_doppelganger_matches_any_card() {
    let mut t = T::stacked(2, 0, &[[13, 7, 3, 4, 5], [9, 10, 11, 12, 13]], 8, &[6]);
    t.peeks();
    let from = multi(&mut t, &[0, 1]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.village(0), vec![6, 3, 4, 5]);
    // Wild first, so the 7 ends on top.
    assert_eq!(t.pile(), vec![8, 13, 7]);
}

#[test]
fn r_a13_two_doppelgangers_match_each_other() {
    let mut t = T::stacked(2, 0, &[[13, 3, 13, 4, 5], [9, 10, 11, 12, 12]], 8, &[6]);
    t.peeks();
    let from = multi(&mut t, &[0, 2]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.village(0), vec![6, 3, 4, 5]);
    assert_eq!(t.pile(), vec![8, 13, 13]);
}

#[test]
fn r_a13_two_doppelgangers_match_anything_discard_order() {
    let mut t = T::stacked(2, 0, &[[8, 13, 13, 4, 5], [9, 10, 11, 12, 12]], 8, &[6]);
    t.peeks();
    let from = multi(&mut t, &[0, 1, 2]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.village(0), vec![6, 4, 5]);
    // R-DISCARD-ORDER: wild cards first, then the 8 on top.
    assert_eq!(t.pile(), vec![8, 13, 13, 8]);
}

#[test]
fn r_a13_doppelganger_with_pair_wild_goes_first() {
    let mut t = T::stacked(2, 0, &[[7, 13, 7, 4, 5], [9, 10, 11, 12, 12]], 8, &[6]);
    t.peeks();
    let from = multi(&mut t, &[0, 1, 2]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.village(0), vec![6, 4, 5]);
    assert_eq!(t.pile(), vec![8, 13, 7, 7]);
}

#[test]
fn r_a13_doppelganger_does_not_join_two_different_values() {
    let mut t = T::stacked(2, 0, &[[13, 7, 8, 4, 5], [9, 10, 11, 12, 12]], 9, &[6, 2]);
    t.peeks();
    let from = multi(&mut t, &[0, 1, 2]);
    assert!(!exchange_success(&t, from));
    // R-SWAP-FAIL and R-SWAP-CRIT: the drawn card, then the penalty card, at the row's end.
    assert_eq!(t.village(0), vec![13, 7, 8, 4, 5, 6, 2]);
    assert_eq!(t.face_up(0), vec![false; 7]);
    assert_eq!(t.pile(), vec![9]);
}

#[test]
fn r_a13_held_doppelganger_is_not_one_of_the_matching_cards() {
    let mut t = T::stacked(2, 0, &[[7, 8, 3, 4, 5], [9, 10, 11, 12, 13]], 9, &[13]);
    t.peeks();
    let from = multi(&mut t, &[0, 1]);
    assert!(!exchange_success(&t, from));
    assert_eq!(t.village(0), vec![7, 8, 3, 4, 5, 13]);
    assert_eq!(t.pile(), vec![9]);
}

#[test]
fn r_a13_doppelganger_scores_13() {
    let mut t = T::stacked(2, 0, &[[13, 13, 3, 4, 6], [0, 9, 10, 11, 12]], 0, &[5]);
    t.peeks();
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 4 }]);
    draw_and_discard(&mut t);
    t.act(tg(1, 0));
    match t.last_round_end() {
        GameEvent::RoundEnded { sums, scores, .. } => {
            assert_eq!(sums[0], 13 + 13 + 3 + 4);
            assert_eq!(scores[0], 33);
            assert_eq!(sums[1], 42);
        }
        _ => unreachable!(),
    }
}

// ---------------------------------------------------------------------------------------------
// R-AMULET
// ---------------------------------------------------------------------------------------------

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

fn place_token_actions(t: &T) -> Vec<Action> {
    t.legal()
        .into_iter()
        .filter(|a| matches!(a, Action::PlaceToken { .. }))
        .collect()
}

#[test]
fn r_amulet_only_holder_places_it_once_per_round() {
    let mut t = holder_round(&[[3, 4, 5, 6, 7], [8, 9, 10, 11, 12]], 13, &[4, 4, 4]);
    assert_eq!(
        place_token_actions(&t),
        (0..5)
            .map(|slot| Action::PlaceToken { slot })
            .collect::<Vec<_>>()
    );
    let from = t.events.len();
    t.act(Action::PlaceToken { slot: 2 });
    assert_eq!(t.game.token_slot(), Some((0, 2)));
    assert!(t.game.view(1).card(0, 2).under_token);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::TokenPlaced { seat: 0, slot: 2 }
        )),
        1
    );
    assert!(place_token_actions(&t).is_empty());
    t.draw_discard();
    // Not the other player's.
    assert_turn_of(&t, 1);
    assert!(place_token_actions(&t).is_empty());
    t.illegal(Action::PlaceToken { slot: 0 });
    t.draw_discard();
    // Once in the round.
    assert_turn_of(&t, 0);
    assert!(place_token_actions(&t).is_empty());
    t.illegal(Action::PlaceToken { slot: 0 });
}

#[test]
fn r_amulet_blocks_own_exchange() {
    let mut t = holder_round(&[[3, 4, 5, 6, 7], [8, 9, 10, 11, 12]], 13, &[9, 4]);
    t.act(Action::PlaceToken { slot: 2 });
    t.act(Action::DrawDeck { extra: 0 });
    let exchanges: Vec<Action> = t
        .legal()
        .into_iter()
        .filter(|a| matches!(a, Action::Exchange { .. } | Action::Select { .. }))
        .collect();
    assert_eq!(
        sorted(exchanges),
        sorted(vec![
            Action::Exchange { slot: 0 },
            Action::Exchange { slot: 1 },
            Action::Exchange { slot: 3 },
            Action::Exchange { slot: 4 },
            Action::Select { slot: 0 },
            Action::Select { slot: 1 },
            Action::Select { slot: 3 },
        ])
    );
    t.illegal(Action::Exchange { slot: 2 });
    t.illegal(Action::Select { slot: 2 });
    t.act(Action::Select { slot: 1 });
    assert_legal(
        &t,
        vec![Action::Select { slot: 3 }, Action::Select { slot: 4 }],
    );
    t.illegal(Action::Select { slot: 2 });
    t.acts(&[Action::Select { slot: 3 }, Action::ConfirmExchange]);
    assert_eq!(t.village(0), vec![3, 4, 5, 6, 7, 9]);
    assert_eq!(t.game.token_slot(), Some((0, 2)));
    t.end_turn_if_offered();
    t.draw_discard();
    // Taking the discard: the Amulet card still cannot go.
    t.act(Action::TakeDiscard);
    t.illegal(Action::Exchange { slot: 2 });
    assert!(t.is_legal(Action::Exchange { slot: 5 }));
}

#[test]
fn r_amulet_card_cannot_be_looked_at_flipped_or_taken_by_anyone() {
    let mut t = holder_round(
        &[[3, 4, 5, 6, 7], [8, 9, 10, 11, 12]],
        13,
        &[4, 6, 5, 12, 7, 11, 9, 8, 12],
    );
    t.act(Action::PlaceToken { slot: 2 });
    t.draw_discard();
    let not_amulet = targets(0, &[0, 1, 3, 4]);
    // Seat 1's Revealer.
    draw_and_discard(&mut t);
    assert_legal(&t, with(not_amulet.clone(), &[Action::SkipAbility]));
    t.illegal(tg(0, 2));
    t.act(Action::SkipAbility);
    // The owner's own Exposer.
    draw_and_discard(&mut t);
    assert_legal(&t, with(not_amulet.clone(), &[Action::SkipAbility]));
    t.illegal(tg(0, 2));
    t.act(Action::SkipAbility);
    // Seat 1's Robber.
    draw_and_discard(&mut t);
    assert_legal(&t, with(not_amulet.clone(), &[Action::SkipAbility]));
    t.act(Action::SkipAbility);
    // The owner's Beholder.
    draw_and_discard(&mut t);
    assert_legal(&t, with(not_amulet.clone(), &[Action::SkipAbility]));
    t.act(Action::SkipAbility);
    // Seat 1's Witch.
    draw_and_discard(&mut t);
    t.act(Action::WitchLook);
    assert_legal(
        &t,
        with(
            not_amulet.clone(),
            &[Action::WitchExchangeOwn, Action::WitchLeave],
        ),
    );
    t.illegal(tg(0, 2));
    t.act(Action::WitchLeave);
    // The owner's Seer.
    draw_and_discard(&mut t);
    let mut seer = not_amulet.clone();
    seer.extend(targets(1, &[0, 1, 2, 3, 4]));
    seer.push(Action::SkipAbility);
    assert_legal(&t, seer);
    t.act(Action::SkipAbility);
    // Seat 1's Apprentice Seer.
    draw_and_discard(&mut t);
    assert_legal(&t, with(not_amulet.clone(), &[Action::SkipAbility]));
    t.act(Action::SkipAbility);
    // The owner's Robber may not give the Amulet card.
    draw_and_discard(&mut t);
    t.act(tg(1, 0));
    assert_legal(
        &t,
        vec![
            Action::Give { slot: 0 },
            Action::Give { slot: 1 },
            Action::Give { slot: 3 },
            Action::Give { slot: 4 },
        ],
    );
    t.illegal(Action::Give { slot: 2 });
    t.act(Action::Give { slot: 0 });
    assert_eq!(t.village(0), vec![8, 4, 5, 6, 7]);
    assert_eq!(t.game.token_slot(), Some((0, 2)));
    assert!(!t.game.knows(1, 0, 2));
}

#[test]
fn r_amulet_blocks_census_in_placing_turn() {
    let mut t = holder_round(&[[7, 7, 3, 4, 5], [8, 9, 10, 11, 12]], 13, &[6, 4, 4, 4]);
    t.acts(&[
        Action::DrawDeck { extra: 0 },
        Action::Select { slot: 0 },
        Action::Select { slot: 1 },
        Action::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![6, 3, 4, 5]);
    t.end_turn_if_offered();
    t.draw_discard();
    assert!(t.is_legal(Action::CallCensus));
    t.act(Action::PlaceToken { slot: 1 });
    t.illegal(Action::CallCensus);
    t.draw_discard();
    t.draw_discard();
    // A later turn: census is allowed again.
    assert_turn_of(&t, 0);
    t.act(Action::CallCensus);
    assert_eq!(t.game.census_caller(), Some(0));
}

#[test]
fn r_amulet_on_only_card_cannot_take_discard() {
    let mut t = holder_round(&[[7, 7, 7, 7, 13], [8, 9, 10, 11, 12]], 3, &[6, 4, 4]);
    let from = multi(&mut t, &[0, 1, 2, 3, 4]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.village(0), vec![6]);
    t.end_turn_if_offered();
    t.draw_discard();
    assert!(t.is_legal(Action::TakeDiscard));
    t.act(Action::PlaceToken { slot: 0 });
    t.illegal(Action::TakeDiscard);
    t.illegal(Action::CallCensus);
    assert_legal(&t, vec![Action::DrawDeck { extra: 0 }]);
    t.act(Action::DrawDeck { extra: 0 });
    // The drawn card cannot be exchanged: it must be discarded.
    assert_legal(&t, vec![Action::Discard]);
    t.act(Action::Discard);
    assert_eq!(t.village(0), vec![6]);
    assert_turn_of(&t, 1);
}

#[test]
fn r_amulet_face_up_card_keeps_working() {
    let mut t = holder_round(&[[3, 4, 5, 6, 7], [8, 9, 10, 11, 12]], 2, &[4]);
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 0 }]);
    t.act(Action::PlaceToken { slot: 0 });
    assert_eq!(t.game.token_slot(), Some((0, 0)));
    // The Empath under the Amulet still gives its look.
    assert_legal(
        &t,
        vec![
            Action::EmpathPeek { slot: 1 },
            Action::EmpathPeek { slot: 2 },
            Action::EmpathPeek { slot: 3 },
            Action::EmpathPeek { slot: 4 },
            Action::EndTurn,
        ],
    );
    t.act(Action::EmpathPeek { slot: 2 });
    assert!(t.game.knows(0, 0, 2));
}

// ---------------------------------------------------------------------------------------------
// R-NO-ABILITY-TARGET
// ---------------------------------------------------------------------------------------------

/// Seat 0 ends with two face-up cards [9, 10]; seat 1 with a face-up Bodyguard guarding its only
/// other card [3, 5]. Seat 0 is to move; the deck's top is `next`.
fn nothing_to_target(next: Value) -> T {
    let mut t = T::stacked(2, 0, &[[3, 3, 3, 3, 8], [10, 10, 10, 10, 5]], 9, &[4, next]);
    t.peeks();
    t.acts(&[
        Action::TakeDiscard,
        Action::Select { slot: 0 },
        Action::Select { slot: 1 },
        Action::Select { slot: 2 },
        Action::Select { slot: 3 },
        Action::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![9, 8]);
    t.acts(&[
        Action::TakeDiscard,
        Action::Select { slot: 0 },
        Action::Select { slot: 1 },
        Action::Select { slot: 2 },
        Action::Select { slot: 3 },
        Action::ConfirmExchange,
    ]);
    assert_eq!(t.village(1), vec![3, 5]);
    t.act(Action::GuardPlace {
        guard: 0,
        target: 1,
    });
    t.act(Action::EndTurn);
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 1 }]);
    assert_eq!(t.village(0), vec![9, 10]);
    assert_eq!(t.face_up(0), vec![true, true]);
    t.draw_discard();
    assert_turn_of(&t, 0);
    assert_eq!(t.face_up(1), vec![true, false]);
    assert_eq!(t.game.guarding(1, 0), Some(1));
    t
}

fn check_no_target(value: Value) {
    let mut t = nothing_to_target(value);
    let from = draw_and_discard(&mut t);
    assert_no_target(&t, from, 0, value);
    // The turn proceeds.
    assert_turn_of(&t, 1);
    assert_eq!(t.face_up(1), vec![true, false]);
    assert!(!t.game.knows(0, 1, 1));
}

#[test]
fn r_a5_exposer_no_target() {
    check_no_target(5);
}

#[test]
fn r_a6_revealer_no_target() {
    check_no_target(6);
}

#[test]
fn r_a7_beholder_no_target() {
    check_no_target(7);
}

#[test]
fn r_a8_apprentice_seer_no_target() {
    check_no_target(8);
}

#[test]
fn r_a9_seer_no_target() {
    check_no_target(9);
}

#[test]
fn r_a12_robber_no_target() {
    check_no_target(12);
}

#[test]
fn r_a10_master_no_target() {
    let mut t = T::stacked(2, 0, &[[3, 4, 5, 6, 7], [8, 9, 11, 12, 13]], 8, &[10]);
    t.peeks();
    // A failed exchange of the discard pile's only card leaves the pile empty.
    t.acts(&[
        Action::TakeDiscard,
        Action::Select { slot: 0 },
        Action::Select { slot: 1 },
        Action::ConfirmExchange,
    ]);
    assert!(t.pile().is_empty());
    let from = draw_and_discard(&mut t);
    assert_eq!(t.pile(), vec![10]);
    assert_no_target(&t, from, 1, 10);
    assert_turn_of(&t, 0);
}

#[test]
fn r_a11_witch_no_target() {
    let villages = [[3, 4, 5, 6, 7], [8, 9, 10, 12, 13]];
    let deck = deck_ending_with(&villages, 2, &[], 11);
    let mut t = T::stacked(2, 0, &villages, 2, &deck);
    t.peeks();
    while t.game.deck_len() > 1 {
        t.draw_discard();
    }
    assert_eq!(t.deck(), vec![11]);
    let p = t.game.turn_player();
    let from = draw_and_discard(&mut t);
    assert_no_target(&t, from, p, 11);
    assert_eq!(end_reason(&t), RoundEnd::Deck);
}

#[test]
fn r_no_ability_target_not_reported_for_cards_without_discard_ability() {
    for v in [0u8, 1, 2, 3, 4, 13] {
        let mut t = T::stacked(2, 0, &[[5, 6, 7, 8, 9], [5, 6, 7, 8, 9]], 10, &[v]);
        t.peeks();
        let from = draw_and_discard(&mut t);
        assert_eq!(discarded_offered(&t, from), Some(false), "value {v}");
        assert_eq!(
            count(&t, from, |e| matches!(e, GameEvent::AbilityNoTarget { .. })),
            0,
            "value {v}"
        );
        assert_turn_of(&t, 1);
    }
}

#[test]
fn r_no_ability_target_amulet_on_only_face_down_card() {
    // The owner's Exposer: every other own card is face-up, the last face-down one is frozen.
    let mut t = holder_round(&[[7, 7, 7, 7, 8], [9, 10, 11, 12, 13]], 10, &[4, 5]);
    t.acts(&[
        Action::TakeDiscard,
        Action::Select { slot: 0 },
        Action::Select { slot: 1 },
        Action::Select { slot: 2 },
        Action::Select { slot: 3 },
        Action::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![10, 8]);
    t.act(Action::PlaceToken { slot: 1 });
    t.act(Action::EndTurn);
    t.draw_discard();
    let from = draw_and_discard(&mut t);
    assert_no_target(&t, from, 0, 5);
    assert_eq!(t.face_up(0), vec![true, false]);
    assert_turn_of(&t, 1);
}

#[test]
fn r_amulet_card_cannot_be_looked_at_by_owner_empath() {
    let mut t = holder_round(&[[3, 4, 5, 6, 7], [8, 9, 10, 11, 12]], 2, &[4]);
    t.act(Action::PlaceToken { slot: 2 });
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 0 }]);
    assert_legal(
        &t,
        vec![
            Action::EmpathPeek { slot: 1 },
            Action::EmpathPeek { slot: 3 },
            Action::EmpathPeek { slot: 4 },
            Action::EndTurn,
        ],
    );
    t.illegal(Action::EmpathPeek { slot: 2 });
    assert!(!t.game.knows(0, 0, 2));
}
