//! Restricted play (`silver_rules::restricted`): the values each action keeps, takes or uses,
//! family by family, on stacked decks. Every answer is checked on both lenses: the deciding
//! player's view and the game (`Game::restricted_values`), which must agree.
//!
//! Amulet values: 1 Squire, 2 Empath, 3 Bodyguard, 4 Rascal, 6 Revealer, 10 Master, 11 Witch,
//! 12 Robber. Bullet: 4 Mortician, 7 Insomniac, 9 Marksman. Coin: 2 Curator, 4 C4, 10 Vampire.

use crate::common::*;
use silver_rules::Action as A;
use silver_rules::*;

const DRAW: A = A::DrawDeck { extra: 0 };
const COIN_SET: &str = "amulet+2:coin,4:coin,8:coin,10:coin";

/// The values `a` involves for the player to move, in increasing order (both lenses agree).
fn rv(t: &T, a: A) -> Vec<Value> {
    let ToMove::Player(p) = t.game.to_move() else {
        panic!("nobody to move")
    };
    let view = t.game.view(p).restricted_values(a);
    assert_eq!(
        view,
        t.game.restricted_values(a),
        "{a:?}: the lenses disagree"
    );
    view.iter().collect()
}

fn game(set: CardSet, villages: &[[Value; 5]], discard: Value, deck: &[Value]) -> T {
    let cfg = Config {
        set,
        ..Config::standard(2).unwrap()
    };
    let mut t = T::with_config(cfg, 0, villages, discard, deck);
    t.peeks();
    t
}

#[test]
fn value_sets_hold_values_0_to_13() {
    let mut s = ValueSet::EMPTY;
    assert!(s.is_empty());
    for v in [13, 0, 7, 7, 14, 255] {
        s.insert(v);
    }
    assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 7, 13]);
    assert_eq!((s.len(), s.bits()), (3, 1 | 1 << 7 | 1 << 13));
    assert!(s.contains(7) && !s.contains(6) && !s.contains(14));
    assert!(s.intersects([6, 7].into_iter().collect()));
    assert!(!s.intersects(ValueSet::from_bits(1 << 6 | 1 << 15)));
}

#[test]
fn take_the_pile_top_keep_the_held_card_discard_involves_nothing() {
    let mut t = game(
        CardSet::amulet(),
        &[[5, 6, 7, 8, 9], [9, 10, 11, 12, 13]],
        3,
        &[8],
    );
    assert_eq!(rv(&t, A::TakeDiscard), vec![3]);
    assert_eq!(rv(&t, DRAW), Vec::<Value>::new());
    t.act(DRAW);
    // Holding the drawn 8: every way into the village keeps it; discarding keeps nothing.
    assert_eq!(rv(&t, A::Exchange { slot: 2 }), vec![8]);
    assert_eq!(rv(&t, A::Select { slot: 3 }), vec![8]);
    assert_eq!(rv(&t, A::Discard), Vec::<Value>::new());
    t.act(A::Select { slot: 3 });
    assert_eq!(rv(&t, A::Select { slot: 4 }), vec![8]);
}

#[test]
fn witch_use_then_take_of_the_looked_at_card() {
    let mut t = game(
        CardSet::amulet(),
        &[[5, 6, 7, 8, 9], [9, 10, 6, 12, 13]],
        3,
        &[11, 5],
    );
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(rv(&t, A::WitchLook), vec![11]);
    assert_eq!(rv(&t, A::SkipAbility), Vec::<Value>::new());
    t.act(A::WitchLook);
    assert_eq!(rv(&t, A::WitchExchangeOwn), vec![5, 11]);
    assert_eq!(rv(&t, A::WitchLeave), vec![11]);
    assert_eq!(rv(&t, tg(1, 0)), vec![11]);
}

