//! D5 Approximator, D11 Reverser, D12 Master Thief.

use super::*;

// ---------------------------------------------------------------------------------------------
// D5 Approximator
// ---------------------------------------------------------------------------------------------

fn approximator() -> T {
    game(
        dagger(),
        2,
        &[[9, 6, 7, 8, 3], [9, 10, 11, 12, 13]],
        1,
        &[5],
    )
}

#[test]
fn d5_approximate_offered_only_with_exactly_two_selected() {
    let mut t = approximator();
    t.act(DRAW);
    assert!(!t.is_legal(A::Approximate));
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
    t.act(A::Select { slot: 2 });
    assert_legal(
        &t,
        vec![
            A::Select { slot: 3 },
            A::Select { slot: 4 },
            A::ConfirmExchange,
            A::Approximate,
        ],
    );
    t.act(A::Select { slot: 3 });
    assert_legal(&t, vec![A::Select { slot: 4 }, A::ConfirmExchange]);
    // A drawn card that is not an Approximator never offers it.
    let mut t = game(
        dagger(),
        2,
        &[[9, 6, 7, 8, 3], [9, 10, 11, 12, 13]],
        1,
        &[7],
    );
    t.acts(&[DRAW, A::Select { slot: 0 }, A::Select { slot: 2 }]);
    assert!(!t.is_legal(A::Approximate));
}

#[test]
fn d5_approximator_replaces_two_non_matching_cards_lower_on_top_and_is_shown() {
    let mut t = approximator();
    let from = t.events.len();
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 2 },
        A::Approximate,
    ]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Exchanged {
                success: true,
                placed_at: 0,
                face_up: false,
                ..
            }
        )),
        1
    );
    assert_eq!(count(&t, from, |e| matches!(e, GameEvent::Shown { .. })), 2);
    assert_eq!(t.village(0), vec![5, 6, 8, 3]);
    assert_eq!(t.face_up(0), vec![false; 4]);
    assert_eq!(t.pile(), vec![1, 9, 7]);
    // Using the power shows the Approximator to everybody.
    assert!(t.game.knows(0, 0, 0) && t.game.knows(1, 0, 0));
    assert_turn_of(&t, 1);
}

#[test]
fn d5_confirm_exchange_follows_usual_rules() {
    let mut t = approximator();
    let from = t.events.len();
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 2 },
        A::ConfirmExchange,
    ]);
    // 9 and 7 do not match: R-SWAP-FAIL, the Approximator joins face-down, unseen by seat 1.
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Exchanged { success: false, .. }
        )),
        1
    );
    assert_eq!(t.village(0), vec![9, 6, 7, 8, 3, 5]);
    assert_eq!(t.face_up(0), vec![false; 6]);
    assert_eq!(t.pile(), vec![1]);
    assert!(t.game.knows(0, 0, 5));
    assert!(!t.game.knows(1, 0, 5));
    assert!(t.game.knows(1, 0, 0) && t.game.knows(1, 0, 2));
}

#[test]
fn d5_not_from_the_discard_pile() {
    let mut t = game(
        dagger(),
        2,
        &[[9, 6, 7, 8, 3], [9, 10, 11, 12, 13]],
        5,
        &[1],
    );
    t.acts(&[A::TakeDiscard, A::Select { slot: 0 }, A::Select { slot: 2 }]);
    assert_legal(
        &t,
        vec![
            A::Select { slot: 3 },
            A::Select { slot: 4 },
            A::ConfirmExchange,
        ],
    );
    t.illegal(A::Approximate);
}

// ---------------------------------------------------------------------------------------------
// D11 Reverser
// ---------------------------------------------------------------------------------------------

#[test]
fn d11_reverser_reverses_turn_order_3_players() {
    let mut t = game(
        dagger(),
        3,
        &[[6, 7, 8, 9, 3], [9, 10, 12, 12, 13], [10, 10, 12, 12, 13]],
        1,
        &[11, 7, 7, 7],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_legal(&t, vec![A::UseAbility, A::SkipAbility]);
    t.act(A::UseAbility);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::DirectionReversed {
                seat: 0,
                counter_clockwise: true
            }
        )),
        1
    );
    assert!(t.game.counter_clockwise());
    t.draw_discard();
    t.draw_discard();
    assert_eq!(turns_started(&t, from), vec![2, 1, 0]);
    assert_turn_of(&t, 0);
}

#[test]
fn d11_reverser_reverses_turn_order_4_players() {
    let mut t = game(
        dagger(),
        4,
        &[
            [6, 7, 8, 9, 3],
            [9, 10, 12, 12, 13],
            [10, 10, 12, 12, 13],
            [9, 9, 10, 8, 8],
        ],
        1,
        &[7, 11, 7, 7, 11, 6],
    );
    let from = t.events.len();
    t.draw_discard();
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    t.draw_discard();
    t.draw_discard();
    // Seat 2 reverses again: clockwise once more.
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert!(!t.game.counter_clockwise());
    assert_eq!(turns_started(&t, from), vec![1, 0, 3, 2, 3]);
}

#[test]
fn d11_reverser_skipped_changes_nothing() {
    let mut t = game(
        dagger(),
        3,
        &[[6, 7, 8, 9, 3], [9, 10, 12, 12, 13], [10, 10, 12, 12, 13]],
        1,
        &[11, 7],
    );
    t.acts(&[DRAW, A::Discard, A::SkipAbility]);
    assert!(!t.game.counter_clockwise());
    assert_turn_of(&t, 1);
}

