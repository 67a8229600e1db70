//! RULES.md §1 Components and setup: R-DECK, R-SET, R-PLAYERS, R-DEAL, R-PEEK0, R-START.

use super::*;

// ----------------------------------------------------------------------------------------------
// §1 Components and setup
// ----------------------------------------------------------------------------------------------

#[test]
fn r_deck_52_cards_two_zeros_four_each_two_thirteens_sum_338() {
    assert_eq!(VALUE_COUNTS, [2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2]);
    assert_eq!(CARDS, 52);
    assert_eq!(DECK_SUM, 338);
    // A dealt round (4 players, nothing set aside) holds exactly that deck.
    let t = T::stacked(4, 0, &[], 5, &[]);
    let o = t.game.omniscient();
    let ids = o.all_card_ids();
    assert_eq!(ids.len(), 52);
    let mut counts = [0u8; 14];
    let mut sum = 0u32;
    for &c in &ids {
        counts[o.value(c) as usize] += 1;
        sum += o.value(c) as u32;
    }
    assert_eq!(counts, VALUE_COUNTS);
    assert_eq!(sum, 338);
}

#[test]
fn r_deck_deal_orders_with_wrong_counts_are_rejected() {
    assert_eq!(
        DealOrder::stacked(&[[13, 13, 13, 1, 2]], 0, &[]),
        Err(DealError::WrongCount {
            value: 13,
            found: 3,
            expected: 2
        })
    );
    assert_eq!(
        DealOrder::new([1; 52]),
        Err(DealError::WrongCount {
            value: 0,
            found: 0,
            expected: 2
        })
    );
    assert_eq!(DealOrder::from_slice(&[1, 2]), Err(DealError::Length(2)));
    assert_eq!(
        DealOrder::stacked(&[[14, 1, 2, 3, 4]], 0, &[]),
        Err(DealError::BadValue(14))
    );
}

#[test]
fn r_deck_random_deals_are_full_decks_every_round() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut g = Game::new(Config::standard(2).unwrap(), 0).unwrap();
    g.deal_random(&mut rng, &mut ());
    let o = g.omniscient();
    let mut counts = [0u8; 14];
    for c in o.all_card_ids() {
        counts[o.value(c) as usize] += 1;
    }
    assert_eq!(counts, VALUE_COUNTS);
}

#[test]
fn r_set_amulet_set_one_character_per_value_and_the_amulet_token() {
    let set = CardSet::amulet();
    let names = [
        "Villager",
        "Squire",
        "Empath",
        "Bodyguard",
        "Rascal",
        "Exposer",
        "Revealer",
        "Beholder",
        "Apprentice Seer",
        "Seer",
        "Master",
        "Witch",
        "Robber",
        "Doppelganger",
    ];
    for v in 0..14u8 {
        let c = set.character(v).unwrap();
        assert_eq!(c.value, v);
        assert_eq!(c.name, names[v as usize]);
        assert_eq!(set.edition(v), Edition::Amulet);
        assert_eq!(set.ability(v), c.ability);
    }
    // Discard abilities exactly for 5–12 (R-DRAW).
    let discard: Vec<u8> = (0..14u8)
        .filter(|&v| set.ability(v).is_discard_ability())
        .collect();
    assert_eq!(discard, (5..=12).collect::<Vec<u8>>());
    assert_eq!(set.token(), Token::Amulet);
    assert_eq!(set.canonical_name(), "amulet");
    assert_eq!(Config::standard(3).unwrap().set, set);
}

#[test]
fn r_set_every_card_of_a_value_has_the_same_ability() {
    // Both 9s of this deal (different cards) offer the Seer's look when discarded.
    let mut t = T::stacked(2, 0, &[[1, 2, 3, 4, 5], [1, 2, 3, 4, 6]], 7, &[9, 1, 9]);
    t.peeks();
    t.act(DRAW);
    t.act(A::Discard);
    let first = t.legal();
    // R-A9: own 5 face-down cards, the opponent's 5, or skip.
    assert_eq!(first.len(), 5 + 5 + 1);
    assert_eq!(first[0], A::Target { seat: 0, slot: 0 });
    assert_eq!(first[10], A::SkipAbility);
    t.act(A::SkipAbility);
    t.draw_discard();
    t.act(DRAW);
    t.act(A::Discard);
    assert_eq!(t.legal(), first);
    assert_eq!(t.pile(), vec![7, 9, 1, 9]);
}

#[test]
fn r_players_two_to_four() {
    assert_eq!(Config::standard(1), Err(ConfigError::Players(1)));
    assert_eq!(Config::standard(5), Err(ConfigError::Players(5)));
    for n in 2..=4 {
        assert_eq!(Config::standard(n).unwrap().players, n);
    }
    // The start player must be one of the seats.
    assert!(Game::new(Config::standard(3).unwrap(), 3).is_err());
    assert!(Game::new(Config::standard(3).unwrap(), 2).is_ok());
    // Play goes round exactly the configured seats.
    let mut t = T::stacked(3, 0, &[], 5, &[]);
    t.peeks();
    let mut seen = vec![];
    for _ in 0..4 {
        seen.push(t.game.turn_player());
        t.draw_discard();
    }
    assert_eq!(seen, [0, 1, 2, 0]);
}

