//! E-EMPTY, E-DIRECTION, E-MIX, and R-A3 (a face-up Bodyguard) in the other editions.

use super::*;

// ---------------------------------------------------------------------------------------------
// E-EMPTY
// ---------------------------------------------------------------------------------------------

#[test]
fn e_empty_village_may_draw_and_discard_but_not_take() {
    let mut t = emptied(&[8]);
    assert_legal(&t, vec![DRAW, A::CallCensus]);
    t.illegal(A::TakeDiscard);
    t.act(DRAW);
    // Nothing to exchange: the drawn card can only be discarded.
    assert_legal(&t, vec![A::Discard]);
    let from = t.events.len();
    t.act(A::Discard);
    // The Assassin acts on the own village: no target.
    assert_eq!(discarded_offered(&t, from), Some(false));
    assert_eq!(no_target_events(&t, from, 8), 1);
    assert_eq!(t.game.discard_top(), Some(8));
    assert_turn_of(&t, 1);
}

#[test]
fn e_empty_village_uses_abilities_on_other_villages() {
    // A Seer drawn by an empty village still has targets in the opponent's village.
    let mut t = emptied(&[9]);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_legal(&t, with(targets(1, &[0, 1, 2, 3, 4]), &[A::SkipAbility]));
}

#[test]
fn e_empty_village_calls_census_and_scores_zero() {
    let mut t = emptied(&[9]);
    t.act(A::CallCensus);
    t.draw_discard();
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(e.sizes, vec![0, 5]);
    assert_eq!(e.sums, vec![0, 10 + 11 + 12 + 13 + 13]);
    assert_eq!(e.scores, vec![0, 59]);
    assert_eq!(e.next_holder, Some(0));
}

// ---------------------------------------------------------------------------------------------
// E-DIRECTION
// ---------------------------------------------------------------------------------------------

#[test]
fn e_direction_each_round_starts_clockwise() {
    // Round 1: seat 0 exchanges a pair, later reverses, then calls census; the extra turns run
    // counter-clockwise.
    let mut t = game(
        dagger(),
        3,
        &[[6, 6, 1, 1, 3], [9, 9, 12, 12, 13], [10, 10, 11, 11, 13]],
        9,
        &[3, 7, 7, 11, 7, 7, 8, 8],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    t.draw_discard();
    t.draw_discard();
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    assert!(t.game.counter_clockwise());
    t.draw_discard();
    t.draw_discard();
    assert_turn_of(&t, 0);
    let from = t.events.len();
    t.act(A::CallCensus);
    t.draw_discard();
    t.draw_discard();
    assert_eq!(turns_started(&t, from), vec![2, 1]);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.next_start, 0);
    // Round 2 starts clockwise: the opening peeks and the turns go 0, 1, 2.
    t.deal_next(
        &[[6, 7, 8, 9, 3], [9, 10, 12, 12, 13], [10, 10, 12, 12, 13]],
        1,
        &[7, 7, 7],
    );
    assert!(!t.game.counter_clockwise());
    assert_eq!(t.game.stage(), Stage::OpeningPeek { seat: 0, left: 2 });
    t.acts(&[A::OpeningPeek { slot: 0 }, A::OpeningPeek { slot: 1 }]);
    assert_eq!(t.game.stage(), Stage::OpeningPeek { seat: 1, left: 2 });
    t.peeks();
    let from = t.events.len();
    t.draw_discard();
    t.draw_discard();
    t.draw_discard();
    assert_eq!(turns_started(&t, from), vec![1, 2, 0]);
}

// ---------------------------------------------------------------------------------------------
// E-MIX
// ---------------------------------------------------------------------------------------------

#[test]
fn e_mix_parses_mixed_set_per_value() {
    let s = CardSet::parse(MIX_SET).unwrap();
    assert_eq!(s.ability(2), Ability::Curator);
    assert_eq!(s.ability(4), Ability::Zombie);
    assert_eq!(s.ability(5), Ability::Approximator);
    assert_eq!(s.ability(8), Ability::DiscardOwn { count: 1 });
    assert_eq!(s.ability(10), Ability::UseUnderneath);
    assert_eq!(s.ability(11), Ability::ReverseDirection);
    assert_eq!(s.ability(12), Ability::RobberSwap);
    assert_eq!(s.ability(3), Ability::Bodyguard);
    assert_eq!(s.edition(2), Edition::Coin);
    assert_eq!(s.edition(4), Edition::Dagger);
    assert_eq!(s.edition(3), Edition::Amulet);
    // The base preset's token unless another is named.
    assert_eq!(s.token(), Token::Amulet);
    let d = CardSet::parse(&format!("{MIX_SET}/token=dagger")).unwrap();
    assert_eq!(d.token(), Token::Dagger);
    assert_eq!(d, mix());
    assert_eq!(CardSet::parse(&d.canonical_name()).unwrap(), d);
}

