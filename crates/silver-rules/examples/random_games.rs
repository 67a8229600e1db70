//! Plays seeded random-vs-random games and prints engine throughput and round statistics.
//!
//! `cargo run --release -p silver-rules --example random_games -- [GAMES] [PLAYERS] [SEED]`
//! (defaults: 100000 games, 4 players, seed 1).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_rules::{random_playout, ActionList, Config, Event, FnSink, Game, GameEvent, RoundEnd};
use std::time::Instant;

fn arg<T: std::str::FromStr>(i: usize, default: T) -> T {
    match std::env::args().nth(i) {
        None => default,
        Some(s) => s.parse().unwrap_or_else(|_| {
            eprintln!("error: argument {i} ({s:?}) is not a number");
            std::process::exit(2)
        }),
    }
}

fn main() {
    let games: u64 = arg(1, 100_000);
    let players: u8 = arg(2, 4);
    let seed: u64 = arg(3, 1);
    let cfg = match Config::standard(players) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2)
        }
    };
    let mut rounds = 0u64;
    let mut reasons = [0u64; 4];
    let mut turns = 0u64;
    let mut census = 0u64;
    let mut census_ok = 0u64;
    let mut score_sum = 0i64;
    let mut decisions = 0u64;
    let mut actions = ActionList::new();
    let start = Instant::now();
    for i in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i);
        let mut g = Game::new(cfg, rng.random_range(0..players)).unwrap();
        let mut sink = FnSink(|e: &Event| {
            if let GameEvent::RoundEnded {
                reason,
                turns: t,
                caller,
                scores,
                ..
            } = *e
            {
                rounds += 1;
                turns += t as u64;
                reasons[match reason {
                    RoundEnd::Census => 0,
                    RoundEnd::Deck => 1,
                    RoundEnd::Villagers => 2,
                    RoundEnd::TurnCap => 3,
                }] += 1;
                if let Some(c) = caller {
                    census += 1;
                    if scores[c as usize] == 0 {
                        census_ok += 1;
                    }
                }
                score_sum += scores[..players as usize]
                    .iter()
                    .map(|&s| s as i64)
                    .sum::<i64>();
            }
        });
        decisions += random_playout(&mut g, &mut rng, &mut sink, &mut actions, u64::MAX);
    }
    let secs = start.elapsed().as_secs_f64();
    let r = rounds.max(1) as f64;
    println!(
        "{games} random games, {players} players, seed {seed} (state: {} bytes)",
        std::mem::size_of::<Game>()
    );
    println!(
        "  {:.0} games/s, {:.2} M decisions/s, {:.0} decisions per game (1 thread)",
        games as f64 / secs,
        decisions as f64 / secs / 1e6,
        decisions as f64 / games.max(1) as f64
    );
    println!(
        "  rounds end by census {:.1}%, deck {:.1}%, villagers {:.1}%, turn cap {:.2}%",
        100.0 * reasons[0] as f64 / r,
        100.0 * reasons[1] as f64 / r,
        100.0 * reasons[2] as f64 / r,
        100.0 * reasons[3] as f64 / r
    );
    println!(
        "  {:.1} turns per round, mean round score {:.1}, census calls {} ({:.1}% successful)",
        turns as f64 / r,
        score_sum as f64 / (r * players as f64),
        census,
        100.0 * census_ok as f64 / census.max(1) as f64
    );
}
