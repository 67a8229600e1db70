//! Data-driven rulebook examples: every `tests/scripts/*.json` file is a [`Script`] (stacked
//! deals plus actions) and each test plays one and asserts the example's concrete outcome.
//! The last tests check the script format itself (round trip, strictness, error reporting).
//! See `tests/scripts/README.md` for the index of files and the rule ids they encode.

use silver_rules::*;

macro_rules! script_path {
    ($name:literal) => {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scripts/", $name)
    };
}

fn load(path: &str) -> Script {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn play(path: &str) -> (Game, Vec<Event>) {
    let script = load(path);
    let mut events = Vec::new();
    let game = script
        .play(&mut events)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    (game, events)
}

fn face_up(game: &Game, seat: Seat) -> Vec<bool> {
    (0..game.village_len(seat))
        .map(|i| game.is_face_up(seat, i as Slot))
        .collect()
}

fn knows(game: &Game, viewer: Seat, seat: Seat) -> Vec<bool> {
    (0..game.village_len(seat))
        .map(|i| game.knows(viewer, seat, i as Slot))
        .collect()
}

fn pile(game: &Game) -> Vec<Value> {
    game.discard_pile().collect()
}

/// The fields of one `RoundEnded` event that the examples check.
#[derive(Debug, PartialEq, Eq)]
struct RoundResult {
    round: u16,
    reason: RoundEnd,
    caller: Option<Seat>,
    sums: [i32; MAX_PLAYERS],
    scores: [i32; MAX_PLAYERS],
    totals: [i32; MAX_PLAYERS],
    next_start: Seat,
    next_holder: Option<Seat>,
}

fn round_results(events: &[Event]) -> Vec<RoundResult> {
    events
        .iter()
        .filter_map(|e| match *e {
            GameEvent::RoundEnded {
                round,
                reason,
                caller,
                sums,
                scores,
                totals,
                next_start,
                next_holder,
                ..
            } => Some(RoundResult {
                round,
                reason,
                caller,
                sums,
                scores,
                totals,
                next_start,
                next_holder,
            }),
            _ => None,
        })
        .collect()
}

/// The values shown to everybody during multi-exchanges, as (owner, slot, value).
fn shown(events: &[Event]) -> Vec<(Seat, Slot, Value)> {
    events
        .iter()
        .filter_map(|e| match *e {
            GameEvent::Shown { owner, slot, value } => Some((owner, slot, value)),
            _ => None,
        })
        .collect()
}

/// Every `Exchanged` event as (seat, from, incoming value, slots, success, placed_at, face_up).
#[allow(clippy::type_complexity)]
fn exchanges(events: &[Event]) -> Vec<(Seat, CardSource, Value, u64, bool, Slot, bool)> {
    events
        .iter()
        .filter_map(|e| match *e {
            GameEvent::Exchanged {
                seat,
                from,
                incoming,
                slots,
                success,
                placed_at,
                face_up,
            } => Some((
                seat,
                from,
                incoming.omniscient(),
                slots,
                success,
                placed_at,
                face_up,
            )),
            _ => None,
        })
        .collect()
}

fn penalty_cards(events: &[Event]) -> Vec<(Seat, Value, u8)> {
    events
        .iter()
        .filter_map(|e| match *e {
            GameEvent::PenaltyCard { seat, value } => {
                Some((seat, value.omniscient(), value.seen_mask()))
            }
            _ => None,
        })
        .collect()
}

// =========================================================================================
// Rulebook examples
// =========================================================================================

/// Rulebook p. 6: "3 cards (number 10) match and all go to the discard pile together; the new
/// card (number 4) can take one of the freed places." R-PLACE: the row closes up.
#[test]
fn script_r_swap_multi_three_tens_for_a_four() {
    let (game, events) = play(script_path!("swap-multi-three-tens.json"));
    let o = game.omniscient();
    // [10, 2, 10, 6, 10] -> the 4 takes the leftmost freed slot, the row closes up.
    assert_eq!(o.village(0), vec![4, 2, 6]);
    assert_eq!(face_up(&game, 0), vec![false, false, false]);
    assert_eq!(pile(&game), vec![11, 10, 10, 10]);
    // All three 10s were revealed to everybody first.
    assert_eq!(shown(&events), vec![(0, 0, 10), (0, 2, 10), (0, 4, 10)]);
    assert_eq!(
        exchanges(&events),
        vec![(0, CardSource::Deck, 4, 0b10101, true, 0, false)]
    );
    // The drawn 4 is known to its drawer only; the peeked 2 stays known to seat 0.
    assert_eq!(knows(&game, 0, 0), vec![true, true, false]);
    assert_eq!(knows(&game, 1, 0), vec![false, false, false]);
    assert_eq!(game.deck_len(), 30);
    assert_eq!(game.to_move(), ToMove::Player(1));
    assert!(round_results(&events).is_empty());
}

/// Rulebook p. 7: the chosen cards do not all match: every one goes back face-down (even the
/// face-up 8), the new card joins face-down (from the deck), and because 3 cards were chosen
/// the deck's top card joins too, unseen by anybody (R-SWAP-FAIL, R-SWAP-CRIT).
#[test]
fn script_r_swap_fail_r_swap_crit_three_cards_back_face_down_plus_unseen_card() {
    let (game, events) = play(script_path!("swap-fail-three-cards.json"));
    let o = game.omniscient();
    assert_eq!(o.village(0), vec![5, 5, 8, 3, 9, 2, 12]);
    // The 8 entered face-up from the discard pile (R-TAKE) before the attempt...
    assert_eq!(
        exchanges(&events)[0],
        (0, CardSource::Discard, 8, 0b100, true, 2, true)
    );
    // ... and after the failed attempt nothing is face-up any more.
    assert_eq!(face_up(&game, 0), vec![false; 7]);
    assert_eq!(shown(&events), vec![(0, 0, 5), (0, 1, 5), (0, 2, 8)]);
    assert_eq!(
        exchanges(&events)[1],
        (0, CardSource::Deck, 2, 0b111, false, 5, false)
    );
    // Everybody has seen the three chosen cards; the new 2 is known only to its drawer; the
    // penalty card (12) is known to nobody.
    assert_eq!(
        knows(&game, 1, 0),
        vec![true, true, true, false, false, false, false]
    );
    assert_eq!(
        knows(&game, 0, 0),
        vec![true, true, true, false, false, true, false]
    );
    assert_eq!(penalty_cards(&events), vec![(0, 12, 0)]);
    // Nothing was discarded by the failed attempt: the pile holds the 6 exchanged out on turn
    // 1 and seat 1's discarded 1.
    assert_eq!(pile(&game), vec![6, 1]);
    assert_eq!(game.deck_len(), 31 - 3);
    assert_eq!(game.to_move(), ToMove::Player(1));
}

/// Rulebook p. 7: a failed exchange with the discard pile's card: the new card joins face-up,
/// and with only 2 chosen cards there is no extra deck card (R-SWAP-FAIL, R-SWAP-CRIT).
#[test]
fn script_r_swap_fail_two_cards_from_discard_new_card_face_up_no_extra() {
    let (game, events) = play(script_path!("swap-fail-two-from-discard.json"));
    let o = game.omniscient();
    assert_eq!(o.village(0), vec![7, 9, 2, 3, 4, 6]);
    assert_eq!(
        face_up(&game, 0),
        vec![false, false, false, false, false, true]
    );
    assert_eq!(game.face_up_value(0, 5), Some(6));
    assert_eq!(shown(&events), vec![(0, 0, 7), (0, 1, 9)]);
    assert_eq!(
        exchanges(&events),
        vec![(0, CardSource::Discard, 6, 0b11, false, 5, true)]
    );
    assert!(penalty_cards(&events).is_empty());
    assert_eq!(
        knows(&game, 1, 0),
        vec![true, true, false, false, false, true]
    );
    assert_eq!(pile(&game), Vec::<Value>::new());
    assert_eq!(game.deck_len(), 31);
    assert_eq!(game.to_move(), ToMove::Player(1));
}

/// Rulebook p. 8: a caller whose sum is the lowest, "even jointly with other players", scores
/// 0; a successful caller receives the Amulet (R-CENSUS, R-SCORE, R-TOKEN-WIN).
#[test]
fn script_r_score_census_success_with_a_tie_scores_zero() {
    let (game, events) = play(script_path!("census-success-tie.json"));
    assert_eq!(game.omniscient().village(0), vec![0, 1, 2, 4]);
    assert_eq!(game.omniscient().village(1), vec![1, 1, 2, 3, 0]);
    assert_eq!(
        round_results(&events),
        vec![RoundResult {
            round: 1,
            reason: RoundEnd::Census,
            caller: Some(0),
            sums: [7, 7, 0, 0],
            scores: [0, 7, 0, 0],
            totals: [0, 7, 0, 0],
            next_start: 0,
            next_holder: Some(0),
        }]
    );
    assert_eq!(game.to_move(), ToMove::Deal);
    assert_eq!(game.start_player(), 0);
    assert_eq!(game.token_holder(), Some(0));
    assert_eq!(game.totals(), [0, 7, 0, 0]);
}

/// A Silver Bullet script (`"set": "bullet"`): the Copycat counts as the lowest other card of
/// its village at scoring (B13, E-SCORING-ORDER), and the census compares those sums.
#[test]
fn script_b13_copycat_scores_as_the_lowest_other_card() {
    let (game, events) = play(script_path!("bullet-copycat-census.json"));
    assert_eq!(game.config().set, CardSet::bullet());
    assert_eq!(game.omniscient().village(0), vec![13, 2, 6, 9]);
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Copied {
            owner: 0,
            slot: 0,
            counts_as: 2
        }
    )));
    assert_eq!(
        round_results(&events),
        vec![RoundResult {
            round: 1,
            reason: RoundEnd::Census,
            caller: Some(0),
            sums: [19, 55, 0, 0],
            scores: [0, 55, 0, 0],
            totals: [0, 55, 0, 0],
            next_start: 0,
            next_holder: Some(0),
        }]
    );
}

