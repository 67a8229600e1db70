//! R-A3 Bodyguard.

use super::*;

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
