//! R-AMULET: the Amulet token.

use super::*;

// ---------------------------------------------------------------------------------------------
// R-AMULET
// ---------------------------------------------------------------------------------------------

fn place_token_actions(t: &T) -> Vec<Action> {
    t.legal()
        .into_iter()
        .filter(|a| matches!(a, Action::PlaceToken { .. }))
        .collect()
}

#[test]
fn r_amulet_only_holder_places_it_once_per_round() {
    let mut t = holder_round(&[[3, 4, 5, 6, 7], [8, 9, 10, 11, 12]], 13, &[4, 4, 4]);
    assert_eq!(
        place_token_actions(&t),
        (0..5)
            .map(|slot| Action::PlaceToken { slot })
            .collect::<Vec<_>>()
    );
    let from = t.events.len();
    t.act(Action::PlaceToken { slot: 2 });
    assert_eq!(t.game.token_slot(), Some((0, 2)));
    assert!(t.game.view(1).card(0, 2).under_token);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::TokenPlaced { seat: 0, slot: 2 }
        )),
        1
    );
    assert!(place_token_actions(&t).is_empty());
    t.draw_discard();
    // Not the other player's.
    assert_turn_of(&t, 1);
    assert!(place_token_actions(&t).is_empty());
    t.illegal(Action::PlaceToken { slot: 0 });
    t.draw_discard();
    // Once in the round.
    assert_turn_of(&t, 0);
    assert!(place_token_actions(&t).is_empty());
    t.illegal(Action::PlaceToken { slot: 0 });
}

#[test]
fn r_amulet_blocks_own_exchange() {
    let mut t = holder_round(&[[3, 4, 5, 6, 7], [8, 9, 10, 11, 12]], 13, &[9, 4]);
    t.act(Action::PlaceToken { slot: 2 });
    t.act(Action::DrawDeck { extra: 0 });
    let exchanges: Vec<Action> = t
        .legal()
        .into_iter()
        .filter(|a| matches!(a, Action::Exchange { .. } | Action::Select { .. }))
        .collect();
    assert_eq!(
        sorted(exchanges),
        sorted(vec![
            Action::Exchange { slot: 0 },
            Action::Exchange { slot: 1 },
            Action::Exchange { slot: 3 },
            Action::Exchange { slot: 4 },
            Action::Select { slot: 0 },
            Action::Select { slot: 1 },
            Action::Select { slot: 3 },
        ])
    );
    t.illegal(Action::Exchange { slot: 2 });
    t.illegal(Action::Select { slot: 2 });
    t.act(Action::Select { slot: 1 });
    assert_legal(
        &t,
        vec![Action::Select { slot: 3 }, Action::Select { slot: 4 }],
    );
    t.illegal(Action::Select { slot: 2 });
    t.acts(&[Action::Select { slot: 3 }, Action::ConfirmExchange]);
    assert_eq!(t.village(0), vec![3, 4, 5, 6, 7, 9]);
    assert_eq!(t.game.token_slot(), Some((0, 2)));
    t.end_turn_if_offered();
    t.draw_discard();
    // Taking the discard: the Amulet card still cannot go.
    t.act(Action::TakeDiscard);
    t.illegal(Action::Exchange { slot: 2 });
    assert!(t.is_legal(Action::Exchange { slot: 5 }));
}

