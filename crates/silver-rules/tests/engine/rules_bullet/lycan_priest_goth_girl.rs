//! B1 Lycan, B2 Priest, B3 Goth Girl.

use super::*;

// ---------------------------------------------------------------------------------------------
// B1 Lycan
// ---------------------------------------------------------------------------------------------

#[test]
fn b1_one_lycan_lets_a_three_and_a_four_match() {
    let mut t = lycan([6, 3, 4, 9, 9], &[1, 5]);
    let from = multi(&mut t, &[1, 2]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.village(0), vec![1, 5, 9, 9]);
    assert_eq!(t.face_up(0), vec![true, false, false, false]);
    // R-DISCARD-ORDER: the lowest on top.
    assert_eq!(t.pile(), vec![6, 1, 4, 3]);
}

#[test]
fn b1_one_lycan_does_not_match_three_three_four() {
    let mut t = lycan([6, 3, 3, 4, 9], &[1, 5, 2]);
    let from = multi(&mut t, &[1, 2, 3]);
    assert!(!exchange_success(&t, from));
    // R-SWAP-FAIL and R-SWAP-CRIT: the drawn 5, then the penalty 2, at the end.
    assert_eq!(t.village(0), vec![1, 3, 3, 4, 9, 5, 2]);
    assert_eq!(
        t.face_up(0),
        vec![true, false, false, false, false, false, false]
    );
    assert_eq!(t.pile(), vec![6, 1]);
    assert!((1..4).all(|s| t.game.knows(1, 0, s)));
}

#[test]
fn b1_three_and_five_never_match() {
    let mut t = lycan([6, 3, 5, 9, 9], &[1, 5]);
    let from = multi(&mut t, &[1, 2]);
    assert!(!exchange_success(&t, from));
    assert_eq!(t.village(0), vec![1, 3, 5, 9, 9, 5]);
    assert_eq!(t.pile(), vec![6, 1]);
}

#[test]
fn b1_a_lycan_in_the_selected_set_does_not_count() {
    // The Lycan (1) and a Priest (2) would match if the Lycan bumped itself: it does not.
    let mut t = lycan([6, 2, 9, 9, 9], &[1, 5]);
    let from = multi(&mut t, &[0, 1]);
    assert!(!exchange_success(&t, from));
    assert_eq!(t.village(0), vec![1, 2, 9, 9, 9, 5]);
    // R-SWAP-FAIL: even the face-up Lycan goes back face-down.
    assert_eq!(t.face_up(0), vec![false; 6]);
    assert_eq!(t.pile(), vec![6, 1]);
}

#[test]
fn b1_two_lycans_let_three_three_four_match() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[6, 7, 3, 3, 4], [1, 5, 8, 10, 11]],
        1,
        &[2, 2, 5],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    assert_eq!(t.pile(), vec![6, 1]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 1 }]);
    t.draw_discard();
    assert_eq!(t.face_up(0), vec![true, true, false, false, false]);
    let from = multi(&mut t, &[2, 3, 4]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.village(0), vec![1, 1, 5]);
    assert_eq!(t.face_up(0), vec![true, true, false]);
    assert_eq!(t.pile(), vec![6, 7, 2, 4, 3, 3]);
}

// ---------------------------------------------------------------------------------------------
// B2 Priest
// ---------------------------------------------------------------------------------------------

#[test]
fn b2_priest_flip_is_a_free_action_that_forbids_census() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[6, 6, 7, 8, 9], [3, 4, 5, 10, 11]],
        2,
        &[1, 1, 1, 0],
    );
    t.acts(&[
        A::TakeDiscard,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![2, 7, 8, 9]);
    assert_eq!(t.face_up(0), vec![true, false, false, false]);
    // The Priest works at once: the turn waits for free actions.
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    t.act(A::EndTurn);
    t.draw_discard();
    assert_turn_of(&t, 0);
    assert!(t.is_legal(A::CallCensus));
    let flips: Vec<A> = t
        .legal()
        .into_iter()
        .filter(|a| matches!(a, A::Flip { .. }))
        .collect();
    assert_eq!(
        flips,
        vec![
            A::Flip { slot: 1 },
            A::Flip { slot: 2 },
            A::Flip { slot: 3 }
        ]
    );
    let from = t.events.len();
    t.act(A::Flip { slot: 2 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Flipped {
                seat: 0,
                owner: 0,
                slot: 2,
                value: 8
            }
        )),
        1
    );
    assert_eq!(t.face_up(0), vec![true, false, true, false]);
    assert!(t.game.knows(1, 0, 2));
    assert_eq!(t.game.view(1).value_at(0, 2), Some(8));
    // A free action was used: no census this turn; one flip per face-up Priest per turn.
    t.illegal(A::CallCensus);
    t.illegal(A::Flip { slot: 1 });
    t.act(DRAW);
    t.illegal(A::Flip { slot: 1 });
    t.act(A::Discard);
    assert_turn_of(&t, 1);
    t.draw_discard();
    // Next turn: census and the flip are back; the flip also works while holding a card.
    assert!(t.is_legal(A::CallCensus));
    t.act(DRAW);
    t.act(A::Flip { slot: 1 });
    assert_eq!(t.face_up(0), vec![true, true, true, false]);
    assert!(matches!(t.game.stage(), Stage::Holding { .. }));
}