/// A script's set must be valid (E-MIX).
#[test]
fn script_format_bad_set_is_an_error() {
    let mut script = load(script_path!("bullet-copycat-census.json"));
    script.set = Some("amulet+5:coin".into());
    assert!(matches!(script.play(&mut ()), Err(ScriptError::Set(_))));
}

/// Rulebook p. 8: a caller whose sum is not the lowest scores sum + 10; the lowest player
/// starts the next round without the token (R-CENSUS, R-SCORE, R-TOKEN-WIN).
#[test]
fn script_r_score_census_failure_scores_sum_plus_ten() {
    let (game, events) = play(script_path!("census-failure.json"));
    assert_eq!(
        round_results(&events),
        vec![RoundResult {
            round: 1,
            reason: RoundEnd::Census,
            caller: Some(0),
            sums: [7, 6, 0, 0],
            scores: [17, 6, 0, 0],
            totals: [17, 6, 0, 0],
            next_start: 1,
            next_holder: None,
        }]
    );
    assert_eq!(game.start_player(), 1);
    assert_eq!(game.token_holder(), None);
}

/// Rulebook p. 8–9: a successful caller takes the Amulet and starts; on a later tie the
/// holder keeps it; when the holder is not among the lowest, the lowest player nearest the
/// start player (clockwise) starts, without the Amulet (R-TOKEN-WIN, R-AMULET).
#[test]
fn script_r_token_win_holder_keeps_on_tie_and_loses_when_not_lowest() {
    let script = load(script_path!("token-tie-rules.json"));
    let mut events = Vec::new();
    let mut game = script.play(&mut events).unwrap();
    let starts: Vec<(u16, Seat, Option<Seat>)> = events
        .iter()
        .filter_map(|e| match *e {
            GameEvent::RoundStarted {
                round,
                start,
                token_holder,
                ..
            } => Some((round, start, token_holder)),
            _ => None,
        })
        .collect();
    assert_eq!(starts, vec![(1, 1, None), (2, 1, Some(1)), (3, 1, Some(1))]);
    // The holder used the token in round 2 (legal only for the holder).
    assert!(events.contains(&GameEvent::TokenPlaced { seat: 1, slot: 4 }));
    assert_eq!(
        round_results(&events),
        vec![
            // Round 1: seat 1's census succeeds: it takes the token and starts round 2.
            RoundResult {
                round: 1,
                reason: RoundEnd::Census,
                caller: Some(1),
                sums: [45, 6, 39, 0],
                scores: [45, 0, 39, 0],
                totals: [45, 0, 39, 0],
                next_start: 1,
                next_holder: Some(1),
            },
            // Round 2: the holder ties seat 2 for the lowest score: it keeps the token.
            RoundResult {
                round: 2,
                reason: RoundEnd::Villagers,
                caller: None,
                sums: [47, 10, 10, 0],
                scores: [47, 10, 10, 0],
                totals: [92, 10, 49, 0],
                next_start: 1,
                next_holder: Some(1),
            },
            // Round 3: seats 0 and 2 tie, the holder is not lowest: counting from start
            // player 1, seat 2 comes first; it did not call census, so nobody holds the token.
            RoundResult {
                round: 3,
                reason: RoundEnd::Villagers,
                caller: None,
                sums: [10, 50, 10, 0],
                scores: [10, 50, 10, 0],
                totals: [102, 60, 59, 0],
                next_start: 2,
                next_holder: None,
            },
        ]
    );
    assert_eq!(game.to_move(), ToMove::Deal);
    assert_eq!(game.start_player(), 2);
    assert_eq!(game.token_holder(), None);
    // Round 4: seat 2 starts, without token power (R-TOKEN-WIN, R-AMULET).
    let order = DealOrder::stacked(
        &[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 0, 1]],
        2,
        &[],
    )
    .unwrap();
    game.deal(&order, &mut events);
    for _ in 0..3 {
        game.apply(Action::OpeningPeek { slot: 0 }, &mut ())
            .unwrap();
        game.apply(Action::OpeningPeek { slot: 1 }, &mut ())
            .unwrap();
    }
    assert_eq!(game.to_move(), ToMove::Player(2));
    assert!(!game.is_legal(Action::PlaceToken { slot: 0 }));
}

