//! Information sets (RULES.md §6): no leaks, and sampled worlds consistent with the viewer.
//!
//! * Two true games that differ only in cards a viewer never knew give that viewer identical
//!   views and identical observation streams, action after action.
//! * Every value a view reveals is the true value, and the viewer's knowledge only grows through
//!   an observation that shows it (or because the card became public).
//! * Sampled worlds give the viewer exactly its own view back (1,000,000+ samples over random
//!   states, viewers and stages), with and without forgetting, and the unknown cards are dealt
//!   uniformly (chi-square).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_rules::*;

/// Plays `steps` random decisions of round 1 (stopping early if the round ends) and returns
/// the game and the actions played.
fn random_prefix(players: u8, seed: u64, steps: usize) -> (Game, DealOrder, Vec<Action>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::new(Config::standard(players).unwrap(), 0).unwrap();
    let order = DealOrder::shuffled(&mut rng);
    g.deal(&order, &mut ());
    let mut actions = ActionList::new();
    let mut played = Vec::new();
    for _ in 0..steps {
        g.legal_actions(&mut actions);
        let a = actions[rng.random_range(0..actions.len())];
        let mut probe = g;
        probe.apply_unchecked(a, &mut ());
        if probe.round() != 1 || probe.to_move() == ToMove::Deal || probe.is_over() {
            break; // the round would end: everything is revealed then
        }
        g = probe;
        played.push(a);
    }
    (g, order, played)
}

/// Replays `actions` from `order`, returning every (view, observations) pair seen by `viewer`.
fn replay_observed(
    players: u8,
    order: &DealOrder,
    actions: &[Action],
    viewer: Seat,
) -> (Vec<PlayerView>, Vec<Observation>) {
    let mut g = Game::new(Config::standard(players).unwrap(), 0).unwrap();
    let mut log = ObservationLog::new(viewer);
    g.deal(order, &mut log);
    let mut views = vec![g.view(viewer)];
    for &a in actions {
        g.apply(a, &mut log).expect("the same actions stay legal");
        views.push(g.view(viewer));
    }
    (views, log.observations().to_vec())
}

#[test]
fn no_leak_states_differing_in_unknown_cards_look_identical() {
    let mut nontrivial = 0;
    for seed in 0..3000u64 {
        let players = 2 + (seed % 3) as u8;
        let steps = 1 + (seed as usize * 7) % 120;
        let (game, order, actions) = random_prefix(players, seed, steps);
        let viewer = (seed / 3 % players as u64) as Seat;
        // Permute the values of every card the viewer does not know at the end (knowledge is
        // never lost in the Amulet edition, so it never knew them), independently of the engine.
        let o = game.omniscient();
        let mut unknown: Vec<usize> = (0..CARDS)
            .filter(|&c| o.known_mask(c as CardId) & (1 << viewer) == 0)
            .collect();
        let mut vals: Vec<Value> = unknown.iter().map(|&c| order.values()[c]).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xABCD);
        for i in (1..vals.len()).rev() {
            vals.swap(i, rng.random_range(0..=i));
        }
        let mut other = *order.values();
        for (c, v) in unknown.drain(..).zip(vals) {
            other[c] = v;
        }
        let other = DealOrder::new(other).unwrap();
        if other != order {
            nontrivial += 1;
        }
        let (va, oa) = replay_observed(players, &order, &actions, viewer);
        let (vb, ob) = replay_observed(players, &other, &actions, viewer);
        assert_eq!(va.len(), vb.len());
        for (i, (a, b)) in va.iter().zip(&vb).enumerate() {
            assert!(a == b, "seed {seed}: views differ after {i} actions");
        }
        assert_eq!(oa, ob, "seed {seed}: observations differ");
    }
    assert!(nontrivial > 2900);
}

