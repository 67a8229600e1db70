//! RULES.md §4 End of round, scoring and the token (R-END, R-SCORE, R-TOKEN-WIN, R-GAME-4,
//! R-GAME-100) and the two termination caps of docs/rulings.md (turn cap, points-game round cap).

use super::*;

// ----------------------------------------------------------------------------------------------
// §4 End of round, scoring, token
// ----------------------------------------------------------------------------------------------

#[test]
fn r_end_a_after_the_last_extra_turn_four_players() {
    // Seat 3 calls: seats 0, 1, 2 each play once more, then the round ends.
    let mut t = T::stacked(
        4,
        0,
        &[
            [1, 2, 3, 4, 5],
            [1, 2, 3, 4, 5],
            [1, 2, 3, 4, 5],
            [7, 7, 6, 6, 0],
        ],
        9,
        &[],
    );
    census_round(&mut t, 3);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(3));
    assert_eq!(e.turns, 4 + 4 + 3);
    let call = position(&t, |e| matches!(e, GameEvent::CensusCalled { .. }));
    let after = t.events_since(call);
    for s in 0..3 {
        assert_eq!(
            after
                .iter()
                .filter(|e| matches!(e, GameEvent::Acted { seat, action: A::DrawDeck { .. } } if *seat == s))
                .count(),
            1
        );
    }
    assert_eq!(t.game.stage(), Stage::Deal);
}

#[test]
fn r_end_b_round_ends_at_end_of_the_turn_that_empties_the_deck() {
    let mut t = two_player_basic(11, &[]);
    let mut turns = 0;
    while t.game.deck_len() > 1 {
        t.draw_discard();
        turns += 1;
    }
    assert_eq!(turns, 30);
    assert_eq!(t.game.to_move(), ToMove::Player(0));
    let last = t.deck()[0];
    t.act(DRAW);
    assert_eq!(t.game.deck_len(), 0);
    assert!(
        matches!(t.game.stage(), Stage::Holding { .. }),
        "the turn goes on"
    );
    assert_eq!(rounds_ended(&t), 0);
    t.act(A::Exchange { slot: 0 });
    assert_eq!(t.village(0)[0], last);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Deck);
    assert_eq!(e.turns, 31);
    assert_eq!(e.caller, None);
    assert_eq!(t.game.stage(), Stage::Deal);
}

#[test]
fn r_end_b_census_extra_turns_lost_when_the_deck_runs_out() {
    let mut t = T::stacked(
        3,
        0,
        &[[4, 4, 3, 2, 1], [5, 6, 7, 8, 9], [10, 11, 12, 13, 0]],
        9,
        &[2],
    );
    t.peeks();
    pair_exchange(&mut t);
    while !(t.game.turn_player() == 0 && t.game.deck_len() == 1) {
        t.draw_discard();
    }
    t.act(A::CallCensus);
    let call = t.events.len();
    t.draw_discard(); // seat 1 takes the last card
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Deck);
    assert_eq!(e.caller, Some(0));
    assert_eq!(
        count_acted_by(t.events_since(call), 2),
        0,
        "seat 2 lost its turn"
    );
    // Scoring still applies the census: seat 0 (8) is lowest.
    assert_eq!(e.sums[0], 8);
    assert_eq!(e.scores[0], 0);
}

#[test]
fn r_end_c_two_face_up_villagers_end_the_round_at_once() {
    let mut t = T::stacked(
        3,
        0,
        &[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 1, 2]],
        0,
        &[0],
    );
    t.peeks();
    t.act(A::TakeDiscard);
    t.act(A::Exchange { slot: 0 });
    assert!(t.face_up(0)[0]);
    t.act(DRAW);
    t.act(A::Discard);
    // A Villager on the discard pile does not count.
    assert_eq!(t.pile(), [1, 0]);
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_eq!(t.game.to_move(), ToMove::Player(2));
    t.act(A::TakeDiscard);
    t.act(A::Exchange { slot: 0 });
    assert_eq!(t.game.stage(), Stage::Deal, "ends at once");
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Villagers);
    assert_eq!(e.turns, 2, "the third turn never completed");
    assert_eq!(e.sums, [14, 40, 28]);
    assert_eq!(e.scores, [14, 40, 28]);
}

