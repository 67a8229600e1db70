//! Scenario tests on stacked decks for the Silver Bullet edition (EDITIONS.md B0 … B13, E-BULLET)
//! and the shared edition rules they rely on (E-SCORING-ORDER, E-ADDITIVE), with the readings of
//! `docs/rulings.md` ("Editions: Bullet, Coin, Dagger and mixed sets"). Each test is named after
//! the rule id it proves.
//!
//! Bullet values: 0 Hunter, 1 Lycan, 2 Priest, 3 Goth Girl, 4 Mortician, 5 Cow, 6 Instigator,
//! 7 Insomniac, 8 Thing, 9 Marksman, 10 The Count, 11 Troublemaker, 12 Gremlin, 13 Copycat.
//! Mixed sets borrow Amulet characters (3 Bodyguard, 4 Rascal, 10 Master, 11 Witch,
//! 13 Doppelganger, 0 Villager) and Coin characters (2 Curator, 4 C4, 10 Vampire).

use crate::common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use silver_rules::Action as A;
use silver_rules::*;

const DRAW: A = A::DrawDeck { extra: 0 };

// ---------------------------------------------------------------------------------------------
// Scenario building blocks
// ---------------------------------------------------------------------------------------------

/// A 2-player configuration with this card set.
fn cfg(set: CardSet) -> Config {
    Config {
        set,
        ..Config::standard(2).unwrap()
    }
}

/// A 2-player configuration whose rounds end after `turns` completed turns (the turn cap is
/// scored like any other round end, docs/rulings.md): a short way to reach scoring.
fn capped(set: CardSet, turns: u16) -> Config {
    Config {
        set,
        max_turns_per_round: turns,
        ..Config::standard(2).unwrap()
    }
}

fn mixed(text: &str) -> CardSet {
    CardSet::parse(text).unwrap()
}

/// A 2-player game dealt from a stack, seat 0 first, everybody peeks at slots 0 and 1.
fn game(config: Config, villages: &[[Value; 5]], discard: Value, deck: &[Value]) -> T {
    let mut t = T::with_config(config, 0, villages, discard, deck);
    t.peeks();
    t
}

/// The events since `from` that `f` selects, in order.
fn pick(t: &T, from: usize, f: impl Fn(&Event) -> bool) -> Vec<Event> {
    t.events_since(from)
        .iter()
        .filter(|e| f(e))
        .copied()
        .collect()
}

/// The `(owner, slot)` of every `Peeked` event by `seat` since `from`.
fn peeked_by(t: &T, from: usize, seat: Seat) -> Vec<(Seat, Slot)> {
    t.events_since(from)
        .iter()
        .filter_map(|e| match *e {
            GameEvent::Peeked {
                seat: s,
                owner,
                slot,
                ..
            } if s == seat => Some((owner, slot)),
            _ => None,
        })
        .collect()
}

/// Scoring-time events (E-SCORING-ORDER) since `from`, in order.
fn scoring(t: &T, from: usize) -> Vec<Event> {
    pick(t, from, |e| {
        matches!(
            e,
            GameEvent::ScoringRemoved { .. } | GameEvent::Copied { .. }
        )
    })
}

fn removed(owner: Seat, slot: Slot, value: Value) -> Event {
    GameEvent::ScoringRemoved { owner, slot, value }
}

fn copied(owner: Seat, slot: Slot, counts_as: Value) -> Event {
    GameEvent::Copied {
        owner,
        slot,
        counts_as,
    }
}

fn to_deck_bottom(t: &T, from: usize) -> Vec<Value> {
    t.events_since(from)
        .iter()
        .filter_map(|e| match *e {
            GameEvent::ToDeckBottom { value } => Some(value),
            _ => None,
        })
        .collect()
}

fn to_pile(t: &T, from: usize) -> Vec<(Value, PileReason)> {
    t.events_since(from)
        .iter()
        .filter_map(|e| match *e {
            GameEvent::ToPile { value, reason } => Some((value, reason)),
            _ => None,
        })
        .collect()
}

