//! Restricted bots (`forbid`): the parameter's forms and errors, and over many seeded games of
//! sets with every family of actions (Amulet, Bullet, Coin and Dagger characters) every kind
//! never chooses an action that involves a forbidden value when the legal list had one that
//! does not (`epsilon-greedy`: `greedy.forbid`, its random moves included); without `forbid`
//! (or with an empty list) the decisions are the unrestricted ones.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_bots::{BotRng, BotSpec, Forbid, Player};
use silver_rules::{Action, ActionList, CardSet, Config, Game, Seat, ToMove, Token, ValueSet};

fn forbid_of(spec: &BotSpec) -> ValueSet {
    match spec {
        BotSpec::Random(p) => p.forbid.0,
        BotSpec::Greedy(p) => p.forbid.0,
        BotSpec::EpsilonGreedy(p) => p.greedy.forbid.0,
        BotSpec::Ismcts(p) | BotSpec::CheatingIsmcts(p) => p.forbid.0,
        BotSpec::Exec(_) => panic!("exec takes no forbid"),
    }
}

#[test]
fn forbid_parses_inline_and_in_profiles() {
    let values = |s: &str| -> Vec<u8> {
        forbid_of(&BotSpec::parse_inline(s).unwrap())
            .iter()
            .collect()
    };
    assert_eq!(values("greedy:forbid=7"), vec![7]);
    assert_eq!(values("ismcts:iterations=5,forbid=12,7"), vec![7, 12]);
    assert_eq!(values("random:forbid=7, 12"), vec![7, 12]);
    assert_eq!(values("cheating-ismcts:forbid=[0, 13]"), vec![0, 13]);
    assert_eq!(values("greedy:forbid=[]"), Vec::<u8>::new());
    // A list key's values run on until the next `key=value`.
    let s = BotSpec::parse_inline("greedy:forbid=3,4,take_gain=2").unwrap();
    match s {
        BotSpec::Greedy(p) => assert_eq!((p.forbid.0.bits(), p.take_gain), (1 << 3 | 1 << 4, 2.0)),
        other => panic!("{other:?}"),
    }
    let profile = "kind = \"ismcts\"\niterations = 1000\nforbid = [7, 12]\n";
    assert_eq!(
        forbid_of(&BotSpec::from_toml(profile).unwrap()).bits(),
        1 << 7 | 1 << 12
    );
    // A profile's list replaced inline (`ismcts-1k:forbid=7,12`).
    let s = BotSpec::from_toml_with_overrides("kind = \"ismcts\"\n", "forbid=7,12").unwrap();
    assert_eq!(forbid_of(&s).bits(), 1 << 7 | 1 << 12);
    // Written back as a list, and left out when empty (specs without it are unchanged).
    let text = toml::to_string(&BotSpec::parse_inline("greedy:forbid=12,7").unwrap()).unwrap();
    assert!(text.contains("forbid = [7, 12]"), "{text}");
    let plain = toml::to_string(&BotSpec::parse_inline("greedy").unwrap()).unwrap();
    assert!(!plain.contains("forbid"), "{plain}");
    assert_eq!(Forbid::default(), Forbid(ValueSet::EMPTY));
}

#[test]
fn forbid_errors_are_one_line() {
    for (text, expected) in [
        ("greedy:forbid=14", "forbid: 14 is not a card value (0-13)"),
        ("ismcts:forbid=-1", "forbid: -1 is not a card value (0-13)"),
        ("random:forbid=7,7", "forbid: 7 is listed twice"),
        ("greedy:forbid=seven", "invalid type"),
        ("greedy:forbid=7,forbid=8", "`forbid` is given twice"),
    ] {
        let e = BotSpec::parse_inline(text).unwrap_err().to_string();
        assert!(e.contains(expected) && !e.contains('\n'), "{text}: {e}");
    }
    let e = BotSpec::from_toml("kind = \"greedy\"\nforbid = [3, 3]\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("forbid: 3 is listed twice") && !e.contains('\n'),
        "{e}"
    );
    // The random bot's other keys are still refused.
    let e = BotSpec::parse_inline("random:iterations=5")
        .unwrap_err()
        .to_string();
    assert!(e.contains("unknown field `iterations`"), "{e}");
}

/// Card sets whose games reach every family of actions: Amulet, Bullet with the Coin token,
/// Coin and Dagger characters with their tokens.
fn sets() -> Vec<CardSet> {
    vec![
        CardSet::amulet(),
        CardSet::bullet().with_token(Token::Coin),
        CardSet::parse("amulet+2:coin,4:coin,8:coin,10:coin")
            .unwrap()
            .with_token(Token::Coin),
        CardSet::parse("amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger")
            .unwrap()
            .with_token(Token::Dagger),
        CardSet::parse("bullet+2:coin,3:amulet,10:coin,11:amulet")
            .unwrap()
            .with_token(Token::Dagger),
    ]
}

