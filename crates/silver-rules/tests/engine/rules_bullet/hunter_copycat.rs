//! B0 Hunter and B13 Copycat, with E-SCORING-ORDER.

use super::*;

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