fn no_target(t: &T, from: usize, seat: Seat, value: Value) -> bool {
    discarded_offered(t, from) == Some(false)
        && count(
            t,
            from,
            |e| matches!(e, GameEvent::AbilityNoTarget { seat: s, value: v } if *s == seat && *v == value),
        ) == 1
        && count(t, from, |e| matches!(e, GameEvent::AbilityUsed { .. })) == 0
}

/// The fields of the last `RoundEnded` event, cut to the number of players.
#[derive(Debug)]
struct End {
    reason: RoundEnd,
    caller: Option<Seat>,
    sums: Vec<i32>,
    scores: Vec<i32>,
    sizes: Vec<u8>,
    turns: u16,
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
            sizes,
            turns,
            next_holder,
            ..
        } => End {
            reason,
            caller,
            sums: sums[..n].to_vec(),
            scores: scores[..n].to_vec(),
            sizes: sizes[..n].to_vec(),
            turns,
            next_holder,
        },
        _ => unreachable!(),
    }
}

/// The values a stack leaves for the rest of the deck, ascending (R-DECK counts minus the
/// villages, the first discard and `used`).
fn leftovers(villages: &[[Value; 5]], discard: Value, used: &[Value]) -> Vec<Value> {
    let mut counts = VALUE_COUNTS;
    for &v in villages.iter().flatten().chain([&discard]).chain(used) {
        counts[v as usize] -= 1;
    }
    let mut out = Vec::new();
    for (v, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            out.push(v as Value);
        }
    }
    out
}

/// Plays round 1 so that seat 0 calls census successfully (R-TOKEN-WIN, E-TOKEN: it holds the
/// token in round 2), then deals round 2 from the given stack; everybody peeks; seat 0 starts.
fn holder_round(config: Config, villages: &[[Value; 5]], discard: Value, deck: &[Value]) -> T {
    let mut t = game(
        config,
        &[[5, 5, 2, 2, 3], [10, 11, 12, 12, 13]],
        9,
        &[4, 8, 8],
    );
    assert_eq!(t.game.token_holder(), None);
    assert!(!t.legal().iter().any(|a| matches!(a, A::PlaceToken { .. })));
    t.acts(&[DRAW, A::Select { slot: 0 }, A::Select { slot: 1 }]);
    t.act(A::ConfirmExchange);
    t.draw_discard();
    t.act(A::CallCensus);
    t.draw_discard();
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Census);
    assert_eq!(e.caller, Some(0));
    assert_eq!(e.scores[0], 0);
    assert_eq!(e.next_holder, Some(0));
    t.deal_next(villages, discard, deck);
    t.peeks();
    assert_eq!(t.game.token_holder(), Some(0));
    assert_turn_of(&t, 0);
    t
}