/// Plays one game of `specs` (seat order) on `set`; at every decision of a restricted seat,
/// checks the choice against the legal list. Returns the decisions and, per seat, how many of
/// its decisions had both kinds of actions (where the restriction decided something).
fn play(set: CardSet, specs: &[BotSpec], seed: u64) -> (Vec<Action>, Vec<u64>) {
    let n = specs.len() as u8;
    let cfg = Config {
        set,
        ..Config::standard(n).unwrap()
    };
    let mut game = Game::new(cfg, (seed % n as u64) as Seat).unwrap();
    let mut players: Vec<Player> = specs.iter().map(Player::from_spec).collect();
    let forbid: Vec<ValueSet> = specs.iter().map(forbid_of).collect();
    for (s, p) in players.iter_mut().enumerate() {
        p.reset(s as Seat, &cfg);
    }
    let mut deal_rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rngs: Vec<BotRng> = (0..n as u64)
        .map(|s| ChaCha8Rng::seed_from_u64(seed * 8 + s))
        .collect();
    let (mut legal, mut log) = (ActionList::new(), Vec::new());
    let mut decided = vec![0u64; specs.len()];
    loop {
        match game.to_move() {
            ToMove::Deal => game.deal_random(&mut deal_rng, &mut ()),
            ToMove::Player(s) => {
                game.legal_actions(&mut legal);
                let f = forbid[s as usize];
                let view = game.view(s);
                let ok = |a: Action| !f.intersects(view.restricted_values(a));
                let a = players[s as usize].decide(&game, s, &legal, &mut rngs[s as usize]);
                assert!(legal.contains(&a));
                let allowed = legal.iter().filter(|&&a| ok(a)).count();
                if allowed > 0 {
                    assert!(
                        ok(a),
                        "seat {s} forbidden {f:?} chose {a:?} ({:?}) at {:?} among {legal:?}",
                        view.restricted_values(a),
                        game.stage()
                    );
                }
                decided[s as usize] += u64::from(allowed > 0 && allowed < legal.len());
                game.apply(a, &mut ()).unwrap();
                log.push(a);
            }
            ToMove::Terminal => return (log, decided),
        }
    }
}

/// One to three forbidden values, drawn from `rng`, as an inline list.
fn random_forbid(rng: &mut ChaCha8Rng) -> String {
    let mut set = ValueSet::EMPTY;
    for _ in 0..rng.random_range(1..=3) {
        set.insert(rng.random_range(0..14));
    }
    set.iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn restricted_bots_never_choose_a_forbidden_value_when_they_need_not() {
    let mut rng = ChaCha8Rng::seed_from_u64(30);
    let mut decided = [0u64; 4];
    for (k, set) in sets().into_iter().enumerate() {
        for i in 0..12u64 {
            let players = 2 + (i % 3) as usize;
            let kinds = [
                "random".to_string(),
                "greedy".to_string(),
                "ismcts:iterations=12".to_string(),
                "cheating-ismcts:iterations=12,rollout=random".to_string(),
            ];
            let specs: Vec<BotSpec> = (0..players)
                .map(|s| {
                    let kind = &kinds[(s + i as usize) % 4];
                    let text = format!(
                        "{kind}{}forbid={}",
                        if kind.contains(':') { "," } else { ":" },
                        random_forbid(&mut rng)
                    );
                    BotSpec::parse_inline(&text).unwrap()
                })
                .collect();
            let (_, d) = play(set, &specs, (k as u64) << 8 | i);
            for (spec, d) in specs.iter().zip(d) {
                let kind = ["random", "greedy", "ismcts", "cheating-ismcts"]
                    .iter()
                    .position(|&n| n == spec.kind())
                    .expect("a built-in kind");
                decided[kind] += d;
            }
        }
    }
    // The restriction decided something for every kind (not a vacuous test).
    assert!(decided.iter().all(|&d| d >= 100), "{decided:?}");
}

#[test]
fn no_forbid_or_an_empty_list_plays_the_unrestricted_games() {
    for (k, set) in sets().into_iter().enumerate() {
        for (plain, empty) in [
            ("greedy", "greedy:forbid=[]"),
            ("random", "random:forbid=[]"),
            ("ismcts:iterations=10", "ismcts:iterations=10,forbid=[]"),
        ] {
            let a = BotSpec::parse_inline(plain).unwrap();
            let b = BotSpec::parse_inline(empty).unwrap();
            assert_eq!(a, b);
            let (log_a, _) = play(set, &[a.clone(), a], k as u64);
            let (log_b, _) = play(set, &[b.clone(), b], k as u64);
            assert_eq!(log_a, log_b, "{plain}");
        }
    }
}

/// `epsilon-greedy` takes greedy's `forbid` for its random moves too (ε = 0.5: half of its
/// decisions are random draws, each restricted).
#[test]
fn epsilon_greedy_restricts_its_random_moves_too() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let mut decided = 0;
    for (k, set) in sets().into_iter().enumerate() {
        for i in 0..12u64 {
            let text = format!(
                "epsilon-greedy:epsilon=0.5,greedy.forbid={}",
                random_forbid(&mut rng)
            );
            let specs = [
                BotSpec::parse_inline(&text).unwrap(),
                BotSpec::parse_inline("greedy").unwrap(),
            ];
            decided += play(set, &specs, (k as u64) << 8 | i).1[0];
        }
    }
    assert!(decided >= 100, "{decided}");
}
