//! Scenario tests on stacked decks for RULES.md §1–§4 (R-DECK … R-GAME-100) and the two
//! termination caps of docs/rulings.md (turn cap, points-game round cap). Each test is named
//! after the rule id it proves.

mod exchanging;
mod round_end;
mod setup;
mod turn;

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