fn place_token_actions(t: &T) -> Vec<A> {
    t.legal()
        .into_iter()
        .filter(|a| matches!(a, A::PlaceToken { .. }))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// B0 Hunter
// ---------------------------------------------------------------------------------------------

#[test]
fn b0_face_up_hunter_removes_the_card_leaving_the_lowest_sum() {
    let mut t = game(
        capped(CardSet::bullet(), 2),
        &[[5, 6, 7, 8, 9], [2, 3, 4, 11, 11]],
        0,
        &[1],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert_eq!(t.village(0), vec![0, 6, 7, 8, 9]);
    assert_eq!(t.face_up(0), vec![true, false, false, false, false]);
    let from = t.events.len();
    t.draw_discard();
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::TurnCap);
    assert_eq!(scoring(&t, from), vec![removed(0, 4, 9)]);
    assert_eq!(e.sums, vec![6 + 7 + 8, 2 + 3 + 4 + 11 + 11]);
    assert_eq!(e.scores, e.sums);
    // The removed card was still revealed and counted in the village's size.
    assert_eq!(e.sizes, vec![5, 5]);
}

#[test]
fn b0_hunter_only_if_face_up_before_the_reveal() {
    // Seat 0's Hunter is face-up until seat 1's Instigator turns it face-down; seat 1's own
    // Hunter is face-down all round. Neither removes a card although both are revealed.
    let mut t = game(
        capped(CardSet::bullet(), 3),
        &[[5, 6, 7, 8, 9], [0, 2, 3, 4, 10]],
        0,
        &[6, 1],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert!(t.face_up(0)[0]);
    t.acts(&[DRAW, A::Discard, tg(0, 0)]);
    assert_eq!(t.face_up(0), vec![false; 5]);
    // It stays known to everybody (B6).
    assert!(t.game.knows(1, 0, 0) && t.game.knows(0, 0, 0));
    let from = t.events.len();
    t.draw_discard();
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::TurnCap);
    assert!(scoring(&t, from).is_empty(), "{:?}", scoring(&t, from));
    assert_eq!(e.sums, vec![6 + 7 + 8 + 9, 2 + 3 + 4 + 10]);
}

/// Round 2 of a game where seat 0 holds `token`: it puts the token on its 12 and takes the
/// Hunter face-up; the round ends at the turn cap.
fn hunter_with_token(token: Token) -> (T, usize) {
    let mut t = holder_round(
        capped(CardSet::bullet().with_token(token), 4),
        &[[5, 6, 7, 8, 12], [2, 3, 4, 9, 11]],
        0,
        &[1, 1, 1],
    );
    let from = t.events.len();
    t.act(A::PlaceToken { slot: 4 });
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert_eq!(t.village(0), vec![0, 6, 7, 8, 12]);
    assert_eq!(t.game.token_slot(), Some((0, 4)));
    for _ in 0..3 {
        t.draw_discard();
    }
    assert_eq!(ended(&t).reason, RoundEnd::TurnCap);
    (t, from)
}

#[test]
fn b0_hunter_cannot_remove_the_amulet_card() {
    let (t, from) = hunter_with_token(Token::Amulet);
    // The best removal would be the 12, but it lies under the Amulet: the 8 goes.
    assert_eq!(scoring(&t, from), vec![removed(0, 3, 8)]);
    assert_eq!(ended(&t).sums, vec![6 + 7 + 12, 2 + 3 + 4 + 9 + 11]);
}

#[test]
fn e_scoring_order_bullet_card_removed_before_the_hunter_resolves() {
    let (t, from) = hunter_with_token(Token::Bullet);
    // E-BULLET first (the 12), then the Hunter removes the best remaining card (the 8).
    assert_eq!(scoring(&t, from), vec![removed(0, 4, 12), removed(0, 3, 8)]);
    assert_eq!(ended(&t).sums, vec![6 + 7, 2 + 3 + 4 + 9 + 11]);
}

#[test]
fn e_scoring_order_equal_values_from_the_start_player_in_turn_order() {
    // Seat 1 starts (nobody holds the token): both players have a face-up Hunter; seat 1's
    // resolves first.
    let mut t = T::with_config(
        capped(CardSet::bullet(), 2),
        1,
        &[[5, 6, 7, 8, 9], [0, 2, 3, 4, 10]],
        0,
        &[],
    );
    t.peeks();
    assert_turn_of(&t, 1);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert_eq!(t.pile(), vec![0]);
    let from = t.events.len();
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert!(t.face_up(0)[0] && t.face_up(1)[0]);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::TurnCap);
    assert_eq!(e.sums, vec![6 + 7 + 8, 2 + 3 + 4]);
    assert_eq!(scoring(&t, from), vec![removed(1, 4, 10), removed(0, 4, 9)]);
}

// ---------------------------------------------------------------------------------------------
// B13 Copycat (and E-SCORING-ORDER: lowest value first)
// ---------------------------------------------------------------------------------------------

