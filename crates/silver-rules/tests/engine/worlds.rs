//! Sampled worlds respect what legality implies: every world sampled from any seat's view
//! (the mover's or another seat's; uniform, forgetting or skewed) is consistent with the view
//! and leaves the mover a legal action, at every decision of seeded random games over every
//! shipped card set. The case that needs it: a visibly mismatched selection (R-SWAP-MULTI) is
//! legal only with a drawn Approximator in hand (D5), so a seat that cannot see the held card
//! must still place an Approximator there.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_rules::*;

/// The shipped card sets: the two presets with every token, and the sets of
/// `experiments/sets` (the Lycan in Amulet, the Coin and Dagger mix, the custom Scout).
fn shipped_sets() -> Vec<CardSet> {
    let mut out = Vec::new();
    for base in [CardSet::amulet(), CardSet::bullet()] {
        for token in Token::ALL {
            out.push(base.with_token(token));
        }
    }
    out.push(CardSet::parse("amulet+1:bullet").unwrap());
    out.push(
        CardSet::parse("amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger")
            .unwrap()
            .with_token(Token::Dagger),
    );
    out.push(CardSet::amulet().with_custom(8, Ability::LookOpponent { count: 2 }));
    out
}

/// Games per set and player count: more where a drawn Approximator (D5) can be held, the only
/// character whose legality a non-mover's world must infer.
fn games(set: &CardSet) -> u64 {
    let approximator = (0..VALUES as Value).any(|v| set.ability(v) == Ability::Approximator);
    if approximator {
        60
    } else {
        4
    }
}

/// The mover's legal actions in a world sampled from `viewer`'s view: never none, and the
/// mover's own list when the viewer is the mover and forgot nothing (`same_view`: the world
/// keeps the view). Returns false on a world without one.
fn check_world(
    w: &Game,
    view: &PlayerView,
    same_view: bool,
    mover_actions: &ActionList,
    buf: &mut ActionList,
    name: &str,
) -> bool {
    w.omniscient()
        .check_invariants()
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    if same_view {
        assert!(w.view(view.viewer()) == *view, "{name}: the viewer's view");
    }
    w.legal_actions(buf);
    if same_view && w.to_move() == ToMove::Player(view.viewer()) {
        assert_eq!(buf, mover_actions, "{name}: the mover's own actions");
    }
    !buf.is_empty()
}

#[test]
fn every_sampled_world_leaves_the_mover_a_legal_action() {
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    let mut a = ActionList::new();
    let mut b = ActionList::new();
    let (mut worlds, mut empty, mut implied) = (0u64, 0u64, 0u64);
    for set in shipped_sets() {
        let name = set.canonical_name();
        for players in 2..=4u8 {
            for _ in 0..games(&set) {
                let mut cfg = Config::standard(players).unwrap();
                cfg.set = set;
                let mut g = Game::new(cfg, rng.random_range(0..players)).unwrap();
                loop {
                    let mover = match g.to_move() {
                        ToMove::Deal => {
                            g.deal_random(&mut rng, &mut ());
                            continue;
                        }
                        ToMove::Player(p) => p,
                        ToMove::Terminal => break,
                    };
                    g.legal_actions(&mut a);
                    assert!(!a.is_empty(), "{name}: no legal action in the game");
                    // A pair only an Approximator may take, held unseen by some seat.
                    let approximate_only =
                        a.contains(&Action::Approximate) && !a.contains(&Action::ConfirmExchange);
                    for viewer in 0..players {
                        let view = g.view(viewer);
                        if viewer != mover
                            && approximate_only
                            && view.holding().unwrap().1.is_none()
                        {
                            implied += 1;
                        }
                        let hidden = view.hidden_known();
                        for _ in 0..2 {
                            let w = view.sample_world(&mut rng);
                            let wf = view.sample_world_forgetting(hidden, &mut rng);
                            let ws = view.sample_world_skewed(CardMask::EMPTY, 1.0, &mut rng);
                            for (w, same) in [(&w, true), (&wf, false), (&ws, true)] {
                                worlds += 1;
                                if !check_world(w, &view, same, &a, &mut b, &name) {
                                    empty += 1;
                                }
                            }
                        }
                    }
                    let act = a[rng.random_range(0..a.len())];
                    g.apply_unchecked(act, &mut ());
                }
            }
        }
    }
    println!("{worlds} worlds, {implied} implied Approximators, {empty} without a legal action");
    assert!(worlds > 1_000_000, "{worlds}");
    assert!(
        implied >= 50,
        "the D5 case was reached only {implied} times"
    );
    assert_eq!(
        empty, 0,
        "{empty} of {worlds} worlds leave the mover no legal action"
    );
}