#[test]
fn r_end_c_villagers_only_shown_in_an_exchange_do_not_count() {
    let mut t = T::stacked(2, 0, &[[1, 2, 3, 4, 5], [0, 6, 7, 8, 9]], 0, &[10]);
    t.peeks();
    t.act(A::TakeDiscard);
    t.act(A::Exchange { slot: 0 });
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(1), [0, 6, 7, 8, 9, 10]);
    assert_eq!(t.face_up(1), [false; 6]);
    assert!(t.game.knows(0, 1, 0));
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_eq!(t.game.to_move(), ToMove::Player(0));
    assert_eq!(rounds_ended(&t), 0);
}

#[test]
fn r_score_census_success_with_a_tie_caller_scores_zero() {
    // Caller: [2,3,2,1] = 8; the other: [1,1,3,3,0] = 8.
    let mut t = T::stacked(2, 0, &[[4, 4, 3, 2, 1], [1, 1, 3, 3, 0]], 9, &[2, 3, 4]);
    census_round(&mut t, 0);
    let e = ended(&t);
    assert_eq!(e.sums, [8, 8]);
    assert_eq!(e.scores, [0, 8]);
    assert_eq!(e.totals, [0, 8]);
    assert_eq!(t.game.totals()[..2], [0, 8]);
    assert_eq!(t.game.last_round_scores()[..2], [0, 8]);
    // All cards were revealed.
    let finals: Vec<(Seat, Value)> = t
        .events
        .iter()
        .filter_map(|e| match *e {
            GameEvent::FinalCard { owner, value, .. } => Some((owner, value)),
            _ => None,
        })
        .collect();
    assert_eq!(
        finals,
        [
            (0, 2),
            (0, 3),
            (0, 2),
            (0, 1),
            (1, 1),
            (1, 1),
            (1, 3),
            (1, 3),
            (1, 0)
        ]
    );
}

#[test]
fn r_score_census_failure_adds_ten() {
    // Caller: [2,3,3,5] = 13; the other: [1,1,2,2,0] = 6.
    let mut t = T::stacked(2, 0, &[[4, 4, 3, 3, 5], [1, 1, 2, 2, 0]], 9, &[2, 6, 7]);
    census_round(&mut t, 0);
    let e = ended(&t);
    assert_eq!(e.sums, [13, 6]);
    assert_eq!(e.scores, [23, 6]);
    assert_eq!(e.totals, [23, 6]);
}

#[test]
fn r_score_without_census_scores_are_the_sums_and_add_up() {
    let mut t = T::with_config(
        standard_with_cap(2, 2),
        0,
        &[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]],
        11,
        &[],
    );
    quiet_round(&mut t);
    let e = ended(&t);
    assert_eq!(e.caller, None);
    assert_eq!(
        (e.sums.clone(), e.scores.clone()),
        (vec![15, 40], vec![15, 40])
    );
    t.deal_next(&[[13, 13, 12, 1, 1], [2, 2, 2, 2, 3]], 11, &[]);
    quiet_round(&mut t);
    let e = ended(&t);
    assert_eq!(e.scores, [40, 11]);
    assert_eq!(e.totals, [55, 51]);
}

#[test]
fn r_token_win_successful_caller_starts_and_holds_the_token() {
    // 3 players, seat 1 starts, seat 2 calls and is lowest.
    let mut t = T::stacked(
        3,
        1,
        &[[5, 6, 7, 8, 9], [10, 10, 11, 11, 12], [3, 3, 1, 2, 4]],
        13,
        &[2, 1, 2, 3, 4, 5],
    );
    census_round(&mut t, 2);
    let e = ended(&t);
    assert_eq!(e.sums, [35, 54, 8]);
    assert_eq!(e.scores, [35, 54, 0]);
    assert_eq!((e.next_start, e.next_holder), (2, Some(2)));
    t.deal_next(&[], 13, &[]);
    assert_eq!(t.game.start_player(), 2);
    assert_eq!(t.game.token_holder(), Some(2));
    t.peeks();
    assert_eq!(t.game.to_move(), ToMove::Player(2));
    assert!(t.legal().contains(&A::PlaceToken { slot: 0 }));
    t.act(A::PlaceToken { slot: 4 });
    assert_eq!(t.game.token_slot(), Some((2, 4)));
}