/// Rulebook p. 13–14: the Doppelganger matches any card in a multi-exchange; the
/// Doppelgangers go onto the pile first, the other cards on top of them (R-A13,
/// R-DISCARD-ORDER: wild cards first, the lowest value on top).
#[test]
fn script_r_a13_r_discard_order_doppelganger_wild_first_lowest_on_top() {
    let (game, events) = play(script_path!("doppelganger-wild-exchange.json"));
    assert_eq!(game.omniscient().village(0), vec![1, 2, 3]);
    assert_eq!(face_up(&game, 0), vec![false, false, false]);
    assert_eq!(shown(&events), vec![(0, 0, 8), (0, 1, 13), (0, 2, 8)]);
    assert_eq!(
        exchanges(&events),
        vec![(0, CardSource::Deck, 1, 0b111, true, 0, false)]
    );
    // Slot order would be 8, 13, 8: the wild card goes first, an 8 ends on top.
    assert_eq!(pile(&game), vec![11, 13, 8, 8]);
    assert_eq!(game.discard_top(), Some(8));
}

/// Rulebook p. 10: a full 4-round game. Totals tie between seats 0 and 2; the Amulet holder
/// (seat 1, after its successful census in round 4) is not tied, so the tied player nearest
/// the holder clockwise wins (R-GAME-4).
#[test]
fn script_r_game_4_full_game_tie_break_from_the_token_holder() {
    let (game, events) = play(script_path!("full-game-tie-break.json"));
    let results = round_results(&events);
    let summary: Vec<_> = results
        .iter()
        .map(|r| (r.round, r.reason, r.scores, r.next_start, r.next_holder))
        .collect();
    assert_eq!(
        summary,
        vec![
            (1, RoundEnd::Villagers, [10, 40, 10, 0], 0, None),
            (2, RoundEnd::Villagers, [20, 30, 10, 0], 2, None),
            // Seats 0 and 1 tie; counting from start player 2, seat 0 comes first.
            (3, RoundEnd::Villagers, [10, 10, 20, 0], 0, None),
            (4, RoundEnd::Census, [10, 0, 10, 0], 1, Some(1)),
        ]
    );
    assert_eq!(results[3].sums, [10, 6, 10, 0]);
    assert_eq!(results[3].totals, [50, 80, 50, 0]);
    assert!(game.is_over());
    assert_eq!(game.to_move(), ToMove::Terminal);
    assert_eq!(game.totals(), [50, 80, 50, 0]);
    assert_eq!(game.token_holder(), Some(1));
    // Seat 0 (lowest index, and first from round 4's start player) does not win: seat 2 is
    // the first tied player clockwise from the holder.
    assert_eq!(game.winner(), Some(2));
    assert_eq!(
        events.last(),
        Some(&GameEvent::GameEnded {
            totals: [50, 80, 50, 0],
            winner: 2,
            rounds: 4,
        })
    );
}

