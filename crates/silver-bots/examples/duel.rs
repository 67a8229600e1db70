//! Quick strength check: `cargo run --release -p silver-bots --example duel -- SPEC_A SPEC_B GAMES PLAYERS`
//! (seats alternate between A and B; duplicate deals with seats swapped).
use rand::SeedableRng;
use silver_bots::{play_game, BotRng, BotSpec, Player};
use silver_rules::{ActionList, Config};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a = BotSpec::parse_inline(args.get(1).map_or("greedy", |s| s))
        .unwrap_or_else(|e| panic!("{e}"));
    let b = BotSpec::parse_inline(args.get(2).map_or("random", |s| s))
        .unwrap_or_else(|e| panic!("{e}"));
    let games: u64 = args.get(3).map_or(1000, |s| s.parse().unwrap());
    let players: u8 = args.get(4).map_or(2, |s| s.parse().unwrap());
    let cfg = Config::standard(players).unwrap();
    let mut wins = [0u64; 2];
    let mut totals = [0i64; 2];
    let mut counts = [0u64; 2];
    let mut actions = ActionList::new();
    let t = std::time::Instant::now();
    for g in 0..games {
        for swap in 0..2u64 {
            let mut ps: Vec<Player> = (0..players)
                .map(|s| {
                    if (s as u64 + swap) % 2 == 0 {
                        Player::from_spec(&a)
                    } else {
                        Player::from_spec(&b)
                    }
                })
                .collect();
            let mut deal = rand_chacha::ChaCha8Rng::seed_from_u64(g);
            let mut rngs: Vec<BotRng> = (0..players)
                .map(|s| BotRng::seed_from_u64(g * 16 + s as u64))
                .collect();
            let game = play_game(
                cfg,
                (g % players as u64) as u8,
                &mut ps,
                &mut deal,
                &mut rngs,
                &mut (),
                &mut actions,
            );
            let w = game.winner().unwrap();
            let side = |s: u8| ((s as u64 + swap) % 2) as usize;
            wins[side(w)] += 1;
            for s in 0..players {
                totals[side(s)] += game.totals()[s as usize] as i64;
                counts[side(s)] += 1;
            }
        }
    }
    let n = (games * 2) as f64;
    println!("A={:?}\nB={:?}", args.get(1), args.get(2));
    println!(
        "games {}  A wins {:.1}%  B wins {:.1}%  mean total A {:.1} B {:.1}  ({:.1}s)",
        games * 2,
        100.0 * wins[0] as f64 / n,
        100.0 * wins[1] as f64 / n,
        totals[0] as f64 / counts[0] as f64,
        totals[1] as f64 / counts[1] as f64,
        t.elapsed().as_secs_f64()
    );
}
