//! View codes (a protocol bot hands one to the Python package's `View`): any code
//! `PlayerView::from_code` accepts is safe for every consumer and codes itself back.
//!
//! The input's first byte picks the configuration (players and set) and the mode. Raw mode:
//! the rest is the code's body, sealed with the format's checksum here so that the fuzzer
//! explores the fields, not the checksum. Game mode: the next 10 bytes are a game seed and a
//! number of random decisions, the code of a seat's view then is altered by the remaining
//! (offset: 2 bytes, byte) triples and sealed again: mutants of real views, deep in a game.
#![no_main]
use libfuzzer_sys::fuzz_target;
use silver_rules::{ActionList, CardSet, Config, Game, PlayerView, ToMove};

/// The format's checksum (as `crates/silver-rules/src/code.rs` computes it).
fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ 0x5349_4c56_4552;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn seal(body: &[u8]) -> String {
    let mut bytes = body.to_vec();
    bytes.extend_from_slice(&checksum(body).to_le_bytes());
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn config(pick: u8) -> Config {
    let sets = [
        "amulet",
        "bullet",
        "amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger/token=dagger",
        "bullet+2:coin,4:coin,8:coin,10:coin/token=coin",
        "amulet+0:bullet,3:bullet,8:bullet,9:bullet,13:bullet/token=bullet",
    ];
    let mut cfg = Config::standard(2 + pick % 3).expect("2-4 players");
    cfg.set = CardSet::parse(sets[(pick / 3) as usize % sets.len()]).expect("a set");
    cfg
}

/// A real view's code body: `decisions` random decisions into a game dealt from `seed`.
fn real_body(cfg: Config, seed: u64, decisions: u16) -> Vec<u8> {
    let mut rng = silver_sim::deal_rng(seed, 0);
    let mut game = Game::new(cfg, (seed % cfg.players as u64) as u8).expect("a config");
    let mut actions = ActionList::new();
    silver_rules::random_playout(&mut game, &mut rng, &mut (), &mut actions, decisions as u64);
    let seat = match game.to_move() {
        ToMove::Player(s) => s,
        _ => (seed >> 8) as u8 % cfg.players,
    };
    let code = game.view(seat).code();
    let bytes: Vec<u8> = (0..code.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&code[i..i + 2], 16).expect("hex"))
        .collect();
    bytes[..bytes.len() - 8].to_vec()
}

/// Everything a consumer does with a view; none of it may panic.
fn use_view(view: &PlayerView, seed: u64) {
    let mut legal = ActionList::new();
    view.legal_actions(&mut legal);
    let _ = silver_bots::view_json(view);
    let _ = (
        view.unknown_counts(),
        view.unknown_total(),
        view.hidden_known(),
    );
    let _ = view.forget(silver_rules::CardMask(u64::MAX));
    for s in 0..view.players() {
        let _ = view.village(s).count();
    }
    let mut rng = silver_sim::bot_rng(seed, 0, view.viewer());
    let world = view.sample_world(&mut rng);
    world
        .omniscient()
        .check_invariants()
        .expect("a world sampled from an accepted view keeps the invariants");
    if !legal.is_empty() {
        for spec in ["greedy", "ismcts:iterations=8"] {
            let spec = silver_bots::BotSpec::parse_inline(spec).expect("a spec");
            let mut bot = silver_bots::Player::from_spec(&spec);
            bot.reset(view.viewer(), view.config());
            let a = bot.decide_view(view, &legal, &mut rng).expect("a view bot");
            assert!(legal.contains(&a), "a bot chose an illegal action");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let cfg = config(pick & 0x7F);
    let body = if pick & 0x80 == 0 {
        rest.to_vec()
    } else {
        if rest.len() < 10 {
            return;
        }
        let seed = u64::from_le_bytes(rest[..8].try_into().expect("8 bytes"));
        let decisions = u16::from_le_bytes([rest[8], rest[9]]) % 512;
        let mut body = real_body(cfg, seed, decisions);
        for edit in rest[10..].chunks_exact(3) {
            let i = 1 + u16::from_le_bytes([edit[0], edit[1]]) as usize % (body.len() - 1);
            body[i] = edit[2];
        }
        body
    };
    let code = seal(&body);
    if let Ok(view) = PlayerView::from_code(&code, cfg) {
        assert_eq!(view.code(), code, "an accepted code codes itself back");
        use_view(&view, checksum(&body));
    }
});