/// Every file in `tests/scripts/` plays without error and is listed in the index.
#[test]
fn script_every_file_plays_and_is_indexed() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scripts");
    let index = std::fs::read_to_string(format!("{dir}/README.md")).unwrap();
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        assert!(
            index.contains(&format!("`{name}`")),
            "{name} is not in README.md"
        );
        let script = load(path.to_str().unwrap());
        script
            .play(&mut ())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        n += 1;
    }
    assert_eq!(n, 9);
}

// =========================================================================================
// The script format
// =========================================================================================

#[test]
fn script_format_json_round_trip() {
    let mut script = load(script_path!("token-tie-rules.json"));
    // Exercise both deal forms: a full 52-card order and the stacked form.
    let full = DealOrder::stacked(&[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], 11, &[12, 13])
        .unwrap()
        .values()
        .to_vec();
    script.deals.push(DealSpec::Full(full));
    script.model = GameModel::POINTS_100;
    script.max_turns_per_round = 77;
    let json = serde_json::to_string(&script).unwrap();
    let back: Script = serde_json::from_str(&json).unwrap();
    assert_eq!(back, script);
    assert_eq!(back.deals.len(), 4);
    assert!(matches!(back.deals[3], DealSpec::Full(ref v) if v.len() == 52));
    // Actions serialize in the documented kebab-case form.
    let a = serde_json::to_value(Action::ConfirmExchange).unwrap();
    assert_eq!(a, serde_json::json!({"do": "confirm-exchange"}));
    let a = serde_json::to_value(Action::DrawDeck { extra: 1 }).unwrap();
    assert_eq!(a, serde_json::json!({"do": "draw-deck", "extra": 1}));
}