#[test]
fn r_token_win_non_caller_who_starts_does_not_hold_the_token() {
    // Seat 0 calls and fails; seat 1 is lowest and starts round 2 without the token.
    let mut t = T::stacked(2, 0, &[[4, 4, 3, 3, 5], [1, 1, 2, 2, 0]], 9, &[2, 6, 7]);
    census_round(&mut t, 0);
    let e = ended(&t);
    assert_eq!(e.scores, [23, 6]);
    assert_eq!((e.next_start, e.next_holder), (1, None));
    t.deal_next(&[], 9, &[]);
    assert_eq!(t.game.start_player(), 1);
    assert_eq!(t.game.token_holder(), None);
    t.peeks();
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    assert!(!t.legal().iter().any(|a| matches!(a, A::PlaceToken { .. })));
    t.illegal(A::PlaceToken { slot: 0 });
}

/// Sums [10, 20, 10] with 3 players; the round ends on the turn cap.
fn tie_round(start: Seat) -> T {
    let mut t = T::with_config(
        standard_with_cap(3, 3),
        start,
        &[[1, 2, 3, 4, 0], [5, 5, 5, 5, 0], [1, 1, 1, 3, 4]],
        9,
        &[],
    );
    quiet_round(&mut t);
    t
}

#[test]
fn r_token_win_tie_first_lowest_clockwise_from_the_start_player() {
    let t = tie_round(1);
    let e = ended(&t);
    assert_eq!(e.scores, [10, 20, 10]);
    // From seat 1: 1, 2, 0 → seat 2; no census, so no token.
    assert_eq!((e.next_start, e.next_holder), (2, None));
    assert_eq!(t.game.start_player(), 2);
}

#[test]
fn r_token_win_tie_the_start_player_counts_first() {
    let t = tie_round(2);
    assert_eq!((ended(&t).next_start, ended(&t).next_holder), (2, None));
    let t = tie_round(0);
    assert_eq!(ended(&t).next_start, 0);
}

/// 3 players, turn cap 9: round 1 is won by seat 0's census (seat 0 holds the token for round 2).
fn holder_seat0() -> T {
    let mut t = T::with_config(
        standard_with_cap(3, 9),
        0,
        &[[4, 4, 3, 2, 1], [9, 9, 9, 9, 10], [10, 10, 11, 11, 12]],
        5,
        &[2],
    );
    census_round(&mut t, 0);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.scores, [0, 46, 54]);
    assert_eq!((e.next_start, e.next_holder), (0, Some(0)));
    t
}

#[test]
fn r_token_win_holder_keeps_the_token_on_a_tie() {
    let mut t = holder_seat0();
    t.deal_next(
        &[[1, 2, 3, 4, 0], [1, 1, 1, 2, 5], [13, 13, 2, 2, 0]],
        9,
        &[],
    );
    assert_eq!(t.game.token_holder(), Some(0));
    quiet_round(&mut t);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::TurnCap);
    assert_eq!(e.caller, None);
    assert_eq!(e.scores, [10, 10, 30]);
    assert_eq!((e.next_start, e.next_holder), (0, Some(0)));
}

#[test]
fn r_token_win_holder_not_lowest_loses_the_token() {
    let mut t = holder_seat0();
    t.deal_next(
        &[[13, 2, 3, 4, 0], [1, 1, 1, 2, 5], [13, 12, 2, 2, 0]],
        9,
        &[],
    );
    quiet_round(&mut t);
    let e = ended(&t);
    assert_eq!(e.scores, [22, 10, 29]);
    assert_eq!((e.next_start, e.next_holder), (1, None));
    t.deal_next(&[], 9, &[]);
    assert_eq!(t.game.token_holder(), None);
}