#[test]
fn b13_copycat_with_hunter_hunter_removal_counts_the_copycat() {
    let mut t = game(
        capped(CardSet::bullet(), 2),
        &[[5, 13, 2, 9, 9], [2, 3, 4, 11, 11]],
        0,
        &[1],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    let from = t.events.len();
    t.draw_discard();
    // Removing the 13 would leave 0+2+9+9 = 20; removing a 9 leaves the Copycat copying the
    // Hunter's 0: 0+0+2+9 = 11. The Hunter (value 0) resolves before the Copycat (13).
    assert_eq!(scoring(&t, from), vec![removed(0, 3, 9), copied(0, 1, 0)]);
    assert_eq!(ended(&t).sums, vec![11, 2 + 3 + 4 + 11 + 11]);
}

/// Seat 0 holds a Copycat and discards `n` of its cards, each time the one in `slot`, with a
/// custom C8-like card (value 8, `discard-own` with count `n`); the round ends at the turn cap.
fn copycat_village(village: [Value; 5], n: u8, slot: Slot) -> (T, usize) {
    let set = CardSet::bullet().with_custom(8, Ability::DiscardOwn { count: n });
    let mut t = game(capped(set, 2), &[village, [2, 3, 4, 11, 11]], 1, &[8, 1]);
    t.acts(&[DRAW, A::Discard]);
    for _ in 0..n {
        t.act(tg(0, slot));
    }
    assert_eq!(t.village(0).len(), 5 - n as usize);
    assert_turn_of(&t, 1);
    let from = t.events.len();
    t.draw_discard();
    assert_eq!(ended(&t).reason, RoundEnd::TurnCap);
    (t, from)
}

#[test]
fn b13_copycat_alone_counts_13() {
    let (t, from) = copycat_village([13, 5, 6, 7, 9], 4, 1);
    assert_eq!(t.village(0), vec![13]);
    assert_eq!(t.pile(), vec![1, 8, 5, 6, 7, 9, 1]);
    let e = ended(&t);
    assert_eq!(scoring(&t, from), vec![copied(0, 0, 13)]);
    assert_eq!(e.sums, vec![13, 2 + 3 + 4 + 11 + 11]);
    assert_eq!(e.sizes, vec![1, 5]);
}

#[test]
fn b13_two_copycats_resolve_in_slot_order() {
    let mut t = game(
        capped(CardSet::bullet(), 2),
        &[[13, 13, 5, 8, 9], [2, 3, 4, 11, 11]],
        1,
        &[1, 1],
    );
    t.draw_discard();
    let from = t.events.len();
    t.draw_discard();
    assert_eq!(scoring(&t, from), vec![copied(0, 0, 5), copied(0, 1, 5)]);
    assert_eq!(ended(&t).sums, vec![5 + 5 + 5 + 8 + 9, 2 + 3 + 4 + 11 + 11]);
}

#[test]
fn b13_two_copycats_alone_an_unresolved_copycat_counts_13() {
    let (t, from) = copycat_village([13, 13, 5, 6, 7], 3, 2);
    assert_eq!(t.village(0), vec![13, 13]);
    // The first Copycat sees only the unresolved second one (13); the second sees 13.
    assert_eq!(scoring(&t, from), vec![copied(0, 0, 13), copied(0, 1, 13)]);
    assert_eq!(ended(&t).sums[0], 26);
}

// ---------------------------------------------------------------------------------------------
// B1 Lycan
// ---------------------------------------------------------------------------------------------

/// Seat 0 takes the Lycan face-up into slot 0; seat 1 draws and discards; seat 0 to move.
fn lycan(seat0: [Value; 5], deck: &[Value]) -> T {
    let mut t = game(cfg(CardSet::bullet()), &[seat0, [2, 5, 7, 8, 10]], 1, deck);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert!(t.face_up(0)[0]);
    t.draw_discard();
    assert_turn_of(&t, 0);
    t
}

fn multi(t: &mut T, slots: &[Slot]) -> usize {
    let from = t.events.len();
    t.act(DRAW);
    for &s in slots {
        t.act(A::Select { slot: s });
    }
    t.act(A::ConfirmExchange);
    from
}

fn exchange_success(t: &T, from: usize) -> bool {
    t.events_since(from)
        .iter()
        .find_map(|e| match e {
            GameEvent::Exchanged { success, .. } => Some(*success),
            _ => None,
        })
        .expect("no exchange")
}

#[test]
fn b1_one_lycan_lets_a_three_and_a_four_match() {
    let mut t = lycan([6, 3, 4, 9, 9], &[1, 5]);
    let from = multi(&mut t, &[1, 2]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.village(0), vec![1, 5, 9, 9]);
    assert_eq!(t.face_up(0), vec![true, false, false, false]);
    // R-DISCARD-ORDER: the lowest on top.
    assert_eq!(t.pile(), vec![6, 1, 4, 3]);
}

#[test]
fn b1_one_lycan_does_not_match_three_three_four() {
    let mut t = lycan([6, 3, 3, 4, 9], &[1, 5, 2]);
    let from = multi(&mut t, &[1, 2, 3]);
    assert!(!exchange_success(&t, from));
    // R-SWAP-FAIL and R-SWAP-CRIT: the drawn 5, then the penalty 2, at the end.
    assert_eq!(t.village(0), vec![1, 3, 3, 4, 9, 5, 2]);
    assert_eq!(
        t.face_up(0),
        vec![true, false, false, false, false, false, false]
    );
    assert_eq!(t.pile(), vec![6, 1]);
    assert!((1..4).all(|s| t.game.knows(1, 0, s)));
}

#[test]
fn b1_three_and_five_never_match() {
    let mut t = lycan([6, 3, 5, 9, 9], &[1, 5]);
    let from = multi(&mut t, &[1, 2]);
    assert!(!exchange_success(&t, from));
    assert_eq!(t.village(0), vec![1, 3, 5, 9, 9, 5]);
    assert_eq!(t.pile(), vec![6, 1]);
}

#[test]
fn b1_a_lycan_in_the_selected_set_does_not_count() {
    // The Lycan (1) and a Priest (2) would match if the Lycan bumped itself: it does not.
    let mut t = lycan([6, 2, 9, 9, 9], &[1, 5]);
    let from = multi(&mut t, &[0, 1]);
    assert!(!exchange_success(&t, from));
    assert_eq!(t.village(0), vec![1, 2, 9, 9, 9, 5]);
    // R-SWAP-FAIL: even the face-up Lycan goes back face-down.
    assert_eq!(t.face_up(0), vec![false; 6]);
    assert_eq!(t.pile(), vec![6, 1]);
}

#[test]
fn b1_two_lycans_let_three_three_four_match() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[6, 7, 3, 3, 4], [1, 5, 8, 10, 11]],
        1,
        &[2, 2, 5],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    assert_eq!(t.pile(), vec![6, 1]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 1 }]);
    t.draw_discard();
    assert_eq!(t.face_up(0), vec![true, true, false, false, false]);
    let from = multi(&mut t, &[2, 3, 4]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.village(0), vec![1, 1, 5]);
    assert_eq!(t.face_up(0), vec![true, true, false]);
    assert_eq!(t.pile(), vec![6, 7, 2, 4, 3, 3]);
}