#[test]
fn e_mix_unknown_characters_rejected_with_known_values_listed() {
    let e = CardSet::parse("amulet+3:coin").unwrap_err();
    assert!(e.to_string().contains("unknown"), "{e}");
    assert!(e.to_string().contains("known values: 2, 4, 8, 10"), "{e}");
    let e = CardSet::parse("amulet+6:dagger").unwrap_err();
    assert_eq!(
        e,
        SetError::UnknownCharacter {
            edition: Edition::Dagger,
            value: 6
        }
    );
    assert!(e.to_string().contains("known values: 4, 5, 11, 12"), "{e}");
    let e = CardSet::parse("amulet+2:coin,13:dagger").unwrap_err();
    assert!(e.to_string().contains("13"), "{e}");
    assert!(e.to_string().contains("known values: 4, 5, 11, 12"), "{e}");
    // The same through a per-value mix.
    let mut editions = [Edition::Amulet; VALUES];
    editions[0] = Edition::Coin;
    let e = CardSet::mix(editions, Token::Coin).unwrap_err();
    assert!(e.to_string().contains("known values: 2, 4, 8, 10"), "{e}");
    // A value may come from only one edition.
    let e = CardSet::parse("amulet+2:coin,2:bullet").unwrap_err();
    assert!(e.to_string().contains("twice"), "{e}");
    assert_eq!(e, SetError::Twice(2));
}

#[test]
fn e_mix_full_list_must_name_its_token() {
    let list: Vec<String> = (0..14)
        .map(|v| {
            let ed = match v {
                2 | 8 | 10 => "coin",
                4 | 5 | 11 | 12 => "dagger",
                _ => "amulet",
            };
            format!("{v}:{ed}")
        })
        .collect();
    let list = list.join(",");
    let e = CardSet::parse(&list).unwrap_err();
    assert!(e.to_string().contains("token"), "{e}");
    assert_eq!(e, SetError::NoToken);
    let s = CardSet::parse(&format!("{list}/token=dagger")).unwrap();
    assert_eq!(s.token(), Token::Dagger);
    assert_eq!(s, mix());
    let e = CardSet::parse(&format!("{list}/token=silver")).unwrap_err();
    assert!(e.to_string().contains("token"), "{e}");
    assert_eq!(e, SetError::UnknownToken("silver".into()));
}

/// D4 (ruling): a held Zombie that tries to exchange out a face-down Zombie cannot be
/// discarded instead: it joins the village at the right end, shown to everybody.
#[test]
fn d4_held_zombie_against_a_face_down_zombie_joins_the_village() {
    let mut t = game(
        dagger(),
        2,
        &[[4, 7, 8, 9, 3], [9, 10, 11, 12, 13]],
        1,
        &[4],
    );
    let pile = t.pile();
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    assert_eq!(t.village(0), vec![4, 7, 8, 9, 3, 4]);
    assert_eq!(t.pile(), pile, "no Zombie goes onto the pile");
    assert!(t.game.knows(1, 0, 0) && t.game.knows(1, 0, 5));
    t.game.omniscient().check_invariants().unwrap();
}

/// D4 (ruling): taking the card above a Zombie uncovers it: it goes face-up under the deck.
#[test]
fn d4_zombie_uncovered_on_the_pile_goes_under_the_deck() {
    // Seat 0's Approximator sends a Zombie and a 2 down (the 2 on top); seat 1 takes the 2,
    // which uncovers the Zombie.
    let mut t = game(
        dagger(),
        2,
        &[[4, 6, 2, 8, 3], [9, 10, 11, 12, 13]],
        1,
        &[5, 6],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 2 },
        A::Approximate,
    ]);
    let pile = t.pile();
    assert_eq!(&pile[pile.len() - 2..], &[4, 2]);
    t.end_turn_if_offered();
    let from = t.events.len();
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    let under: Vec<Value> = t
        .events_since(from)
        .iter()
        .filter_map(|e| match *e {
            GameEvent::ToDeckBottom { value } => Some(value),
            _ => None,
        })
        .collect();
    assert_eq!(under, vec![4]);
    assert_eq!(*t.deck().last().unwrap(), 4);
    assert_ne!(t.game.discard_top(), Some(4));
    t.game.omniscient().check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------------------
// R-A3 in the other editions: a face-up Bodyguard, placed or not, protects itself
// ---------------------------------------------------------------------------------------------

