//! Screens of the terminal table: snapshots of typical moments (ratatui's test backend, insta)
//! and the information boundary — a seat's screen shows exactly the values its view holds
//! (RULES.md §6), checked against the engine's view for many states of every edition.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_bots::BotSpec;
use silver_rules::{Action, CardSet, Config, GameModel, Seat, Stage, DEFAULT_MAX_TURNS};
use silver_table::scene::{self, cell_text, Scene};
use silver_table::session::Session;
use silver_table::tui::render_to_string;

fn config(players: u8, set: &str) -> Config {
    Config {
        players,
        set: CardSet::parse(set).unwrap(),
        model: GameModel::STANDARD,
        max_turns_per_round: DEFAULT_MAX_TURNS,
    }
}

fn greedy_table(players: u8, set: &str, seed: u64) -> Session {
    let bots = (0..players)
        .map(|s| {
            (s != 0).then(|| {
                (
                    "greedy".to_string(),
                    BotSpec::parse_inline("greedy").unwrap(),
                )
            })
        })
        .collect();
    Session::new(config(players, set), 0, bots, seed).unwrap()
}

/// The person's screen now (its log: the events it observed).
fn screen(s: &Session) -> Scene {
    let log = silver_table::play::observed_lines(&s.events, s.seat, &s.names);
    let start = log.len().saturating_sub(8);
    let actions: &[Action] = if s.persons_turn() { s.legal() } else { &[] };
    scene::build(
        &s.game().view(s.seat),
        None,
        &s.names,
        log[start..].to_vec(),
        actions,
    )
}

/// Plays the person with `policy` (bots between) until `stop` holds at the person's turn.
fn until(
    s: &mut Session,
    rng: &mut ChaCha8Rng,
    stop: impl Fn(&Session) -> bool,
    prefer: impl Fn(&Action) -> bool,
) -> bool {
    for _ in 0..5000 {
        while s.step_bot() {}
        if s.to_move().is_none() {
            return false;
        }
        if stop(s) {
            return true;
        }
        let legal = s.legal().to_vec();
        let preferred: Vec<Action> = legal.iter().copied().filter(|a| prefer(a)).collect();
        let pool = if preferred.is_empty() {
            &legal
        } else {
            &preferred
        };
        let a = pool[rng.random_range(0..pool.len())];
        s.apply(a).unwrap();
    }
    false
}

#[test]
fn snapshot_opening_peeks() {
    let s = greedy_table(3, "amulet", 3);
    insta::assert_snapshot!(render_to_string(&screen(&s), 0, 110, 34));
}

#[test]
fn snapshot_holding_a_drawn_card_with_a_multi_exchange_selection() {
    let mut s = greedy_table(2, "amulet", 11);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let found = until(
        &mut s,
        &mut rng,
        |s| matches!(s.game().stage(), Stage::Selecting { chosen, .. } if chosen.count_ones() >= 1),
        |a| matches!(a, Action::Select { .. } | Action::DrawDeck { .. }),
    );
    assert!(found);
    insta::assert_snapshot!(render_to_string(&screen(&s), 1, 110, 34));
}

#[test]
fn snapshot_an_ability_target_choice() {
    let mut s = greedy_table(3, "amulet", 5);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let found = until(
        &mut s,
        &mut rng,
        |s| s.legal().iter().any(|a| matches!(a, Action::Target { .. })),
        |a| matches!(a, Action::DrawDeck { .. } | Action::Discard),
    );
    assert!(found);
    insta::assert_snapshot!(render_to_string(&screen(&s), 0, 110, 40));
}

#[test]
fn snapshot_a_census_rounds_end() {
    let mut s = greedy_table(2, "bullet", 7);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    // Play until a round ended by a census call, and show its reveal as the table does.
    let mut shown = 0;
    let mut reveal = Vec::new();
    for _ in 0..20_000 {
        while s.step_bot() {}
        let set = s.game().config().set;
        let events = &s.events[shown..];
        let census = events.iter().any(|e| {
            matches!(
                e,
                silver_rules::GameEvent::RoundEnded {
                    caller: Some(_),
                    ..
                }
            )
        });
        if census {
            reveal = silver_table::play::reveal_lines(events, &s.names, &set);
            break;
        }
        shown = s.events.len();
        if s.to_move().is_none() {
            break;
        }
        let legal = s.legal().to_vec();
        let census_call = legal.iter().find(|a| **a == Action::CallCensus).copied();
        let a = match census_call {
            Some(c) if s.game().table().turn_number() > 4 => c,
            _ => legal[rng.random_range(0..legal.len())],
        };
        s.apply(a).unwrap();
    }
    assert!(!reveal.is_empty(), "no census round");
    let mut sc = screen(&s);
    sc.actions.clear();
    sc.pending = reveal;
    sc.footer = "the round is over: press any key".into();
    insta::assert_snapshot!(render_to_string(&sc, 0, 120, 36));
}

/// The expected text of every card of every village for `seat`, from the engine's view.
fn expected_cells(s: &Session, seat: Seat) -> Vec<Vec<(bool, Option<u8>)>> {
    let view = s.game().view(seat);
    (0..view.players())
        .map(|p| {
            view.village(p)
                .enumerate()
                .map(|(i, c)| (c.face_up, view.value_at(p, i as u8)))
                .collect()
        })
        .collect()
}

#[test]
fn a_seats_screen_shows_exactly_the_values_its_view_holds() {
    let sets = [
        "amulet",
        "bullet",
        "bullet/token=coin",
        "bullet/token=dagger",
        "amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger",
    ];
    let mut checked = 0u64;
    let mut hidden = 0u64;
    for (k, set) in sets.iter().enumerate() {
        for players in 2..=4u8 {
            let mut s = greedy_table(players, set, 100 + k as u64);
            let mut rng = ChaCha8Rng::seed_from_u64(k as u64 + players as u64);
            for step in 0..600 {
                while s.step_bot() {}
                if s.to_move().is_none() {
                    break;
                }
                if step % 7 == 0 {
                    for seat in 0..players {
                        let view = s.game().view(seat);
                        let sc = scene::build(&view, None, &s.names, Vec::new(), &[]);
                        let expected = expected_cells(&s, seat);
                        let text = scene::plain(&sc);
                        let tui = render_to_string(&sc, 0, 250, 40);
                        for (p, row) in expected.iter().enumerate() {
                            let cells = &sc.villages[p].cards;
                            assert_eq!(cells.len(), row.len());
                            for (i, (&(up, value), cell)) in row.iter().zip(cells).enumerate() {
                                // The engine's view decides: a value only where it has one.
                                assert_eq!(cell.value, value, "seat {seat} village {p} slot {i}");
                                assert_eq!(cell.face_up, up);
                                let shown = format!("{i}:{}", cell_text(cell));
                                assert!(text.contains(&shown), "{shown} not in\n{text}");
                                assert!(tui.contains(&shown), "{shown} not on screen\n{tui}");
                                if value.is_none() {
                                    assert!(cell_text(cell).starts_with("[?]"));
                                    hidden += 1;
                                }
                                checked += 1;
                            }
                        }
                        // The held card and the drawn cards: only what the view knows.
                        if let Some((_, v)) = view.holding() {
                            let line = sc.pending.iter().find(|l| l.starts_with("holding"));
                            assert_eq!(
                                line.is_some_and(|l| l.contains("? (hidden)")),
                                v.is_none(),
                                "{line:?}"
                            );
                        }
                    }
                }
                let legal = s.legal().to_vec();
                s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
            }
        }
    }
    assert!(checked > 10_000 && hidden > 1_000, "{checked} {hidden}");
}