#[test]
fn master_takes_a_pile_card_robber_takes_a_known_card_only() {
    // Seat 0 discards a Master onto the 3: taking the 3 uses 10 and takes 3.
    let mut t = game(
        CardSet::amulet(),
        &[[5, 6, 7, 8, 9], [9, 6, 11, 12, 13]],
        3,
        &[10, 12],
    );
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(rv(&t, A::PickDiscard { index: 0 }), vec![3, 10]);
    t.act(A::SkipAbility);
    t.end_turn_if_offered();
    // Seat 1's Robber: the opponent's cards are unknown to it, so only the Robber counts; its
    // own peeked card given in exchange counts as the Robber's step.
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(rv(&t, tg(0, 2)), vec![12]);
    t.act(tg(0, 2));
    assert_eq!(rv(&t, A::Give { slot: 0 }), vec![12]);
}

#[test]
fn free_actions_use_the_face_up_character() {
    // Seat 0 takes the Empath face-up; next turn each peek uses it.
    let mut t = game(
        CardSet::amulet(),
        &[[5, 6, 7, 8, 9], [9, 10, 11, 12, 13]],
        2,
        &[8, 7],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.end_turn_if_offered();
    t.draw_discard();
    assert!(t.is_legal(A::EmpathPeek { slot: 2 }));
    assert_eq!(rv(&t, A::EmpathPeek { slot: 2 }), vec![2]);
    // While holding a drawn card too.
    t.act(DRAW);
    assert_eq!(rv(&t, A::EmpathPeek { slot: 3 }), vec![2]);
    assert_eq!(rv(&t, A::Exchange { slot: 3 }), vec![7]);
}

#[test]
fn bodyguard_is_used_by_moving_it_the_token_by_no_value() {
    let mut t = game(
        CardSet::amulet(),
        &[[5, 6, 7, 8, 9], [9, 10, 11, 12, 13]],
        3,
        &[8],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    let guard = A::GuardPlace {
        guard: 0,
        target: 1,
    };
    assert!(t.is_legal(guard), "{:?}", t.legal());
    assert_eq!(rv(&t, guard), vec![3]);
    assert_eq!(rv(&t, A::PlaceToken { slot: 1 }), Vec::<Value>::new());
}

#[test]
fn rascal_extra_draw_and_keep_drawn() {
    // The Rascal taken from the pile lies face-up: drawing extra uses it, keeping takes.
    let mut t = game(
        CardSet::amulet(),
        &[[5, 6, 7, 8, 9], [9, 10, 11, 12, 13]],
        4,
        &[8, 6, 7],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.end_turn_if_offered();
    t.draw_discard();
    assert_eq!(rv(&t, A::DrawDeck { extra: 1 }), vec![4]);
    assert_eq!(rv(&t, DRAW), Vec::<Value>::new());
    t.act(A::DrawDeck { extra: 1 });
    assert_eq!(rv(&t, A::KeepDrawn { index: 0 }), vec![6]);
    assert_eq!(rv(&t, A::KeepDrawn { index: 1 }), vec![7]);
}

#[test]
fn squire_display_draw_takes_the_display_card() {
    let mut t = game(
        CardSet::amulet(),
        &[[5, 6, 7, 8, 9], [9, 10, 11, 12, 13]],
        1,
        &[8, 6, 7],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.end_turn_if_offered();
    let display: Vec<Value> = t.game.display().collect();
    assert_eq!(display.len(), 1, "one face-up Squire: one display card");
    assert_eq!(rv(&t, A::DrawDisplay { index: 0 }), display);
}

#[test]
fn mortician_uses_itself_and_the_chosen_card_then_the_copied_ability() {
    // Seat 0's Mortician (4) lies face-up in slot 0; exchanging out the Insomniac (7) offers it.
    let mut t = game(
        CardSet::bullet(),
        &[[1, 7, 9, 11, 6], [2, 3, 5, 8, 10]],
        4,
        &[1, 0],
    );
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 0 }]);
    t.draw_discard();
    t.act(DRAW);
    assert_eq!(rv(&t, A::Exchange { slot: 1 }), vec![0]);
    t.act(A::Exchange { slot: 1 });
    assert_eq!(rv(&t, A::PickDiscard { index: 2 }), vec![4, 7]);
    assert_eq!(rv(&t, A::SkipAbility), Vec::<Value>::new());
    t.act(A::PickDiscard { index: 2 });
    assert_eq!(rv(&t, A::UseAbility), vec![7]);
}

#[test]
fn marksman_uses_itself_and_the_face_up_card() {
    let mut t = game(
        CardSet::bullet(),
        &[[7, 2, 3, 4, 5], [8, 6, 10, 11, 12]],
        1,
        &[1, 9],
    );
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }]);
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(rv(&t, tg(1, 4)), vec![7, 9]);
    t.act(tg(1, 4));
    // The Insomniac's ability, granted by the Marksman.
    assert_eq!(rv(&t, A::UseAbility), vec![7, 9]);
    assert_eq!(rv(&t, A::SkipAbility), Vec::<Value>::new());
}

