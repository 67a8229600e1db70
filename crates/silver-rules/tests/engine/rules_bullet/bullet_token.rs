//! E-BULLET: the Silver Bullet token.

use super::*;

// ---------------------------------------------------------------------------------------------
// E-BULLET
// ---------------------------------------------------------------------------------------------

#[test]
fn e_bullet_card_is_frozen_and_removed_first_at_scoring() {
    let mut t = holder_round(
        capped(CardSet::bullet(), 4),
        &[[9, 8, 2, 13, 7], [5, 6, 3, 4, 11]],
        1,
        &[7, 6, 11, 1],
    );
    let from = t.events.len();
    assert_eq!(
        place_token_actions(&t),
        (0..5)
            .map(|slot| A::PlaceToken { slot })
            .collect::<Vec<_>>()
    );
    t.act(A::PlaceToken { slot: 2 });
    assert_eq!(t.game.token_slot(), Some((0, 2)));
    assert!(t.game.view(1).card(0, 2).under_token);
    assert!(place_token_actions(&t).is_empty());
    // Frozen for its owner: no exchange…
    t.act(DRAW);
    let exchanges: Vec<A> = t
        .legal()
        .into_iter()
        .filter(|a| matches!(a, A::Exchange { .. } | A::Select { .. }))
        .collect();
    assert_eq!(
        sorted(exchanges),
        sorted(vec![
            A::Exchange { slot: 0 },
            A::Exchange { slot: 1 },
            A::Exchange { slot: 3 },
            A::Exchange { slot: 4 },
            A::Select { slot: 0 },
            A::Select { slot: 1 },
            A::Select { slot: 3 },
        ])
    );
    // …and no look by the owner's Insomniac.
    t.acts(&[A::Discard, A::UseAbility]);
    assert_eq!(peeked_by(&t, from, 0), vec![(0, 0), (0, 1), (0, 3), (0, 4)]);
    assert!(!t.game.knows(0, 0, 2));
    // Only the holder places it: not seat 1. Seat 1's Instigator cannot touch it.
    assert_turn_of(&t, 1);
    assert!(place_token_actions(&t).is_empty());
    t.acts(&[DRAW, A::Discard]);
    assert_legal(
        &t,
        with(
            with(targets(0, &[0, 1, 3, 4]), &targets(1, &[0, 1, 2, 3, 4])),
            &[A::SkipAbility],
        ),
    );
    t.act(tg(1, 0));
    // Once per round; the owner's Troublemaker cannot move it.
    assert!(place_token_actions(&t).is_empty());
    t.acts(&[DRAW, A::Discard]);
    assert_legal(
        &t,
        with(
            with(targets(0, &[0, 1, 3, 4]), &targets(1, &[0, 1, 2, 3, 4])),
            &[A::SkipAbility],
        ),
    );
    t.acts(&[tg(0, 0), tg(1, 1)]);
    assert_eq!(t.village(0), vec![6, 8, 2, 13, 7]);
    assert_eq!(t.game.token_slot(), Some((0, 2)));
    let scoring_from = t.events.len();
    t.draw_discard();
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::TurnCap);
    // E-SCORING-ORDER: the Bullet's 2 is gone before the Copycat looks for the lowest card.
    assert_eq!(
        scoring(&t, scoring_from),
        vec![removed(0, 2, 2), copied(0, 3, 6)]
    );
    assert_eq!(e.sums, vec![6 + 8 + 6 + 7, 5 + 9 + 3 + 4 + 11]);
    assert_eq!(e.sizes, vec![5, 5]);
}

#[test]
fn e_bullet_placing_it_forbids_census() {
    let mut t = holder_round(
        cfg(CardSet::bullet()),
        &[[6, 6, 9, 8, 7], [5, 2, 3, 4, 11]],
        1,
        &[1, 1],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![1, 9, 8, 7]);
    // The token power is still usable: the turn waits for it.
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    t.act(A::EndTurn);
    t.draw_discard();
    assert_turn_of(&t, 0);
    assert!(t.is_legal(A::CallCensus));
    assert_eq!(place_token_actions(&t).len(), 4);
    t.act(A::PlaceToken { slot: 1 });
    t.illegal(A::CallCensus);
}

#[test]
fn e_bullet_card_is_not_shuffled_by_the_thing() {
    let mut t = holder_round(
        cfg(CardSet::bullet()),
        &[[9, 8, 2, 6, 7], [5, 1, 3, 4, 11]],
        1,
        &[8],
    );
    t.act(A::PlaceToken { slot: 2 });
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
    t.act(A::ChooseVillage { seat: 0 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Shuffled {
                seat: 0,
                owner: 0,
                slots: 0b11011
            }
        )),
        1
    );
    assert_eq!(t.village(0)[2], 2);
    assert_eq!(t.game.token_slot(), Some((0, 2)));
    assert_eq!(sorted(t.village(0)), vec![2, 6, 7, 8, 9]);
    // The shuffler knew its 9 and 8: they float now.
    assert!(!t.game.knows(0, 0, 0) && !t.game.knows(0, 0, 1));
    let mut expect = [0u8; VALUES];
    expect[8] = 1;
    expect[9] = 1;
    assert_eq!(t.game.view(0).floating().1, expect);
}

