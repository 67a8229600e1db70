//! R-A10 Master, R-A11 Witch, R-A12 Robber, R-A13 Doppelganger.

use super::*;

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
