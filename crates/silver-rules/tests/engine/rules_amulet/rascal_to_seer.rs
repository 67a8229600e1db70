//! R-A4 Rascal, R-A5 Exposer, R-A6 Revealer, R-A7 Beholder, R-A8 Apprentice Seer, R-A9 Seer.

use super::*;

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