#[test]
fn b9_marksman_ignores_the_protection_of_the_copied_card() {
    // Seat 0 puts the Bullet on its face-up Insomniac; seat 1's Marksman may still use it.
    let mut t = holder_round(
        cfg(CardSet::bullet()),
        &[[5, 6, 8, 9, 10], [2, 3, 4, 11, 12]],
        7,
        &[9],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    t.acts(&[A::PlaceToken { slot: 0 }, A::EndTurn]);
    assert_turn_of(&t, 1);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_legal(&t, vec![tg(0, 0), A::SkipAbility]);
    t.acts(&[tg(0, 0), A::UseAbility]);
    assert_eq!(
        peeked_by(&t, from, 1),
        vec![(1, 0), (1, 1), (1, 2), (1, 3), (1, 4)]
    );
    assert_eq!(t.village(0), vec![7, 6, 8, 9, 10]);
    assert_eq!(t.game.token_slot(), Some((0, 0)));
}

#[test]
fn b4_mortician_after_a_multi_exchange_offers_either_card() {
    let mut t = mortician(
        CardSet::bullet(),
        [1, 7, 7, 9, 6],
        [2, 3, 5, 8, 10],
        &[1, 0],
    );
    let from = multi(&mut t, &[1, 2]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.pile(), vec![1, 1, 7, 7]);
    assert_legal(
        &t,
        vec![
            A::PickDiscard { index: 2 },
            A::PickDiscard { index: 3 },
            A::SkipAbility,
        ],
    );
    t.act(A::SkipAbility);
    assert_eq!(morticians_used(&t, from), 0);
    assert_eq!(t.village(0), vec![4, 0, 9, 6]);
    assert_turn_of(&t, 1);
}

#[test]
fn b5_cow_moves_a_witch_seen_card_to_the_bottom() {
    // 11 is the Amulet Witch (R-A11). Seat 0 looks at the deck's top card (a 12) and leaves
    // it; seat 1 takes the Witch, exchanging out its Cow, and uses the Cow through its
    // Mortician (B4): the 12 seat 0 knows is now the deck's bottom card.
    let mut t = game(
        cfg(mixed("bullet+11:amulet")),
        &[[4, 6, 7, 8, 9], [1, 5, 2, 3, 10]],
        2,
        &[1, 11, 12],
    );
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert_eq!(t.village(1), vec![4, 5, 2, 3, 10]);
    assert!(t.face_up(1)[0]);
    t.acts(&[DRAW, A::Discard, A::WitchLook, A::WitchLeave]);
    assert_eq!(t.game.view(0).deck_card(0).unwrap().1, Some(12));
    assert_eq!(t.game.view(1).deck_card(0).unwrap().1, None);
    let before = t.deck();
    let from = t.events.len();
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 1 }]);
    assert_eq!(t.game.discard_top(), Some(5));
    let index = t.pile().len() as u8 - 1;
    assert_legal(&t, vec![A::PickDiscard { index }, A::SkipAbility]);
    t.acts(&[A::PickDiscard { index }, A::UseAbility]);
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::DeckReversed { seat: 1 }
        )),
        1
    );
    let mut reversed = before;
    reversed.reverse();
    assert_eq!(t.deck(), reversed);
    let (v0, v1) = (t.game.view(0), t.game.view(1));
    let n = v0.deck_len();
    assert_eq!(v0.deck_card(n - 1).unwrap().1, Some(12));
    assert_eq!(v1.deck_card(n - 1).unwrap().1, None);
}

#[test]
fn b3_goth_girl_witch_replaced_card_goes_under_the_deck() {
    // 11 is the Amulet Witch: the Witch itself and the card it replaces go under the deck.
    let mut t = goth(
        mixed("bullet+11:amulet"),
        [5, 6, 7, 8, 9],
        [2, 4, 10, 12, 1],
        &[1, 11, 13],
    );
    let pile = t.pile();
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(true));
    t.acts(&[A::WitchLook, tg(1, 2)]);
    assert_eq!(t.village(1), vec![2, 4, 13, 12, 1]);
    assert_eq!(t.face_up(1), vec![false; 5]);
    assert!(t.game.knows(0, 1, 2) && !t.game.knows(1, 1, 2));
    assert_eq!(to_deck_bottom(&t, from), vec![11, 10]);
    assert_eq!(t.pile(), pile);
    let deck = t.deck();
    assert_eq!(deck[deck.len() - 2..], [11, 10]);
}

