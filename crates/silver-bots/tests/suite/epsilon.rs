//! The ε-greedy player: with ε = 0 it plays greedy's games exactly, with ε = 1 the random
//! bot's uniform draw, in between it leaves greedy's action at the rate ε says; its
//! parameters are checked with one-line errors.

use crate::bots::states;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_bots::{play_game_with, BotRng, BotSpec, Player, RandomBot};
use silver_rules::{ActionList, CardSet, Config, Event, GameModel, ToMove};

fn spec(text: &str) -> BotSpec {
    BotSpec::parse_inline(text).unwrap()
}

/// Every event of a seeded game with `specs` in seat order.
fn events(specs: &[BotSpec], set: CardSet, seed: u64) -> Vec<Event> {
    let n = specs.len() as u8;
    let mut cfg = Config::standard(n).unwrap();
    cfg.set = set;
    if seed % 3 == 2 {
        cfg.model = GameModel::POINTS_100;
    }
    let mut players: Vec<Player> = specs.iter().map(Player::from_spec).collect();
    let mut deal = ChaCha8Rng::seed_from_u64(seed);
    let mut rngs: Vec<BotRng> = (0..u64::from(n))
        .map(|s| BotRng::seed_from_u64(seed << 8 | s))
        .collect();
    let mut log = Vec::new();
    play_game_with(
        cfg,
        (seed % u64::from(n)) as u8,
        &mut players,
        &mut deal,
        &mut rngs,
        &mut log,
        &mut ActionList::new(),
    );
    log
}

#[test]
fn epsilon_zero_plays_greedys_games_exactly() {
    let greedy = spec("greedy");
    // Greedy's parameters pass through (here a restriction, which the random draw would obey).
    let zero = spec("epsilon-greedy:epsilon=0,greedy.take_gain=1,greedy.forbid=13");
    let plain = spec("greedy:take_gain=1,forbid=13");
    let noisy = spec("epsilon-greedy:epsilon=0.2");
    let sets = [CardSet::amulet(), CardSet::bullet()];
    let mut differing = 0;
    for seed in 0..60u64 {
        let players = 2 + (seed % 3) as usize;
        let set = sets[seed as usize % 2];
        // The player under test in the even seats, greedy in the odd ones.
        let seats = |s: &BotSpec| -> Vec<BotSpec> {
            (0..players)
                .map(|i| if i % 2 == 0 { s } else { &greedy }.clone())
                .collect()
        };
        assert_eq!(
            events(&seats(&zero), set, seed),
            events(&seats(&plain), set, seed),
            "seed {seed}"
        );
        // Not a vacuous comparison: ε = 0.2 leaves greedy's games.
        differing +=
            usize::from(events(&seats(&noisy), set, seed) != events(&seats(&greedy), set, seed));
    }
    assert!(differing >= 58, "{differing} of 60");
}

#[test]
fn epsilon_one_plays_the_random_bots_uniform_draw() {
    let states = states(200, 21);
    let mut legal = ActionList::new();
    let mut wide = None;
    for (i, g) in states.iter().enumerate() {
        let ToMove::Player(seat) = g.to_move() else {
            unreachable!()
        };
        g.legal_actions(&mut legal);
        let mut p = Player::from_spec(&spec("epsilon-greedy:epsilon=1"));
        p.reset(seat, g.config());
        let mut rng = BotRng::seed_from_u64(i as u64);
        let a = p.decide(g, seat, &legal, &mut rng);
        // One draw for the coin, then the random bot's.
        let mut r = BotRng::seed_from_u64(i as u64);
        let _: f64 = r.random();
        assert_eq!(a, RandomBot::choose(&legal, &mut r), "state {i}");
        if legal.len() >= 4 && wide.is_none() {
            wide = Some(i);
        }
    }
    // At one state, many seeds: every legal action, each about equally often.
    let g = &states[wide.expect("a state with 4 or more legal actions")];
    let ToMove::Player(seat) = g.to_move() else {
        unreachable!()
    };
    g.legal_actions(&mut legal);
    let mut p = Player::from_spec(&spec("epsilon-greedy:epsilon=1"));
    p.reset(seat, g.config());
    let n = 4000usize;
    let mut counts = vec![0usize; legal.len()];
    for k in 0..n as u64 {
        let a = p.decide(g, seat, &legal, &mut BotRng::seed_from_u64(k));
        counts[legal.iter().position(|&b| b == a).unwrap()] += 1;
    }
    let expected = n as f64 / legal.len() as f64;
    let sd = (expected * (1.0 - 1.0 / legal.len() as f64)).sqrt();
    for &c in &counts {
        assert!((c as f64 - expected).abs() < 5.0 * sd, "{counts:?}");
    }
}

