//! B8 Thing, B9 Marksman, B10 The Count, B11 Troublemaker, B12 Gremlin (E-ADDITIVE).

use super::*;

// ---------------------------------------------------------------------------------------------
// B8 Thing
// ---------------------------------------------------------------------------------------------

#[test]
fn b8_thing_shuffle_erases_peeks_and_keeps_the_multiset_as_floating_knowledge() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[5, 6, 7, 9, 10], [13, 0, 2, 3, 4]],
        1,
        &[8, 7],
    );
    // Seat 1 peeked its 13 and its 0.
    assert!(t.game.knows(1, 1, 0) && t.game.knows(1, 1, 1));
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_legal(
        &t,
        vec![
            A::ChooseVillage { seat: 0 },
            A::ChooseVillage { seat: 1 },
            A::SkipAbility,
        ],
    );
    t.act(A::ChooseVillage { seat: 1 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Shuffled {
                seat: 0,
                owner: 1,
                slots: 0b11111
            }
        )),
        1
    );
    t.game.omniscient().check_invariants().unwrap();
    assert_eq!(sorted(t.village(1)), vec![0, 2, 3, 4, 13]);
    // Nobody can place any of them now.
    for s in 0..5 {
        assert!(!t.game.knows(1, 1, s) && !t.game.knows(0, 1, s));
    }
    let v1 = t.game.view(1);
    assert_eq!(v1.value_at(1, 0), None);
    let ids = CardMask((0..5).fold(0u64, |m, s| m | 1u64 << t.game.card_at(1, s)));
    let (members, values) = v1.floating();
    assert_eq!(members, ids);
    let mut expect = [0u8; VALUES];
    expect[0] = 1;
    expect[13] = 1;
    assert_eq!(values, expect);
    assert_eq!(v1.floating_count(), 2);
    // Seat 0 knew none of them: nothing floats for it.
    assert_eq!(t.game.view(0).floating().1, [0u8; VALUES]);
    // Sampled worlds keep the floating values among the shuffled cards, anywhere among them.
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut slots13 = std::collections::BTreeSet::new();
    for _ in 0..300 {
        let w = v1.sample_world(&mut rng);
        w.omniscient().check_invariants().unwrap();
        assert!(w.view(1) == v1, "a sampled world changes the viewer's view");
        let village = w.omniscient().village(1);
        assert!(village.contains(&13) && village.contains(&0), "{village:?}");
        for (i, &v) in village.iter().enumerate() {
            if v == 13 {
                slots13.insert(i);
            }
        }
    }
    assert!(slots13.len() >= 3, "{slots13:?}");
    // A later look places the cards again: the floating knowledge drains away.
    assert_turn_of(&t, 1);
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert!((0..5).all(|s| t.game.knows(1, 1, s)));
    let (members, values) = t.game.view(1).floating();
    assert_eq!(members, CardMask::EMPTY);
    assert_eq!(values, [0u8; VALUES]);
    t.game.omniscient().check_invariants().unwrap();
}

/// Seat 1 gets `card` face-up in slot 0 (from seat 0's slot 0 via the pile) and uses its free
/// action `free` (Bodyguard / Curator) at the end of its turn; seat 0 to move.
fn protected_village(set: CardSet, card: Value, free: A, deck: &[Value]) -> T {
    let mut t = game(cfg(set), &[[card, 2, 9, 4, 5], [8, 1, 10, 11, 12]], 1, deck);
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.acts(&[free, A::EndTurn]);
    assert_eq!(t.village(1), vec![card, 1, 10, 11, 12]);
    assert!(t.game.knows(1, 1, 1));
    assert_turn_of(&t, 0);
    t
}

#[test]
fn b8_thing_does_not_shuffle_face_up_or_protected_cards() {
    let mut t = protected_village(
        mixed("bullet+3:amulet"),
        3,
        A::GuardPlace {
            guard: 0,
            target: 1,
        },
        &[1, 8],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard, A::ChooseVillage { seat: 1 }]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Shuffled {
                owner: 1,
                slots: 0b11100,
                ..
            }
        )),
        1
    );
    // The face-up Bodyguard and the card it guards stay put, and stay known.
    assert_eq!(t.village(1)[..2], [3, 1]);
    assert_eq!(sorted(t.village(1)[2..].to_vec()), vec![10, 11, 12]);
    assert!(t.game.knows(1, 1, 1));
    assert_eq!(t.game.view(1).value_at(1, 1), Some(1));
}

