//! After a warm-up decision, an ISMCTS decision allocates nothing (the node arena and buffers
//! are reused), restricted (`forbid`) or not. Counted with a global allocator wrapper, per
//! thread so that other tests running concurrently do not interfere.
#![allow(unsafe_code)] // a counting global allocator must implement GlobalAlloc

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_bots::{Bot, CheatingIsmcts, IsmctsBot, IsmctsParams, MemorySpec};
use silver_rules::{ActionList, Config, Game, Stage, ToMove};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
        System.realloc(ptr, layout, new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocs() -> u64 {
    ALLOCS.with(|c| c.get())
}

/// A 4-player game some turns in, at a turn start.
fn position(seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(Config::standard(4).unwrap(), 0).unwrap();
    game.deal_random(&mut rng, &mut ());
    let mut legal = ActionList::new();
    while game.turn_number() < 6 || game.stage() != Stage::Turn {
        game.legal_actions(&mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        game.apply(a, &mut ()).unwrap();
        assert!(matches!(game.to_move(), ToMove::Player(_)));
    }
    game
}

#[test]
fn second_decision_does_not_allocate() {
    let game = position(17);
    let later = {
        // A different decision point: holding the drawn card.
        let mut g = game;
        g.apply(silver_rules::Action::DrawDeck { extra: 0 }, &mut ())
            .unwrap();
        g
    };
    let mut legal = ActionList::new();
    let mut legal2 = ActionList::new();
    game.legal_actions(&mut legal);
    later.legal_actions(&mut legal2);
    let ToMove::Player(s) = game.to_move() else {
        unreachable!()
    };
    let view = game.view(s);
    let view2 = later.view(s);
    let configs = [
        IsmctsParams {
            iterations: 500,
            ..IsmctsParams::default()
        },
        IsmctsParams {
            iterations: 500,
            rollout_turns: 8,
            memory: MemorySpec {
                capacity: Some(2),
                forget_per_turn: 0.25,
            },
            ..IsmctsParams::default()
        },
        // Restricted (forbid): the reduced lists are reused too.
        IsmctsParams {
            iterations: 500,
            forbid: silver_bots::Forbid([3, 6, 9, 12].into_iter().collect()),
            ..IsmctsParams::default()
        },
        IsmctsParams {
            iterations: 300,
            rollout: silver_bots::RolloutPolicy::Random,
            forbid: silver_bots::Forbid([3, 6, 9, 12].into_iter().collect()),
            ..IsmctsParams::default()
        },
    ];
    for p in configs {
        let mut bot = IsmctsBot::new(p);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        bot.reset(s, game.config());
        let w = allocs();
        bot.decide(&view, &legal, &mut rng); // warm-up: reserves the arena
        assert!(allocs() > w, "the counter counts");
        let before = allocs();
        let a = bot.decide(&view, &legal, &mut rng);
        let b = bot.decide(&view2, &legal2, &mut rng);
        let after = allocs();
        assert!(legal.contains(&a) && legal2.contains(&b));
        assert_eq!(after - before, 0, "{p:?}: {} allocations", after - before);
        assert!(bot.sum_estimate().is_some());

        let mut cheat = CheatingIsmcts::new(IsmctsParams {
            memory: MemorySpec::default(),
            ..p
        });
        cheat.decide_omniscient(&game, s, &legal, &mut rng); // warm-up
        let before = allocs();
        cheat.decide_omniscient(&later, s, &legal2, &mut rng);
        assert_eq!(allocs() - before, 0, "cheating {p:?}");
    }
}
