//! Properties every bot must have: it only returns legal actions (many games, every player
//! count), and it never reads hidden values: two true states that differ only in cards the bot
//! cannot know give the same decision with the same random stream. Both run over the Amulet
//! and Bullet sets and mixes with every Coin and Dagger character and every token.

use rand::{Rng, SeedableRng};
use silver_bots::{play_game, Bot, BotRng, BotSpec, Player};
use silver_rules::{
    Action, ActionList, CardSet, Config, Game, GameModel, PlayerView, ToMove, Token,
};

fn sets() -> Vec<CardSet> {
    vec![
        CardSet::amulet(),
        CardSet::bullet(),
        CardSet::parse("amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger")
            .unwrap()
            .with_token(Token::Dagger),
        CardSet::parse("bullet+2:coin,4:coin,8:coin,10:coin/token=coin").unwrap(),
        CardSet::parse("bullet+4:dagger,5:dagger,11:dagger,12:dagger/token=dagger").unwrap(),
        CardSet::parse("amulet+0:bullet,3:bullet,8:bullet,9:bullet,13:bullet/token=bullet")
            .unwrap(),
    ]
}

fn specs() -> Vec<BotSpec> {
    [
        "random",
        "greedy",
        "greedy:memory.capacity=2",
        "greedy:memory.forget_per_turn=0.3",
        "greedy:use_abilities=false",
        "ismcts:iterations=24",
        "ismcts:iterations=16,rollout=greedy,memory.capacity=3",
        "ismcts:iterations=16,rollout_turns=4,reward=own",
        "ismcts:iterations=16,belief.worlds=4,belief.burn_in=3",
        "ismcts:iterations=24,observations=true",
        "epsilon-greedy",
        "epsilon-greedy:epsilon=1,greedy.forbid=7,12",
    ]
    .iter()
    .map(|s| BotSpec::parse_inline(s).unwrap())
    .collect()
}

#[test]
fn every_bot_plays_only_legal_actions() {
    let specs = specs();
    let mut actions = ActionList::new();
    for (k, spec) in specs.iter().enumerate() {
        let games = match spec {
            BotSpec::Ismcts(_) => 12,
            _ => 300,
        };
        let sets = sets();
        for players in 2..=4u8 {
            for g in 0..games {
                let mut cfg = Config::standard(players).unwrap();
                if g % 3 == 2 {
                    cfg.model = GameModel::POINTS_100;
                }
                cfg.set = sets[(g as usize / 3 + k) % sets.len()];
                // The bot under test against a mix of the others.
                let mut ps: Vec<Player> = (0..players as usize)
                    .map(|s| {
                        Player::from_spec(&specs[if s == 0 { k } else { (k + s + g as usize) % 5 }])
                    })
                    .collect();
                let seed = (k as u64) << 32 | (players as u64) << 16 | g;
                let mut deal = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let mut rngs: Vec<BotRng> = (0..players)
                    .map(|s| BotRng::seed_from_u64(seed ^ (s as u64 + 1) << 48))
                    .collect();
                // play_game panics on an illegal decision (random and greedy answer with a
                // position in the legal list, legal by construction; the others are looked up).
                let game = play_game(
                    cfg,
                    (g % players as u64) as u8,
                    &mut ps,
                    &mut deal,
                    &mut rngs,
                    &mut (),
                    &mut actions,
                );
                assert!(game.is_over());
            }
        }
    }
}

/// A bot that always asks for the census, legal or not.
struct AlwaysCensus;

impl Bot for AlwaysCensus {
    fn decide(&mut self, _view: &PlayerView, _legal: &[Action], _rng: &mut BotRng) -> Action {
        Action::CallCensus
    }
}

/// The game loop refuses an action that is not in the legal list (an external bot's), naming
/// the seat and the action.
#[test]
#[should_panic(expected = "seat 1 chose the illegal action CallCensus")]
fn the_game_loop_refuses_an_illegal_action() {
    let cfg = Config::standard(2).unwrap();
    let mut ps = vec![
        Player::from_spec(&BotSpec::parse_inline("greedy").unwrap()),
        Player::External(Box::new(AlwaysCensus)),
    ];
    let mut deal = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut rngs: Vec<BotRng> = (0..2).map(BotRng::seed_from_u64).collect();
    play_game(
        cfg,
        0,
        &mut ps,
        &mut deal,
        &mut rngs,
        &mut (),
        &mut ActionList::new(),
    );
}

/// Random mid-round states of all player counts.
pub(crate) fn states(n: usize, seed: u64) -> Vec<Game> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut actions = ActionList::new();
    let sets = sets();
    while out.len() < n {
        let players = rng.random_range(2..=4);
        let mut cfg = Config::standard(players).unwrap();
        cfg.set = sets[out.len() % sets.len()];
        let mut g = Game::new(cfg, 0).unwrap();
        g.deal_random(&mut rng, &mut ());
        let steps = rng.random_range(0..120);
        for _ in 0..steps {
            match g.to_move() {
                ToMove::Player(_) => {
                    g.legal_actions(&mut actions);
                    let a = actions[rng.random_range(0..actions.len())];
                    g.apply_unchecked(a, &mut ());
                }
                _ => break,
            }
        }
        if let ToMove::Player(_) = g.to_move() {
            if g.round() == 1 {
                out.push(g);
            }
        }
    }
    out
}

#[test]
fn no_bot_reads_hidden_values() {
    let specs = specs();
    let states = states(400, 11);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
    let mut legal = ActionList::new();
    let mut differing = 0;
    for (i, g) in states.iter().enumerate() {
        let ToMove::Player(seat) = g.to_move() else {
            unreachable!()
        };
        let view = g.view(seat);
        // Two true worlds consistent with what the seat knows (they differ in hidden cards).
        let w1 = view.sample_world(&mut rng);
        let w2 = view.sample_world(&mut rng);
        if w1 != w2 {
            differing += 1;
        }
        w1.legal_actions(&mut legal);
        for spec in &specs {
            if matches!(spec, BotSpec::Ismcts(_)) && i % 8 != 0 {
                continue; // search is slower; a sample of states is enough
            }
            let mut a = Player::from_spec(spec);
            let mut b = Player::from_spec(spec);
            a.reset(seat, w1.config());
            b.reset(seat, w2.config());
            let mut ra = BotRng::seed_from_u64(i as u64);
            let mut rb = BotRng::seed_from_u64(i as u64);
            let da = a.decide(&w1, seat, &legal, &mut ra);
            let db = b.decide(&w2, seat, &legal, &mut rb);
            assert_eq!(
                da, db,
                "{spec:?} decided differently on hidden cards (state {i})"
            );
            assert!(legal.contains(&da));
        }
    }
    assert!(differing > 390);
}
