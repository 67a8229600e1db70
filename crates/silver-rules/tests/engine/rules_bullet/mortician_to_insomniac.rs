//! B4 Mortician, B5 Cow, B6 Instigator, B7 Insomniac.

use super::*;

// ---------------------------------------------------------------------------------------------
// B4 Mortician
// ---------------------------------------------------------------------------------------------

#[test]
fn b4_mortician_offers_the_ability_of_an_exchanged_out_card() {
    let mut t = mortician(
        CardSet::bullet(),
        [1, 7, 9, 11, 6],
        [2, 3, 5, 8, 10],
        &[1, 0],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Exchange { slot: 1 }]);
    assert_eq!(t.pile(), vec![1, 1, 7]);
    assert!(matches!(
        t.game.stage(),
        Stage::Ability {
            step: AbilityStep::Mortician { .. },
            ..
        }
    ));
    assert_legal(&t, vec![A::PickDiscard { index: 2 }, A::SkipAbility]);
    t.act(A::PickDiscard { index: 2 });
    assert_eq!(morticians_used(&t, from), 1);
    // The Insomniac's ability, used through the Mortician.
    assert_legal(&t, vec![A::UseAbility, A::SkipAbility]);
    t.act(A::UseAbility);
    assert_eq!(peeked_by(&t, from, 0), vec![(0, 1), (0, 2), (0, 3), (0, 4)]);
    assert!((1..5).all(|s| t.game.knows(0, 0, s)));
    assert!(!t.game.knows(1, 0, 2));
    // The exchanged-out card stays on the pile.
    assert_eq!(t.pile(), vec![1, 1, 7]);
    assert_turn_of(&t, 1);
}

#[test]
fn b4_mortician_at_most_once_per_turn() {
    // 10 is the Amulet Master: used through the Mortician, its exchange does not offer the
    // Mortician again.
    let mut t = mortician(
        mixed("bullet+10:amulet"),
        [1, 10, 7, 9, 6],
        [2, 3, 5, 8, 11],
        &[1, 0],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Exchange { slot: 1 }]);
    assert_eq!(t.pile(), vec![1, 1, 10]);
    assert_legal(&t, vec![A::PickDiscard { index: 2 }, A::SkipAbility]);
    t.act(A::PickDiscard { index: 2 });
    // The Master may take any pile card but the one that triggered it.
    assert_legal(
        &t,
        vec![
            A::PickDiscard { index: 0 },
            A::PickDiscard { index: 1 },
            A::SkipAbility,
        ],
    );
    t.act(A::PickDiscard { index: 0 });
    // Exchanging out the Insomniac (a discard ability with a target) offers nothing more.
    t.act(A::Exchange { slot: 2 });
    assert_eq!(t.village(0), vec![4, 0, 1, 9, 6]);
    assert_eq!(t.face_up(0), vec![true, false, true, false, false]);
    assert_eq!(t.pile(), vec![1, 10, 7]);
    assert_eq!(morticians_used(&t, from), 1);
    assert_turn_of(&t, 1);
}

#[test]
fn b4_mortician_not_for_a_failed_exchange_nor_a_card_without_discard_ability() {
    let mut t = mortician(
        CardSet::bullet(),
        [1, 7, 9, 2, 6],
        [2, 3, 5, 8, 10],
        &[1, 0, 1, 0],
    );
    let from = multi(&mut t, &[1, 2]);
    assert!(!exchange_success(&t, from));
    assert_eq!(t.village(0), vec![4, 7, 9, 2, 6, 0]);
    assert_eq!(morticians_used(&t, from), 0);
    assert_turn_of(&t, 1);
    t.draw_discard();
    // The Priest (2) has no discard ability.
    let from = t.events.len();
    t.acts(&[DRAW, A::Exchange { slot: 3 }]);
    assert_eq!(t.game.discard_top(), Some(2));
    assert_eq!(morticians_used(&t, from), 0);
    assert_turn_of(&t, 1);
}

#[test]
fn b4_mortician_not_for_a_card_the_goth_girl_sent_under_the_deck() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[5, 6, 7, 8, 9], [4, 2, 11, 11, 12]],
        3,
        &[1, 1, 1],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    assert_eq!(t.game.discard_top(), Some(4));
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 1 }]);
    assert_eq!(t.village(0), vec![3, 4, 7, 8, 9]);
    assert_eq!(t.face_up(0), vec![true, true, false, false, false]);
    t.draw_discard();
    let from = t.events.len();
    t.acts(&[DRAW, A::Exchange { slot: 2 }]);
    assert_eq!(to_deck_bottom(&t, from), vec![7]);
    assert_eq!(morticians_used(&t, from), 0);
    assert_turn_of(&t, 1);
}

// ---------------------------------------------------------------------------------------------
// B5 Cow
// ---------------------------------------------------------------------------------------------

