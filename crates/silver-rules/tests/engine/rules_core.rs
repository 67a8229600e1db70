//! Scenario tests on stacked decks for RULES.md §1–§4 (R-DECK … R-GAME-100) and the two
//! termination caps of docs/rulings.md (turn cap, points-game round cap). Each test is named
//! after the rule id it proves.

use crate::common::{assert_legal, T};
use silver_rules::Action as A;
use silver_rules::*;

const DRAW: A = A::DrawDeck { extra: 0 };

// ----------------------------------------------------------------------------------------------
// Helpers
// ----------------------------------------------------------------------------------------------

/// The fields of the last `RoundEnded` event, cut to the number of players.
#[derive(Debug)]
struct End {
    reason: RoundEnd,
    caller: Option<Seat>,
    sums: Vec<i32>,
    scores: Vec<i32>,
    totals: Vec<i32>,
    sizes: Vec<u8>,
    turns: u16,
    kamikaze: Option<Seat>,
    bounced: u8,
    next_start: Seat,
    next_holder: Option<Seat>,
}

fn ended(t: &T) -> End {
    let n = t.game.players() as usize;
    match t.last_round_end() {
        GameEvent::RoundEnded {
            reason,
            caller,
            sums,
            scores,
            totals,
            sizes,
            turns,
            kamikaze,
            bounced,
            next_start,
            next_holder,
            ..
        } => End {
            reason,
            caller,
            sums: sums[..n].to_vec(),
            scores: scores[..n].to_vec(),
            totals: totals[..n].to_vec(),
            sizes: sizes[..n].to_vec(),
            turns,
            kamikaze,
            bounced,
            next_start,
            next_holder,
        },
        _ => unreachable!(),
    }
}

/// `(totals, winner, rounds)` of the `GameEnded` event.
fn game_ended(t: &T) -> (Vec<i32>, Seat, u16) {
    let n = t.game.players() as usize;
    t.events
        .iter()
        .rev()
        .find_map(|e| match *e {
            GameEvent::GameEnded {
                totals,
                winner,
                rounds,
            } => Some((totals[..n].to_vec(), winner, rounds)),
            _ => None,
        })
        .expect("no GameEnded event")
}

/// Number of `RoundEnded` events so far.
fn rounds_ended(t: &T) -> usize {
    t.events
        .iter()
        .filter(|e| matches!(e, GameEvent::RoundEnded { .. }))
        .count()
}

/// The current player draws the deck's top card and exchanges it for their slots 0 and 1
/// (which must match: R-SWAP-MULTI), leaving them with one card fewer.
fn pair_exchange(t: &mut T) {
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    t.end_turn_if_offered();
}

/// A whole round from the deal: everybody peeks; `caller`'s first turn is `pair_exchange`,
/// everybody else draws and discards; on the caller's next turn they call census; the others
/// take their extra turn (R-CENSUS, R-END a).
fn census_round(t: &mut T, caller: Seat) {
    t.peeks();
    let mut exchanged = false;
    while t.game.stage() == Stage::Turn {
        let p = t.game.turn_player();
        if p == caller && t.game.census_caller().is_none() {
            if exchanged {
                t.act(A::CallCensus);
            } else {
                pair_exchange(t);
                exchanged = true;
            }
        } else {
            t.draw_discard();
        }
    }
}

/// A whole round from the deal in which everybody only draws and discards, until the round ends
/// (the turn cap in the configurations below).
fn quiet_round(t: &mut T) {
    t.peeks();
    while t.game.stage() == Stage::Turn {
        t.draw_discard();
    }
}

fn standard_with_cap(players: u8, cap: u16) -> Config {
    Config {
        players,
        set: CardSet::amulet(),
        model: GameModel::STANDARD,
        max_turns_per_round: cap,
    }
}

fn points(players: u8, cap: u16, bounce: bool, max_rounds: u16) -> Config {
    Config {
        players,
        set: CardSet::amulet(),
        model: GameModel::Points {
            target: 100,
            bounce,
            kamikaze: true,
            max_rounds,
        },
        max_turns_per_round: cap,
    }
}

fn exchanges(n: u8) -> Vec<A> {
    (0..n).map(|slot| A::Exchange { slot }).collect()
}

fn selects(n: u8) -> Vec<A> {
    (0..n).map(|slot| A::Select { slot }).collect()
}

