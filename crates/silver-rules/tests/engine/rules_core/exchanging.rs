//! RULES.md §3 Exchanging: R-SWAP, R-SWAP-MULTI, R-DISCARD-ORDER, R-PLACE and R-NO-SELF-ABILITY.

use super::*;

// ----------------------------------------------------------------------------------------------
// §3 Exchanging
// ----------------------------------------------------------------------------------------------

#[test]
fn r_swap_one_face_down_card_goes_face_up_to_pile() {
    let mut t = two_player_basic(11, &[7]);
    t.act(DRAW);
    t.act(A::Exchange { slot: 2 });
    assert_eq!(t.village(0), [1, 2, 7, 4, 5]);
    assert_eq!(t.pile(), [11, 3]);
    assert_eq!(t.game.discard_top(), Some(3));
    assert_eq!(t.face_up(0), [false; 5]);
}

#[test]
fn r_swap_one_face_up_card_is_exchanged_too() {
    let mut t = two_player_basic(9, &[1, 6]);
    t.act(A::TakeDiscard);
    t.act(A::Exchange { slot: 0 });
    assert_eq!(t.face_up(0), [true, false, false, false, false]);
    t.draw_discard();
    t.act(DRAW);
    t.act(A::Exchange { slot: 0 });
    assert_eq!(t.village(0), [6, 2, 3, 4, 5]);
    assert_eq!(t.face_up(0), [false; 5], "a deck card enters face-down");
    assert!(t.game.knows(0, 0, 0) && !t.game.knows(1, 0, 0));
    assert_eq!(t.pile(), [1, 1, 9]);
    // The Revealer (6) entered the village: no ability; the 9 leaving did not trigger.
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}

#[test]
fn r_swap_multi_three_tens_for_a_four_rulebook_example() {
    let mut t = T::stacked(
        3,
        0,
        &[[10, 7, 10, 10, 2], [1, 2, 3, 5, 6], [1, 2, 3, 5, 6]],
        9,
        &[4],
    );
    t.peeks();
    t.act(DRAW);
    t.act(A::Select { slot: 0 });
    assert_eq!(
        t.legal(),
        (1..5).map(|slot| A::Select { slot }).collect::<Vec<_>>(),
        "at least two village cards before confirming"
    );
    t.illegal(A::ConfirmExchange);
    t.act(A::Select { slot: 2 });
    t.illegal(A::Select { slot: 1 });
    assert_eq!(
        t.legal(),
        vec![
            A::Select { slot: 3 },
            A::Select { slot: 4 },
            A::ConfirmExchange
        ]
    );
    t.act(A::Select { slot: 3 });
    let before = t.events.len();
    t.act(A::ConfirmExchange);
    // The 4 takes the first freed slot and the row closes up.
    assert_eq!(t.village(0), [4, 7, 2]);
    assert_eq!(t.face_up(0), [false; 3]);
    assert_eq!(t.pile(), [9, 10, 10, 10]);
    assert!(t.game.knows(0, 0, 0));
    assert!(!t.game.knows(1, 0, 0) && !t.game.knows(2, 0, 0));
    let shown: Vec<(Slot, Value)> = t
        .events_since(before)
        .iter()
        .filter_map(|e| match *e {
            GameEvent::Shown {
                owner: 0,
                slot,
                value,
            } => Some((slot, value)),
            _ => None,
        })
        .collect();
    assert_eq!(
        shown,
        [(0, 10), (2, 10), (3, 10)],
        "revealed to everybody first"
    );
    assert!(t.events_since(before).iter().any(|e| matches!(
        e,
        GameEvent::Exchanged {
            success: true,
            placed_at: 0,
            face_up: false,
            slots: 0b1101,
            ..
        }
    )));
    assert_eq!(t.game.deck_len(), 30);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}