// ---------------------------------------------------------------------------------------------
// B2 Priest
// ---------------------------------------------------------------------------------------------

#[test]
fn b2_priest_flip_is_a_free_action_that_forbids_census() {
    let mut t = game(
        cfg(CardSet::bullet()),
        &[[6, 6, 7, 8, 9], [3, 4, 5, 10, 11]],
        2,
        &[1, 1, 1, 0],
    );
    t.acts(&[
        A::TakeDiscard,
        A::Select { slot: 0 },
        A::Select { slot: 1 },
        A::ConfirmExchange,
    ]);
    assert_eq!(t.village(0), vec![2, 7, 8, 9]);
    assert_eq!(t.face_up(0), vec![true, false, false, false]);
    // The Priest works at once: the turn waits for free actions.
    assert_eq!(t.game.stage(), Stage::EndOfTurn);
    t.act(A::EndTurn);
    t.draw_discard();
    assert_turn_of(&t, 0);
    assert!(t.is_legal(A::CallCensus));
    let flips: Vec<A> = t
        .legal()
        .into_iter()
        .filter(|a| matches!(a, A::Flip { .. }))
        .collect();
    assert_eq!(
        flips,
        vec![
            A::Flip { slot: 1 },
            A::Flip { slot: 2 },
            A::Flip { slot: 3 }
        ]
    );
    let from = t.events.len();
    t.act(A::Flip { slot: 2 });
    assert_eq!(
        count(&t, from, |e| matches!(
            e,
            GameEvent::Flipped {
                seat: 0,
                owner: 0,
                slot: 2,
                value: 8
            }
        )),
        1
    );
    assert_eq!(t.face_up(0), vec![true, false, true, false]);
    assert!(t.game.knows(1, 0, 2));
    assert_eq!(t.game.view(1).value_at(0, 2), Some(8));
    // A free action was used: no census this turn; one flip per face-up Priest per turn.
    t.illegal(A::CallCensus);
    t.illegal(A::Flip { slot: 1 });
    t.act(DRAW);
    t.illegal(A::Flip { slot: 1 });
    t.act(A::Discard);
    assert_turn_of(&t, 1);
    t.draw_discard();
    // Next turn: census and the flip are back; the flip also works while holding a card.
    assert!(t.is_legal(A::CallCensus));
    t.act(DRAW);
    t.act(A::Flip { slot: 1 });
    assert_eq!(t.face_up(0), vec![true, true, true, false]);
    assert!(matches!(t.game.stage(), Stage::Holding { .. }));
}

