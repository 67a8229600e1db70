//! C2 Curator, C4 (pile-top ability), C8 Assassin, C10 Vampire.

use super::*;

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