/// Legal actions while holding a card drawn from the deck, with a village of `n` cards and no
/// free action available.
fn holding_from_deck(n: u8) -> Vec<A> {
    let mut v = vec![A::Discard];
    v.extend(exchanges(n));
    v.extend(selects(n - 1));
    v
}

fn count_acted_by(events: &[Event], seat: Seat) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, GameEvent::Acted { seat: s, .. } if *s == seat))
        .count()
}

fn position<F: Fn(&Event) -> bool>(t: &T, f: F) -> usize {
    t.events.iter().position(f).expect("event not found")
}

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

// ----------------------------------------------------------------------------------------------
// §2 A turn
// ----------------------------------------------------------------------------------------------

fn two_player_basic(first_discard: Value, deck_top: &[Value]) -> T {
    let mut t = T::stacked(
        2,
        0,
        &[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]],
        first_discard,
        deck_top,
    );
    t.peeks();
    t
}

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

// ----------------------------------------------------------------------------------------------
// §3 Exchanging
// ----------------------------------------------------------------------------------------------

#[test]
fn r_swap_one_face_down_card_goes_face_up_to_pile() {
    let mut t = two_player_basic(11, &[7]);
    t.act(DRAW);
    t.act(A::Exchange { slot: 2 });
    assert_eq!(t.village(0), [1, 2, 7, 4, 5]);
    assert_eq!(t.pile(), [11, 3]);
    assert_eq!(t.game.discard_top(), Some(3));
    assert_eq!(t.face_up(0), [false; 5]);
}

#[test]
fn r_swap_one_face_up_card_is_exchanged_too() {
    let mut t = two_player_basic(9, &[1, 6]);
    t.act(A::TakeDiscard);
    t.act(A::Exchange { slot: 0 });
    assert_eq!(t.face_up(0), [true, false, false, false, false]);
    t.draw_discard();
    t.act(DRAW);
    t.act(A::Exchange { slot: 0 });
    assert_eq!(t.village(0), [6, 2, 3, 4, 5]);
    assert_eq!(t.face_up(0), [false; 5], "a deck card enters face-down");
    assert!(t.game.knows(0, 0, 0) && !t.game.knows(1, 0, 0));
    assert_eq!(t.pile(), [1, 1, 9]);
    // The Revealer (6) entered the village: no ability; the 9 leaving did not trigger.
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}

#[test]
fn r_swap_multi_three_tens_for_a_four_rulebook_example() {
    let mut t = T::stacked(
        3,
        0,
        &[[10, 7, 10, 10, 2], [1, 2, 3, 5, 6], [1, 2, 3, 5, 6]],
        9,
        &[4],
    );
    t.peeks();
    t.act(DRAW);
    t.act(A::Select { slot: 0 });
    assert_eq!(
        t.legal(),
        (1..5).map(|slot| A::Select { slot }).collect::<Vec<_>>(),
        "at least two village cards before confirming"
    );
    t.illegal(A::ConfirmExchange);
    t.act(A::Select { slot: 2 });
    t.illegal(A::Select { slot: 1 });
    assert_eq!(
        t.legal(),
        vec![
            A::Select { slot: 3 },
            A::Select { slot: 4 },
            A::ConfirmExchange
        ]
    );
    t.act(A::Select { slot: 3 });
    let before = t.events.len();
    t.act(A::ConfirmExchange);
    // The 4 takes the first freed slot and the row closes up.
    assert_eq!(t.village(0), [4, 7, 2]);
    assert_eq!(t.face_up(0), [false; 3]);
    assert_eq!(t.pile(), [9, 10, 10, 10]);
    assert!(t.game.knows(0, 0, 0));
    assert!(!t.game.knows(1, 0, 0) && !t.game.knows(2, 0, 0));
    let shown: Vec<(Slot, Value)> = t
        .events_since(before)
        .iter()
        .filter_map(|e| match *e {
            GameEvent::Shown {
                owner: 0,
                slot,
                value,
            } => Some((slot, value)),
            _ => None,
        })
        .collect();
    assert_eq!(
        shown,
        [(0, 10), (2, 10), (3, 10)],
        "revealed to everybody first"
    );
    assert!(t.events_since(before).iter().any(|e| matches!(
        e,
        GameEvent::Exchanged {
            success: true,
            placed_at: 0,
            face_up: false,
            slots: 0b1101,
            ..
        }
    )));
    assert_eq!(t.game.deck_len(), 30);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}