#[test]
fn b2_priest_flipping_a_second_villager_while_holding_ends_round_once_placed() {
    // 0 is the Amulet Villager here (R-A0).
    let mut t = game(
        cfg(mixed("bullet+0:amulet")),
        &[[0, 0, 7, 8, 9], [5, 6, 10, 11, 4]],
        2,
        &[1],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }, A::EndTurn]);
    assert_eq!(t.pile(), vec![0]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert!(t.face_up(1)[0]);
    assert_turn_of(&t, 0);
    t.act(DRAW);
    t.act(A::Flip { slot: 1 });
    // Two Villagers face-up, but the drawn card's action is still under way.
    assert_eq!(t.face_up(0), vec![true, true, false, false, false]);
    assert!(!round_ended(&t));
    assert!(matches!(t.game.stage(), Stage::Holding { .. }));
    t.act(A::Discard);
    let e = ended(&t);
    assert_eq!(e.reason, RoundEnd::Villagers);
    assert_eq!(t.pile(), vec![5, 1]);
    assert_eq!(e.sums, vec![2 + 7 + 8 + 9, 6 + 10 + 11 + 4]);
}

// ---------------------------------------------------------------------------------------------
// B3 Goth Girl
// ---------------------------------------------------------------------------------------------

/// Seat 0 takes the Goth Girl face-up into slot 0; seat 1 draws the deck's top card and
/// discards it (onto the pile: seat 1 has no Goth Girl). Seat 0 to move.
fn goth(set: CardSet, seat0: [Value; 5], seat1: [Value; 5], deck: &[Value]) -> T {
    let mut t = game(cfg(set), &[seat0, seat1], 3, deck);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert!(t.face_up(0)[0]);
    let (pile, deck_len) = (t.pile().len(), t.game.deck_len());
    t.draw_discard();
    // Only the owner's cards go under the deck.
    assert_eq!(t.pile().len(), pile + 1);
    assert_eq!(t.game.discard_top(), Some(deck[0]));
    assert_eq!(t.game.deck_len(), deck_len - 1);
    assert_turn_of(&t, 0);
    t
}

#[test]
fn b3_goth_girl_sends_the_discard_to_the_deck_bottom_ability_still_offered() {
    let mut t = goth(
        CardSet::bullet(),
        [5, 6, 7, 8, 9],
        [2, 4, 11, 11, 1],
        &[1, 7],
    );
    let (pile, deck) = (t.pile(), t.deck());
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(to_deck_bottom(&t, from), vec![7]);
    assert!(to_pile(&t, from).is_empty());
    assert_eq!(t.pile(), pile);
    let mut expected = deck[1..].to_vec();
    expected.push(7);
    assert_eq!(t.deck(), expected);
    // Face-up, so public: the other player knows the deck's bottom card.
    let v = t.game.view(1);
    assert_eq!(v.deck_card(v.deck_len() - 1).unwrap().1, Some(7));
    // The Insomniac's ability is still offered and works.
    assert_eq!(discarded_offered(&t, from), Some(true));
    assert_legal(&t, vec![A::UseAbility, A::SkipAbility]);
    t.act(A::UseAbility);
    assert_eq!(peeked_by(&t, from, 0), vec![(0, 1), (0, 2), (0, 3), (0, 4)]);
    assert!((1..5).all(|s| t.game.knows(0, 0, s)));
    assert_turn_of(&t, 1);
}