#[test]
fn b2_priest_flipping_a_second_villager_while_holding_ends_round_once_placed() {
    // 0 is the Amulet Villager here (R-A0).
    let mut t = game(
        cfg(mixed("bullet+0:amulet")),
        &[[0, 0, 7, 8, 9], [5, 6, 10, 11, 4]],
        2,
        &[1],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }, A::EndTurn]);
    assert_eq!(t.pile(), vec![0]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert!(t.face_up(1)[0]);
    assert_turn_of(&t, 0);
    t.act(DRAW);
    t.act(A::Flip { slot: 1 });
    // Two Villagers face-up, but the drawn card's action is still under way.
    assert_eq!(t.face_up(0), vec![true, true, false, false, false]);
    assert!(!round_ended(&t));
    assert!(matches!(t.game.stage(), Stage::Holding { .. }));
    t.act(A::Discard);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Villagers);
    assert_eq!(t.pile(), vec![5, 1]);
    assert_eq!(e.sums, vec![2 + 7 + 8 + 9, 6 + 10 + 11 + 4]);
}

// ---------------------------------------------------------------------------------------------
// B3 Goth Girl
// ---------------------------------------------------------------------------------------------

#[test]
fn b3_goth_girl_sends_the_discard_to_the_deck_bottom_ability_still_offered() {
    let mut t = goth(
        CardSet::bullet(),
        [5, 6, 7, 8, 9],
        [2, 4, 11, 11, 1],
        &[1, 7],
    );
    let (pile, deck) = (t.pile(), t.deck());
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(to_deck_bottom(&t, from), vec![7]);
    assert!(to_pile(&t, from).is_empty());
    assert_eq!(t.pile(), pile);
    let mut expected = deck[1..].to_vec();
    expected.push(7);
    assert_eq!(t.deck(), expected);
    // Face-up, so public: the other player knows the deck's bottom card.
    let v = t.game.view(1);
    assert_eq!(v.deck_card(v.deck_len() - 1).unwrap().1, Some(7));
    // The Insomniac's ability is still offered and works.
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_legal(&t, vec![A::UseAbility, A::SkipAbility]);
    t.act(A::UseAbility);
    assert_eq!(peeked_by(&t, from, 0), vec![(0, 1), (0, 2), (0, 3), (0, 4)]);
    assert!((1..5).all(|s| t.game.knows(0, 0, s)));
    assert_turn_of(&t, 1);
}

#[test]
fn b3_goth_girl_sends_exchanged_out_cards_to_the_deck_bottom_in_pile_order() {
    // 13 is the Amulet Doppelganger (wild): it would go onto the pile first, the 8 on top.
    let mut t = goth(
        mixed("bullet+13:amulet"),
        [5, 13, 8, 7, 9],
        [2, 4, 11, 11, 1],
        &[1, 1],
    );
    let (pile, deck) = (t.pile(), t.deck());
    let from = multi(&mut t, &[1, 2]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.village(0), vec![3, 1, 7, 9]);
    assert_eq!(to_deck_bottom(&t, from), vec![13, 8]);
    assert!(to_pile(&t, from).is_empty());
    assert_eq!(t.pile(), pile);
    let mut expected = deck[1..].to_vec();
    expected.extend([13, 8]);
    assert_eq!(t.deck(), expected);
    let v = t.game.view(1);
    let n = v.deck_len();
    assert_eq!(v.deck_card(n - 1).unwrap().1, Some(8));
    assert_eq!(v.deck_card(n - 2).unwrap().1, Some(13));
}

#[test]
fn b3_goth_girl_single_exchange_goes_under_the_deck() {
    let mut t = goth(
        CardSet::bullet(),
        [5, 6, 7, 8, 9],
        [2, 4, 11, 11, 1],
        &[1, 1],
    );
    let pile = t.pile();
    let from = t.events.len();
    t.acts(&[DRAW, A::Exchange { slot: 1 }]);
    assert_eq!(to_deck_bottom(&t, from), vec![6]);
    assert_eq!(t.pile(), pile);
    assert_eq!(t.village(0), vec![3, 1, 7, 8, 9]);
    assert_eq!(*t.deck().last().unwrap(), 6);
}

#[test]
fn b3_goth_girl_gremlin_under_the_deck_cannot_join() {
    let mut t = goth(
        CardSet::bullet(),
        [5, 6, 7, 8, 9],
        [2, 4, 11, 11, 1],
        &[1, 12],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(to_deck_bottom(&t, from), vec![12]);
    assert!(no_target(&t, from, 0, 12));
    assert_eq!(t.village(1).len(), 5);
    assert_eq!(*t.deck().last().unwrap(), 12);
    assert_turn_of(&t, 1);
}

#[test]
fn b3_goth_girl_does_not_apply_to_the_counts_cards() {
    let mut t = goth(
        CardSet::bullet(),
        [5, 6, 7, 8, 9],
        [2, 4, 11, 11, 1],
        &[1, 10],
    );
    let pile = t.pile();
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(to_deck_bottom(&t, from), vec![10]);
    assert_eq!(discarded_offered(&t, from), Some(true));
    let deck = t.deck();
    assert_eq!(*deck.last().unwrap(), 10);
    let mid = t.events.len();
    t.act(A::UseAbility);
    // The Count's cards are moved, not sent: they land on the pile.
    assert!(to_deck_bottom(&t, mid).is_empty());
    assert_eq!(
        to_pile(&t, mid),
        deck[..10]
            .iter()
            .map(|&v| (v, PileReason::FromDeck))
            .collect::<Vec<_>>()
    );
    let mut expected = pile.clone();
    expected.extend_from_slice(&deck[..10]);
    assert_eq!(t.pile(), expected);
    assert_eq!(t.deck(), deck[10..].to_vec());
}
