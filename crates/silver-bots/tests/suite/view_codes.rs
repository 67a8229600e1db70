//! View codes from outside (a protocol bot hands one back to the Python package) are untrusted
//! input: a seeded mutation test alters real codes (bytes, small steps, fields copied from
//! other codes), recomputes their checksum as the format does, and decodes them. Every code
//! `PlayerView::from_code` accepts must be safe for every consumer of a view: its legal
//! actions, sampled worlds, the greedy and ISMCTS bots, the protocol's JSON and the accessors
//! the observation tensor reads. A refused code is fine; a panic is not.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_bots::{view_json, BotRng, BotSpec, Player};
use silver_rules::{ActionList, CardSet, Config, Game, GameModel, PlayerView, ToMove, Token};

/// The format's checksum (FNV-1a from a "SILVER" offset), as `code.rs` computes it.
fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ 0x5349_4c56_4552;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn unhex(code: &str) -> Vec<u8> {
    (0..code.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&code[i..i + 2], 16).unwrap())
        .collect()
}

/// A body (format byte and fields) with its checksum, as hex.
fn seal(body: &[u8]) -> String {
    let mut bytes = body.to_vec();
    bytes.extend_from_slice(&checksum(body).to_le_bytes());
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn configs() -> Vec<Config> {
    let sets = [
        CardSet::amulet(),
        CardSet::bullet(),
        CardSet::parse("amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger")
            .unwrap()
            .with_token(Token::Dagger),
        CardSet::parse("bullet+2:coin,4:coin,8:coin,10:coin/token=coin").unwrap(),
        CardSet::parse("amulet+0:bullet,3:bullet,8:bullet,9:bullet,13:bullet/token=bullet")
            .unwrap(),
    ];
    let mut out = Vec::new();
    for (i, set) in sets.into_iter().enumerate() {
        for players in 2..=4 {
            let mut cfg = Config::standard(players).unwrap();
            cfg.set = set;
            if i % 2 == 1 {
                cfg.model = GameModel::Points {
                    target: 100,
                    bounce: true,
                    kamikaze: true,
                    max_rounds: 20,
                };
            }
            out.push(cfg);
        }
    }
    out
}

/// Real codes: every seat's view at decisions of random games (and their ends).
fn real_codes(rng: &mut ChaCha8Rng) -> Vec<(String, Config)> {
    let mut out = Vec::new();
    let mut actions = ActionList::new();
    for cfg in configs() {
        for _ in 0..3 {
            let mut g = Game::new(cfg, rng.random_range(0..cfg.players)).unwrap();
            let mut step = 0u32;
            loop {
                if step.is_multiple_of(7) || g.to_move() == ToMove::Terminal {
                    for s in 0..cfg.players {
                        out.push((g.view(s).code(), cfg));
                    }
                }
                step += 1;
                match g.to_move() {
                    ToMove::Deal => g.deal_random(rng, &mut ()),
                    ToMove::Player(_) => {
                        g.legal_actions(&mut actions);
                        let a = actions[rng.random_range(0..actions.len())];
                        g.apply_unchecked(a, &mut ());
                    }
                    ToMove::Terminal => break,
                }
            }
        }
    }
    out
}

/// Everything a consumer of a view does with it.
fn use_view(view: &PlayerView, bots: &mut [Player], rng: &mut BotRng) {
    let mut legal = ActionList::new();
    view.legal_actions(&mut legal);
    let _ = view_json(view);
    let _ = (
        view.unknown_counts(),
        view.unknown_total(),
        view.hidden_known(),
    );
    let _ = (view.floating(), view.floating_count(), view.holding());
    let _ = view.forget(silver_rules::CardMask(u64::MAX));
    for s in 0..view.players() {
        let _ = (view.village(s).count(), view.known_sum(s));
    }
    let _ = (view.discard_pile().count(), view.display().count());
    for i in 0..view.deck_len() {
        let _ = view.deck_card(i);
    }
    let _ = (view.totals(), view.census_caller(), view.token_holder());
    for _ in 0..2 {
        let world = view.sample_world(rng);
        let _ = world.omniscient().check_invariants();
        let _ = world.to_move();
    }
    if !legal.is_empty() {
        for bot in bots.iter_mut() {
            bot.reset(view.viewer(), view.config());
            let a = bot.decide_view(view, &legal, rng).unwrap();
            assert!(legal.contains(&a), "the bot chose an illegal action");
        }
    }
}

/// A greedy bot and two ISMCTS bots (random and greedy rollouts).
fn new_bots() -> Vec<Player> {
    [
        "greedy",
        "ismcts:iterations=24",
        "ismcts:iterations=8,rollout=greedy",
    ]
    .iter()
    .map(|s| Player::from_spec(&BotSpec::parse_inline(s).unwrap()))
    .collect()
}

/// Alters one to four bytes of a body: any byte, a small step, or the byte another real code
/// holds at the same place (a field of another state).
fn mutate(body: &mut [u8], donors: &[Vec<u8>], rng: &mut ChaCha8Rng) {
    for _ in 0..rng.random_range(1..=4) {
        // Byte 0 is the format: altering it is refused before any field is read.
        let i = rng.random_range(1..body.len());
        body[i] = match rng.random_range(0..4) {
            0 => rng.random(),
            1 => body[i].wrapping_add(rng.random_range(1..=3)),
            2 => body[i].wrapping_sub(rng.random_range(1..=3)),
            _ => {
                let d = &donors[rng.random_range(0..donors.len())];
                d.get(i).copied().unwrap_or(0xFF)
            }
        };
    }
}

#[test]
fn mutated_view_codes_are_refused_or_safe() {
    // `SILVER_VIEW_MUTANTS=N[,SEED]` runs a longer campaign (not in CI).
    let (mutants, seed) = match std::env::var("SILVER_VIEW_MUTANTS") {
        Ok(v) => {
            let mut parts = v.split(',').map(|p| p.trim().parse::<u64>().unwrap());
            (parts.next().unwrap() as usize, parts.next().unwrap_or(28))
        }
        Err(_) => (30_000, 28),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let codes = real_codes(&mut rng);
    assert!(codes.len() > 500, "{} codes", codes.len());
    let bodies: Vec<Vec<u8>> = codes
        .iter()
        .map(|(c, _)| {
            let b = unhex(c);
            b[..b.len() - 8].to_vec()
        })
        .collect();
    let mut bots = new_bots();
    // Every real code decodes and is safe.
    let mut bot_rng = BotRng::seed_from_u64(1);
    for (code, cfg) in &codes {
        let view = PlayerView::from_code(code, *cfg)
            .unwrap_or_else(|e| panic!("a real code is refused: {e} ({code})"));
        assert_eq!(&view.code(), code);
        use_view(&view, &mut bots, &mut bot_rng);
    }
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let (mut accepted, mut failures) = (0u32, Vec::new());
    for k in 0..mutants {
        let j = rng.random_range(0..codes.len());
        let mut body = bodies[j].clone();
        mutate(&mut body, &bodies, &mut rng);
        let code = seal(&body);
        let cfg = codes[j].1;
        let mut stage = None;
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            if let Ok(view) = PlayerView::from_code(&code, cfg) {
                accepted += 1;
                stage = Some(view.stage());
                use_view(&view, &mut bots, &mut bot_rng)
            }
        }));
        if let Err(e) = result {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(format!("mutant {k} ({stage:?}): {msg}"));
            // A panic may leave a bot's state half-updated: start afresh.
            bots = new_bots();
        }
    }
    std::panic::set_hook(hook);
    eprintln!(
        "{mutants} mutants of {} codes: {accepted} accepted, {} panicked",
        codes.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {accepted} accepted mutants panicked:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}