#[test]
fn b3_goth_girl_sends_exchanged_out_cards_to_the_deck_bottom_in_pile_order() {
    // 13 is the Amulet Doppelganger (wild): it would go onto the pile first, the 8 on top.
    let mut t = goth(
        mixed("bullet+13:amulet"),
        [5, 13, 8, 7, 9],
        [2, 4, 11, 11, 1],
        &[1, 1],
    );
    let (pile, deck) = (t.pile(), t.deck());
    let from = multi(&mut t, &[1, 2]);
    assert!(exchange_success(&t, from));
    assert_eq!(t.village(0), vec![3, 1, 7, 9]);
    assert_eq!(to_deck_bottom(&t, from), vec![13, 8]);
    assert!(to_pile(&t, from).is_empty());
    assert_eq!(t.pile(), pile);
    let mut expected = deck[1..].to_vec();
    expected.extend([13, 8]);
    assert_eq!(t.deck(), expected);
    let v = t.game.view(1);
    let n = v.deck_len();
    assert_eq!(v.deck_card(n - 1).unwrap().1, Some(8));
    assert_eq!(v.deck_card(n - 2).unwrap().1, Some(13));
}

#[test]
fn b3_goth_girl_single_exchange_goes_under_the_deck() {
    let mut t = goth(
        CardSet::bullet(),
        [5, 6, 7, 8, 9],
        [2, 4, 11, 11, 1],
        &[1, 1],
    );
    let pile = t.pile();
    let from = t.events.len();
    t.acts(&[DRAW, A::Exchange { slot: 1 }]);
    assert_eq!(to_deck_bottom(&t, from), vec![6]);
    assert_eq!(t.pile(), pile);
    assert_eq!(t.village(0), vec![3, 1, 7, 8, 9]);
    assert_eq!(*t.deck().last().unwrap(), 6);
}

#[test]
fn b3_goth_girl_gremlin_under_the_deck_cannot_join() {
    let mut t = goth(
        CardSet::bullet(),
        [5, 6, 7, 8, 9],
        [2, 4, 11, 11, 1],
        &[1, 12],
    );
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(to_deck_bottom(&t, from), vec![12]);
    assert!(no_target(&t, from, 0, 12));
    assert_eq!(t.village(1).len(), 5);
    assert_eq!(*t.deck().last().unwrap(), 12);
    assert_turn_of(&t, 1);
}

#[test]
fn b3_goth_girl_does_not_apply_to_the_counts_cards() {
    let mut t = goth(
        CardSet::bullet(),
        [5, 6, 7, 8, 9],
        [2, 4, 11, 11, 1],
        &[1, 10],
    );
    let pile = t.pile();
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(to_deck_bottom(&t, from), vec![10]);
    assert_eq!(discarded_offered(&t, from), Some(true));
    let deck = t.deck();
    assert_eq!(*deck.last().unwrap(), 10);
    let mid = t.events.len();
    t.act(A::UseAbility);
    // The Count's cards are moved, not sent: they land on the pile.
    assert!(to_deck_bottom(&t, mid).is_empty());
    assert_eq!(
        to_pile(&t, mid),
        deck[..10]
            .iter()
            .map(|&v| (v, PileReason::FromDeck))
            .collect::<Vec<_>>()
    );
    let mut expected = pile.clone();
    expected.extend_from_slice(&deck[..10]);
    assert_eq!(t.pile(), expected);
    assert_eq!(t.deck(), deck[10..].to_vec());
}

// ---------------------------------------------------------------------------------------------
// B4 Mortician
// ---------------------------------------------------------------------------------------------

/// Seat 0 takes the Mortician face-up into slot 0 (exchanging out a Lycan, which has no discard
/// ability); seat 1 draws and discards. Seat 0 to move.
fn mortician(set: CardSet, seat0: [Value; 5], seat1: [Value; 5], deck: &[Value]) -> T {
    let mut t = game(cfg(set), &[seat0, seat1], 4, deck);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    assert!(t.face_up(0)[0]);
    assert_turn_of(&t, 1);
    t.draw_discard();
    assert_turn_of(&t, 0);
    t
}

fn morticians_used(t: &T, from: usize) -> usize {
    count(t, from, |e| {
        matches!(
            e,
            GameEvent::AbilityUsed {
                ability: Ability::Mortician,
                ..
            }
        )
    })
}

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