#[test]
fn r_deal_two_players_ten_cards_set_aside_deck_31() {
    let t = T::stacked(2, 0, &[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], 11, &[12, 13, 0]);
    assert_eq!(t.village(0), [1, 2, 3, 4, 5]);
    assert_eq!(t.village(1), [6, 7, 8, 9, 10]);
    assert_eq!(t.game.omniscient().set_aside().len(), 10);
    assert_eq!(t.game.deck_len(), 31);
    assert_eq!(t.deck()[..3], [12, 13, 0]);
    assert_eq!(t.pile(), [11]);
    for s in 0..2 {
        assert_eq!(t.face_up(s), [false; 5]);
        for slot in 0..5 {
            for v in 0..2 {
                assert!(!t.game.knows(v, s, slot), "nobody knows a card at the deal");
            }
        }
    }
    assert_eq!(t.game.omniscient().all_card_ids().len(), 52);
    assert_eq!(t.game.round(), 1);
}

#[test]
fn r_deal_three_and_four_players_set_aside_five_and_none() {
    let t3 = T::stacked(3, 0, &[], 5, &[]);
    assert_eq!(t3.game.omniscient().set_aside().len(), 5);
    assert_eq!(t3.game.deck_len(), 31);
    assert_eq!(t3.pile(), [5]);
    for s in 0..3 {
        assert_eq!(t3.game.village_len(s), 5);
    }
    let t4 = T::stacked(4, 0, &[], 5, &[]);
    assert_eq!(t4.game.omniscient().set_aside().len(), 0);
    assert_eq!(t4.game.deck_len(), 31);
    for s in 0..4 {
        assert_eq!(t4.game.village_len(s), 5);
    }
}

#[test]
fn r_peek0_two_own_cards_each_start_player_first_clockwise() {
    let mut t = T::stacked(
        3,
        1,
        &[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 0, 1]],
        2,
        &[],
    );
    assert_eq!(t.game.stage(), Stage::OpeningPeek { seat: 1, left: 2 });
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    let all: Vec<A> = (0..5).map(|slot| A::OpeningPeek { slot }).collect();
    assert_eq!(t.legal(), all);
    t.illegal(DRAW);
    t.act(A::OpeningPeek { slot: 3 });
    assert!(t.game.knows(1, 1, 3));
    assert!(!t.game.knows(0, 1, 3) && !t.game.knows(2, 1, 3));
    assert_eq!(t.game.stage(), Stage::OpeningPeek { seat: 1, left: 1 });
    // A second look must be at another card.
    t.illegal(A::OpeningPeek { slot: 3 });
    assert!(!t.legal().contains(&A::OpeningPeek { slot: 3 }));
    t.act(A::OpeningPeek { slot: 0 });
    assert_eq!(t.game.stage(), Stage::OpeningPeek { seat: 2, left: 2 });
    t.act(A::OpeningPeek { slot: 1 });
    t.act(A::OpeningPeek { slot: 4 });
    assert_eq!(t.game.stage(), Stage::OpeningPeek { seat: 0, left: 2 });
    t.act(A::OpeningPeek { slot: 2 });
    t.act(A::OpeningPeek { slot: 0 });
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    // Each player knows exactly their two cards, and each look was seen by the looker only.
    let known = |s: Seat| -> Vec<bool> { (0..5).map(|i| t.game.knows(s, s, i)).collect() };
    assert_eq!(known(0), [true, false, true, false, false]);
    assert_eq!(known(1), [true, false, false, true, false]);
    assert_eq!(known(2), [false, true, false, false, true]);
    let peeks: Vec<(Seat, u8)> = t
        .events
        .iter()
        .filter_map(|e| match *e {
            GameEvent::Peeked {
                seat, owner, value, ..
            } => {
                assert_eq!(seat, owner);
                Some((seat, value.seen_mask()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        peeks,
        [(1, 2), (1, 2), (2, 4), (2, 4), (0, 1), (0, 1)],
        "looks in turn order, each value seen by the looker only"
    );
}

#[test]
fn r_start_round_one_start_given_nobody_holds_token_clockwise() {
    let mut t = T::stacked(3, 2, &[], 5, &[]);
    assert_eq!(t.game.start_player(), 2);
    assert_eq!(t.game.token_holder(), None);
    match t.events[0] {
        GameEvent::RoundStarted {
            round,
            start,
            token_holder,
            ..
        } => assert_eq!((round, start, token_holder), (1, 2, None)),
        _ => panic!("first event is RoundStarted"),
    }
    t.peeks();
    assert_eq!(t.game.to_move(), ToMove::Player(2));
    assert!(!t.legal().iter().any(|a| matches!(a, A::PlaceToken { .. })));
    t.illegal(A::PlaceToken { slot: 0 });
    let mut order = vec![];
    for _ in 0..4 {
        order.push(t.game.turn_player());
        t.draw_discard();
    }
    assert_eq!(order, [2, 0, 1, 2]);
}