#[test]
fn epsilon_greedy_leaves_greedys_action_at_the_rate_epsilon_says() {
    let states = states(800, 22);
    let mut legal = ActionList::new();
    let epsilon = 0.3;
    let (mut left, mut expected, mut variance) = (0.0, 0.0, 0.0);
    for (i, g) in states.iter().enumerate() {
        let ToMove::Player(seat) = g.to_move() else {
            unreachable!()
        };
        g.legal_actions(&mut legal);
        let mut noisy = Player::from_spec(&spec(&format!("epsilon-greedy:epsilon={epsilon}")));
        let mut greedy = Player::from_spec(&spec("greedy"));
        noisy.reset(seat, g.config());
        greedy.reset(seat, g.config());
        let mut rng = BotRng::seed_from_u64(1000 + i as u64);
        let a = noisy.decide(g, seat, &legal, &mut rng);
        let b = greedy.decide(g, seat, &legal, &mut rng);
        assert!(legal.contains(&a));
        // A random draw lands on greedy's own action with probability 1/k.
        let p = epsilon * (1.0 - 1.0 / legal.len() as f64);
        left += f64::from(u8::from(a != b));
        expected += p;
        variance += p * (1.0 - p);
    }
    assert!(expected > 100.0, "{expected}");
    assert!(
        (left - expected).abs() < 4.0 * variance.sqrt(),
        "left greedy's action {left} times, expected {expected:.1}"
    );
}

#[test]
fn epsilon_greedy_parameters_are_checked_in_one_line() {
    match spec("epsilon-greedy") {
        BotSpec::EpsilonGreedy(p) => {
            assert_eq!(p.epsilon, 0.2);
            assert_eq!(p.greedy, silver_bots::GreedyParams::default());
        }
        other => panic!("{other:?}"),
    }
    match spec("epsilon-greedy:epsilon=0.05,greedy.census_threshold=5,greedy.forbid=7,12") {
        BotSpec::EpsilonGreedy(p) => {
            assert_eq!(p.epsilon, 0.05);
            assert_eq!(p.greedy.census_threshold, 5.0);
            assert_eq!(p.greedy.forbid.0.iter().collect::<Vec<_>>(), vec![7, 12]);
        }
        other => panic!("{other:?}"),
    }
    let profile = include_str!("../../../../bots/greedy-eps20.toml");
    match BotSpec::from_toml(profile).unwrap() {
        BotSpec::EpsilonGreedy(p) => assert_eq!(p.epsilon, 0.2),
        other => panic!("{other:?}"),
    }
    for (text, expected) in [
        (
            "epsilon-greedy:epsilon=1.5",
            "epsilon = 1.5 must be between 0 and 1",
        ),
        (
            "epsilon-greedy:epsilon=-0.1",
            "epsilon = -0.1 must be between 0 and 1",
        ),
        (
            "epsilon-greedy:epsilon=nan",
            "epsilon = NaN must be between 0 and 1",
        ),
        ("epsilon-greedy:epsilon=high", "invalid type"),
        ("epsilon-greedy:eps=0.1", "unknown field `eps`"),
        ("epsilon-greedy:take_gain=2", "unknown field `take_gain`"),
        (
            "epsilon-greedy:greedy.witch_give_min=20",
            "witch_give_min = 20 must be 0-14",
        ),
        (
            "epsilon-greedy:greedy.memory.capacity=2",
            "epsilon-greedy plays greedy with perfect memory",
        ),
    ] {
        let e = BotSpec::parse_inline(text).unwrap_err().to_string();
        assert!(e.contains(expected) && !e.contains('\n'), "{text}: {e}");
    }
}
