//! R-A0 Villager, R-A1 Squire, R-A2 Empath.

use super::*;

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