#[test]
fn d11_reverser_in_2_players_skips_the_opponents_next_turn() {
    // D11 / RULES.md §7: with 2 players a reversal means you play again, exactly as with the
    // Dagger token (E-DAGGER).
    let mut t = game(
        dagger(),
        2,
        &[[6, 7, 8, 9, 3], [9, 10, 12, 12, 13]],
        1,
        &[11, 7, 7],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::TurnSkipped { seat: 1 }
        )),
        1
    );
    assert_eq!(turns_started(&t, from), vec![0]);
    assert_turn_of(&t, 0);
    // Only that one turn: after seat 0's second turn, seat 1 plays.
    t.draw_discard();
    assert_turn_of(&t, 1);
}

/// 4 players: seat 0 exchanges a pair (4 cards left); seat 1 draws a Reverser and uses it, so
/// seat 0 plays next and calls census. `deck_after` follows.
fn census_after_reverse(deck_after: &[Value]) -> (T, usize) {
    let mut deck = vec![3, 11];
    deck.extend_from_slice(deck_after);
    let mut t = game(
        dagger(),
        4,
        &[
            [6, 6, 1, 1, 3],
            [9, 9, 10, 10, 13],
            [12, 12, 13, 8, 8],
            [12, 12, 10, 10, 9],
        ],
        0,
        &deck,
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert_turn_of(&t, 0);
    let from = t.events.len();
    t.act(A::CallCensus);
    (t, from)
}

#[test]
fn d11_census_extra_turns_follow_current_direction() {
    let (mut t, from) = census_after_reverse(&[7, 7, 7]);
    while t.game.stage() == Stage::Turn {
        t.draw_discard();
    }
    assert_eq!(turns_started(&t, from), vec![3, 2, 1]);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(e.sums[0], 3 + 1 + 1 + 3);
    assert_eq!(e.scores[0], 0);
}

#[test]
fn d11_reverse_during_census_extra_turns_caller_never_plays_again() {
    // Seat 3 (first extra turn, counter-clockwise) reverses: clockwise the next player would be
    // the caller, who is passed over; seats 1 and 2 each play exactly one extra turn.
    let (mut t, from) = census_after_reverse(&[11, 7, 7]);
    assert_turn_of(&t, 3);
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert!(!t.game.counter_clockwise());
    while t.game.stage() == Stage::Turn {
        assert_ne!(t.game.turn_player(), 0, "the caller never plays again");
        t.draw_discard();
    }
    assert_eq!(turns_started(&t, from), vec![3, 1, 2]);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(e.scores[0], 0);
}

// ---------------------------------------------------------------------------------------------
// D12 Master Thief
// ---------------------------------------------------------------------------------------------

#[test]
fn d12_master_thief_swaps_like_robber_and_looks() {
    let mut t = game(
        dagger(),
        2,
        &[[9, 6, 7, 8, 3], [10, 10, 11, 13, 13]],
        1,
        &[12],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(true));
    // Any card of the opponent (face-up or not).
    assert_legal(&t, with(targets(1, &[0, 1, 2, 3, 4]), &[A::SkipAbility]));
    t.act(tg(1, 2));
    assert_legal(
        &t,
        vec![
            A::Give { slot: 0 },
            A::Give { slot: 1 },
            A::Give { slot: 2 },
            A::Give { slot: 3 },
            A::Give { slot: 4 },
        ],
    );
    t.act(A::Give { slot: 0 });
    assert_eq!(t.village(0), vec![11, 6, 7, 8, 3]);
    assert_eq!(t.village(1), vec![10, 10, 9, 13, 13]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    assert_eq!(t.face_up(1), vec![false; 5]);
    // The thief looked at the card it received; the victim does not know either card.
    assert!(t.game.knows(0, 0, 0));
    assert!(!t.game.knows(1, 0, 0));
    assert!(t.game.knows(0, 1, 2), "seat 0 had peeked the 9 it gave");
    assert!(!t.game.knows(1, 1, 2));
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
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::AbilityUsed {
                value: 12,
                ability: Ability::RobberSwap,
                ..
            }
        )),
        1
    );
    assert_eq!(t.pile(), vec![1, 12]);
    assert_turn_of(&t, 1);
}

#[test]
fn d12_master_thief_keeps_orientation_of_face_up_card() {
    // Seat 1 first takes the first discard face-up into slot 0; seat 0's Master Thief takes it.
    let mut t = game(
        dagger(),
        2,
        &[[9, 6, 7, 8, 3], [10, 10, 11, 13, 13]],
        1,
        &[7, 12],
    );
    t.draw_discard();
    assert_eq!(t.game.discard_top(), Some(7));
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert_eq!(t.face_up(1), vec![true, false, false, false, false]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard, tg(1, 0), A::Give { slot: 3 }]);
    assert_eq!(t.village(0), vec![9, 6, 7, 7, 3]);
    assert_eq!(t.village(1), vec![8, 10, 11, 13, 13]);
    assert_eq!(t.face_up(0), vec![false, false, false, true, false]);
    assert_eq!(t.face_up(1), vec![false; 5]);
    // A face-up card needs no look.
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::Peeked { .. })),
        0
    );
    assert!(!t.game.knows(0, 1, 0) && !t.game.knows(1, 1, 0));
}