#[test]
fn r_swap_multi_taken_card_takes_leftmost_freed_slot_face_up() {
    let mut t = T::stacked(2, 0, &[[1, 7, 2, 7, 3], [8, 8, 9, 9, 10]], 5, &[]);
    t.peeks();
    t.act(A::TakeDiscard);
    t.acts(&[
        A::Select { slot: 1 },
        A::Select { slot: 3 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [1, 5, 2, 3]);
    assert_eq!(t.face_up(0), [false, true, false, false]);
    assert_eq!(t.pile(), [7, 7]);
    assert!(t.game.knows(1, 0, 1));
}

#[test]
fn r_swap_multi_new_card_is_never_one_of_the_matching_cards() {
    // Holding a drawn 10 with a single 10 in the village: the pair cannot be 10 + new card.
    let mut t = T::stacked(2, 0, &[[10, 1, 2, 3, 4], [5, 6, 7, 8, 9]], 11, &[10]);
    t.peeks();
    t.act(DRAW);
    t.act(A::Select { slot: 0 });
    t.illegal(A::ConfirmExchange);
    t.act(A::Select { slot: 1 });
    t.act(A::ConfirmExchange);
    // 10 and 1 do not match: a failure (R-SWAP-FAIL), the drawn 10 joins the row.
    assert_eq!(t.village(0), [10, 1, 2, 3, 4, 10]);
    assert_eq!(t.pile(), [11]);
}

/// Seat 0 (2 players) takes two discards face-up: its village is 1, 2, 3 face-down, then a
/// face-up 7 and a face-up 9; it holds a drawn 10.
fn two_face_up_then_holding() -> T {
    let mut t = T::stacked(2, 0, &[[1, 2, 3, 4, 5], [8, 8, 9, 9, 10]], 9, &[7, 8, 10]);
    t.peeks();
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }]);
    t.draw_discard();
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 3 }]);
    t.draw_discard();
    assert_eq!(t.village(0), [1, 2, 3, 7, 9]);
    assert_eq!(t.face_up(0), [false, false, false, true, true]);
    t.act(DRAW);
    t
}

#[test]
fn r_swap_multi_a_set_everybody_sees_does_not_match_cannot_be_chosen() {
    let mut t = two_face_up_then_holding();
    // The face-up 7 and 9 are known to every player: choosing both is not an attempt. Slot 3
    // starts no selection (its only later partner is the 9); slot 4 has no later partner.
    let starts: Vec<A> = t
        .legal()
        .into_iter()
        .filter(|a| matches!(a, A::Select { .. }))
        .collect();
    assert_eq!(
        starts,
        vec![
            A::Select { slot: 0 },
            A::Select { slot: 1 },
            A::Select { slot: 2 }
        ]
    );
    t.illegal(A::Select { slot: 3 });
    // A face-down card with a face-up one is a guess about a card not known to all: legal.
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
    t.act(A::Select { slot: 3 });
    // Adding the 9 would make the set publicly impossible; confirming {1, 7} is an attempt.
    assert_legal(&t, vec![A::ConfirmExchange]);
    t.illegal(A::Select { slot: 4 });
    t.act(A::ConfirmExchange);
    // R-SWAP-FAIL as usual: the face-up 7 goes back face-down, the 10 joins the row.
    assert_eq!(t.village(0), [1, 2, 3, 7, 9, 10]);
    assert_eq!(t.face_up(0), [false, false, false, false, true, false]);
}

#[test]
fn r_swap_multi_cards_shown_to_all_earlier_count_as_known() {
    // Seat 0 fails an exchange of a 6 and a 3 (both shown to everybody, back face-down);
    // on its next turn it cannot choose both again.
    let mut t = T::stacked(
        3,
        0,
        &[[1, 2, 3, 4, 5], [8, 8, 9, 9, 10], [10, 10, 11, 11, 12]],
        6,
        &[2, 3, 7, 9, 9, 11],
    );
    t.peeks();
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.draw_discard();
    t.draw_discard();
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 2 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [6, 2, 3, 4, 5, 7]);
    assert_eq!(t.face_up(0), [false; 6]);
    t.draw_discard();
    t.draw_discard();
    t.acts(&[DRAW, A::Select { slot: 0 }]);
    t.illegal(A::Select { slot: 2 });
    assert_legal(
        &t,
        vec![
            A::Select { slot: 1 },
            A::Select { slot: 3 },
            A::Select { slot: 4 },
            A::Select { slot: 5 },
        ],
    );
}