#[test]
fn r_amulet_card_cannot_be_looked_at_flipped_or_taken_by_anyone() {
    let mut t = holder_round(
        &[[3, 4, 5, 6, 7], [8, 9, 10, 11, 12]],
        13,
        &[4, 6, 5, 12, 7, 11, 9, 8, 12],
    );
    t.act(Action::PlaceToken { slot: 2 });
    t.draw_discard();
    let not_amulet = targets(0, &[0, 1, 3, 4]);
    // Seat 1's Revealer.
    draw_and_discard(&mut t);
    assert_legal(&t, with(not_amulet.clone(), &[Action::SkipAbility]));
    t.illegal(tg(0, 2));
    t.act(Action::SkipAbility);
    // The owner's own Exposer.
    draw_and_discard(&mut t);
    assert_legal(&t, with(not_amulet.clone(), &[Action::SkipAbility]));
    t.illegal(tg(0, 2));
    t.act(Action::SkipAbility);
    // Seat 1's Robber.
    draw_and_discard(&mut t);
    assert_legal(&t, with(not_amulet.clone(), &[Action::SkipAbility]));
    t.act(Action::SkipAbility);
    // The owner's Beholder.
    draw_and_discard(&mut t);
    assert_legal(&t, with(not_amulet.clone(), &[Action::SkipAbility]));
    t.act(Action::SkipAbility);
    // Seat 1's Witch.
    draw_and_discard(&mut t);
    t.act(Action::WitchLook);
    assert_legal(
        &t,
        with(
            not_amulet.clone(),
            &[Action::WitchExchangeOwn, Action::WitchLeave],
        ),
    );
    t.illegal(tg(0, 2));
    t.act(Action::WitchLeave);
    // The owner's Seer.
    draw_and_discard(&mut t);
    let mut seer = not_amulet.clone();
    seer.extend(targets(1, &[0, 1, 2, 3, 4]));
    seer.push(Action::SkipAbility);
    assert_legal(&t, seer);
    t.act(Action::SkipAbility);
    // Seat 1's Apprentice Seer.
    draw_and_discard(&mut t);
    assert_legal(&t, with(not_amulet.clone(), &[Action::SkipAbility]));
    t.act(Action::SkipAbility);
    // The owner's Robber may not give the Amulet card.
    draw_and_discard(&mut t);
    t.act(tg(1, 0));
    assert_legal(
        &t,
        vec![
            Action::Give { slot: 0 },
            Action::Give { slot: 1 },
            Action::Give { slot: 3 },
            Action::Give { slot: 4 },
        ],
    );
    t.illegal(Action::Give { slot: 2 });
    t.act(Action::Give { slot: 0 });
    assert_eq!(t.village(0), vec![8, 4, 5, 6, 7]);
    assert_eq!(t.game.token_slot(), Some((0, 2)));
    assert!(!t.game.knows(1, 0, 2));
}

#[test]
fn r_amulet_blocks_census_in_placing_turn() {
    let mut t = holder_round(&[[7, 7, 3, 4, 5], [8, 9, 10, 11, 12]], 13, &[6, 4, 4, 4]);
    t.acts(&[
        Action::DrawDeck { extra: 0 },
        Action::Select { slot: 0 },
        Action::Select { slot: 1 },
        Action::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![6, 3, 4, 5]);
    t.end_turn_if_offered();
    t.draw_discard();
    assert!(t.is_legal(Action::CallCensus));
    t.act(Action::PlaceToken { slot: 1 });
    t.illegal(Action::CallCensus);
    t.draw_discard();
    t.draw_discard();
    // A later turn: census is allowed again.
    assert_turn_of(&t, 0);
    t.act(Action::CallCensus);
    assert_eq!(t.game.census_caller(), Some(0));
}

#[test]
fn r_amulet_on_only_card_cannot_take_discard() {
    let mut t = holder_round(&[[7, 7, 7, 7, 13], [8, 9, 10, 11, 12]], 3, &[6, 4, 4]);
    let from = multi(&mut t, &[0, 1, 2, 3, 4]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.village(0), vec![6]);
    t.end_turn_if_offered();
    t.draw_discard();
    assert!(t.is_legal(Action::TakeDiscard));
    t.act(Action::PlaceToken { slot: 0 });
    t.illegal(Action::TakeDiscard);
    t.illegal(Action::CallCensus);
    assert_legal(&t, vec![Action::DrawDeck { extra: 0 }]);
    t.act(Action::DrawDeck { extra: 0 });
    // The drawn card cannot be exchanged: it must be discarded.
    assert_legal(&t, vec![Action::Discard]);
    t.act(Action::Discard);
    assert_eq!(t.village(0), vec![6]);
    assert_turn_of(&t, 1);
}

#[test]
fn r_amulet_face_up_card_keeps_working() {
    let mut t = holder_round(&[[3, 4, 5, 6, 7], [8, 9, 10, 11, 12]], 2, &[4]);
    t.acts(&[Action::TakeDiscard, Action::Exchange { slot: 0 }]);
    t.act(Action::PlaceToken { slot: 0 });
    assert_eq!(t.game.token_slot(), Some((0, 0)));
    // The Empath under the Amulet still gives its look.
    assert_legal(
        &t,
        vec![
            Action::EmpathPeek { slot: 1 },
            Action::EmpathPeek { slot: 2 },
            Action::EmpathPeek { slot: 3 },
            Action::EmpathPeek { slot: 4 },
            Action::EndTurn,
        ],
    );
    t.act(Action::EmpathPeek { slot: 2 });
    assert!(t.game.knows(0, 0, 2));
}
