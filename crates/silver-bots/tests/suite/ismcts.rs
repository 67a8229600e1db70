//! ISMCTS: determinism, legality over whole games, the cheating baseline, a strength sanity
//! check against the random bot, and the time budget.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_bots::{
    Bot, BotRng, BotSpec, CheatingIsmcts, IsmctsBot, IsmctsParams, MemorySpec, Player, RandomBot,
    RewardKind, RolloutPolicy, Sees,
};
use silver_rules::{Action, ActionList, CardMask, Config, Game, Seat, ToMove};

fn params(iterations: u32) -> IsmctsParams {
    IsmctsParams {
        iterations,
        ..IsmctsParams::default()
    }
}

/// Plays one full game; every decision goes through `players[seat]` and is checked for
/// legality (then applied with the validating `apply`). Returns the finished game and the
/// sequence of decisions.
fn play(players: &mut [Player], first: Seat, deal_seed: u64, bot_seed: u64) -> (Game, Vec<Action>) {
    let n = players.len() as u8;
    let cfg = Config::standard(n).unwrap();
    let mut game = Game::new(cfg, first).unwrap();
    let mut deal_rng = ChaCha8Rng::seed_from_u64(deal_seed);
    let mut rngs: Vec<BotRng> = (0..n as u64)
        .map(|s| ChaCha8Rng::seed_from_u64(bot_seed * 16 + s))
        .collect();
    for (s, p) in players.iter_mut().enumerate() {
        p.reset(s as Seat, &cfg);
    }
    let mut legal = ActionList::new();
    let mut log = Vec::new();
    loop {
        match game.to_move() {
            ToMove::Deal => game.deal_random(&mut deal_rng, &mut ()),
            ToMove::Player(s) => {
                game.legal_actions(&mut legal);
                let a = players[s as usize].decide(&game, s, &legal, &mut rngs[s as usize]);
                assert!(legal.contains(&a), "illegal {a:?} at {:?}", game.stage());
                game.apply(a, &mut ()).unwrap();
                log.push(a);
            }
            ToMove::Terminal => return (game, log),
        }
    }
}

#[test]
fn same_seed_same_decisions() {
    let mk = || {
        vec![
            Player::Ismcts(IsmctsBot::new(params(60))),
            Player::Ismcts(IsmctsBot::new(IsmctsParams {
                rollout_turns: 4,
                reward: RewardKind::Own,
                memory: MemorySpec {
                    capacity: Some(2),
                    forget_per_turn: 0.2,
                },
                ..params(40)
            })),
            Player::Random(RandomBot::new()),
        ]
    };
    let (g1, log1) = play(&mut mk(), 0, 11, 5);
    let (g2, log2) = play(&mut mk(), 0, 11, 5);
    assert_eq!(log1, log2);
    assert_eq!(g1.totals(), g2.totals());
    // A different bot seed changes the play (sanity: the search does use its generator).
    let (_, log3) = play(&mut mk(), 0, 11, 6);
    assert_ne!(log1, log3);
}

#[test]
fn same_seed_same_decision_on_one_view() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut game = Game::new(Config::standard(4).unwrap(), 2).unwrap();
    game.deal_random(&mut rng, &mut ());
    let mut legal = ActionList::new();
    let mut checked = 0;
    while checked < 20 {
        let ToMove::Player(s) = game.to_move() else {
            break;
        };
        game.legal_actions(&mut legal);
        let view = game.view(s);
        let mut a = IsmctsBot::new(params(200));
        let mut b = IsmctsBot::new(params(200));
        let x = a.decide(&view, &legal, &mut ChaCha8Rng::seed_from_u64(99));
        let y = b.decide(&view, &legal, &mut ChaCha8Rng::seed_from_u64(99));
        assert_eq!(x, y);
        // The same bot, reused, decides the same again.
        let z = a.decide(&view, &legal, &mut ChaCha8Rng::seed_from_u64(99));
        assert_eq!(x, z);
        assert_eq!(a.sum_estimate(), b.sum_estimate());
        checked += 1;
        let r = legal[rng.random_range(0..legal.len())];
        game.apply(r, &mut ()).unwrap();
    }
    assert_eq!(checked, 20);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimisations")]