#[test]
fn r_swap_multi_no_selection_is_a_dead_end() {
    // Every reachable selection of 2+ cards can be confirmed (every step checked).
    let t = two_face_up_then_holding();
    let mut stack = vec![t.game];
    let mut seen = 0;
    while let Some(g) = stack.pop() {
        let mut legal = ActionList::new();
        g.legal_actions(&mut legal);
        if let Stage::Selecting { chosen, .. } = g.stage() {
            seen += 1;
            assert!(!legal.is_empty(), "dead end at {chosen:b}");
            if chosen.count_ones() >= 2 {
                assert!(legal.contains(&A::ConfirmExchange), "{chosen:b}");
            }
        }
        for &a in legal.iter() {
            if matches!(a, A::Select { .. }) {
                let mut next = g;
                next.apply_unchecked(a, &mut ());
                stack.push(next);
            }
        }
    }
    // The 26 sets of 2+ of the 5 slots, less the 8 holding both the 7 and the 9, plus the 3
    // single-card starts (slots 0, 1, 2): every possible set is reached, no impossible one.
    assert_eq!(seen, 18 + 3);
}

#[test]
fn r_swap_fail_chosen_cards_go_back_face_down_known_to_everybody() {
    // Seat 0 first takes the 6 (face-up in slot 0), later fails an exchange of the 6 and a 3.
    let mut t = T::stacked(
        3,
        0,
        &[[1, 2, 3, 4, 5], [8, 8, 9, 9, 10], [10, 10, 11, 11, 12]],
        6,
        &[2, 3, 7],
    );
    t.peeks();
    t.act(A::TakeDiscard);
    t.act(A::Exchange { slot: 0 });
    assert_eq!(t.face_up(0), [true, false, false, false, false]);
    t.draw_discard();
    t.draw_discard();
    let pile = t.pile();
    assert_eq!(pile, [1, 2, 3]);
    let deck = t.game.deck_len();
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 2 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [6, 2, 3, 4, 5, 7]);
    assert_eq!(
        t.face_up(0),
        [false; 6],
        "even the formerly face-up 6 goes back face-down"
    );
    for v in 0..3 {
        assert!(
            t.game.knows(v, 0, 0) && t.game.knows(v, 0, 2),
            "shown to all"
        );
    }
    assert_eq!(t.pile(), pile, "nothing is discarded");
    assert_eq!(t.game.deck_len(), deck - 1, "two cards: no penalty card");
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}

#[test]
fn r_swap_fail_new_card_face_down_from_deck() {
    let mut t = T::stacked(2, 0, &[[1, 2, 3, 4, 5], [8, 8, 9, 9, 10]], 6, &[7]);
    t.peeks();
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 3 },
        A::Select { slot: 4 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [1, 2, 3, 4, 5, 7]);
    assert_eq!(t.face_up(0), [false; 6]);
    assert!(t.game.knows(0, 0, 5), "the drawer knows the new card");
    assert!(!t.game.knows(1, 0, 5), "nobody else does");
    assert!(t.game.knows(1, 0, 3) && t.game.knows(1, 0, 4));
    assert!(t.events.iter().any(|e| matches!(
        e,
        GameEvent::Exchanged {
            success: false,
            placed_at: 5,
            face_up: false,
            ..
        }
    )));
    assert_eq!(t.pile(), [6]);
}

#[test]
fn r_swap_fail_new_card_face_up_from_discard_nothing_discarded() {
    let mut t = T::stacked(2, 0, &[[1, 2, 3, 4, 5], [8, 8, 9, 9, 10]], 6, &[7]);
    t.peeks();
    t.act(A::TakeDiscard);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [1, 2, 3, 4, 5, 6]);
    assert_eq!(t.face_up(0), [false, false, false, false, false, true]);
    assert_eq!(t.pile(), Vec::<u8>::new(), "the pile stays empty");
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    assert!(!t.legal().contains(&A::TakeDiscard));
    t.illegal(A::TakeDiscard);
}