// ---------------------------------------------------------------------------------------------
// Rules corrections: E-SCORING-ORDER in the current direction, R-END (b) with B3, B1 and the
// publicly impossible set (R-SWAP-MULTI)
// ---------------------------------------------------------------------------------------------

/// Three players, nobody holds the token, seat 0 starts; seats 1 and 2 each hold a Copycat.
/// Seat 0 draws a Reverser (D11) and uses it (`reverse`) or skips it; the turn cap ends the
/// round after that turn. Returns the scoring events.
fn copycats_after_reverser(reverse: bool) -> Vec<Event> {
    let set = mixed("bullet+11:dagger");
    let cfg = Config {
        set,
        max_turns_per_round: 1,
        ..Config::standard(3).unwrap()
    };
    let mut t = T::with_config(
        cfg,
        0,
        &[[5, 6, 7, 8, 9], [13, 2, 3, 4, 10], [13, 2, 3, 4, 10]],
        1,
        &[11],
    );
    t.peeks();
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    t.act(if reverse {
        A::UseAbility
    } else {
        A::SkipAbility
    });
    assert_eq!(ended(&t).reason, RoundEnd::TurnCap);
    scoring(&t, from)
}

#[test]
fn e_scoring_order_equal_values_follow_the_current_direction() {
    // Clockwise from the start player: seat 1's Copycat, then seat 2's.
    assert_eq!(
        copycats_after_reverser(false),
        vec![copied(1, 0, 2), copied(2, 0, 2)]
    );
    // After a reversal: counter-clockwise from seat 0, so seat 2's first.
    assert_eq!(
        copycats_after_reverser(true),
        vec![copied(2, 0, 2), copied(1, 0, 2)]
    );
}

#[test]
fn r_end_b_deck_emptied_in_a_turn_ends_the_round_even_if_a_card_went_back_under_it() {
    // A custom 10 moves 28 cards from the deck to the pile (B10 with count 28), leaving one
    // card when seat 0, with a face-up Goth Girl (B3), draws it: the deck is empty, then the
    // discard goes under the deck. The round still ends with the turn.
    let set = CardSet::bullet().with_custom(10, Ability::DeckToPile { count: 28 });
    let mut t = goth(set, [5, 6, 7, 8, 9], [2, 4, 11, 11, 1], &[7, 8, 10]);
    t.draw_discard();
    assert_eq!(t.game.deck_len(), 30);
    t.acts(&[DRAW, A::Discard, A::UseAbility]);
    t.end_turn_if_offered();
    assert_eq!(t.game.deck_len(), 1);
    assert_turn_of(&t, 0);
    let from = t.events.len();
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(to_deck_bottom(&t, from).len(), 1);
    if matches!(t.game.stage(), Stage::Ability { .. }) {
        t.act(A::SkipAbility);
    }
    t.end_turn_if_offered();
    assert_eq!(t.game.deck_len(), 1, "the discard is under the deck");
    assert_eq!(ended(&t).reason, RoundEnd::Deck);
    assert_eq!(t.game.to_move(), ToMove::Deal);
}

#[test]
fn b1_r_swap_multi_a_lycan_keeps_a_public_three_and_four_choosable() {
    // A failed exchange of 3, 4 and 9 shows them to everybody. With a face-up Lycan staying in
    // the village, 3 and 4 can still match; 3 and 9 can never: not offered.
    let mut t = lycan([6, 3, 4, 9, 9], &[1, 5, 2, 7, 8]);
    let from = multi(&mut t, &[1, 2, 3]);
    assert!(!exchange_success(&t, from));
    assert!((1..4).all(|s| t.game.knows(1, 0, s)));
    t.draw_discard();
    t.acts(&[DRAW, A::Select { slot: 1 }]);
    assert!(t.is_legal(A::Select { slot: 2 }));
    t.illegal(A::Select { slot: 3 });
    t.act(A::Select { slot: 2 });
    t.act(A::ConfirmExchange);
    assert!(t
        .events
        .iter()
        .rev()
        .any(|e| matches!(e, GameEvent::Exchanged { success: true, .. })));
}