#[test]
fn r_game_4_four_rounds_totals_add_lowest_total_wins() {
    let mut t = T::stacked(2, 0, &[[4, 4, 3, 2, 1], [5, 6, 7, 8, 9]], 10, &[2, 3, 3]);
    // Round 1: seat 0 calls with 8 (lowest) → 0; seat 1 35.
    census_round(&mut t, 0);
    let e = ended(&t);
    assert_eq!(
        (e.scores.clone(), e.totals.clone()),
        (vec![0, 35], vec![0, 35])
    );
    assert_eq!((e.next_start, e.next_holder), (0, Some(0)));
    assert_eq!(t.game.stage(), Stage::Deal);
    // Round 2: seat 1 calls with [3,1,1,2] = 7 < 15 → 0.
    t.deal_next(&[[1, 2, 3, 4, 5], [6, 6, 1, 1, 2]], 10, &[4, 3, 4, 13]);
    census_round(&mut t, 1);
    let e = ended(&t);
    assert_eq!(
        (e.scores.clone(), e.totals.clone()),
        (vec![15, 0], vec![15, 35])
    );
    assert_eq!((e.next_start, e.next_holder), (1, Some(1)));
    // Round 3: seat 1 calls with [4,9,9,8] = 30 > 9 → 40; seat 0 starts round 4 without token.
    t.deal_next(&[[1, 1, 2, 2, 3], [5, 5, 9, 9, 8]], 10, &[4, 0, 3]);
    census_round(&mut t, 1);
    let e = ended(&t);
    assert_eq!(
        (e.scores.clone(), e.totals.clone()),
        (vec![9, 40], vec![24, 75])
    );
    assert_eq!((e.next_start, e.next_holder), (0, None));
    assert_eq!(t.game.stage(), Stage::Deal);
    assert!(!t.game.is_over());
    // Round 4: seat 0 calls with [1,1,2,3] = 7 < 16 → 0.
    t.deal_next(&[[7, 7, 1, 2, 3], [2, 2, 3, 4, 5]], 10, &[1, 4, 4]);
    census_round(&mut t, 0);
    let e = ended(&t);
    assert_eq!(
        (e.scores.clone(), e.totals.clone()),
        (vec![0, 16], vec![24, 91])
    );
    assert_eq!(t.game.round(), 4);
    assert_eq!(t.game.stage(), Stage::GameOver);
    assert_eq!(t.game.to_move(), ToMove::Terminal);
    assert!(t.legal().is_empty());
    assert_eq!(t.game.winner(), Some(0));
    assert_eq!(game_ended(&t), (vec![24, 91], 0, 4));
    assert_eq!(rounds_ended(&t), 4);
}

/// Rounds 1–3 of a 3-player standard game (turn cap 9), each dealt with the same `villages`.
fn three_quiet_rounds(villages: &[[Value; 5]; 3]) -> T {
    let mut t = T::with_config(standard_with_cap(3, 9), 0, villages, 9, &[]);
    quiet_round(&mut t);
    for _ in 0..2 {
        t.deal_next(villages, 9, &[]);
        quiet_round(&mut t);
    }
    assert_eq!(t.game.round(), 3);
    assert_eq!(t.game.stage(), Stage::Deal);
    t
}

#[test]
fn r_game_4_tie_token_holder_wins() {
    // Sums 10, 20, 40 three times → totals [30, 60, 120].
    let mut t = three_quiet_rounds(&[[1, 2, 3, 4, 0], [5, 5, 5, 5, 0], [13, 13, 6, 4, 4]]);
    assert_eq!(t.game.totals()[..3], [30, 60, 120]);
    // Round 4: seat 1 calls with [1,1,1,2] = 5 → 0 and holds the token; seat 0 scores 30.
    t.deal_next(
        &[[12, 12, 6, 0, 0], [7, 7, 1, 1, 2], [13, 13, 11, 11, 10]],
        9,
        &[3, 1, 3, 3, 4, 4],
    );
    census_round(&mut t, 1);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.scores, [30, 0, 58]);
    assert_eq!(e.totals, [60, 60, 178]);
    assert_eq!(e.next_holder, Some(1));
    assert_eq!(game_ended(&t), (vec![60, 60, 178], 1, 4));
    assert_eq!(t.game.winner(), Some(1));
    assert_eq!(t.game.finishing_order()[..3], [1, 0, 2]);
}

#[test]
fn r_game_4_tie_without_holder_first_clockwise_from_next_start() {
    // Sums 10, 40, 20 three times → totals [30, 120, 60].
    let mut t = three_quiet_rounds(&[[1, 2, 3, 4, 0], [13, 13, 6, 4, 4], [5, 5, 5, 5, 0]]);
    assert_eq!(t.game.totals()[..3], [30, 120, 60]);
    // Round 4 sums 40, 6, 10 → totals [70, 126, 70]; seat 1 would start a 5th round.
    t.deal_next(
        &[[13, 13, 7, 7, 0], [1, 1, 1, 1, 2], [2, 2, 3, 3, 0]],
        9,
        &[],
    );
    quiet_round(&mut t);
    let e = ended(&t);
    assert_eq!(e.totals, [70, 126, 70]);
    assert_eq!((e.next_start, e.next_holder), (1, None));
    // From seat 1: 1, 2, 0 → seat 2 (not seat 0).
    assert_eq!(game_ended(&t), (vec![70, 126, 70], 2, 4));
    // The finishing order ranks every tie the same way: 2 ahead of 0, then 1.
    assert_eq!(t.game.finishing_order()[..3], [2, 0, 1]);
}