fn always_legal_over_whole_games() {
    let variants = [
        params(50),
        IsmctsParams {
            rollout_turns: 8,
            ..params(50)
        },
        IsmctsParams {
            reward: RewardKind::Own,
            exploration: 2.0,
            ..params(50)
        },
        IsmctsParams {
            memory: MemorySpec {
                capacity: Some(1),
                forget_per_turn: 0.3,
            },
            ..params(50)
        },
        IsmctsParams {
            rollout: RolloutPolicy::Greedy,
            rollout_turns: 6,
            ..params(30)
        },
    ];
    let mut games = 0;
    for n in [2u8, 4] {
        for g in 0..12u64 {
            let mut players: Vec<Player> = (0..n as u64)
                .map(|s| {
                    let p = variants[((g + s) % variants.len() as u64) as usize];
                    if (g + s) % 7 == 3 {
                        Player::from_spec(&BotSpec::CheatingIsmcts(IsmctsParams {
                            memory: MemorySpec::default(),
                            ..p
                        }))
                    } else {
                        Player::Ismcts(IsmctsBot::new(p))
                    }
                })
                .collect();
            let (game, _) = play(&mut players, (g % n as u64) as Seat, 100 + g, g);
            assert!(game.winner().is_some());
            games += 1;
        }
    }
    assert_eq!(games, 24);
}

#[test]
fn single_legal_action_is_returned_without_search() {
    let mut bot = IsmctsBot::new(params(1_000_000));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut game = Game::new(Config::standard(2).unwrap(), 0).unwrap();
    game.deal_random(&mut rng, &mut ());
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    let only = [legal[0]];
    assert_eq!(bot.decide(&game.view(0), &only, &mut rng), only[0]);
    assert_eq!(bot.sum_estimate(), None);
}

#[test]
fn sum_estimate_is_the_mean_over_sampled_worlds() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut game = Game::new(Config::standard(3).unwrap(), 0).unwrap();
    game.deal_random(&mut rng, &mut ());
    let mut legal = ActionList::new();
    // Finish the opening peeks.
    while matches!(game.stage(), silver_rules::Stage::OpeningPeek { .. }) {
        game.legal_actions(&mut legal);
        game.apply(legal[0], &mut ()).unwrap();
    }
    let ToMove::Player(s) = game.to_move() else {
        unreachable!()
    };
    game.legal_actions(&mut legal);
    let view = game.view(s);
    let mut bot = IsmctsBot::new(params(2000));
    bot.decide(&view, &legal, &mut rng);
    let est = bot.sum_estimate().unwrap();
    // The mean of the own village's true sum over worlds drawn as the search draws them (the
    // default `kept_low` opponent model moves low values to the opponents' seen cards, so the
    // own unknown cards average more than the pool's mean: 33.7 here against 32.7).
    let n = 40_000;
    let mut total = 0.0;
    for _ in 0..n {
        let w = view.sample_world_skewed(CardMask::EMPTY, params(1).kept_low, &mut rng);
        total += w.omniscient().scoring_sum(s) as f64;
    }
    let expected = total / n as f64;
    // 2,000 worlds: a standard error of about 0.15.
    assert!(
        (est - expected).abs() < 0.6,
        "estimate {est}, expected about {expected}"
    );
    // Uniform worlds: two own cards are known, the other three average the pool's mean.
    let u = silver_bots::estimate::Unknowns::of(&view);
    let uniform = silver_bots::estimate::village_sum(&view, s, &u).mean;
    let mut total = 0.0;
    for _ in 0..n {
        total += view.sample_world(&mut rng).omniscient().scoring_sum(s) as f64;
    }
    assert!((total / n as f64 - uniform).abs() < 0.2);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimisations")]
fn cheating_can_differ_from_honest() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut game = Game::new(Config::standard(2).unwrap(), 0).unwrap();
    game.deal_random(&mut rng, &mut ());
    let mut legal = ActionList::new();
    let mut honest = IsmctsBot::new(params(400));
    let mut cheat = CheatingIsmcts::new(params(400));
    let mut compared = 0;
    let mut differ = 0;
    while compared < 40 {
        let ToMove::Player(s) = game.to_move() else {
            break;
        };
        game.legal_actions(&mut legal);
        if legal.len() > 1 {
            let h = honest.decide(&game.view(s), &legal, &mut ChaCha8Rng::seed_from_u64(5));
            let c = cheat.decide_omniscient(&game, s, &legal, &mut ChaCha8Rng::seed_from_u64(5));
            assert!(legal.contains(&c));
            compared += 1;
            differ += (h != c) as u32;
        }
        let r = legal[rng.random_range(0..legal.len())];
        game.apply(r, &mut ()).unwrap();
    }
    assert!(differ > 0, "{differ} of {compared} decisions differ");
}

