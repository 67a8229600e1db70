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

/// `PlayerView::world_before`: a view of an earlier moment of the round, completed with the
/// values of a later world, is that moment's world. With the true later game it is exactly the
/// true earlier game (values, knowledge, stage); with a world sampled from a later view of the
/// same seat it is a consistent game that keeps the earlier view, and the mover's action then
/// is legal in it unless the sample contradicts what legality implied then. Across a B8
/// shuffle of cards the viewer knew, or another round, it is `None`.
#[test]
fn a_view_completed_from_a_later_world_is_that_moment() {
    let mut buf = ActionList::new();
    let (mut exact, mut sampled, mut refused) = (0u64, 0u64, 0u64);
    for (k, set) in shipped_sets().into_iter().enumerate() {
        for players in 2..=4u8 {
            let seed = (k as u64) << 8 | players as u64;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut cfg = Config::standard(players).unwrap();
            cfg.set = set;
            let mut g = Game::new(cfg, 0).unwrap();
            // (the game, each seat's view) at every decision of the current round.
            let mut moments: Vec<Game> = Vec::new();
            let mut steps = 0;
            while steps < 400 {
                match g.to_move() {
                    ToMove::Deal => {
                        g.deal_random(&mut rng, &mut ());
                        moments.clear();
                    }
                    ToMove::Terminal => break,
                    ToMove::Player(_) => {
                        moments.push(g);
                        g.legal_actions(&mut buf);
                        let a = buf[rng.random_range(0..buf.len())];
                        g.apply_unchecked(a, &mut ());
                        steps += 1;
                    }
                }
                let Some(earlier) = moments.len().checked_sub(1 + steps % 7).map(|i| moments[i])
                else {
                    continue;
                };
                if g.to_move() == ToMove::Deal || g.round() != earlier.round() {
                    continue;
                }
                for seat in 0..players {
                    let before = earlier.view(seat);
                    let shuffled = g.view(seat).floating().0 .0 & !before.floating().0 .0 != 0;
                    match before.world_before(&g) {
                        Some(w) => {
                            assert!(!shuffled || w.omniscient().check_invariants().is_ok());
                            if !shuffled {
                                assert!(w.view(seat) == before, "the earlier view, set {k}");
                                for c in 0..CARDS as CardId {
                                    assert_eq!(
                                        w.omniscient().value(c),
                                        earlier.omniscient().value(c),
                                        "true values, set {k}"
                                    );
                                }
                                exact += 1;
                            }
                        }
                        None => {
                            assert!(shuffled, "refused without a shuffle, set {k}");
                            refused += 1;
                        }
                    }
                    // A world sampled from the later view.
                    let later = g.view(seat).sample_world(&mut rng);
                    if let Some(w) = before.world_before(&later) {
                        w.omniscient()
                            .check_invariants()
                            .unwrap_or_else(|e| panic!("set {k}: {e}"));
                        assert!(w.view(seat) == before, "the earlier view kept, set {k}");
                        sampled += 1;
                    }
                }
            }
        }
    }
    assert!(
        exact > 10_000 && sampled > 10_000,
        "{exact} exact, {sampled} sampled"
    );
    // Another round's world is not a hypothesis about this one.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut g = Game::new(Config::standard(2).unwrap(), 0).unwrap();
    g.deal_random(&mut rng, &mut ());
    let first = g.view(0);
    while g.round() == 1 {
        match g.to_move() {
            ToMove::Deal => g.deal_random(&mut rng, &mut ()),
            _ => {
                g.legal_actions(&mut buf);
                let a = buf[rng.random_range(0..buf.len())];
                g.apply_unchecked(a, &mut ());
            }
        }
    }
    assert!(first.world_before(&g).is_none());
    eprintln!("{exact} exact, {sampled} sampled, {refused} refused after a shuffle");
}

