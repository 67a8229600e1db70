//! RULES.md §2 A turn: R-DRAW, R-TAKE, R-CENSUS.

use super::*;

// ----------------------------------------------------------------------------------------------
// §2 A turn
// ----------------------------------------------------------------------------------------------

#[test]
fn r_draw_only_the_drawer_sees_the_card_and_may_discard_or_exchange() {
    let mut t = two_player_basic(11, &[7]);
    assert_eq!(t.game.deck_len(), 31);
    t.act(DRAW);
    assert_eq!(t.game.deck_len(), 30);
    assert!(matches!(
        t.game.stage(),
        Stage::Holding {
            from: CardSource::Deck,
            ..
        }
    ));
    let drew = t
        .events
        .iter()
        .rev()
        .find_map(|e| match *e {
            GameEvent::Drew { seat, from, value } => Some((seat, from, value)),
            _ => None,
        })
        .unwrap();
    assert_eq!(drew.0, 0);
    assert_eq!(drew.1, CardSource::Deck);
    assert_eq!(drew.2.omniscient(), 7);
    assert_eq!(drew.2.seen_mask(), 0b01, "only the drawer sees it");
    assert_eq!(t.legal(), holding_from_deck(5));
    t.illegal(A::TakeDiscard);
    t.illegal(A::CallCensus);
    t.illegal(DRAW);
}

#[test]
fn r_draw_exchange_enters_face_down_known_to_drawer_only() {
    let mut t = two_player_basic(11, &[7]);
    t.act(DRAW);
    t.act(A::Exchange { slot: 4 });
    assert_eq!(t.village(0), [1, 2, 3, 4, 7]);
    assert_eq!(t.face_up(0), [false; 5]);
    assert!(t.game.knows(0, 0, 4));
    assert!(!t.game.knows(1, 0, 4));
    assert_eq!(t.pile(), [11, 5]);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    assert_eq!(t.game.stage(), Stage::Turn);
}

#[test]
fn r_draw_discard_then_ability_is_optional() {
    let mut t = two_player_basic(11, &[6, 3]);
    t.act(DRAW);
    t.act(A::Discard);
    assert_eq!(t.pile(), [11, 6]);
    assert!(matches!(
        t.game.stage(),
        Stage::Ability {
            step: AbilityStep::Choose,
            ..
        }
    ));
    // R-A6 Revealer: any face-down opponent card, or skip.
    let mut expected: Vec<A> = (0..5).map(|slot| A::Target { seat: 1, slot }).collect();
    expected.push(A::SkipAbility);
    assert_eq!(t.legal(), expected);
    t.illegal(A::Target { seat: 0, slot: 0 });
    t.act(A::SkipAbility);
    assert_eq!(t.face_up(1), [false; 5]);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    // A card without a discard ability (3) just ends the turn.
    t.act(DRAW);
    t.act(A::Discard);
    assert_eq!(t.pile(), [11, 6, 3]);
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_eq!(t.game.to_move(), ToMove::Player(0));
}

#[test]
fn r_draw_discard_ability_may_be_used() {
    let mut t = two_player_basic(11, &[5]);
    t.act(DRAW);
    t.act(A::Discard);
    t.act(A::Target { seat: 0, slot: 3 });
    assert_eq!(t.face_up(0), [false, false, false, true, false]);
    assert!(t.game.knows(1, 0, 3));
    assert_eq!(t.game.face_up_value(0, 3), Some(4));
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}

#[test]
fn r_take_enters_face_up_cannot_be_discarded_no_ability() {
    let mut t = two_player_basic(9, &[]);
    t.act(A::TakeDiscard);
    assert_eq!(t.pile(), Vec::<u8>::new());
    assert!(matches!(
        t.game.stage(),
        Stage::Holding {
            from: CardSource::Discard,
            ..
        }
    ));
    let mut expected = exchanges(5);
    expected.extend(selects(4));
    assert_eq!(t.legal(), expected, "no Discard of a taken card");
    t.illegal(A::Discard);
    t.act(A::Exchange { slot: 1 });
    assert_eq!(t.village(0), [1, 9, 3, 4, 5]);
    assert_eq!(t.face_up(0), [false, true, false, false, false]);
    assert!(t.game.knows(1, 0, 1));
    assert_eq!(t.pile(), [2]);
    // The Seer (9) did not trigger: the turn is over.
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    assert!(!t
        .events
        .iter()
        .any(|e| matches!(e, GameEvent::AbilityUsed { .. })));
}

/// Seat 0 has `[4,4,3,2,1]`: drawing a 2 and exchanging it for the two 4s leaves `[2,3,2,1]`.
fn census_2p(seat1: [Value; 5], deck_top: &[Value]) -> T {
    let mut t = T::stacked(2, 0, &[[4, 4, 3, 2, 1], seat1], 9, deck_top);
    t.peeks();
    t
}

