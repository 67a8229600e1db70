//! D4 Zombie.

use super::*;

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