#[test]
fn r_swap_multi_taken_card_takes_leftmost_freed_slot_face_up() {
    let mut t = T::stacked(2, 0, &[[1, 7, 2, 7, 3], [8, 8, 9, 9, 10]], 5, &[]);
    t.peeks();
    t.act(A::TakeDiscard);
    t.acts(&[
        A::Select { slot: 1 },
        A::Select { slot: 3 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [1, 5, 2, 3]);
    assert_eq!(t.face_up(0), [false, true, false, false]);
    assert_eq!(t.pile(), [7, 7]);
    assert!(t.game.knows(1, 0, 1));
}

#[test]
fn r_swap_multi_new_card_is_never_one_of_the_matching_cards() {
    // Holding a drawn 10 with a single 10 in the village: the pair cannot be 10 + new card.
    let mut t = T::stacked(2, 0, &[[10, 1, 2, 3, 4], [5, 6, 7, 8, 9]], 11, &[10]);
    t.peeks();
    t.act(DRAW);
    t.act(A::Select { slot: 0 });
    t.illegal(A::ConfirmExchange);
    t.act(A::Select { slot: 1 });
    t.act(A::ConfirmExchange);
    // 10 and 1 do not match: a failure (R-SWAP-FAIL), the drawn 10 joins the row.
    assert_eq!(t.village(0), [10, 1, 2, 3, 4, 10]);
    assert_eq!(t.pile(), [11]);
}

/// Seat 0 (2 players) takes two discards face-up: its village is 1, 2, 3 face-down, then a
/// face-up 7 and a face-up 9; it holds a drawn 10.
fn two_face_up_then_holding() -> T {
    let mut t = T::stacked(2, 0, &[[1, 2, 3, 4, 5], [8, 8, 9, 9, 10]], 9, &[7, 8, 10]);
    t.peeks();
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }]);
    t.draw_discard();
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 3 }]);
    t.draw_discard();
    assert_eq!(t.village(0), [1, 2, 3, 7, 9]);
    assert_eq!(t.face_up(0), [false, false, false, true, true]);
    t.act(DRAW);
    t
}

#[test]
fn r_swap_multi_a_set_everybody_sees_does_not_match_cannot_be_chosen() {
    let mut t = two_face_up_then_holding();
    // The face-up 7 and 9 are known to every player: choosing both is not an attempt. Slot 3
    // starts no selection (its only later partner is the 9); slot 4 has no later partner.
    let starts: Vec<A> = t
        .legal()
        .into_iter()
        .filter(|a| matches!(a, A::Select { .. }))
        .collect();
    assert_eq!(
        starts,
        vec![
            A::Select { slot: 0 },
            A::Select { slot: 1 },
            A::Select { slot: 2 }
        ]
    );
    t.illegal(A::Select { slot: 3 });
    // A face-down card with a face-up one is a guess about a card not known to all: legal.
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
    t.act(A::Select { slot: 3 });
    // Adding the 9 would make the set publicly impossible; confirming {1, 7} is an attempt.
    assert_legal(&t, vec![A::ConfirmExchange]);
    t.illegal(A::Select { slot: 4 });
    t.act(A::ConfirmExchange);
    // R-SWAP-FAIL as usual: the face-up 7 goes back face-down, the 10 joins the row.
    assert_eq!(t.village(0), [1, 2, 3, 7, 9, 10]);
    assert_eq!(t.face_up(0), [false, false, false, false, true, false]);
}