#[test]
fn no_leak_views_reveal_only_seen_values() {
    for seed in 0..1500u64 {
        let players = 2 + (seed % 3) as u8;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::new(Config::standard(players).unwrap(), 0).unwrap();
        g.deal_random(&mut rng, &mut ());
        let mut actions = ActionList::new();
        for _ in 0..150 {
            if g.round() != 1 || g.to_move() != ToMove::Player(g.to_move_seat()) {
                break;
            }
            let before: Vec<PlayerView> = (0..players).map(|v| g.view(v)).collect();
            g.legal_actions(&mut actions);
            let a = actions[rng.random_range(0..actions.len())];
            let mut events: Vec<Event> = Vec::new();
            g.apply(a, &mut events).unwrap();
            if g.to_move() == ToMove::Deal || g.is_over() {
                break; // scoring reveals everything
            }
            let o = g.omniscient();
            for v in 0..players {
                let view = g.view(v);
                let obs: Vec<Observation> = events.iter().map(|e| e.observe(v)).collect();
                let shown: Vec<Value> = obs.iter().flat_map(observed_values).collect();
                for s in 0..players {
                    for slot in 0..view.village_len(s) {
                        let cv = view.card(s, slot as Slot);
                        if let Some(val) = cv.value {
                            assert_eq!(val, o.value(cv.id), "a view shows a wrong value");
                            let was = before[v as usize].value_of(cv.id);
                            if was.is_none() && !cv.face_up {
                                assert!(
                                    shown.contains(&val),
                                    "seed {seed}: viewer {v} learned card {} without seeing it: {obs:?}",
                                    cv.id
                                );
                            }
                        } else {
                            assert!(!cv.face_up, "a face-up card is hidden");
                        }
                    }
                }
                // Deck cards are unknown unless this viewer drew and returned them or looked.
                for i in 0..view.deck_len() {
                    let (c, val) = view.deck_card(i).unwrap();
                    if let Some(val) = val {
                        assert_eq!(val, o.value(c));
                        assert!(o.known_mask(c) & (1 << v) != 0);
                    }
                }
            }
        }
    }
}

/// The values an observation carries.
fn observed_values(o: &Observation) -> Vec<Value> {
    match *o {
        GameEvent::Peeked { value: Some(v), .. }
        | GameEvent::Drew { value: Some(v), .. }
        | GameEvent::Exchanged {
            incoming: Some(v), ..
        }
        | GameEvent::WitchReplaced {
            incoming: Some(v), ..
        }
        | GameEvent::PenaltyCard { value: Some(v), .. } => vec![v],
        GameEvent::Shown { value, .. } | GameEvent::Flipped { value, .. } => vec![value],
        _ => vec![],
    }
}

trait Seat2 {
    fn to_move_seat(&self) -> Seat;
}
impl Seat2 for Game {
    fn to_move_seat(&self) -> Seat {
        match self.to_move() {
            ToMove::Player(p) => p,
            _ => 0,
        }
    }
}

/// Collects random states over every stage of random games (all player counts).
fn sample_states(count: usize, seed: u64) -> Vec<Game> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    let mut actions = ActionList::new();
    while out.len() < count {
        let players = rng.random_range(2..=4);
        let mut g = Game::new(Config::standard(players).unwrap(), 0).unwrap();
        loop {
            match g.to_move() {
                ToMove::Deal => g.deal_random(&mut rng, &mut ()),
                ToMove::Player(_) => {
                    g.legal_actions(&mut actions);
                    let a = actions[rng.random_range(0..actions.len())];
                    g.apply_unchecked(a, &mut ());
                    if rng.random_range(0..40) == 0 {
                        out.push(g);
                    }
                }
                ToMove::Terminal => break,
            }
        }
    }
    out.truncate(count);
    out
}