/// `PlayerView::swap_unknown` keeps a sampled world consistent with the view (and the tally
/// right), refuses cards the viewer can place, and `exchangeable` lists exactly the cards it
/// accepts.
#[test]
fn exchanging_two_unknown_values_keeps_the_world_consistent() {
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let mut buf = ActionList::new();
    let mut swaps = 0u64;
    for (k, set) in shipped_sets().into_iter().enumerate() {
        let mut cfg = Config::standard(3).unwrap();
        cfg.set = set;
        let mut g = Game::new(cfg, 0).unwrap();
        for _ in 0..300 {
            match g.to_move() {
                ToMove::Deal => g.deal_random(&mut rng, &mut ()),
                ToMove::Terminal => break,
                ToMove::Player(_) => {
                    for seat in 0..3 {
                        let view = g.view(seat);
                        let m = view.exchangeable();
                        let mut w = view.sample_world(&mut rng);
                        for _ in 0..8 {
                            let a = rng.random_range(0..CARDS as CardId);
                            let b = rng.random_range(0..CARDS as CardId);
                            let before = w;
                            let ok = view.swap_unknown(&mut w, a, b);
                            assert_eq!(ok, a != b && m.contains(a) && m.contains(b), "set {k}");
                            if !ok {
                                assert!(w == before);
                                continue;
                            }
                            swaps += 1;
                            // The invariants include the tally kept incrementally.
                            w.omniscient()
                                .check_invariants()
                                .unwrap_or_else(|e| panic!("set {k}: {e}"));
                            assert!(w.view(seat) == view, "set {k}: the view kept");
                        }
                    }
                    g.legal_actions(&mut buf);
                    let a = buf[rng.random_range(0..buf.len())];
                    g.apply_unchecked(a, &mut ());
                }
            }
        }
    }
    assert!(swaps > 10_000, "{swaps} swaps");
}

/// `Omniscient::unseen_reshuffled`, the oracles of a perfect belief: at every decision of
/// seeded random games over every shipped set and player count, for the mover, their worlds
/// keep every card some seat knows (so every seat's view, the mover's own knowledge and
/// floating values included, is exactly the true game's) and the card in hand, move values
/// only among the cards nobody knows in the deck, set aside and the villages (the mover's
/// own only, unless the other villages are dealt again too), keep every card accounted for
/// with a full deck's values, and leave the mover its legal actions; and they do deal those
/// cards again (the deck's order is not the true one).
#[test]
fn the_oracle_world_reshuffles_only_the_cards_nobody_knows() {
    let mut rng = ChaCha8Rng::seed_from_u64(91);
    let (mut a, mut b) = (ActionList::new(), ActionList::new());
    let (mut worlds, mut deck_moved, mut own_moved, mut others_moved) = (0u64, 0u64, 0u64, 0u64);
    for set in shipped_sets() {
        let name = set.canonical_name();
        for players in 2..=4u8 {
            let mut cfg = Config::standard(players).unwrap();
            cfg.set = set;
            let mut g = Game::new(cfg, 0).unwrap();
            for _ in 0..400 {
                let mover = match g.to_move() {
                    ToMove::Deal => {
                        g.deal_random(&mut rng, &mut ());
                        continue;
                    }
                    ToMove::Terminal => break,
                    ToMove::Player(p) => p,
                };
                let truth = g.omniscient();
                let view = g.view(mover);
                let deck: Vec<CardId> = (0..view.deck_len())
                    .map(|i| view.deck_card(i).unwrap().0)
                    .collect();
                let (mut own, mut others) = (CardMask::EMPTY, CardMask::EMPTY);
                for s in 0..players {
                    for slot in 0..g.village_len(s) {
                        let c = g.card_at(s, slot as Slot);
                        if s == mover {
                            own.insert(c);
                        } else {
                            others.insert(c);
                        }
                    }
                }
                let held = view.holding().map(|(c, _)| c);
                let public = view.public_cards();
                g.legal_actions(&mut a);
                for other_villages in [false, true, false, true] {
                    let w = truth.unseen_reshuffled(mover, other_villages, &mut rng);
                    worlds += 1;
                    w.omniscient()
                        .check_invariants()
                        .unwrap_or_else(|e| panic!("{name}: {e}"));
                    for s in 0..players {
                        assert!(w.view(s) == g.view(s), "{name}: seat {s}'s view");
                    }
                    for c in 0..CARDS as CardId {
                        let (before, after) = (truth.value(c), w.omniscient().value(c));
                        assert_eq!(w.omniscient().known_mask(c), truth.known_mask(c));
                        if before == after {
                            continue;
                        }
                        assert_eq!(truth.known_mask(c), 0, "{name}: card {c} was known");
                        assert!(!public.contains(c) && held != Some(c), "{name}: card {c}");
                        if deck.contains(&c) {
                            deck_moved += 1;
                        } else if own.contains(c) {
                            own_moved += 1;
                        } else if others.contains(c) {
                            assert!(other_villages, "{name}: another village's card {c}");
                            others_moved += 1;
                        }
                        // Else a set-aside card: the invariants and the full deck below
                        // account for every card.
                    }
                    w.legal_actions(&mut b);
                    assert_eq!(a, b, "{name}: the mover's actions");
                }
                let act = a[rng.random_range(0..a.len())];
                g.apply_unchecked(act, &mut ());
            }
        }
    }
    assert!(worlds > 10_000, "{worlds} worlds");
    assert!(
        deck_moved > 10_000 && own_moved > 1_000 && others_moved > 1_000,
        "{deck_moved} deck, {own_moved} own and {others_moved} other village cards moved"
    );
}
