//! R-NO-ABILITY-TARGET: a discard ability with no legal target is not offered.

use super::*;

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