#[test]
fn b8_thing_does_not_shuffle_rotated_cards() {
    // 2 is the Coin Curator (C2): it rotates seat 1's known Lycan.
    let mut t = protected_village(mixed("bullet+2:coin"), 2, A::Rotate { slot: 1 }, &[1, 8]);
    assert!(t.game.is_rotated(1, 1));
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard, A::ChooseVillage { seat: 1 }]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Shuffled {
                owner: 1,
                slots: 0b11100,
                ..
            }
        )),
        1
    );
    assert_eq!(t.village(1)[1], 1);
    assert!(t.game.is_rotated(1, 1));
    assert!(t.game.knows(1, 1, 1));
}

// ---------------------------------------------------------------------------------------------
// B9 Marksman
// ---------------------------------------------------------------------------------------------

#[test]
fn b9_marksman_uses_a_face_up_cards_ability() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[7, 2, 3, 4, 5], [8, 6, 10, 11, 12]],
        1,
        &[1, 9],
    );
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }]);
    assert_eq!(t.village(1), vec![8, 6, 10, 11, 7]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    // Only the opponent's face-up Insomniac has a discard ability.
    assert_legal(&t, vec![tg(1, 4), A::SkipAbility]);
    t.act(tg(1, 4));
    assert_legal(&t, vec![A::UseAbility, A::SkipAbility]);
    t.act(A::UseAbility);
    // The Insomniac's look, for the Marksman's owner, at the owner's own cards.
    assert_eq!(
        peeked_by(&t, from, 0),
        vec![(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]
    );
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::AbilityUsed {
                seat: 0,
                value: 9,
                ability: Ability::UseFaceUp
            }
        )),
        1
    );
    // The copied card is not touched.
    assert_eq!(t.village(1), vec![8, 6, 10, 11, 7]);
    assert_eq!(t.face_up(1), vec![false, false, false, false, true]);
    assert_eq!(t.game.discard_top(), Some(9));
    assert_turn_of(&t, 1);
}

#[test]
fn b9_marksman_never_copies_a_copy_ability() {
    // 4 is Coin's C4 (use the pile's top) and 10 the Coin Vampire: face-up copy abilities
    // (the Vampire, a Marksman) are never offered, and C4 may not copy the Marksman either.
    let mut t = game(
        cfg(mixed("bullet+4:coin,10:coin")),
        &[[9, 1, 3, 5, 6], [4, 2, 7, 11, 12]],
        10,
        &[1, 9],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 1 }]);
    t.draw_discard();
    assert_eq!(t.village(0), vec![10, 4, 3, 5, 6]);
    assert_eq!(t.face_up(0), vec![true, true, false, false, false]);
    assert_eq!(t.village(1), vec![9, 2, 7, 11, 12]);
    assert!(t.face_up(1)[0]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert!(no_target(&t, from, 0, 9));
    assert_eq!(t.game.discard_top(), Some(9));
    // No UsePileTop on the Marksman: the turn is over.
    assert_turn_of(&t, 1);
}

// ---------------------------------------------------------------------------------------------
// B10 The Count
// ---------------------------------------------------------------------------------------------

#[test]
fn b10_the_count_moves_ten_deck_cards_face_up_onto_the_pile() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[5, 6, 7, 8, 9], [2, 3, 4, 11, 12]],
        1,
        &[10],
    );
    t.acts(&[DRAW, A::Discard]);
    assert_legal(&t, vec![A::UseAbility, A::SkipAbility]);
    let deck = t.deck();
    assert_eq!(deck.len(), 30);
    let from = t.events.len();
    t.act(A::UseAbility);
    assert_eq!(
        to_pile(&t, from),
        deck[..10]
            .iter()
            .map(|&v| (v, PileReason::FromDeck))
            .collect::<Vec<_>>()
    );
    let mut pile = vec![1, 10];
    pile.extend_from_slice(&deck[..10]);
    assert_eq!(t.pile(), pile);
    assert_eq!(t.deck(), deck[10..].to_vec());
    assert_eq!(t.game.view(1).discard_top(), Some(deck[9]));
    assert_turn_of(&t, 1);
}

#[test]
fn b10_the_count_emptying_the_deck_ends_the_round_after_the_turn() {
    let villages = [[5, 6, 7, 8, 9], [3, 4, 11, 12, 13]];
    let f = leftovers(&villages, 1, &[10, 10, 10, 2]);
    let mut deck = vec![10];
    deck.extend_from_slice(&f[..9]);
    deck.extend([2, 10]);
    deck.extend_from_slice(&f[9..19]);
    deck.push(10);
    deck.extend_from_slice(&f[19..27]);
    assert_eq!(deck.len(), 31);
    let mut t = game(cfg(CardSet::bullet()), &villages, 1, &deck);
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert_eq!(t.game.deck_len(), 20);
    // Seat 1 takes the Priest the Count turned up.
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }, A::EndTurn]);
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert_eq!(t.game.deck_len(), 9);
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert_eq!(t.game.deck_len(), 0);
    // The turn is not over: the Priest may still be used, then the round ends.
    assert!(!round_ended(&t));
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    t.act(A::Flip { slot: 1 });
    assert!(!round_ended(&t));
    t.act(A::EndTurn);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Deck);
    assert_eq!(e.turns, 4);
}