#[test]
fn e_scoring_order_census_compares_the_sums_after_scoring_abilities() {
    // Seat 0 calls with 0, 12, 11, 2 (printed 25, more than seat 1's 20); its face-up Hunter
    // removes the 12, so its sum is 13, the lowest: it scores 0.
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[6, 6, 12, 11, 2], [2, 3, 4, 5, 6]],
        0,
        &[1, 1],
    );
    t.acts(&[
        A::TakeDiscard,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![0, 12, 11, 2]);
    t.draw_discard();
    t.act(A::CallCensus);
    let from = t.events.len();
    t.draw_discard();
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(scoring(&t, from), vec![removed(0, 1, 12)]);
    assert_eq!(e.sums, vec![13, 20]);
    assert_eq!(e.scores, vec![0, 20]);
    assert_eq!(e.next_holder, Some(0));
}

#[test]
fn e_scoring_order_kamikaze_looks_at_printed_values() {
    // The Copycats count as 12 (sum 48), but the four cards are printed 12, 12, 13, 13.
    let set = CardSet::bullet().with_custom(8, Ability::DiscardOwn { count: 1 });
    let config = Config {
        set,
        model: GameModel::POINTS_100,
        max_turns_per_round: 2,
        ..Config::standard(2).unwrap()
    };
    let mut t = game(config, &[[12, 12, 13, 13, 5], [2, 3, 4, 5, 6]], 1, &[8, 1]);
    t.acts(&[DRAW, A::Discard, tg(0, 4)]);
    assert_eq!(t.village(0), vec![12, 12, 13, 13]);
    let from = t.events.len();
    t.draw_discard();
    let e = ended(&t);
    assert_eq!(scoring(&t, from), vec![copied(0, 2, 12), copied(0, 3, 12)]);
    assert_eq!(e.sums, vec![48, 20]);
    match t.last_round_end() {
        GameEvent::RoundEnded { kamikaze, .. } => assert_eq!(kamikaze, Some(0)),
        _ => unreachable!(),
    }
    assert_eq!(e.scores, vec![0, 50]);
}

/// B3 ruling: the village before the exchange decides; a Goth Girl taken from the pile and
/// exchanged in does not act on the exchange that brings her in.
#[test]
fn b3_goth_girl_exchanged_in_does_not_act_on_that_exchange() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[5, 6, 7, 8, 9], [2, 4, 11, 11, 1]],
        3,
        &[1, 1],
    );
    let from = t.events.len();
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert!(to_deck_bottom(&t, from).is_empty());
    assert_eq!(to_pile(&t, from), vec![(5, PileReason::ExchangedOut)]);
    assert_eq!(t.game.discard_top(), Some(5));
    assert!(
        t.face_up(0)[0],
        "the Goth Girl is face-up in the village now"
    );
}

/// B4 ruling: a Mortician taken from the pile and exchanged in does not act on the exchange
/// that brings it in (the Cow exchanged out is not offered).
#[test]
fn b4_mortician_exchanged_in_does_not_trigger_on_that_exchange() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[5, 6, 7, 8, 9], [2, 3, 11, 11, 1]],
        4,
        &[1, 1, 2],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert_eq!(t.game.discard_top(), Some(5));
    assert!(!matches!(t.game.stage(), Stage::Ability { .. }));
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}

/// B10 with D4 (ruling): the cards move in deck order, never reordered for a Zombie; a Zombie
/// that ends on top of the pile goes face-up under the deck, as an uncovered Zombie does.
#[test]
fn b10_the_count_zombie_ending_on_top_goes_under_the_deck() {
    let set = mixed("bullet+4:dagger").with_custom(10, Ability::DeckToPile { count: 3 });
    let mut t = game(
        cfg(set),
        &[[5, 6, 7, 8, 9], [2, 3, 11, 11, 1]],
        0,
        &[10, 1, 2, 4, 3],
    );
    let deck = t.game.deck_len();
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert_eq!(to_deck_bottom(&t, from), vec![4]);
    assert_eq!(t.game.deck_len(), deck - 1 - 3 + 1);
    let pile = t.pile();
    assert_eq!(&pile[pile.len() - 3..], &[10, 1, 2]);
    assert_eq!(t.deck()[0], 3);
    assert_eq!(*t.deck().last().unwrap(), 4);
    t.game.omniscient().check_invariants().unwrap();
}

/// B10 with D4 (ruling): if only Zombies move, each in turn ends on top of the pile and goes
/// under the deck.
#[test]
fn b10_the_count_moving_only_zombies_sends_them_under_the_deck() {
    let set = mixed("bullet+4:dagger").with_custom(10, Ability::DeckToPile { count: 2 });
    let mut t = game(
        cfg(set),
        &[[5, 6, 7, 8, 9], [2, 3, 11, 11, 1]],
        0,
        &[10, 4, 4, 1],
    );
    let (deck, pile) = (t.deck(), t.pile());
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert_eq!(t.pile(), [pile.clone(), vec![10]].concat());
    assert_eq!(t.deck(), [deck[3..].to_vec(), vec![4, 4]].concat());
}