#[test]
fn script_format_defaults_apply() {
    let s: Script = serde_json::from_str(r#"{"players": 3, "deals": []}"#).unwrap();
    assert_eq!(s.first_player, 0);
    assert_eq!(s.model, GameModel::Rounds { rounds: 4 });
    assert_eq!(s.max_turns_per_round, DEFAULT_MAX_TURNS);
    assert!(s.actions.is_empty());
}

#[test]
fn script_format_full_and_stacked_deals_play_alike() {
    let stacked = load(script_path!("swap-multi-three-tens.json"));
    let mut full = stacked.clone();
    full.deals = vec![DealSpec::Full(
        stacked.deals[0].order().unwrap().values().to_vec(),
    )];
    let (mut e1, mut e2) = (Vec::new(), Vec::new());
    let g1 = stacked.play(&mut e1).unwrap();
    let g2 = full.play(&mut e2).unwrap();
    assert!(g1 == g2);
    assert_eq!(e1, e2);
}

#[test]
fn script_format_unknown_field_is_rejected() {
    let top = r#"{"players": 2, "deals": [], "_comment": "no"}"#;
    let err = serde_json::from_str::<Script>(top).unwrap_err();
    assert!(err.to_string().contains("_comment"), "{err}");
    // Unknown fields inside an action or the model are rejected too. (Serde does not enforce
    // `deny_unknown_fields` on the *unit* variants of an internally tagged enum, so
    // `{"do": "discard", "slot": 1}` would still parse; struct variants are strict.)
    let action = r#"{"players": 2, "deals": [], "actions": [{"do": "select", "slot": 1, "x": 0}]}"#;
    let err = serde_json::from_str::<Script>(action).unwrap_err();
    assert!(err.to_string().contains("unknown field `x`"), "{err}");
    let model = r#"{"players": 2, "deals": [], "model": {"kind": "rounds", "rounds": 4, "x": 1}}"#;
    let err = serde_json::from_str::<Script>(model).unwrap_err();
    assert!(err.to_string().contains("unknown field `x`"), "{err}");
    let unknown_action = r#"{"players": 2, "deals": [], "actions": [{"do": "fly"}]}"#;
    assert!(serde_json::from_str::<Script>(unknown_action).is_err());
}

#[test]
fn script_format_illegal_action_reports_its_index() {
    let mut script = load(script_path!("swap-multi-three-tens.json"));
    // Index 5 selects slot 0; selecting slot 0 again at index 6 is illegal (slots increase).
    script.actions[6] = Action::Select { slot: 0 };
    let err = script.play(&mut ()).unwrap_err();
    match err {
        ScriptError::Illegal { index, error } => {
            assert_eq!(index, 6);
            assert_eq!(error.action, Action::Select { slot: 0 });
            assert!(matches!(error.stage, Stage::Selecting { chosen: 1, .. }));
        }
        other => panic!("expected Illegal, got {other:?}"),
    }
    // Census with 5 cards is illegal too (R-CENSUS), here at index 4.
    let mut script = load(script_path!("swap-multi-three-tens.json"));
    script.actions[4] = Action::CallCensus;
    assert!(matches!(
        script.play(&mut ()),
        Err(ScriptError::Illegal { index: 4, .. })
    ));
}

#[test]
fn script_format_wrong_card_count_is_a_deal_error() {
    // A full order of 51 cards.
    let mut script = load(script_path!("swap-multi-three-tens.json"));
    let mut v = script.deals[0].order().unwrap().values().to_vec();
    v.pop();
    script.deals[0] = DealSpec::Full(v.clone());
    assert_eq!(
        script.play(&mut ()).unwrap_err(),
        ScriptError::Deal {
            round: 1,
            error: DealError::Length(51),
        }
    );
    // 52 cards, but one 12 turned into a third 13 (R-DECK): the first wrong value is 12.
    let mut v = load(script_path!("swap-multi-three-tens.json")).deals[0]
        .order()
        .unwrap()
        .values()
        .to_vec();
    let i = v.iter().position(|&x| x == 12).unwrap();
    v[i] = 13;
    script.deals[0] = DealSpec::Full(v);
    assert_eq!(
        script.play(&mut ()).unwrap_err(),
        ScriptError::Deal {
            round: 1,
            error: DealError::WrongCount {
                value: 12,
                found: 3,
                expected: 4
            },
        }
    );
    // A stacked deal asking for a third Doppelganger.
    let json = r#"{"players": 2, "deals": [
        {"villages": [[13, 13, 13, 1, 2], [3, 4, 5, 6, 7]], "first_discard": 8}]}"#;
    let script: Script = serde_json::from_str(json).unwrap();
    assert_eq!(
        script.play(&mut ()).unwrap_err(),
        ScriptError::Deal {
            round: 1,
            error: DealError::WrongCount {
                value: 13,
                found: 3,
                expected: 2
            },
        }
    );
}

#[test]
fn script_format_second_round_without_a_deal_is_missing_deal() {
    let mut script = load(script_path!("census-success-tie.json"));
    // Without further actions the script simply stops when round 1 ends.
    assert_eq!(script.play(&mut ()).unwrap().to_move(), ToMove::Deal);
    script.actions.push(Action::OpeningPeek { slot: 0 });
    assert_eq!(
        script.play(&mut ()).unwrap_err(),
        ScriptError::MissingDeal { round: 2 }
    );
    // With a second deal the same action is played.
    script.deals.push(script.deals[0].clone());
    let game = script.play(&mut ()).unwrap();
    assert_eq!(game.round(), 2);
    assert_eq!(game.stage(), Stage::OpeningPeek { seat: 0, left: 1 });
}

#[test]
fn script_format_action_after_game_over_is_reported() {
    let mut script = load(script_path!("census-failure.json"));
    script.model = GameModel::Rounds { rounds: 1 };
    let n = script.actions.len();
    assert!(script.play(&mut ()).unwrap().is_over());
    script.actions.push(Action::OpeningPeek { slot: 0 });
    assert_eq!(
        script.play(&mut ()).unwrap_err(),
        ScriptError::AfterGameOver { index: n }
    );
}
