//! Fixed workloads for profilers and instruction counters (`valgrind --tool=callgrind`,
//! `perf record`): the same work every run, unlike `throughput`'s timed loops, so two builds
//! can be compared by instruction counts.
//!
//! `cargo run --release -p silver-benches --example workload -- WORKLOAD N` where WORKLOAD is
//! `random-2p`, `random-4p` (N random games), `random-bullet-4p`, `random-coin-dagger-4p` (N
//! random 4-player games of Bullet, and of every known Coin and Dagger character on Amulet, as
//! in `benches/engine.rs`), `greedy-4p` (N greedy self-play games through the simulator's game loop) or
//! `ismcts-2p`, `ismcts-4p` (N decisions of the default 1,000-iteration ISMCTS at the first
//! turn start of a deal) or `ismcts-random-4p` (the same with the plain search: no prior,
//! every player in the tree, random rollouts to the round's end). Prints a checksum of the work so it cannot be optimised away.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use silver_bots::{
    play_game_with, Bot, BotRng, GreedyBot, GreedyParams, IsmctsBot, IsmctsParams, Player,
};
use silver_rules::{random_playout, Action, ActionList, CardSet, Config, Game, Stage, ToMove};

fn usage() -> ! {
    eprintln!(
        "usage: workload random-2p|random-4p|random-bullet-4p|random-coin-dagger-4p|greedy-4p|ismcts-2p|ismcts-4p|ismcts-random-4p N (N a positive count)"
    );
    std::process::exit(2)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(name), Some(n)) = (args.next(), args.next()) else {
        usage()
    };
    let Ok(n) = n.parse::<u64>() else { usage() };
    let mut check = 0u64;
    let mut actions = ActionList::new();
    match name.as_str() {
        "random-2p" | "random-4p" => {
            let players = if name == "random-2p" { 2 } else { 4 };
            let cfg = Config::standard(players).expect("2 and 4 players are valid");
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            for _ in 0..n {
                let mut g = Game::new(cfg, 0).expect("a valid configuration");
                check += random_playout(&mut g, &mut rng, &mut (), &mut actions, u64::MAX);
            }
        }
        "random-bullet-4p" | "random-coin-dagger-4p" => {
            let mut cfg = Config::standard(4).expect("4 players are valid");
            cfg.set = if name == "random-bullet-4p" {
                CardSet::bullet()
            } else {
                CardSet::parse("amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger")
                    .expect("a valid card set")
            };
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            for _ in 0..n {
                let mut g = Game::new(cfg, 0).expect("a valid configuration");
                check += random_playout(&mut g, &mut rng, &mut (), &mut actions, u64::MAX);
            }
        }
        "greedy-4p" => {
            // The simulator's own game loop (forced decisions are not asked of the bots).
            let cfg = Config::standard(4).expect("4 players are valid");
            let mut players: Vec<Player> = (0..4)
                .map(|_| Player::Greedy(GreedyBot::new(GreedyParams::default())))
                .collect();
            let mut rngs: Vec<BotRng> = (0..4).map(|s| BotRng::seed_from_u64(3 + s)).collect();
            let mut deal = ChaCha8Rng::seed_from_u64(4);
            for _ in 0..n {
                let g = play_game_with(
                    cfg,
                    0,
                    players.as_mut_slice(),
                    &mut deal,
                    &mut rngs,
                    &mut (),
                    &mut actions,
                );
                check += u64::from(g.turn_number()) + g.totals().iter().sum::<i32>() as u64;
            }
        }
        "ismcts-2p" | "ismcts-4p" | "ismcts-random-4p" => {
            let players = if name == "ismcts-2p" { 2 } else { 4 };
            let plain = silver_benches::plain_random_ismcts(1000);
            let params = if name == "ismcts-random-4p" {
                plain
            } else {
                IsmctsParams::default()
            };
            let cfg = Config::standard(players).expect("2 and 4 players are valid");
            let mut bot = IsmctsBot::new(params);
            let mut rng = BotRng::seed_from_u64(2);
            let mut deal = ChaCha8Rng::seed_from_u64(5);
            let mut g = Game::new(cfg, 0).expect("a valid configuration");
            g.deal_random(&mut deal, &mut ());
            // The opening peeks (R-PEEK0), then the first turn start.
            while g.stage() != Stage::Turn {
                g.legal_actions(&mut actions);
                g.apply_unchecked(actions[0], &mut ());
            }
            for _ in 0..n {
                let ToMove::Player(s) = g.to_move() else {
                    unreachable!("the first round's turns")
                };
                g.legal_actions(&mut actions);
                let a: Action = bot.decide(&g.view(s), &actions, &mut rng);
                check += u64::from(a.id().unwrap_or(u16::MAX));
            }
        }
        _ => usage(),
    }
    println!("{name} {n}: checksum {check}");
}