// ---------------------------------------------------------------------------------------------
// B11 Troublemaker
// ---------------------------------------------------------------------------------------------

#[test]
fn b11_troublemaker_swaps_keeping_orientation_and_knowledge_moves_with_cards() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[7, 2, 3, 4, 5], [8, 9, 6, 11, 12]],
        1,
        &[1, 11, 1, 11],
    );
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_legal(
        &t,
        with(
            with(targets(0, &[0, 1, 2, 3, 4]), &targets(1, &[0, 1, 2, 3, 4])),
            &[A::SkipAbility],
        ),
    );
    // Seat 0's known Priest (face-down) for seat 1's face-up Insomniac.
    t.act(tg(0, 1));
    // The second card is in a different village.
    assert_legal(&t, targets(1, &[0, 1, 2, 3, 4]));
    t.illegal(tg(0, 2));
    t.act(tg(1, 4));
    assert_eq!(t.village(0), vec![1, 7, 3, 4, 5]);
    assert_eq!(t.village(1), vec![8, 9, 6, 11, 2]);
    assert_eq!(t.face_up(0), vec![false, true, false, false, false]);
    assert_eq!(t.face_up(1), vec![false; 5]);
    assert!(t.game.knows(0, 1, 4), "seat 0 still knows the card it gave");
    assert!(
        !t.game.knows(1, 1, 4),
        "seat 1 does not see what it received"
    );
    assert!(t.game.knows(1, 0, 1));
    assert!(peeked_by(&t, from, 0).is_empty() && peeked_by(&t, from, 1).is_empty());
    t.draw_discard();
    // Seat 1's peeked 8 for seat 0's unknown 3: knowledge moves with both.
    t.acts(&[DRAW, A::Discard, tg(1, 0), tg(0, 2)]);
    assert_eq!(t.village(0), vec![1, 7, 8, 4, 5]);
    assert_eq!(t.village(1), vec![3, 9, 6, 11, 2]);
    assert!(t.game.knows(1, 0, 2) && !t.game.knows(0, 0, 2));
    assert!(!t.game.knows(0, 1, 0) && !t.game.knows(1, 1, 0));
}

// ---------------------------------------------------------------------------------------------
// B12 Gremlin, E-ADDITIVE
// ---------------------------------------------------------------------------------------------

#[test]
fn b12_gremlin_joins_another_village_face_up_at_the_right_end() {
    let mut t = game(
        capped(CardSet::bullet(), 3),
        &[[5, 6, 7, 8, 9], [2, 3, 4, 10, 11]],
        1,
        &[12, 1, 9],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    // Another player's village only.
    assert_legal(&t, vec![A::ChooseVillage { seat: 1 }, A::SkipAbility]);
    t.act(A::ChooseVillage { seat: 1 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Joined {
                seat: 0,
                owner: 1,
                value: 12
            }
        )),
        1
    );
    assert_eq!(t.village(1), vec![2, 3, 4, 10, 11, 12]);
    assert_eq!(t.face_up(1), vec![false, false, false, false, false, true]);
    assert_eq!(t.pile(), vec![1]);
    assert_turn_of(&t, 1);
    // A village of 6 cannot call census.
    assert!(!t.is_legal(A::CallCensus));
    t.draw_discard();
    // A Marksman cannot use the face-up Gremlin (only the Gremlin itself can join).
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert!(no_target(&t, from, 0, 9));
    let e = ended(&t);
    assert_eq!(e.sizes, vec![5, 6]);
    assert_eq!(e.sums, vec![35, 2 + 3 + 4 + 10 + 11 + 12]);
}

/// Seat 1 is down to 4 cards; seat 0 has just discarded a Gremlin.
fn gremlin_at_four() -> T {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[5, 6, 7, 8, 9], [4, 4, 3, 10, 11]],
        2,
        &[1, 1, 12],
    );
    t.draw_discard();
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(1), vec![1, 3, 10, 11]);
    t.acts(&[DRAW, A::Discard]);
    t
}

#[test]
fn e_additive_gremlin_takes_a_village_back_above_the_census_limit() {
    // Without the Gremlin seat 1 could call.
    let mut t = gremlin_at_four();
    t.act(A::SkipAbility);
    assert_turn_of(&t, 1);
    assert!(t.is_legal(A::CallCensus));
    // With it, 5 cards: no census.
    let mut t = gremlin_at_four();
    t.act(A::ChooseVillage { seat: 1 });
    assert_eq!(t.village(1), vec![1, 3, 10, 11, 12]);
    assert_turn_of(&t, 1);
    t.illegal(A::CallCensus);
}
