//! E-COIN, E-TOKEN and E-DAGGER: the Coin and Dagger tokens.

use super::*;

// ---------------------------------------------------------------------------------------------
// E-COIN
// ---------------------------------------------------------------------------------------------

#[test]
fn e_coin_token_flips_face_down_card_up_once_per_round() {
    let mut t = holder_game(
        coin(),
        2,
        &[[5, 6, 7, 9, 3], [10, 11, 12, 13, 8]],
        1,
        &[1, 7, 7],
    );
    // Any card of any village.
    assert_eq!(
        sorted(token_actions(&t)),
        sorted(flips(&[(0, &[0, 1, 2, 3, 4]), (1, &[0, 1, 2, 3, 4])]))
    );
    let from = t.events.len();
    t.act(A::TokenFlip { seat: 1, slot: 3 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Flipped {
                seat: 0,
                owner: 1,
                slot: 3,
                value: 13
            }
        )),
        1
    );
    assert_eq!(t.face_up(1), vec![false, false, false, true, false]);
    assert!(t.game.knows(0, 1, 3) && t.game.knows(1, 1, 3));
    assert!(t.game.token_used());
    assert!(token_actions(&t).is_empty());
    t.illegal(A::TokenFlip { seat: 1, slot: 0 });
    t.draw_discard();
    t.draw_discard();
    // Once per round: not again in the holder's next turn.
    assert_turn_of(&t, 0);
    assert!(token_actions(&t).is_empty());
}

#[test]
fn e_coin_token_turns_face_up_card_face_down() {
    let mut t = holder_game(
        coin(),
        2,
        &[[5, 6, 7, 9, 3], [10, 11, 12, 13, 8]],
        1,
        &[7, 7],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert_eq!(t.face_up(0), vec![true, false, false, false, false]);
    // After the main action the token power is still available.
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    let from = t.events.len();
    t.act(A::TokenFlip { seat: 0, slot: 0 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::TurnedDown {
                seat: 0,
                owner: 0,
                slot: 0
            }
        )),
        1
    );
    assert_eq!(t.face_up(0), vec![false; 5]);
    // It stays known to everybody.
    assert!(t.game.knows(0, 0, 0) && t.game.knows(1, 0, 0));
    assert_eq!(t.village(0)[0], 1);
    assert_legal(&t, vec![A::EndTurn]);
}

#[test]
fn e_coin_token_respects_bodyguard_protection() {
    let mut t = holder_game(
        coin(),
        2,
        &[[5, 6, 7, 9, 9], [5, 6, 7, 8, 12]],
        1,
        &[3, 7, 7],
    );
    // Seat 0 discards a Bodyguard; seat 1 takes it face-up and guards its slot 0.
    t.draw_discard();
    t.acts(&[
        A::TakeDiscard,
        A::Exchange { slot: 4 },
        A::GuardPlace {
            guard: 4,
            target: 0,
        },
        A::EndTurn,
    ]);
    assert_eq!(t.game.guarding(1, 4), Some(0));
    assert_turn_of(&t, 0);
    // Neither the Bodyguard nor the card it protects can be flipped by seat 0's token.
    assert_eq!(
        sorted(token_actions(&t)),
        sorted(flips(&[(0, &[0, 1, 2, 3, 4]), (1, &[1, 2, 3])]))
    );
    t.illegal(A::TokenFlip { seat: 1, slot: 0 });
    t.illegal(A::TokenFlip { seat: 1, slot: 4 });
}

#[test]
fn e_coin_token_forbids_census() {
    let mut t = holder_game(
        coin(),
        2,
        &[[6, 6, 7, 9, 12], [5, 6, 7, 8, 12]],
        1,
        &[3, 7, 7],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.game.village_len(0), 4);
    t.end_turn_if_offered();
    t.draw_discard();
    assert_turn_of(&t, 0);
    assert!(t.is_legal(A::CallCensus));
    t.act(A::TokenFlip { seat: 1, slot: 0 });
    t.illegal(A::CallCensus);
}

// ---------------------------------------------------------------------------------------------
// E-TOKEN
// ---------------------------------------------------------------------------------------------