#[test]
fn sampling_consistent_with_viewer_one_million_samples() {
    let states = sample_states(20_000, 77);
    let mut rng = ChaCha8Rng::seed_from_u64(78);
    let mut samples = 0u64;
    let mut a = ActionList::new();
    let mut b = ActionList::new();
    let mut stages = std::collections::BTreeSet::new();
    for g in &states {
        stages.insert(
            format!("{:?}", g.stage())
                .split([' ', '{'])
                .next()
                .unwrap()
                .to_string(),
        );
        for viewer in 0..g.players() {
            let view = g.view(viewer);
            g.legal_actions(&mut a);
            for _ in 0..17 {
                let w = view.sample_world(&mut rng);
                samples += 1;
                assert!(
                    w.view(viewer) == view,
                    "sampled world changes the viewer's view"
                );
                w.omniscient().check_invariants().unwrap();
                w.legal_actions(&mut b);
                assert_eq!(a, b, "legal actions differ in a sampled world");
            }
        }
    }
    assert!(samples >= 1_000_000, "{samples}");
    for s in [
        "Turn",
        "Holding",
        "Ability",
        "OpeningPeek",
        "EndOfTurn",
        "Selecting",
    ] {
        assert!(stages.contains(s), "stage {s} never sampled: {stages:?}");
    }
}

#[test]
fn sampling_with_forgetting_is_a_subset_of_knowledge() {
    let states = sample_states(3_000, 91);
    let mut rng = ChaCha8Rng::seed_from_u64(92);
    for g in &states {
        for viewer in 0..g.players() {
            let view = g.view(viewer);
            let hidden = view.hidden_known();
            // Forget every other hidden fact.
            let forgotten = CardMask(hidden.0 & 0x5555_5555_5555_5555);
            for _ in 0..5 {
                let w = view.sample_world_forgetting(forgotten, &mut rng);
                w.omniscient().check_invariants().unwrap();
                let wv = w.view(viewer);
                for c in 0..CARDS as CardId {
                    if forgotten.contains(c) {
                        assert_eq!(wv.value_of(c), None, "a forgotten card is still known");
                    } else {
                        assert_eq!(wv.value_of(c), view.value_of(c));
                    }
                }
            }
        }
    }
}

/// Chi-square: a face-down card the viewer does not know gets each value with probability
/// proportional to the number of copies the viewer cannot place; the deck's top card likewise.
#[test]
fn sampling_is_uniform_chi_square() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut g = Game::new(Config::standard(3).unwrap(), 0).unwrap();
    g.deal_random(&mut rng, &mut ());
    let mut actions = ActionList::new();
    for _ in 0..25 {
        g.legal_actions(&mut actions);
        let a = actions[rng.random_range(0..actions.len())];
        g.apply_unchecked(a, &mut ());
        assert_eq!(g.round(), 1);
    }
    let viewer = 0;
    let view = g.view(viewer);
    let pool = view.unknown_counts();
    let total: u32 = pool.iter().map(|&c| c as u32).sum();
    // An unknown face-down card of an opponent, and the deck's top card.
    let opp = (0..view.village_len(1))
        .map(|s| view.card(1, s as Slot))
        .find(|c| c.value.is_none())
        .expect("an unknown opponent card");
    let (deck_top, top_val) = view.deck_card(0).unwrap();
    assert!(top_val.is_none());
    let n = 200_000u32;
    let mut hist = [[0u32; VALUES]; 2];
    let mut pair_same = 0u32;
    for _ in 0..n {
        let w = view.sample_world(&mut rng);
        let o = w.omniscient();
        let a = o.value(opp.id);
        let b = o.value(deck_top);
        hist[0][a as usize] += 1;
        hist[1][b as usize] += 1;
        if a == b {
            pair_same += 1;
        }
    }
    for h in &hist {
        let mut chi2 = 0.0;
        let mut df = 0;
        for v in 0..VALUES {
            let expected = n as f64 * pool[v] as f64 / total as f64;
            if pool[v] == 0 {
                assert_eq!(h[v], 0, "a value the viewer placed was sampled");
                continue;
            }
            df += 1;
            chi2 += (h[v] as f64 - expected).powi(2) / expected;
        }
        // 99.9th percentile of chi-square with at most 13 degrees of freedom is 34.5.
        assert!(df >= 8, "too few values left to test ({df})");
        assert!(chi2 < 34.5, "chi-square {chi2:.1} with {} df", df - 1);
    }
    // Joint: the two cards are drawn without replacement from the pool.
    let p_same: f64 = pool
        .iter()
        .map(|&c| c as f64 * (c as f64 - 1.0))
        .sum::<f64>()
        / (total as f64 * (total as f64 - 1.0));
    let expected = n as f64 * p_same;
    let sd = (n as f64 * p_same * (1.0 - p_same)).sqrt();
    assert!(
        (pair_same as f64 - expected).abs() < 4.0 * sd,
        "pair frequency {pair_same} vs {expected:.0}"
    );
}