#[test]
fn r_swap_multi_cards_shown_to_all_earlier_count_as_known() {
    // Seat 0 fails an exchange of a 6 and a 3 (both shown to everybody, back face-down);
    // on its next turn it cannot choose both again.
    let mut t = T::stacked(
        3,
        0,
        &[[1, 2, 3, 4, 5], [8, 8, 9, 9, 10], [10, 10, 11, 11, 12]],
        6,
        &[2, 3, 7, 9, 9, 11],
    );
    t.peeks();
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.draw_discard();
    t.draw_discard();
    t.acts(&[
        DRAW,
        A::Select { slot: 0 },
        A::Select { slot: 2 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [6, 2, 3, 4, 5, 7]);
    assert_eq!(t.face_up(0), [false; 6]);
    t.draw_discard();
    t.draw_discard();
    t.acts(&[DRAW, A::Select { slot: 0 }]);
    t.illegal(A::Select { slot: 2 });
    assert_legal(
        &t,
        vec![
            A::Select { slot: 1 },
            A::Select { slot: 3 },
            A::Select { slot: 4 },
            A::Select { slot: 5 },
        ],
    );
}

#[test]
fn r_swap_multi_no_selection_is_a_dead_end() {
    // Every reachable selection of 2+ cards can be confirmed (every step checked).
    let t = two_face_up_then_holding();
    let mut stack = vec![t.game];
    let mut seen = 0;
    while let Some(g) = stack.pop() {
        let mut legal = ActionList::new();
        g.legal_actions(&mut legal);
        if let Stage::Selecting { chosen, .. } = g.stage() {
            seen += 1;
            assert!(!legal.is_empty(), "dead end at {chosen:b}");
            if chosen.count_ones() >= 2 {
                assert!(legal.contains(&A::ConfirmExchange), "{chosen:b}");
            }
        }
        for &a in legal.iter() {
            if matches!(a, A::Select { .. }) {
                let mut next = g;
                next.apply_unchecked(a, &mut ());
                stack.push(next);
            }
        }
    }
    // The 26 sets of 2+ of the 5 slots, less the 8 holding both the 7 and the 9, plus the 3
    // single-card starts (slots 0, 1, 2): every possible set is reached, no impossible one.
    assert_eq!(seen, 18 + 3);
}

#[test]
fn r_swap_fail_chosen_cards_go_back_face_down_known_to_everybody() {
    // Seat 0 first takes the 6 (face-up in slot 0), later fails an exchange of the 6 and a 3.
    let mut t = T::stacked(
        3,
        0,
        &[[1, 2, 3, 4, 5], [8, 8, 9, 9, 10], [10, 10, 11, 11, 12]],
        6,
        &[2, 3, 7],
    );
    t.peeks();
    t.act(A::TakeDiscard);
    t.act(A::Exchange { slot: 0 });
    assert_eq!(t.face_up(0), [true, false, false, false, false]);
    t.draw_discard();
    t.draw_discard();
    let pile = t.pile();
    assert_eq!(pile, [1, 2, 3]);
    let deck = t.game.deck_len();
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 2 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [6, 2, 3, 4, 5, 7]);
    assert_eq!(
        t.face_up(0),
        [false; 6],
        "even the formerly face-up 6 goes back face-down"
    );
    for v in 0..3 {
        assert!(
            t.game.knows(v, 0, 0) && t.game.knows(v, 0, 2),
            "shown to all"
        );
    }
    assert_eq!(t.pile(), pile, "nothing is discarded");
    assert_eq!(t.game.deck_len(), deck - 1, "two cards: no penalty card");
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}

#[test]
fn r_swap_fail_new_card_face_down_from_deck() {
    let mut t = T::stacked(2, 0, &[[1, 2, 3, 4, 5], [8, 8, 9, 9, 10]], 6, &[7]);
    t.peeks();
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 3 },
        A::Select { slot: 4 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [1, 2, 3, 4, 5, 7]);
    assert_eq!(t.face_up(0), [false; 6]);
    assert!(t.game.knows(0, 0, 5), "the drawer knows the new card");
    assert!(!t.game.knows(1, 0, 5), "nobody else does");
    assert!(t.game.knows(1, 0, 3) && t.game.knows(1, 0, 4));
    assert!(t.events.iter().any(|e| matches!(
        e,
        GameEvent::Exchanged {
            success: false,
            placed_at: 5,
            face_up: false,
            ..
        }
    )));
    assert_eq!(t.pile(), [6]);
}

#[test]
fn r_swap_fail_new_card_face_up_from_discard_nothing_discarded() {
    let mut t = T::stacked(2, 0, &[[1, 2, 3, 4, 5], [8, 8, 9, 9, 10]], 6, &[7]);
    t.peeks();
    t.act(A::TakeDiscard);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [1, 2, 3, 4, 5, 6]);
    assert_eq!(t.face_up(0), [false, false, false, false, false, true]);
    assert_eq!(t.pile(), Vec::<u8>::new(), "the pile stays empty");
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    assert!(!t.legal().contains(&A::TakeDiscard));
    t.illegal(A::TakeDiscard);
}