/// The oracles of a perfect belief (`sees = "hands"` and `"known"`) play legal whole games
/// at 2 and 3 players, the same for the same seeds, and do not always decide as the search
/// that sees every card.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimisations")]
fn oracles_play_legal_seeded_games() {
    let greedy = BotSpec::parse_inline("greedy").unwrap();
    for sees in [Sees::Hands, Sees::Known] {
        let oracle = BotSpec::CheatingIsmcts(IsmctsParams { sees, ..params(60) });
        for n in [2usize, 3] {
            let mk = || -> Vec<Player> {
                (0..n)
                    .map(|s| Player::from_spec(if s == 0 { &oracle } else { &greedy }))
                    .collect()
            };
            let (g1, l1) = play(&mut mk(), 1, 30 + n as u64, 4);
            let (g2, l2) = play(&mut mk(), 1, 30 + n as u64, 4);
            assert!(g1.winner().is_some());
            assert!(
                g1 == g2 && l1 == l2,
                "{sees:?}, {n} players: not reproducible"
            );
        }
        let mut rng = ChaCha8Rng::seed_from_u64(22);
        let mut game = Game::new(Config::standard(2).unwrap(), 0).unwrap();
        game.deal_random(&mut rng, &mut ());
        let mut legal = ActionList::new();
        let mut all = CheatingIsmcts::new(params(400));
        let mut hands = CheatingIsmcts::new(IsmctsParams {
            sees,
            ..params(400)
        });
        let (mut compared, mut differ) = (0, 0);
        while compared < 40 {
            let ToMove::Player(s) = game.to_move() else {
                break;
            };
            game.legal_actions(&mut legal);
            if legal.len() > 1 {
                let rng = || ChaCha8Rng::seed_from_u64(5);
                let a = all.decide_omniscient(&game, s, &legal, &mut rng());
                let h = hands.decide_omniscient(&game, s, &legal, &mut rng());
                assert!(legal.contains(&h));
                compared += 1;
                differ += u32::from(a != h);
            }
            let r = legal[rng.random_range(0..legal.len())];
            game.apply(r, &mut ()).unwrap();
        }
        assert!(
            differ > 0,
            "{sees:?}: {differ} of {compared} decisions differ"
        );
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimisations")]
fn beats_random_heads_up() {
    let mut wins = 0;
    let games = 40;
    let mut bot = IsmctsBot::new(params(200));
    let mut random = RandomBot::new();
    let mut legal = ActionList::new();
    for g in 0..games as u64 {
        let me = (g % 2) as Seat;
        let cfg = Config::standard(2).unwrap();
        let mut game = Game::new(cfg, ((g / 2) % 2) as Seat).unwrap();
        bot.reset(me, &cfg);
        let mut deal_rng = ChaCha8Rng::seed_from_u64(1000 + g);
        let mut rngs = [
            ChaCha8Rng::seed_from_u64(2000 + 2 * g),
            ChaCha8Rng::seed_from_u64(2001 + 2 * g),
        ];
        loop {
            match game.to_move() {
                ToMove::Deal => game.deal_random(&mut deal_rng, &mut ()),
                ToMove::Player(s) => {
                    game.legal_actions(&mut legal);
                    let view = game.view(s);
                    let rng = &mut rngs[s as usize];
                    let a = if s == me {
                        bot.decide(&view, &legal, rng)
                    } else {
                        random.decide(&view, &legal, rng)
                    };
                    game.apply(a, &mut ()).unwrap();
                }
                ToMove::Terminal => break,
            }
        }
        wins += (game.winner() == Some(me)) as u32;
    }
    eprintln!("ISMCTS(200) vs random: {wins}/{games}");
    assert!(wins * 10 >= games * 7, "only {wins} wins of {games}");
}

#[test]
fn time_limit_cuts_the_search_short() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut game = Game::new(Config::standard(4).unwrap(), 0).unwrap();
    game.deal_random(&mut rng, &mut ());
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    let mut bot = IsmctsBot::new(IsmctsParams {
        iterations: 10_000_000,
        time_limit_ms: Some(20),
        ..IsmctsParams::default()
    });
    let t = std::time::Instant::now();
    let a = bot.decide(&game.view(0), &legal, &mut rng);
    assert!(legal.contains(&a));
    assert!(t.elapsed().as_secs() < 5, "took {:?}", t.elapsed());
}

#[test]
fn decisions_do_not_depend_on_hidden_cards() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut game = Game::new(Config::standard(3).unwrap(), 1).unwrap();
    game.deal_random(&mut rng, &mut ());
    let mut legal = ActionList::new();
    let mut checked = 0;
    while checked < 15 {
        let ToMove::Player(s) = game.to_move() else {
            break;
        };
        game.legal_actions(&mut legal);
        // Another true state that differs only in what `s` cannot know.
        let other = game.view(s).sample_world(&mut rng);
        assert_eq!(other.view(s), game.view(s));
        let mut a = IsmctsBot::new(params(150));
        let mut b = IsmctsBot::new(params(150));
        let x = a.decide(&game.view(s), &legal, &mut ChaCha8Rng::seed_from_u64(7));
        let y = b.decide(&other.view(s), &legal, &mut ChaCha8Rng::seed_from_u64(7));
        assert_eq!(x, y);
        checked += 1;
        let r = legal[rng.random_range(0..legal.len())];
        game.apply(r, &mut ()).unwrap();
    }
    assert_eq!(checked, 15);
}