/// Amulet Bodyguard (3) with the Instigator (B6), the Troublemaker (B11) and the Master Thief
/// (D12). Seat 0 takes the first discard, a Bodyguard, face-up into slot 4 and leaves it idle.
fn idle_guard_mix(deck: &[Value]) -> T {
    let set = CardSet::parse("amulet+6:bullet,11:bullet,12:dagger").unwrap();
    let mut t = game(set, 2, &[[4, 5, 7, 8, 9], [9, 10, 10, 13, 13]], 3, deck);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }, A::EndTurn]);
    assert_turn_of(&t, 1);
    t
}

#[test]
fn r_a3_idle_bodyguard_protected_from_instigator_troublemaker_and_master_thief() {
    let mut t = idle_guard_mix(&[6, 7, 11, 7, 12]);
    // B6 Instigator: any card of seat 1's own village, seat 0's but the Bodyguard.
    t.acts(&[DRAW, A::Discard]);
    let mut expected = targets(0, &[0, 1, 2, 3]);
    expected.extend(targets(1, &[0, 1, 2, 3, 4]));
    expected.push(A::SkipAbility);
    assert_legal(&t, expected);
    t.act(A::SkipAbility);
    t.draw_discard();
    // B11 Troublemaker: neither as the first card nor as the second.
    t.acts(&[DRAW, A::Discard]);
    assert!(!t.is_legal(tg(0, 4)));
    t.act(tg(1, 0));
    assert_legal(&t, targets(0, &[0, 1, 2, 3]));
    t.act(tg(0, 0));
    t.draw_discard();
    // D12 Master Thief: not the Bodyguard.
    t.acts(&[DRAW, A::Discard]);
    assert_legal(&t, with(targets(0, &[0, 1, 2, 3]), &[A::SkipAbility]));
}

#[test]
fn d5_r_swap_multi_approximator_may_take_a_publicly_unmatched_pair() {
    // A failed exchange shows seat 0's 7 and 8 to everybody. Holding a drawn 10, the pair can
    // no longer be chosen; holding a drawn Approximator it can, and then only `Approximate`
    // is offered (R-SWAP-MULTI: a set everybody sees does not match is no attempt).
    let mut t = game(
        dagger(),
        2,
        &[[9, 6, 7, 8, 3], [9, 10, 11, 12, 13]],
        1,
        &[10, 7, 10, 8, 5],
    );
    t.acts(&[
        DRAW,
        A::Select { slot: 2 },
        A::Select { slot: 3 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![9, 6, 7, 8, 3, 10]);
    t.draw_discard();
    t.acts(&[DRAW, A::Select { slot: 2 }]);
    t.illegal(A::Select { slot: 3 });
    t.acts(&[A::Select { slot: 4 }, A::ConfirmExchange]);
    t.draw_discard();
    assert_eq!(t.village(0), vec![9, 6, 7, 8, 3, 10, 10]);
    t.acts(&[DRAW, A::Select { slot: 2 }]);
    assert!(t.is_legal(A::Select { slot: 3 }));
    t.act(A::Select { slot: 3 });
    assert_legal(&t, vec![A::Approximate]);
    t.act(A::Approximate);
    assert_eq!(t.village(0), vec![9, 6, 5, 3, 10, 10]);
    assert_eq!(t.pile(), vec![1, 7, 8, 8, 7]);
}

/// D4 (ruling): a drawn Zombie facing a village whose only card is a face-up Zombie can neither
/// be discarded nor exchanged for it: it joins the village (was: no legal action at all).
#[test]
fn d4_held_zombie_with_only_a_face_up_zombie_in_the_village_joins_it() {
    let set = CardSet::parse("amulet+4:dagger,8:coin").unwrap();
    let mut t = game(
        set,
        2,
        &[[4, 6, 6, 6, 6], [9, 9, 10, 10, 11]],
        1,
        &[5, 7, 8, 7, 8, 7, 8, 3, 8, 3, 4],
    );
    // The Exposer turns the Zombie face-up; four Assassins discard the four 6s.
    t.acts(&[DRAW, A::Discard, tg(0, 0)]);
    assert_eq!(t.face_up(0), vec![true, false, false, false, false]);
    for _ in 0..4 {
        t.draw_discard();
        t.acts(&[DRAW, A::Discard, tg(0, 1)]);
    }
    assert_eq!(t.village(0), vec![4]);
    t.draw_discard();
    t.act(DRAW);
    assert!(matches!(t.game.stage(), Stage::Holding { .. }));
    assert_legal(&t, vec![A::AddToVillage]);
    t.act(A::AddToVillage);
    assert_eq!(t.village(0), vec![4, 4]);
    assert!(t.game.knows(1, 0, 1), "the joining Zombie is shown");
    t.game.omniscient().check_invariants().unwrap();
}