#[test]
fn r_swap_crit_extra_unseen_card() {
    // Rulebook example: a failed 3-card exchange also takes the deck's next card, unseen.
    let mut t = T::stacked(
        3,
        0,
        &[[8, 8, 9, 1, 2], [5, 6, 7, 10, 11], [5, 6, 7, 10, 11]],
        12,
        &[3, 4],
    );
    t.peeks();
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::Select { slot: 2 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [8, 8, 9, 1, 2, 3, 4]);
    assert_eq!(t.face_up(0), [false; 7]);
    for v in 0..3 {
        for slot in 0..3 {
            assert!(t.game.knows(v, 0, slot), "all saw the shown cards");
        }
    }
    assert!(t.game.knows(0, 0, 5) && !t.game.knows(1, 0, 5) && !t.game.knows(2, 0, 5));
    let penalty = t.game.card_at(0, 6);
    assert_eq!(
        t.game.omniscient().known_mask(penalty),
        0,
        "known to nobody"
    );
    let p = t
        .events
        .iter()
        .find_map(|e| match *e {
            GameEvent::PenaltyCard { seat, value } => Some((seat, value)),
            _ => None,
        })
        .unwrap();
    assert_eq!((p.0, p.1.omniscient(), p.1.seen_mask()), (0, 4, 0));
    assert_eq!(t.pile(), [12]);
    assert_eq!(t.game.deck_len(), 29);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}

#[test]
fn r_swap_crit_after_taking_from_the_pile() {
    let mut t = T::stacked(2, 0, &[[8, 8, 9, 1, 2], [5, 6, 7, 10, 11]], 12, &[3]);
    t.peeks();
    t.act(A::TakeDiscard);
    t.acts(&[
        A::Select { slot: 2 },
        A::Select { slot: 3 },
        A::Select { slot: 4 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [8, 8, 9, 1, 2, 12, 3]);
    assert_eq!(
        t.face_up(0),
        [false, false, false, false, false, true, false]
    );
    assert_eq!(t.game.omniscient().known_mask(t.game.card_at(0, 6)), 0);
    assert_eq!(t.game.deck_len(), 30);
}

#[test]
fn r_swap_crit_skipped_when_the_deck_is_empty() {
    let mut t = T::stacked(2, 0, &[[8, 8, 9, 1, 2], [5, 6, 7, 10, 11]], 12, &[]);
    t.peeks();
    while t.game.deck_len() > 1 {
        t.draw_discard();
    }
    assert_eq!(t.game.to_move(), ToMove::Player(0));
    let last = t.deck()[0];
    t.act(DRAW);
    assert_eq!(t.game.deck_len(), 0);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::Select { slot: 2 },
        A::ConfirmExchange,
    ]);
    assert!(!t
        .events
        .iter()
        .any(|e| matches!(e, GameEvent::PenaltyCard { .. })));
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Deck);
    assert_eq!(e.sizes, [6, 5], "the drawn card only, no penalty card");
    assert_eq!(t.village(0), [8, 8, 9, 1, 2, last]);
}

#[test]
fn r_discard_order_wild_first_lowest_on_top() {
    let mut t = T::stacked(2, 0, &[[5, 13, 5, 1, 2], [6, 7, 8, 9, 10]], 11, &[3]);
    t.peeks();
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::Select { slot: 2 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [3, 1, 2]);
    assert_eq!(t.pile(), [11, 13, 5, 5]);
    // The next player can take the 5 on top.
    t.act(A::TakeDiscard);
    t.act(A::Exchange { slot: 0 });
    assert_eq!(t.village(1), [5, 7, 8, 9, 10]);
    assert_eq!(t.pile(), [11, 13, 5, 6]);
}

