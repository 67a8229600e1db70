//! Bot benchmarks: ISMCTS decisions (world sampling included) at typical decision points, for
//! 2 and 4 players: the default parameters (`default`, what the `ismcts` kind and the
//! `ismcts-1k` profile play), and the plain search (no prior, the whole round in the tree) with
//! full-round random rollouts, random rollouts cut after 8 turns, and full greedy rollouts
//! (`classic`, the former default).
//!
//! Run with `cargo bench -p silver-benches --bench bots`. Throughput is reported in elements =
//! search iterations (one decision runs `ITERATIONS` of them).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_bots::{
    Bot, BotRng, GreedyBot, GreedyParams, IsmctsBot, IsmctsParams, PriorKind, RolloutPolicy,
    TreeScope,
};
use silver_rules::{Action, ActionList, Config, Game, Stage, ToMove};
use std::hint::black_box;

/// Iterations per benchmarked decision.
const ITERATIONS: u32 = 1000;

/// A turn start some turns into the first round (random play), with a non-empty deck.
fn turn_start(players: u8, seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = ActionList::new();
    let mut g = Game::new(Config::standard(players).unwrap(), 0).unwrap();
    g.deal_random(&mut rng, &mut ());
    while g.turn_number() < 2 * players as u16 || g.stage() != Stage::Turn {
        assert!(
            matches!(g.to_move(), ToMove::Player(_)),
            "round ended early"
        );
        g.legal_actions(&mut actions);
        let a = if g.stage() == Stage::EndOfTurn {
            Action::EndTurn
        } else {
            actions[rng.random_range(0..actions.len())]
        };
        g.apply_unchecked(a, &mut ());
    }
    g
}

/// The same player holding the card it drew from the deck.
fn holding(players: u8, seed: u64) -> Game {
    let mut g = turn_start(players, seed);
    g.apply(Action::DrawDeck { extra: 0 }, &mut ()).unwrap();
    g
}

fn ismcts(c: &mut Criterion) {
    let mut group = c.benchmark_group("ismcts");
    group.throughput(Throughput::Elements(ITERATIONS as u64));
    let plain = IsmctsParams {
        iterations: ITERATIONS,
        tree: TreeScope::Round,
        prior: PriorKind::None,
        shortcuts: false,
        rollout_turns: 0,
        rollout_laps: 0,
        ..IsmctsParams::default()
    };
    for (rollout, params) in [
        (
            "default",
            IsmctsParams {
                iterations: ITERATIONS,
                ..IsmctsParams::default()
            },
        ),
        (
            "full",
            IsmctsParams {
                rollout: RolloutPolicy::Random,
                ..plain
            },
        ),
        (
            "8turns",
            IsmctsParams {
                rollout: RolloutPolicy::Random,
                rollout_turns: 8,
                ..plain
            },
        ),
        ("classic", plain),
    ] {
        for players in [2u8, 4] {
            for (point, game) in [
                ("turn_start", turn_start(players, 3)),
                ("holding", holding(players, 3)),
            ] {
                let ToMove::Player(seat) = game.to_move() else {
                    unreachable!()
                };
                let view = game.view(seat);
                let mut legal = ActionList::new();
                game.legal_actions(&mut legal);
                let id = BenchmarkId::new(format!("{rollout}/{point}"), format!("{players}p"));
                group.bench_function(id, |b| {
                    let mut bot = IsmctsBot::new(params);
                    let mut rng = ChaCha8Rng::seed_from_u64(1);
                    b.iter(|| black_box(bot.decide(black_box(&view), &legal, &mut rng)))
                });
            }
        }
    }
    group.finish();
}

/// Greedy decisions per second over the decision points of whole 4-player self-play games
/// (view construction included, as a runner pays it).
fn greedy(c: &mut Criterion) {
    let mut group = c.benchmark_group("greedy");
    for players in [2u8, 4] {
        // Record the decision points of a few self-play games.
        let mut points: Vec<(Game, ActionList)> = Vec::new();
        let mut bots: Vec<GreedyBot> = (0..players)
            .map(|_| GreedyBot::new(GreedyParams::default()))
            .collect();
        let mut rng = BotRng::seed_from_u64(5);
        let mut deal = ChaCha8Rng::seed_from_u64(6);
        for _ in 0..4 {
            let mut g = Game::new(Config::standard(players).unwrap(), 0).unwrap();
            loop {
                match g.to_move() {
                    ToMove::Deal => g.deal_random(&mut deal, &mut ()),
                    ToMove::Player(s) => {
                        let mut legal = ActionList::new();
                        g.legal_actions(&mut legal);
                        let a = bots[s as usize].decide(&g.view(s), &legal, &mut rng);
                        points.push((g, legal));
                        g.apply_unchecked(a, &mut ());
                    }
                    ToMove::Terminal => break,
                }
            }
        }
        group.throughput(Throughput::Elements(points.len() as u64));
        group.bench_function(BenchmarkId::new("decisions", format!("{players}p")), |b| {
            let mut bot = GreedyBot::new(GreedyParams::default());
            b.iter(|| {
                for (g, legal) in &points {
                    let ToMove::Player(s) = g.to_move() else {
                        unreachable!()
                    };
                    black_box(bot.decide(&g.view(s), legal, &mut rng));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, ismcts, greedy);
criterion_main!(benches);