#[test]
fn vampire_uses_the_card_under_it_and_itself() {
    let set = CardSet::parse(COIN_SET).unwrap().with_token(Token::Coin);
    let mut t = game(set, &[[6, 7, 9, 9, 3], [9, 10, 11, 13, 13]], 6, &[10]);
    t.acts(&[DRAW, A::Discard]);
    assert_eq!(rv(&t, tg(1, 3)), vec![6, 10]);
}

#[test]
fn curator_and_pile_top() {
    let set = CardSet::parse(COIN_SET).unwrap().with_token(Token::Coin);
    let mut t = game(set, &[[6, 7, 8, 9, 3], [9, 10, 11, 13, 13]], 2, &[5, 1]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }]);
    assert_eq!(rv(&t, A::Rotate { slot: 1 }), vec![2]);
    assert_eq!(rv(&t, A::EndTurn), Vec::<Value>::new());
    // C4 (4) face-up, the Revealer (6) on the pile: using it uses both.
    let set = CardSet::parse(COIN_SET).unwrap().with_token(Token::Coin);
    let mut t = game(set, &[[6, 10, 3, 3, 1], [9, 9, 11, 12, 13]], 4, &[5, 7]);
    t.acts(&[A::TakeDiscard, A::Exchange { slot: 4 }]);
    t.draw_discard();
    t.acts(&[DRAW, A::Exchange { slot: 0 }]);
    assert_eq!(rv(&t, A::UsePileTop), vec![4, 6]);
    t.act(A::UsePileTop);
    assert_eq!(rv(&t, tg(1, 2)), vec![6]);
}

#[test]
fn approximator_keeps_the_held_card_zombie_hand_off_uses_it() {
    let dagger = || {
        CardSet::parse("amulet+4:dagger,5:dagger,11:dagger,12:dagger")
            .unwrap()
            .with_token(Token::Dagger)
    };
    // Holding the drawn Approximator (5) with two cards selected.
    let mut t = game(dagger(), &[[9, 6, 7, 8, 3], [9, 10, 11, 12, 13]], 1, &[5]);
    t.acts(&[DRAW, A::Select { slot: 0 }, A::Select { slot: 2 }]);
    assert!(t.is_legal(A::Approximate));
    assert_eq!(rv(&t, A::Approximate), vec![5]);
    assert_eq!(rv(&t, A::ConfirmExchange), vec![5]);
    // Seat 0's Zombie (4) revealed face-up by seat 1's Revealer: handing it on uses it.
    let cfg = Config {
        set: dagger(),
        ..Config::standard(3).unwrap()
    };
    let villages = [[4, 7, 8, 9, 3], [9, 10, 11, 12, 13], [10, 10, 12, 12, 13]];
    let mut t = T::with_config(cfg, 0, &villages, 1, &[1, 6, 7]);
    t.peeks();
    t.draw_discard();
    t.acts(&[DRAW, A::Discard, tg(0, 0)]);
    t.draw_discard();
    assert!(t.is_legal(A::GiveZombie { slot: 0 }));
    assert_eq!(rv(&t, A::GiveZombie { slot: 0 }), vec![4]);
    assert_eq!(rv(&t, DRAW), Vec::<Value>::new());
}