#[test]
fn r_swap_crit_extra_unseen_card() {
    // Rulebook example: a failed 3-card exchange also takes the deck's next card, unseen.
    let mut t = T::stacked(
        3,
        0,
        &[[8, 8, 9, 1, 2], [5, 6, 7, 10, 11], [5, 6, 7, 10, 11]],
        12,
        &[3, 4],
    );
    t.peeks();
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::Select { slot: 2 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [8, 8, 9, 1, 2, 3, 4]);
    assert_eq!(t.face_up(0), [false; 7]);
    for v in 0..3 {
        for slot in 0..3 {
            assert!(t.game.knows(v, 0, slot), "all saw the shown cards");
        }
    }
    assert!(t.game.knows(0, 0, 5) && !t.game.knows(1, 0, 5) && !t.game.knows(2, 0, 5));
    let penalty = t.game.card_at(0, 6);
    assert_eq!(
        t.game.omniscient().known_mask(penalty),
        0,
        "known to nobody"
    );
    let p = t
        .events
        .iter()
        .find_map(|e| match *e {
            GameEvent::PenaltyCard { seat, value } => Some((seat, value)),
            _ => None,
        })
        .unwrap();
    assert_eq!((p.0, p.1.omniscient(), p.1.seen_mask()), (0, 4, 0));
    assert_eq!(t.pile(), [12]);
    assert_eq!(t.game.deck_len(), 29);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}

#[test]
fn r_swap_crit_after_taking_from_the_pile() {
    let mut t = T::stacked(2, 0, &[[8, 8, 9, 1, 2], [5, 6, 7, 10, 11]], 12, &[3]);
    t.peeks();
    t.act(A::TakeDiscard);
    t.acts(&[
        A::Select { slot: 2 },
        A::Select { slot: 3 },
        A::Select { slot: 4 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [8, 8, 9, 1, 2, 12, 3]);
    assert_eq!(
        t.face_up(0),
        [false, false, false, false, false, true, false]
    );
    assert_eq!(t.game.omniscient().known_mask(t.game.card_at(0, 6)), 0);
    assert_eq!(t.game.deck_len(), 30);
}

#[test]
fn r_swap_crit_skipped_when_the_deck_is_empty() {
    let mut t = T::stacked(2, 0, &[[8, 8, 9, 1, 2], [5, 6, 7, 10, 11]], 12, &[]);
    t.peeks();
    while t.game.deck_len() > 1 {
        t.draw_discard();
    }
    assert_eq!(t.game.to_move(), ToMove::Player(0));
    let last = t.deck()[0];
    t.act(DRAW);
    assert_eq!(t.game.deck_len(), 0);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::Select { slot: 2 },
        A::ConfirmExchange,
    ]);
    assert!(!t
        .events
        .iter()
        .any(|e| matches!(e, GameEvent::PenaltyCard { .. })));
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Deck);
    assert_eq!(e.sizes, [6, 5], "the drawn card only, no penalty card");
    assert_eq!(t.village(0), [8, 8, 9, 1, 2, last]);
}

#[test]
fn r_discard_order_wild_first_lowest_on_top() {
    let mut t = T::stacked(2, 0, &[[5, 13, 5, 1, 2], [6, 7, 8, 9, 10]], 11, &[3]);
    t.peeks();
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::Select { slot: 2 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [3, 1, 2]);
    assert_eq!(t.pile(), [11, 13, 5, 5]);
    // The next player can take the 5 on top.
    t.act(A::TakeDiscard);
    t.act(A::Exchange { slot: 0 });
    assert_eq!(t.village(1), [5, 7, 8, 9, 10]);
    assert_eq!(t.pile(), [11, 13, 5, 6]);
}

#[test]
fn r_discard_order_two_doppelgangers_under_a_six() {
    let mut t = T::stacked(2, 0, &[[6, 13, 1, 13, 2], [6, 7, 8, 9, 10]], 11, &[3]);
    t.peeks();
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::Select { slot: 3 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [3, 1, 2]);
    assert_eq!(t.pile(), [11, 13, 13, 6]);
    assert_eq!(t.game.discard_top(), Some(6));
}

