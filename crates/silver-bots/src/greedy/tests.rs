//! The greedy player's shortcuts against their definitions.

use super::*;
use crate::spec::MemorySpec;
use crate::test_states::{for_each_decision, three_sets};
use rand::SeedableRng;

/// The best exchange as a scan over every slot computes it (the definition `Own::fill`
/// and `Ctx::best_exchange` shortcut).
fn best_exchange_by_scan(ctx: &Ctx, h: f64) -> (f64, u64) {
    let o = ctx.own;
    let mut best = (NEVER, 0u64);
    let mut by_value = [0u64; VALUES];
    let mut values = 0u16;
    let (mut wild_mask, mut wild_sum) = (0u64, 0.0);
    for i in 0..o.n {
        if o.frozen[i] {
            continue;
        }
        let g = o.value[i] - h;
        if g > best.0 {
            best = (g, 1u64 << i);
        }
        if let Some(v) = o.known[i] {
            if ctx.ability(v) == Ability::Wild {
                wild_mask |= 1 << i;
                wild_sum += v as f64;
            } else {
                by_value[v as usize] |= 1 << i;
                values |= 1 << v;
            }
        }
    }
    while values != 0 {
        let w = values.trailing_zeros() as usize;
        values &= values - 1;
        let m = by_value[w];
        let mask = m | wild_mask;
        if mask.count_ones() >= 2 {
            let g = w as f64 * m.count_ones() as f64 + wild_sum - h
                + ctx.shrink_credit(mask.count_ones());
            if g > best.0 {
                best = (g, mask);
            }
        }
    }
    if wild_mask != 0 {
        for i in 0..o.n {
            if wild_mask & (1 << i) == 0 && !o.frozen[i] {
                let mask = wild_mask | 1 << i;
                let g = wild_sum + o.value[i] - h + ctx.shrink_credit(mask.count_ones());
                if g > best.0 {
                    best = (g, mask);
                }
            }
        }
        if wild_mask.count_ones() >= 2 {
            let g = wild_sum - h + ctx.shrink_credit(wild_mask.count_ones());
            if g > best.0 {
                best = (g, wild_mask);
            }
        }
    }
    best
}

/// R-SWAP-ONE / R-SWAP-MULTI / R-A13: the best exchange from the slots gathered by
/// `Own::fill` is, bit for bit, the one a scan over every slot finds (and the worst own
/// card is the scan's), over random states of every player count, the Amulet and Bullet
/// sets and a Coin/Dagger mix, stuck rounds and incoming cards of every value and the
/// pool's mean.
#[test]
fn best_exchange_equals_a_scan_over_every_slot() {
    let params = GreedyParams::default();
    let mut own = Own::EMPTY;
    let gains: [std::cell::Cell<f64>; silver_rules::VALUES] = Default::default();
    let (mut checked, mut wild, mut frozen) = (0, 0, 0);
    for_each_decision(300, 7, three_sets, |g, p| {
        let view = g.view_ref(p);
        let set = view.config().set;
        let u = Unknowns::of(view);
        own.fill(view, &u, &set);
        wild += usize::from(own.wild_mask != 0);
        frozen += usize::from(own.frozen[..own.n].contains(&true));
        for stuck in [false, true] {
            let ctx = Ctx {
                view,
                stuck,
                me: p,
                u,
                own: &own,
                p: &params,
                set: &set,
                leader: std::cell::Cell::new(None),
                witch_top: std::cell::Cell::new(None),
                held: 0.0,
                lowest: std::cell::Cell::new(None),
                gains_asked: std::cell::Cell::new(0),
                gains: &gains,
            };
            for h in (0..14).map(f64::from).chain([u.mean]) {
                let (a, b) = (ctx.best_exchange(h), best_exchange_by_scan(&ctx, h));
                assert_eq!((a.0.to_bits(), a.1), (b.0.to_bits(), b.1));
            }
            // The gains kept per value: worked out, then kept.
            for _ in 0..2 {
                for v in 0..14 {
                    let g = ctx.best_exchange(f64::from(v)).0;
                    assert_eq!(ctx.exchange_gain(v).to_bits(), g.to_bits());
                }
            }
            let scan = (0..own.n)
                .filter(|&i| !own.frozen[i])
                .map(|i| (i, own.value[i]))
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
            assert_eq!(ctx.worst_own(), scan);
            checked += 1;
        }
    });
    // Every branch is reached: known wild cards, and cards that cannot leave.
    assert!(
        checked > 100_000 && wild > 1_000 && frozen > 1_000,
        "{checked} {wild} {frozen}"
    );
}

/// The game loop's decision (`Kind::decide_in`, reading the game through the seat's mask) is
/// the decision from the seat's copied view (`Bot::decide`), for perfect recall and for a
/// forgetful player (whose recalled view is a copy), at every decision of random games.
#[test]
fn deciding_from_the_borrowed_view_equals_deciding_from_the_copy() {
    let forgetful = GreedyParams {
        memory: MemorySpec {
            capacity: Some(2),
            forget_per_turn: 0.2,
        },
        ..GreedyParams::default()
    };
    for params in [GreedyParams::default(), forgetful] {
        let mut borrowed: Vec<GreedyBot> = (0..4).map(|_| GreedyBot::new(params)).collect();
        let mut copied = borrowed.clone();
        let (mut rng_b, mut rng_c) = (BotRng::seed_from_u64(3), BotRng::seed_from_u64(3));
        let mut scratch = silver_rules::Game::new(Config::standard(2).unwrap(), 0)
            .unwrap()
            .view(0);
        let mut legal = silver_rules::ActionList::new();
        let mut decisions = 0;
        for_each_decision(60, 11, three_sets, |g, p| {
            g.legal_actions(&mut legal);
            let b = &mut borrowed[p as usize];
            let Choice::Index(i) = Kind::decide_in(b, g, p, &legal, &mut rng_b, &mut scratch)
            else {
                panic!("greedy answers with a position");
            };
            let a = Bot::decide(&mut copied[p as usize], &g.view(p), &legal, &mut rng_c);
            assert_eq!(legal[i], a, "seat {p} at {:?}", g.stage());
            decisions += 1;
        });
        assert!(decisions > 10_000, "{decisions} decisions");
    }
}