#[test]
fn b5_cow_reverses_the_deck_and_a_rascal_returned_card_stays_known_at_the_bottom() {
    // 4 is the Amulet Rascal (R-A4).
    let mut t = game(
        cfg(mixed("bullet+4:amulet")),
        &[[6, 7, 8, 9, 11], [2, 3, 10, 12, 1]],
        4,
        &[1, 12, 5],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.draw_discard();
    t.act(A::DrawDeck { extra: 1 });
    t.act(A::KeepDrawn { index: 1 });
    // The 12 went back on top; seat 0 knows it, seat 1 does not.
    assert_eq!(t.game.view(0).deck_card(0).unwrap().1, Some(12));
    assert_eq!(t.game.view(1).deck_card(0).unwrap().1, None);
    let before = t.deck();
    let from = t.events.len();
    t.act(A::Discard);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_legal(&t, vec![A::UseAbility, A::SkipAbility]);
    t.act(A::UseAbility);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::DeckReversed { seat: 0 }
        )),
        1
    );
    let mut reversed = before.clone();
    reversed.reverse();
    assert_eq!(t.deck(), reversed);
    let (v0, v1) = (t.game.view(0), t.game.view(1));
    let n = v0.deck_len();
    assert_eq!(v0.deck_card(n - 1).unwrap().1, Some(12));
    assert_eq!(v1.deck_card(n - 1).unwrap().1, None);
    assert_eq!(v0.deck_card(0).unwrap().1, None);
    assert_eq!(t.pile(), vec![6, 1, 5]);
}

// ---------------------------------------------------------------------------------------------
// B6 Instigator
// ---------------------------------------------------------------------------------------------

#[test]
fn b6_instigator_turns_any_card_either_way() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[7, 2, 3, 4, 5], [8, 9, 10, 11, 12]],
        1,
        &[1, 6, 1, 6],
    );
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }]);
    assert_eq!(t.face_up(1), vec![false, false, false, false, true]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    // Every card of every village, either orientation, own cards included.
    assert_legal(
        &t,
        with(
            with(targets(0, &[0, 1, 2, 3, 4]), &targets(1, &[0, 1, 2, 3, 4])),
            &[A::SkipAbility],
        ),
    );
    // Face-up → face-down: it stays known to everybody.
    t.act(tg(1, 4));
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::TurnedDown {
                seat: 0,
                owner: 1,
                slot: 4
            }
        )),
        1
    );
    assert_eq!(t.face_up(1), vec![false; 5]);
    assert!(t.game.knows(0, 1, 4) && t.game.knows(1, 1, 4));
    assert_eq!(t.game.view(0).value_at(1, 4), Some(7));
    t.draw_discard();
    // Face-down → face-up: public.
    assert!(!t.game.knows(0, 1, 2));
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard, tg(1, 2)]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Flipped {
                seat: 0,
                owner: 1,
                slot: 2,
                value: 10
            }
        )),
        1
    );
    assert_eq!(t.face_up(1), vec![false, false, true, false, false]);
    assert!(t.game.knows(0, 1, 2));
}

#[test]
fn b6_instigator_respects_the_bodyguard_and_a_turned_down_bodyguard_stops_guarding() {
    // 3 is the Amulet Bodyguard (R-A3).
    let mut t = game(
        cfg(mixed("bullet+3:amulet")),
        &[[3, 2, 9, 4, 5], [8, 1, 10, 11, 12]],
        1,
        &[1, 6, 6, 6],
    );
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.acts(&[
        A::GuardPlace {
            guard: 0,
            target: 1,
        },
        A::EndTurn,
    ]);
    assert_eq!(t.game.guarding(1, 0), Some(1));
    t.acts(&[DRAW, A::Discard]);
    assert_legal(
        &t,
        with(
            with(targets(0, &[0, 1, 2, 3, 4]), &targets(1, &[2, 3, 4])),
            &[A::SkipAbility],
        ),
    );
    t.illegal(tg(1, 0));
    t.illegal(tg(1, 1));
    t.act(tg(1, 3));
    assert_eq!(t.face_up(1), vec![true, false, false, true, false]);
    // The owner's own Instigator ignores the owner's Bodyguard: it turns it face-down.
    t.acts(&[DRAW, A::Discard]);
    assert!(t.is_legal(tg(1, 0)) && t.is_legal(tg(1, 1)));
    t.act(tg(1, 0));
    assert_eq!(t.face_up(1), vec![false, false, false, true, false]);
    assert_eq!(t.game.guarding(1, 0), None);
    assert!(!t.game.view(0).card(1, 1).guarded);
    // Now the card is fair game.
    t.acts(&[DRAW, A::Discard]);
    assert!(t.is_legal(tg(1, 1)));
    t.act(tg(1, 1));
    assert_eq!(t.face_up(1), vec![false, true, false, true, false]);
}

// ---------------------------------------------------------------------------------------------
// B7 Insomniac
// ---------------------------------------------------------------------------------------------

#[test]
fn b7_insomniac_looks_at_every_own_face_down_card() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[5, 6, 8, 9, 10], [2, 3, 4, 11, 12]],
        1,
        &[1, 7],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }]);
    t.draw_discard();
    assert!(!t.game.knows(0, 0, 2) && !t.game.knows(0, 0, 3));
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_legal(&t, vec![A::UseAbility, A::SkipAbility]);
    t.act(A::UseAbility);
    // Not the face-up card in slot 4.
    assert_eq!(peeked_by(&t, from, 0), vec![(0, 0), (0, 1), (0, 2), (0, 3)]);
    assert!((0..4).all(|s| t.game.knows(0, 0, s)));
    assert!(!t.game.knows(1, 0, 2) && !t.game.knows(1, 0, 3));
    assert_eq!(t.game.view(0).known_sum(0), (5 + 6 + 8 + 9 + 1, 0));
}