#[test]
fn r_game_4_tie_holder_not_tied_first_clockwise_from_holder() {
    let mut t = three_quiet_rounds(&[[1, 2, 3, 4, 0], [13, 13, 6, 4, 4], [5, 5, 5, 5, 0]]);
    // Round 4: seat 1 calls with 5 → 0 and holds; seat 0 40, seat 2 10 → totals [70, 120, 70].
    t.deal_next(
        &[[13, 13, 8, 6, 0], [7, 7, 1, 1, 2], [2, 2, 3, 3, 0]],
        9,
        &[4, 1, 4, 4, 5, 5],
    );
    census_round(&mut t, 1);
    let e = ended(&t);
    assert_eq!(e.scores, [40, 0, 10]);
    assert_eq!(e.totals, [70, 120, 70]);
    assert_eq!(e.next_holder, Some(1));
    // From the holder, seat 1: 1, 2, 0 → seat 2.
    assert_eq!(game_ended(&t), (vec![70, 120, 70], 2, 4));
}

#[test]
fn r_game_100_ends_after_the_round_a_total_reaches_100() {
    let mut t = T::with_config(
        points(2, 2, true, 100),
        0,
        &[[12, 12, 12, 12, 13], [1, 1, 1, 1, 2]],
        9,
        &[],
    );
    quiet_round(&mut t);
    assert_eq!(ended(&t).totals, [61, 6]);
    assert_eq!(t.game.stage(), Stage::Deal);
    t.deal_next(&[[11, 11, 11, 11, 10], [2, 2, 2, 3, 3]], 9, &[]);
    quiet_round(&mut t);
    assert_eq!(ended(&t).totals, [115, 18]);
    assert_eq!(t.game.stage(), Stage::GameOver);
    assert_eq!(game_ended(&t), (vec![115, 18], 1, 2));
}

#[test]
fn r_game_100_bounce_exactly_100_becomes_50_once_per_player() {
    let mut t = T::with_config(
        points(2, 2, true, 100),
        0,
        &[[12, 12, 12, 12, 2], [1, 1, 1, 1, 2]],
        9,
        &[],
    );
    quiet_round(&mut t);
    assert_eq!(ended(&t).totals, [50, 6]);
    // 12,12,13,13 plus a fifth card is not a kamikaze.
    t.deal_next(&[[13, 13, 12, 12, 0], [1, 1, 1, 1, 2]], 9, &[]);
    quiet_round(&mut t);
    let e = ended(&t);
    assert_eq!(e.kamikaze, None);
    assert_eq!(e.scores, [50, 6]);
    assert_eq!(e.totals, [50, 12]);
    assert_eq!(e.bounced, 0b01);
    assert_eq!(
        t.game.stage(),
        Stage::Deal,
        "the bounced 100 does not end the game"
    );
    t.deal_next(&[[11, 11, 11, 11, 6], [1, 1, 1, 1, 2]], 9, &[]);
    quiet_round(&mut t);
    let e = ended(&t);
    assert_eq!(e.totals, [100, 18]);
    assert_eq!(e.bounced, 0);
    assert_eq!(t.game.stage(), Stage::GameOver);
    assert_eq!(game_ended(&t), (vec![100, 18], 1, 3));
}

#[test]
fn r_game_100_no_bounce_when_disabled() {
    let mut t = T::with_config(
        points(2, 2, false, 100),
        0,
        &[[12, 12, 12, 12, 2], [1, 1, 1, 1, 2]],
        9,
        &[],
    );
    quiet_round(&mut t);
    t.deal_next(&[[12, 12, 12, 12, 2], [1, 1, 1, 1, 2]], 9, &[]);
    quiet_round(&mut t);
    assert_eq!(ended(&t).totals, [100, 12]);
    assert_eq!(ended(&t).bounced, 0);
    assert_eq!(t.game.stage(), Stage::GameOver);
}

