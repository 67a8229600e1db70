//! Hot paths do not allocate: dealing, legal actions, apply (checked and unchecked), views and
//! world sampling, over whole random games, counted by a global allocator (on the test's own
//! thread).
#![allow(unsafe_code)] // a counting global allocator must implement GlobalAlloc

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_rules::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

// Counted per thread: the test harness's own threads may allocate while the test runs.
thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    let _ = COUNTING.try_with(|on| {
        if on.get() {
            let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
        }
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn engine_hot_paths_do_not_allocate() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut actions = ActionList::new();
    // Amulet, Bullet and every known Coin and Dagger character (all the new mechanics).
    let mix = CardSet::parse("bullet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger/token=coin")
        .unwrap();
    let configs: Vec<Config> = (2..=4)
        .flat_map(|p| {
            let mut pts = Config::standard(p).unwrap();
            pts.model = GameModel::POINTS_100;
            let mut bullet = Config::standard(p).unwrap();
            bullet.set = CardSet::bullet();
            let mut mixed = Config::standard(p).unwrap();
            mixed.set = mix;
            [Config::standard(p).unwrap(), pts, bullet, mixed]
        })
        .collect();
    COUNTING.with(|c| c.set(true));
    let mut decisions = 0u64;
    for round in 0..300 {
        let cfg = configs[round % configs.len()];
        let mut g = Game::new(cfg, 0).unwrap();
        loop {
            match g.to_move() {
                ToMove::Deal => g.deal_random(&mut rng, &mut ()),
                ToMove::Player(p) => {
                    let view = g.view(p);
                    let world = view.sample_world(&mut rng);
                    let _ = view.sample_world_forgetting(view.hidden_known(), &mut rng);
                    view.legal_actions(&mut actions);
                    let a = actions[rng.random_range(0..actions.len())];
                    let mut w = world;
                    w.apply_unchecked(a, &mut ());
                    g.apply(a, &mut ()).unwrap();
                    decisions += 1;
                }
                ToMove::Terminal => break,
            }
        }
    }
    COUNTING.with(|c| c.set(false));
    assert!(decisions > 10_000);
    assert_eq!(ALLOCS.with(|c| c.get()), 0, "allocations on the hot path");
}
