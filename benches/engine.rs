//! Engine benchmarks: random playouts, legal-action generation, views and world sampling.
//!
//! Run with `cargo bench -p silver-benches`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_rules::{random_playout, ActionList, CardSet, Config, Game, ToMove};
use std::hint::black_box;

/// Plays one full 4-round game of the Amulet set with uniformly random legal actions.
fn random_game(players: u8, rng: &mut ChaCha8Rng, actions: &mut ActionList) -> Game {
    random_game_with(CardSet::amulet(), players, rng, actions)
}

/// Plays one full 4-round game of `set` with uniformly random legal actions.
fn random_game_with(
    set: CardSet,
    players: u8,
    rng: &mut ChaCha8Rng,
    actions: &mut ActionList,
) -> Game {
    let mut cfg = Config::standard(players).unwrap();
    cfg.set = set;
    let mut g = Game::new(cfg, 0).unwrap();
    random_playout(&mut g, rng, &mut (), actions, u64::MAX);
    g
}

/// A mid-round position reached by random play, for the per-decision benches.
fn midgame(players: u8, seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = ActionList::new();
    let mut g = Game::new(Config::standard(players).unwrap(), 0).unwrap();
    g.deal_random(&mut rng, &mut ());
    for _ in 0..60 {
        match g.to_move() {
            ToMove::Player(_) => {
                g.legal_actions(&mut actions);
                let a = actions[rng.random_range(0..actions.len())];
                g.apply_unchecked(a, &mut ());
            }
            _ => break,
        }
    }
    g
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game");
    group.throughput(Throughput::Elements(1));
    for players in [2u8, 4] {
        group.bench_with_input(BenchmarkId::from_parameter(players), &players, |b, &p| {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let mut actions = ActionList::new();
            b.iter(|| black_box(random_game(p, &mut rng, &mut actions)));
        });
    }
    group.finish();
    // The other editions: Bullet, and every known Coin and Dagger character on Amulet.
    let mut group = c.benchmark_group("random_game_4p");
    group.throughput(Throughput::Elements(1));
    for (name, set) in [
        ("bullet", CardSet::bullet()),
        (
            "coin-dagger",
            CardSet::parse("amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger")
                .unwrap(),
        ),
    ] {
        group.bench_function(name, |b| {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let mut actions = ActionList::new();
            b.iter(|| black_box(random_game_with(set, 4, &mut rng, &mut actions)));
        });
    }
    group.finish();
}

fn decisions(c: &mut Criterion) {
    let g = midgame(4, 3);
    let mut actions = ActionList::new();
    c.bench_function("legal_actions", |b| {
        b.iter(|| {
            black_box(&g).legal_actions(&mut actions);
            black_box(actions.len())
        })
    });
    c.bench_function("view", |b| b.iter(|| black_box(black_box(&g).view(1))));
    let view = g.view(1);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    c.bench_function("sample_world", |b| {
        b.iter(|| black_box(black_box(&view).sample_world(&mut rng)))
    });
}

criterion_group!(benches, playouts, decisions);
criterion_main!(benches);