#[test]
fn e_token_no_token_power_in_census_turn() {
    for set in [coin(), dagger()] {
        let mut t = holder_game(set, 2, &[[6, 6, 7, 9, 12], [5, 6, 7, 8, 12]], 1, &[3, 7, 7]);
        t.acts(&[
            DRAW,
            A::Select { slot: 0 },
            A::Select { slot: 1 },
            A::ConfirmExchange,
        ]);
        t.end_turn_if_offered();
        t.draw_discard();
        assert_turn_of(&t, 0);
        assert!(t.is_legal(A::CallCensus));
        assert!(!token_actions(&t).is_empty());
        // Calling is the whole turn: the turn passes at once, the token unused.
        let from = t.events.len();
        t.act(A::CallCensus);
        assert_eq!(turns_started(&t, from), vec![1]);
        assert_turn_of(&t, 1);
        assert!(!t.game.token_used());
        assert!(token_actions(&t).is_empty());
        t.draw_discard();
        let e = ended(&t);
        assert_eq!(e.reason, RoundEnd::Census);
        assert_eq!(e.caller, Some(0));
        assert!(!t.events_since(from).iter().any(|e| matches!(
            e,
            GameEvent::Flipped { .. }
                | GameEvent::TurnedDown { .. }
                | GameEvent::DirectionReversed { .. }
        )));
    }
}

// ---------------------------------------------------------------------------------------------
// E-DAGGER
// ---------------------------------------------------------------------------------------------

#[test]
fn e_dagger_token_reverses_direction_with_4_players() {
    let mut t = holder_game(
        dagger(),
        4,
        &[
            [6, 7, 8, 9, 3],
            [9, 10, 12, 12, 13],
            [10, 10, 12, 12, 13],
            [9, 9, 10, 8, 8],
        ],
        1,
        &[7, 7, 7, 6],
    );
    assert_eq!(token_actions(&t), vec![A::TokenReverse]);
    let from = t.events.len();
    t.act(A::TokenReverse);
    assert!(t.game.counter_clockwise());
    assert!(t.game.token_used());
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
    for _ in 0..4 {
        t.draw_discard();
    }
    assert_eq!(turns_started(&t, from), vec![3, 2, 1, 0]);
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::TurnSkipped { .. })),
        0
    );
    // Once per round.
    assert!(token_actions(&t).is_empty());
}

#[test]
fn e_dagger_token_reverses_direction_with_3_players() {
    let mut t = holder_game(
        dagger(),
        3,
        &[[6, 7, 8, 9, 3], [9, 10, 12, 12, 13], [10, 10, 12, 12, 13]],
        1,
        &[7, 7, 7],
    );
    let from = t.events.len();
    t.act(A::TokenReverse);
    for _ in 0..3 {
        t.draw_discard();
    }
    assert_eq!(turns_started(&t, from), vec![2, 1, 0]);
}

#[test]
fn e_dagger_token_in_2_players_skips_opponents_next_turn() {
    let mut t = holder_game(
        dagger(),
        2,
        &[[6, 7, 8, 9, 3], [9, 10, 12, 12, 13]],
        1,
        &[1, 7, 7],
    );
    let from = t.events.len();
    t.act(A::TokenReverse);
    t.draw_discard();
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::TurnSkipped { seat: 1 }
        )),
        1
    );
    assert_eq!(turns_started(&t, from), vec![0]);
    assert_turn_of(&t, 0);
    // Once per round: seat 0 plays again without the token; seat 1 is not skipped again.
    assert!(token_actions(&t).is_empty());
    let from = t.events.len();
    t.draw_discard();
    assert_turn_of(&t, 1);
    assert_eq!(
        count(&t, from, |e| matches!(e, GameEvent::TurnSkipped { .. })),
        0
    );
}

#[test]
fn e_dagger_token_forbids_census() {
    let mut t = holder_game(
        dagger(),
        2,
        &[[6, 6, 7, 9, 12], [5, 6, 7, 8, 12]],
        1,
        &[3, 7, 7],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    t.end_turn_if_offered();
    t.draw_discard();
    assert_turn_of(&t, 0);
    assert!(t.is_legal(A::CallCensus));
    t.act(A::TokenReverse);
    t.illegal(A::CallCensus);
}