#[test]
fn r_game_100_kamikaze_scores_zero_others_fifty_even_as_failed_caller() {
    // Seat 0 draws the second 13 and exchanges it for its two 7s: [12,12,13,13].
    let mut t = T::with_config(
        points(2, DEFAULT_MAX_TURNS, true, 100),
        0,
        &[[12, 12, 13, 7, 7], [1, 1, 2, 2, 0]],
        9,
        &[13, 3, 4],
    );
    t.peeks();
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 3 },
        A::Select { slot: 4 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [12, 12, 13, 13]);
    t.draw_discard();
    t.act(A::CallCensus);
    t.draw_discard();
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(e.sums, [50, 6], "the census alone would give seat 0 60");
    assert_eq!(e.kamikaze, Some(0));
    assert_eq!(e.scores, [0, 50]);
    assert_eq!(e.totals, [0, 50]);
    assert_eq!(t.game.stage(), Stage::Deal);
}

#[test]
fn r_game_100_tie_goes_to_the_lowest_last_round_score() {
    let mut t = T::with_config(
        points(3, 3, true, 100),
        0,
        &[[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [13, 13, 12, 12, 12]],
        9,
        &[],
    );
    quiet_round(&mut t);
    assert_eq!(ended(&t).totals, [15, 20, 62]);
    t.deal_next(
        &[
            [12, 12, 12, 12, 2],
            [11, 11, 11, 11, 1],
            [10, 10, 10, 10, 0],
        ],
        9,
        &[],
    );
    quiet_round(&mut t);
    let e = ended(&t);
    assert_eq!(e.scores, [50, 45, 40]);
    assert_eq!(e.totals, [65, 65, 102]);
    // The R-GAME-4 rule alone would count from seat 2 and pick seat 0.
    assert_eq!(e.next_start, 2);
    assert_eq!(game_ended(&t), (vec![65, 65, 102], 1, 2));
    assert_eq!(t.game.finishing_order()[..3], [1, 0, 2]);
}

#[test]
fn points_game_round_cap_ends_the_game() {
    let mut t = T::with_config(
        points(2, 2, true, 2),
        0,
        &[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]],
        11,
        &[],
    );
    quiet_round(&mut t);
    assert_eq!(t.game.stage(), Stage::Deal);
    t.deal_next(&[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], 11, &[]);
    quiet_round(&mut t);
    assert_eq!(ended(&t).totals, [30, 80]);
    assert_eq!(t.game.stage(), Stage::GameOver);
    assert_eq!(game_ended(&t), (vec![30, 80], 0, 2));
    // And the cap must be at least 1.
    assert_eq!(
        points(2, 2, true, 0).validate(),
        Err(ConfigError::ZeroCap("max_rounds"))
    );
    assert_eq!(
        GameModel::POINTS_100,
        GameModel::Points {
            target: 100,
            bounce: true,
            kamikaze: true,
            max_rounds: DEFAULT_MAX_ROUNDS
        }
    );
}

#[test]
fn turn_cap_ends_the_round_with_reason_turn_cap_scored_normally() {
    let mut t = T::with_config(
        standard_with_cap(2, 3),
        0,
        &[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]],
        11,
        &[],
    );
    t.peeks();
    t.draw_discard();
    t.draw_discard();
    assert_eq!(t.game.turn_number(), 2);
    assert_eq!(t.game.stage(), Stage::Turn);
    t.draw_discard();
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::TurnCap);
    assert_eq!(e.turns, 3);
    assert_eq!(e.caller, None);
    assert_eq!(e.scores, [15, 40]);
    assert_eq!(t.game.stage(), Stage::Deal);
    assert_eq!(RoundEnd::TurnCap.name(), "turn-cap");
}

#[test]
fn turn_cap_census_reason_is_checked_first() {
    // The census's last extra turn is also the 4th turn: the reason is the census.
    let mut t = T::with_config(
        standard_with_cap(2, 4),
        0,
        &[[4, 4, 3, 2, 1], [1, 1, 3, 3, 0]],
        9,
        &[2, 3, 4],
    );
    census_round(&mut t, 0);
    let e = ended(&t);
    assert_eq!(e.turns, 4);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.scores, [0, 8]);
}

#[test]
fn turn_cap_default_400_and_must_be_positive() {
    assert_eq!(Config::standard(2).unwrap().max_turns_per_round, 400);
    assert_eq!(DEFAULT_MAX_TURNS, 400);
    assert_eq!(
        standard_with_cap(2, 0).validate(),
        Err(ConfigError::ZeroCap("max_turns_per_round"))
    );
}