/// With the greedy prior a budget near zero plays like greedy: one iteration expands greedy's
/// move at the root (it has the largest prior), so the decision is exactly greedy's, at every
/// decision point of whole games of 2–4 players (the searcher's seat against greedy and random
/// opponents). This is the floor the budget ladder starts from.
#[test]
fn one_iteration_with_the_greedy_prior_plays_exactly_like_greedy() {
    use silver_bots::{GreedyBot, GreedyParams, PriorKind};
    let mut decisions = 0;
    for players in 2..=4u8 {
        for g in 0..6u64 {
            let cfg = Config::standard(players).unwrap();
            let mut game = Game::new(cfg, (g % players as u64) as Seat).unwrap();
            let me = ((g + 1) % players as u64) as Seat;
            let mut search = IsmctsBot::new(IsmctsParams {
                iterations: 1,
                prior: PriorKind::Greedy,
                ..IsmctsParams::default()
            });
            let mut reference = GreedyBot::new(GreedyParams::default());
            let mut others: Vec<Player> = (0..players)
                .map(|s| {
                    if s % 2 == 0 {
                        Player::Greedy(GreedyBot::new(GreedyParams::default()))
                    } else {
                        Player::Random(RandomBot::new())
                    }
                })
                .collect();
            search.reset(me, &cfg);
            reference.reset(me, &cfg);
            for (s, p) in others.iter_mut().enumerate() {
                p.reset(s as Seat, &cfg);
            }
            let mut deal_rng = ChaCha8Rng::seed_from_u64(500 + g);
            let mut rngs: Vec<BotRng> = (0..players as u64)
                .map(|s| ChaCha8Rng::seed_from_u64(600 + 8 * g + s))
                .collect();
            let mut legal = ActionList::new();
            loop {
                match game.to_move() {
                    ToMove::Deal => game.deal_random(&mut deal_rng, &mut ()),
                    ToMove::Player(s) => {
                        game.legal_actions(&mut legal);
                        let a = if s != me {
                            others[s as usize].decide(&game, s, &legal, &mut rngs[s as usize])
                        } else if legal.len() == 1 {
                            legal[0]
                        } else {
                            let view = game.view(s);
                            let mut r = ChaCha8Rng::seed_from_u64(7);
                            let greedy = reference.decide(&view, &legal, &mut r);
                            let searched = search.decide(&view, &legal, &mut rngs[s as usize]);
                            assert_eq!(
                                searched,
                                greedy,
                                "{players} players, game {g}, at {:?}",
                                game.stage()
                            );
                            decisions += 1;
                            searched
                        };
                        game.apply(a, &mut ()).unwrap();
                    }
                    ToMove::Terminal => break,
                }
            }
        }
    }
    assert!(decisions > 300, "only {decisions} decisions compared");
}