/// The skewed sampler (an opponent model) stays consistent with the viewer's knowledge and
/// does lower the cards opponents have seen and kept.
#[test]
fn skewed_sampling_is_consistent_and_lowers_kept_cards() {
    let states = sample_states(3_000, 93);
    let mut rng = ChaCha8Rng::seed_from_u64(94);
    let (mut uniform_sum, mut skewed_sum, mut n) = (0u64, 0u64, 0u64);
    for g in &states {
        for viewer in 0..g.players() {
            let view = g.view(viewer);
            for _ in 0..4 {
                let w = view.sample_world_skewed(CardMask::EMPTY, 1.0, &mut rng);
                w.omniscient().check_invariants().unwrap();
                assert!(
                    w.view(viewer) == view,
                    "a skewed world changes the viewer's view"
                );
                let u = view.sample_world(&mut rng);
                for s in (0..g.players()).filter(|&s| s != viewer) {
                    for slot in 0..view.village_len(s) {
                        let c = view.card(s, slot as Slot);
                        if c.value.is_none() && c.known_by & (1 << s) != 0 {
                            skewed_sum += w.omniscient().value(c.id) as u64;
                            uniform_sum += u.omniscient().value(c.id) as u64;
                            n += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(n > 10_000, "{n}");
    let (us, ss) = (uniform_sum as f64 / n as f64, skewed_sum as f64 / n as f64);
    assert!(ss < us - 1.0, "skewed mean {ss:.2} vs uniform {us:.2}");
}

/// A view of a player who is not to move has no legal actions; it never reads the mover's
/// hidden card (a held card is erased in the others' views).
#[test]
fn view_of_a_player_not_to_move_has_no_legal_actions() {
    let mut g = Game::new(Config::standard(3).unwrap(), 0).unwrap();
    let order = DealOrder::stacked(&[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], 11, &[4, 12]).unwrap();
    g.deal(&order, &mut ());
    let mut actions = ActionList::new();
    let mut view_actions = ActionList::new();
    while g.to_move() != ToMove::Player(0) || g.stage() != Stage::Turn {
        g.legal_actions(&mut actions);
        g.apply(actions[0], &mut ()).unwrap();
    }
    g.apply(Action::DrawDeck { extra: 0 }, &mut ()).unwrap();
    assert!(matches!(g.stage(), Stage::Holding { .. }));
    g.legal_actions(&mut actions);
    g.view(0).legal_actions(&mut view_actions);
    assert_eq!(view_actions, actions);
    for seat in [1, 2] {
        assert_eq!(
            g.view(seat).holding().unwrap().1,
            None,
            "the held card is hidden"
        );
        view_actions.push(Action::EndTurn);
        g.view(seat).legal_actions(&mut view_actions);
        assert!(view_actions.is_empty(), "seat {seat}");
    }
}

/// A memory-limited player never forgets a card every player knows (R-SWAP-MULTI's legality
/// depends on it) nor the card in its hand; it may forget what only it knows.
#[test]
fn cards_known_to_all_and_the_card_in_hand_are_never_forgotten() {
    let mut g = Game::new(Config::standard(2).unwrap(), 0).unwrap();
    let order = DealOrder::stacked(&[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], 11, &[12, 4]).unwrap();
    g.deal(&order, &mut ());
    for slot in [0, 1, 0, 1] {
        g.apply(Action::OpeningPeek { slot }, &mut ()).unwrap();
    }
    // Seat 0 fails an exchange of its 3 and 4 (slots 2, 3): both are shown to everybody.
    for a in [
        Action::DrawDeck { extra: 0 },
        Action::Select { slot: 2 },
        Action::Select { slot: 3 },
        Action::ConfirmExchange,
    ] {
        g.apply(a, &mut ()).unwrap();
    }
    g.apply(Action::DrawDeck { extra: 0 }, &mut ()).unwrap();
    // Seat 1 holds the drawn 4; it knows seat 0's slots 2 and 3 (as everybody does) and its own
    // slots 0 and 1 (only it does).
    let v = g.view(1);
    let ids = |seat: Seat, slots: &[Slot]| -> Vec<CardId> {
        slots.iter().map(|&s| g.card_at(seat, s)).collect()
    };
    let hidden: Vec<CardId> = v.hidden_known().iter().collect();
    for c in ids(0, &[2, 3]) {
        assert!(
            !hidden.contains(&c),
            "a card known to all is not a fact to forget"
        );
    }
    for c in ids(1, &[0, 1]) {
        assert!(hidden.contains(&c));
    }
    let (held, value) = v.holding().unwrap();
    assert_eq!(value, Some(4));
    assert!(!hidden.contains(&held));
    let f = v.forget(CardMask(u64::MAX));
    assert_eq!(f.value_at(0, 2), Some(3));
    assert_eq!(f.value_at(0, 3), Some(4));
    assert_eq!(f.holding().unwrap().1, Some(4));
    assert_eq!(f.value_at(1, 0), None);
    assert_eq!(f.value_at(1, 1), None);
}

/// `Game::view_into` (the game loop's and the search's form) gives exactly `Game::view`,
/// whatever view the scratch held before (another seat's, another game's), and the view's
/// unknown pool is the deck minus what it shows (and its totals, `unknown_total`, agree).
#[test]
fn view_into_equals_view() {
    let states = sample_states(2_000, 31);
    let mut scratch = states[0].view(0);
    for g in &states {
        for s in 0..g.players() {
            g.view_into(s, &mut scratch);
            assert_eq!(scratch, g.view(s));
            // The unknown pool is the deck's multiset minus every value the view shows.
            let mut pool = VALUE_COUNTS;
            for c in 0..CARDS as CardId {
                if let Some(v) = scratch.value_of(c) {
                    pool[v as usize] -= 1;
                }
            }
            assert_eq!(scratch.unknown_counts(), pool);
            // Its totals (the word-wide count) agree, also after forgetting (a memory model).
            let totals = |p: [u8; VALUES]| {
                let n: u32 = p.iter().map(|&c| u32::from(c)).sum();
                let s: u32 = (0..VALUES).map(|v| v as u32 * u32::from(p[v])).sum();
                (n, s)
            };
            assert_eq!(scratch.unknown_total(), totals(pool));
            let forgot = scratch.forget(scratch.hidden_known());
            assert_eq!(forgot.unknown_total(), totals(forgot.unknown_counts()));
        }
    }
}

/// E-SCORING-ORDER: a view answers "does this set have scoring-time effects" as the set does
/// (the view reads a mark computed once from the set).
#[test]
fn a_view_knows_whether_its_set_has_scoring_effects() {
    for name in [
        "amulet",
        "bullet",
        "amulet+0:bullet",
        "amulet+13:bullet",
        "amulet/token=bullet",
        "amulet+10:coin,11:dagger/token=coin",
    ] {
        let set = CardSet::parse(name).unwrap();
        let cfg = Config {
            set,
            ..Config::standard(3).unwrap()
        };
        let mut g = Game::new(cfg, 0).unwrap();
        g.deal_random(&mut ChaCha8Rng::seed_from_u64(1), &mut ());
        let view = g.view(1);
        assert_eq!(
            view.has_scoring_effects(),
            set.has_scoring_effects(),
            "{name}"
        );
    }
    // Both answers occur among these sets.
    assert!(CardSet::parse("bullet").unwrap().has_scoring_effects());
    assert!(!CardSet::amulet().has_scoring_effects());
}
