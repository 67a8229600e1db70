//! Rules corrections: E-SCORING-ORDER in the current direction, R-END (b) with B3, B1 and the
//! publicly impossible set (R-SWAP-MULTI).

use super::*;

// ---------------------------------------------------------------------------------------------
// Rules corrections: E-SCORING-ORDER in the current direction, R-END (b) with B3, B1 and the
// publicly impossible set (R-SWAP-MULTI)
// ---------------------------------------------------------------------------------------------

/// Three players, nobody holds the token, seat 0 starts; seats 1 and 2 each hold a Copycat.
/// Seat 0 draws a Reverser (D11) and uses it (`reverse`) or skips it; the turn cap ends the
/// round after that turn. Returns the scoring events.
fn copycats_after_reverser(reverse: bool) -> Vec<Event> {
    let set = mixed("bullet+11:dagger");
    let cfg = Config {
        set,
        max_turns_per_round: 1,
        ..Config::standard(3).unwrap()
    };
    let mut t = T::with_config(
        cfg,
        0,
        &[[5, 6, 7, 8, 9], [13, 2, 3, 4, 10], [13, 2, 3, 4, 10]],
        1,
        &[11],
    );
    t.peeks();
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    t.act(if reverse {
        A::UseAbility
    } else {
        A::SkipAbility
    });
    assert_eq!(ended(&t).reason, RoundEnd::TurnCap);
    scoring(&t, from)
}

#[test]
fn e_scoring_order_equal_values_follow_the_current_direction() {
    // Clockwise from the start player: seat 1's Copycat, then seat 2's.
    assert_eq!(
        copycats_after_reverser(false),
        vec![copied(1, 0, 2), copied(2, 0, 2)]
    );
    // After a reversal: counter-clockwise from seat 0, so seat 2's first.
    assert_eq!(
        copycats_after_reverser(true),
        vec![copied(2, 0, 2), copied(1, 0, 2)]
    );
}

#[test]
fn r_end_b_deck_emptied_in_a_turn_ends_the_round_even_if_a_card_went_back_under_it() {
    // A custom 10 moves 28 cards from the deck to the pile (B10 with count 28), leaving one
    // card when seat 0, with a face-up Goth Girl (B3), draws it: the deck is empty, then the
    // discard goes under the deck. The round still ends with the turn.
    let set = CardSet::bullet().with_custom(10, Ability::DeckToPile { count: 28 });
    let mut t = goth(set, [5, 6, 7, 8, 9], [2, 4, 11, 11, 1], &[7, 8, 10]);
    t.draw_discard();
    assert_eq!(t.game.deck_len(), 30);
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    t.end_turn_if_offered();
    assert_eq!(t.game.deck_len(), 1);
    assert_turn_of(&t, 0);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(to_deck_bottom(&t, from).len(), 1);
    if matches!(t.game.stage(), Stage::Ability { .. }) {
        t.act(A::SkipAbility);
    }
    t.end_turn_if_offered();
    assert_eq!(t.game.deck_len(), 1, "the discard is under the deck");
    assert_eq!(ended(&t).reason, RoundEnd::Deck);
    assert_eq!(t.game.to_move(), ToMove::Deal);
}

#[test]
fn b1_r_swap_multi_a_lycan_keeps_a_public_three_and_four_choosable() {
    // A failed exchange of 3, 4 and 9 shows them to everybody. With a face-up Lycan staying in
    // the village, 3 and 4 can still match; 3 and 9 can never: not offered.
    let mut t = lycan([6, 3, 4, 9, 9], &[1, 5, 2, 7, 8]);
    let from = multi(&mut t, &[1, 2, 3]);
    assert!(!exchange_success(&t, from));
    assert!((1..4).all(|s| t.game.knows(1, 0, s)));
    t.draw_discard();
    t.acts(&[DRAW, A::Select { slot: 1 }]);
    assert!(t.is_legal(A::Select { slot: 2 }));
    t.illegal(A::Select { slot: 3 });
    t.act(A::Select { slot: 2 });
    t.act(A::ConfirmExchange);
    assert!(t
        .events
        .iter()
        .rev()
        .any(|e| matches!(e, GameEvent::Exchanged { success: true, .. })));
}
