//! Throughput figures a peer can be compared with, on one thread: engine random-play
//! decisions per second, ISMCTS iterations per second with random rollouts to the round's end
//! (OpenSpiel's ISMCTS with a random-rollout evaluator is the peer; `benches/openspiel.sh`
//! prints both in one run), and greedy decisions per second.
//!
//! `cargo run --release -p silver-benches --example throughput -- [SECONDS]` (default 3 s per
//! figure). Output: one `name value unit` line per figure.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_bots::{Bot, BotRng, GreedyBot, GreedyParams, IsmctsBot};
use silver_rules::{random_playout, ActionList, Config, Game, Stage, ToMove};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Runs `f` (which returns how many units it did) until `budget` has passed.
fn rate(budget: Duration, mut f: impl FnMut() -> u64) -> f64 {
    let start = Instant::now();
    let mut units = 0u64;
    while start.elapsed() < budget {
        units += f();
    }
    units as f64 / start.elapsed().as_secs_f64()
}

/// Turn starts of the first round of random games (each player has had a turn or two).
fn turn_starts(players: u8, n: u64) -> Vec<Game> {
    let mut out = Vec::new();
    let mut actions = ActionList::new();
    for seed in 0..n {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::new(
            Config::standard(players).expect("2 and 4 players are valid"),
            0,
        )
        .expect("a valid configuration");
        g.deal_random(&mut rng, &mut ());
        while matches!(g.to_move(), ToMove::Player(_))
            && (g.turn_number() < 2 * players as u16 || g.stage() != Stage::Turn)
        {
            g.legal_actions(&mut actions);
            let a = if g.stage() == Stage::EndOfTurn {
                silver_rules::Action::EndTurn
            } else {
                actions[rng.random_range(0..actions.len())]
            };
            g.apply_unchecked(a, &mut ());
        }
        if g.stage() == Stage::Turn && g.round() == 1 {
            out.push(g);
        }
    }
    out
}

fn main() {
    let secs: f64 = std::env::args()
        .nth(1)
        .map(|s| {
            s.parse().unwrap_or_else(|_| {
                eprintln!("error: SECONDS must be a number, not {s:?}");
                std::process::exit(2)
            })
        })
        .unwrap_or(3.0);
    let budget = Duration::from_secs_f64(secs);
    for players in [2u8, 4] {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut actions = ActionList::new();
        let cfg = Config::standard(players).expect("2 and 4 players are valid");
        let r = rate(budget, || {
            let mut g = Game::new(cfg, 0).expect("a valid configuration");
            random_playout(&mut g, &mut rng, &mut (), &mut actions, u64::MAX)
        });
        println!("engine_random_play_{players}p {r:.0} decisions/s");
    }
    // Plain ISMCTS with random rollouts to the round's end: the configuration OpenSpiel's
    // ISMCTS with a random-rollout evaluator runs.
    let params = silver_benches::plain_random_ismcts(1000);
    for players in [2u8, 4] {
        let points = turn_starts(players, 32);
        let mut bot = IsmctsBot::new(params);
        let mut rng = BotRng::seed_from_u64(2);
        let mut legal = ActionList::new();
        let mut i = 0;
        let r = rate(budget, || {
            let g = &points[i % points.len()];
            i += 1;
            let ToMove::Player(s) = g.to_move() else {
                unreachable!()
            };
            g.legal_actions(&mut legal);
            black_box(bot.decide(&g.view(s), &legal, &mut rng));
            params.iterations as u64
        });
        println!("ismcts_random_rollouts_{players}p {r:.0} iterations/s");
    }
    for players in [2u8, 4] {
        let points = turn_starts(players, 256);
        let mut bot = GreedyBot::new(GreedyParams::default());
        let mut rng = BotRng::seed_from_u64(3);
        let mut legal = ActionList::new();
        let r = rate(budget, || {
            for g in &points {
                let ToMove::Player(s) = g.to_move() else {
                    unreachable!()
                };
                g.legal_actions(&mut legal);
                black_box(bot.decide(&g.view(s), &legal, &mut rng));
            }
            points.len() as u64
        });
        println!("greedy_turn_start_{players}p {r:.0} decisions/s");
    }
}