#[test]
fn r_no_self_ability_exchanged_out_cards_never_trigger() {
    // A Revealer (6) exchanged out singly, then two Masters (10) exchanged out together.
    let mut t = T::stacked(2, 0, &[[6, 1, 2, 3, 4], [10, 10, 7, 8, 9]], 11, &[5, 3]);
    t.peeks();
    t.act(DRAW);
    t.act(A::Exchange { slot: 0 });
    assert_eq!(t.pile(), [11, 6]);
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    pair_exchange(&mut t);
    assert_eq!(t.pile(), [11, 6, 10, 10]);
    assert_eq!(t.village(1), [3, 7, 8, 9]);
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_eq!(t.game.to_move(), ToMove::Player(0));
    assert!(!t.events.iter().any(|e| matches!(
        e,
        GameEvent::AbilityUsed { .. } | GameEvent::AbilityNoTarget { .. }
    )));
}

/// 2 players, seat 1 starts and takes the 8 into slot 2 (face-up); seat 0 is to move.
fn place_setup(deck_top: &[Value]) -> T {
    let mut t = T::stacked(2, 1, &[[1, 2, 3, 4, 5], [6, 7, 3, 9, 10]], 8, deck_top);
    t.peeks();
    t.act(A::TakeDiscard);
    t.act(A::Exchange { slot: 2 });
    assert_eq!(t.village(1), [6, 7, 8, 9, 10]);
    assert_eq!(t.face_up(1), [false, false, true, false, false]);
    assert_eq!(t.pile(), [3]);
    assert_eq!(t.game.to_move(), ToMove::Player(0));
    t
}

#[test]
fn r_place_witch_card_takes_slot_and_face_up_orientation() {
    let mut t = place_setup(&[11, 12]);
    t.act(DRAW);
    t.act(A::Discard);
    assert_eq!(t.legal(), vec![A::WitchLook, A::SkipAbility]);
    t.act(A::WitchLook);
    assert!(t.legal().contains(&A::Target { seat: 1, slot: 2 }));
    t.act(A::Target { seat: 1, slot: 2 });
    assert_eq!(t.village(1), [6, 7, 12, 9, 10]);
    assert_eq!(t.face_up(1), [false, false, true, false, false]);
    assert!(t.game.knows(1, 1, 2), "face-up: everybody knows it");
    assert_eq!(t.pile(), [3, 11, 8]);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}

#[test]
fn r_place_witch_card_takes_slot_and_face_down_orientation() {
    let mut t = place_setup(&[11, 12]);
    t.act(DRAW);
    t.act(A::Discard);
    t.act(A::WitchLook);
    t.act(A::Target { seat: 1, slot: 0 });
    assert_eq!(t.village(1), [12, 7, 8, 9, 10]);
    assert_eq!(t.face_up(1), [false, false, true, false, false]);
    assert!(
        t.game.knows(0, 1, 0),
        "the Witch player knows the card placed"
    );
    assert!(!t.game.knows(1, 1, 0), "the owner does not");
    assert_eq!(t.pile(), [3, 11, 6]);
}

#[test]
fn r_place_robber_cards_keep_their_own_orientation() {
    let mut t = place_setup(&[12]);
    t.act(DRAW);
    t.act(A::Discard);
    t.act(A::Target { seat: 1, slot: 2 });
    t.act(A::Give { slot: 0 });
    assert_eq!(t.village(0), [8, 2, 3, 4, 5]);
    assert_eq!(t.face_up(0), [true, false, false, false, false]);
    assert_eq!(t.village(1), [6, 7, 1, 9, 10]);
    assert_eq!(t.face_up(1), [false; 5]);
    assert!(t.game.knows(0, 1, 2), "the Robber knew the card it gave");
    assert!(
        !t.game.knows(1, 1, 2),
        "the victim does not see the card received"
    );
    assert_eq!(t.pile(), [3, 12]);
}

#[test]
fn r_place_looked_at_cards_stay_where_they_are() {
    let mut t = place_setup(&[9]);
    t.act(DRAW);
    t.act(A::Discard);
    t.act(A::Target { seat: 1, slot: 0 });
    assert!(t.game.knows(0, 1, 0));
    assert_eq!(t.village(1), [6, 7, 8, 9, 10]);
    assert_eq!(t.face_up(1), [false, false, true, false, false]);
    assert_eq!(t.village(0), [1, 2, 3, 4, 5]);
}