#[test]
fn r_discard_order_two_doppelgangers_under_a_six() {
    let mut t = T::stacked(2, 0, &[[6, 13, 1, 13, 2], [6, 7, 8, 9, 10]], 11, &[3]);
    t.peeks();
    t.act(DRAW);
    t.acts(&[
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::Select { slot: 3 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), [3, 1, 2]);
    assert_eq!(t.pile(), [11, 13, 13, 6]);
    assert_eq!(t.game.discard_top(), Some(6));
}

#[test]
fn r_no_self_ability_exchanged_out_cards_never_trigger() {
    // A Revealer (6) exchanged out singly, then two Masters (10) exchanged out together.
    let mut t = T::stacked(2, 0, &[[6, 1, 2, 3, 4], [10, 10, 7, 8, 9]], 11, &[5, 3]);
    t.peeks();
    t.act(DRAW);
    t.act(A::Exchange { slot: 0 });
    assert_eq!(t.pile(), [11, 6]);
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
    pair_exchange(&mut t);
    assert_eq!(t.pile(), [11, 6, 10, 10]);
    assert_eq!(t.village(1), [3, 7, 8, 9]);
    assert_eq!(t.game.stage(), Stage::Turn);
    assert_eq!(t.game.to_move(), ToMove::Player(0));
    assert!(!t.events.iter().any(|e| matches!(
        e,
        GameEvent::AbilityUsed { .. } | GameEvent::AbilityNoTarget { .. }
    )));
}

/// 2 players, seat 1 starts and takes the 8 into slot 2 (face-up); seat 0 is to move.
fn place_setup(deck_top: &[Value]) -> T {
    let mut t = T::stacked(2, 1, &[[1, 2, 3, 4, 5], [6, 7, 3, 9, 10]], 8, deck_top);
    t.peeks();
    t.act(A::TakeDiscard);
    t.act(A::Exchange { slot: 2 });
    assert_eq!(t.village(1), [6, 7, 8, 9, 10]);
    assert_eq!(t.face_up(1), [false, false, true, false, false]);
    assert_eq!(t.pile(), [3]);
    assert_eq!(t.game.to_move(), ToMove::Player(0));
    t
}

#[test]
fn r_place_witch_card_takes_slot_and_face_up_orientation() {
    let mut t = place_setup(&[11, 12]);
    t.act(DRAW);
    t.act(A::Discard);
    assert_eq!(t.legal(), vec![A::WitchLook, A::SkipAbility]);
    t.act(A::WitchLook);
    assert!(t.legal().contains(&A::Target { seat: 1, slot: 2 }));
    t.act(A::Target { seat: 1, slot: 2 });
    assert_eq!(t.village(1), [6, 7, 12, 9, 10]);
    assert_eq!(t.face_up(1), [false, false, true, false, false]);
    assert!(t.game.knows(1, 1, 2), "face-up: everybody knows it");
    assert_eq!(t.pile(), [3, 11, 8]);
    assert_eq!(t.game.to_move(), ToMove::Player(1));
}

#[test]
fn r_place_witch_card_takes_slot_and_face_down_orientation() {
    let mut t = place_setup(&[11, 12]);
    t.act(DRAW);
    t.act(A::Discard);
    t.act(A::WitchLook);
    t.act(A::Target { seat: 1, slot: 0 });
    assert_eq!(t.village(1), [12, 7, 8, 9, 10]);
    assert_eq!(t.face_up(1), [false, false, true, false, false]);
    assert!(
        t.game.knows(0, 1, 0),
        "the Witch player knows the card placed"
    );
    assert!(!t.game.knows(1, 1, 0), "the owner does not");
    assert_eq!(t.pile(), [3, 11, 6]);
}

#[test]
fn r_place_robber_cards_keep_their_own_orientation() {
    let mut t = place_setup(&[12]);
    t.act(DRAW);
    t.act(A::Discard);
    t.act(A::Target { seat: 1, slot: 2 });
    t.act(A::Give { slot: 0 });
    assert_eq!(t.village(0), [8, 2, 3, 4, 5]);
    assert_eq!(t.face_up(0), [true, false, false, false, false]);
    assert_eq!(t.village(1), [6, 7, 1, 9, 10]);
    assert_eq!(t.face_up(1), [false; 5]);
    assert!(t.game.knows(0, 1, 2), "the Robber knew the card it gave");
    assert!(
        !t.game.knows(1, 1, 2),
        "the victim does not see the card received"
    );
    assert_eq!(t.pile(), [3, 12]);
}

#[test]
fn r_place_looked_at_cards_stay_where_they_are() {
    let mut t = place_setup(&[9]);
    t.act(DRAW);
    t.act(A::Discard);
    t.act(A::Target { seat: 1, slot: 0 });
    assert!(t.game.knows(0, 1, 0));
    assert_eq!(t.village(1), [6, 7, 8, 9, 10]);
    assert_eq!(t.face_up(1), [false, false, true, false, false]);
    assert_eq!(t.village(0), [1, 2, 3, 4, 5]);
}

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