#[test]
fn r_census_only_with_four_or_fewer_cards() {
    let mut t = census_2p([1, 1, 3, 3, 0], &[2, 3, 4]);
    assert!(!t.legal().contains(&A::CallCensus));
    t.illegal(A::CallCensus);
    pair_exchange(&mut t);
    assert_eq!(t.village(0), [2, 3, 2, 1]);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    assert!(!t.legal().contains(&A::CallCensus), "seat 1 has 5 cards");
    t.draw_discard();
    assert_eq!(t.game.to_move(), ToMove::Player(0));
    assert_eq!(t.legal(), vec![DRAW, A::TakeDiscard, A::CallCensus]);
    t.act(A::CallCensus);
    assert_eq!(t.game.census_caller(), Some(0));
}

#[test]
fn r_census_is_the_whole_turn() {
    let mut t = census_2p([1, 1, 3, 3, 0], &[2, 3, 4]);
    pair_exchange(&mut t);
    t.draw_discard();
    let (village, up, pile, deck) = (t.village(0), t.face_up(0), t.pile(), t.deck());
    let before = t.events.len();
    t.act(A::CallCensus);
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    assert_eq!((t.village(0), t.face_up(0)), (village, up));
    assert_eq!((t.pile(), t.deck()), (pile, deck));
    assert!(t.events_since(before).iter().any(|e| matches!(
        e,
        GameEvent::CensusCalled {
            seat: 0,
            village: 4,
            ..
        }
    )));
}

#[test]
fn r_census_not_after_another_census() {
    // Both players get down to 4 cards; once seat 0 has called, seat 1 may not.
    let mut t = census_2p([6, 6, 3, 3, 0], &[2, 5, 4]);
    pair_exchange(&mut t);
    pair_exchange(&mut t);
    assert_eq!(t.village(1), [5, 3, 3, 0]);
    assert!(t.legal().contains(&A::CallCensus));
    t.act(A::CallCensus);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    assert!(!t.legal().contains(&A::CallCensus));
    t.illegal(A::CallCensus);
    t.draw_discard();
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
}

#[test]
fn r_census_not_in_a_turn_with_a_free_action() {
    // Seat 0 takes the Empath (2) for its two 3s: a face-up Empath and 4 cards.
    let mut t = T::stacked(2, 0, &[[3, 3, 5, 6, 7], [8, 8, 9, 9, 10]], 2, &[1]);
    t.peeks();
    t.act(A::TakeDiscard);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [2, 5, 6, 7]);
    assert_eq!(t.face_up(0), [true, false, false, false]);
    t.end_turn_if_offered();
    t.draw_discard();
    assert_eq!(t.game.to_move(), ToMove::Player(0));
    assert!(t.legal().contains(&A::CallCensus));
    assert!(t.legal().contains(&A::EmpathPeek { slot: 2 }));
    t.act(A::EmpathPeek { slot: 2 });
    assert!(t.game.knows(0, 0, 2));
    assert!(!t.legal().contains(&A::CallCensus));
    t.illegal(A::CallCensus);
    assert!(t.legal().contains(&DRAW));
}

#[test]
fn r_census_extra_turns_then_round_ends() {
    let mut t = T::stacked(
        3,
        0,
        &[[4, 4, 3, 2, 1], [5, 6, 7, 8, 9], [10, 11, 12, 13, 0]],
        9,
        &[2, 1, 1, 3, 3, 4],
    );
    t.peeks();
    pair_exchange(&mut t);
    t.draw_discard();
    t.draw_discard();
    t.act(A::CallCensus);
    let call = t.events.len();
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    t.draw_discard();
    assert_eq!(
        t.game.stage(),
        Stage::Turn,
        "seat 2 still has its extra turn"
    );
    assert_eq!(t.game.to_move(), ToMove::Player(2));
    assert_eq!(rounds_ended(&t), 0);
    t.draw_discard();
    assert_eq!(t.game.stage(), Stage::Deal);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(e.turns, 6);
    // Exactly one more turn each for seats 1 and 2; the caller never played again.
    let after = t.events_since(call);
    assert_eq!(count_acted_by(after, 0), 0);
    assert_eq!(
        after
            .iter()
            .filter(|e| matches!(e, GameEvent::TurnStarted { .. }))
            .count(),
        1,
        "only seat 2's turn started after seat 1's"
    );
}

#[test]
fn r_census_extra_turns_wrap_around_from_a_late_caller() {
    // 3 players, seat 1 starts, seat 0 calls: order 1,2,0 | 1,2,0(census) | 1,2.
    let mut t = T::stacked(
        3,
        1,
        &[[4, 4, 3, 2, 1], [5, 6, 7, 8, 9], [10, 11, 12, 13, 0]],
        9,
        &[1, 1, 2, 3, 3, 4, 5, 5],
    );
    census_round(&mut t, 0);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(e.turns, 8);
    assert_eq!(t.village(0), [2, 3, 2, 1]);
    let call = position(&t, |e| matches!(e, GameEvent::CensusCalled { .. }));
    let after = t.events_since(call);
    assert_eq!(
        count_acted_by(after, 0),
        0,
        "callers cannot call (or play) again"
    );
    assert!(count_acted_by(after, 1) >= 2 && count_acted_by(after, 2) >= 2);
}
