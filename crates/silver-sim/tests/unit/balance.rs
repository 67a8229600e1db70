use silver_rules::Edition;
use silver_sim::{message, resolve_balance, ExperimentSpec};
use std::path::Path;

pub fn bots() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots"))
}

pub fn spec(balance: &str) -> ExperimentSpec {
    ExperimentSpec::from_toml(&format!(
        "name = \"b\"\nplayers = 4\nbots = [\"greedy\"]\ngames = 8\nseed = 1\n[balance]\n{balance}\n"
    ))
    .unwrap()
}

#[test]
fn one_swap_of_amulet_is_the_22_known_characters() {
    let bp = resolve_balance(&spec("base = \"amulet\"\nsweep = \"one-swap\""), bots()).unwrap();
    let names: Vec<&str> = bp.sets.iter().map(|s| s.name.as_str()).collect();
    let mut expected = vec!["amulet".to_string()];
    for v in 0..14 {
        expected.push(format!("amulet+{v}:bullet"));
        if [2, 4, 8, 10].contains(&v) {
            expected.push(format!("amulet+{v}:coin"));
        }
        if [4, 5, 11, 12].contains(&v) {
            expected.push(format!("amulet+{v}:dagger"));
        }
    }
    assert_eq!(names, expected);
    assert_eq!(bp.sets.len(), 23);
    for s in &bp.sets[1..] {
        assert_eq!(s.changed, 1, "{}", s.name);
        let (v, e) = s.swap.unwrap();
        assert_eq!(s.name, format!("amulet+{v}:{}", e.name()));
        assert_eq!(s.set.set.token(), silver_rules::Token::Amulet);
    }
    assert_eq!((bp.sets[0].swap, bp.sets[0].changed), (None, 0));
    assert_eq!(bp.dir_name(0), "00-amulet");
    assert_eq!(bp.dir_name(1), "01-amulet+0-bullet");
    // Every set is a different plan, and plans differ only in the set.
    let fps: std::collections::HashSet<String> =
        (0..23).map(|i| bp.plan(i).fingerprint()).collect();
    assert_eq!(fps.len(), 23);
    for i in 0..23 {
        let p = bp.plan(i);
        assert_eq!((p.seed, p.games, &p.tables), (1, 8, &bp.base.tables));
    }
}

#[test]
fn one_swap_of_bullet_takes_amulet_coin_and_dagger() {
    let bp = resolve_balance(&spec("base = \"bullet\"\nsweep = \"one-swap\""), bots()).unwrap();
    assert_eq!(bp.sets.len(), 1 + 22);
    assert_eq!(bp.sets[1].name, "bullet+0:amulet");
    assert!(bp
        .sets
        .iter()
        .all(|s| s.set.set.token() == silver_rules::Token::Bullet));
}

#[test]
fn explicit_lists_keep_their_order_after_the_base() {
    let bp = resolve_balance(
        &spec("base = \"amulet\"\nsets = [\"bullet\", \"amulet+3:bullet,4:coin\", \"amulet/token=dagger\", \"amulet\"]"),
        bots(),
    )
    .unwrap();
    let names: Vec<&str> = bp.sets.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "amulet",
            "bullet",
            "amulet+3:bullet,4:coin",
            "amulet/token=dagger",
            "amulet"
        ]
    );
    let swaps: Vec<Option<(u8, Edition)>> = bp.sets.iter().map(|s| s.swap).collect();
    assert_eq!(swaps, [None, None, None, None, None]);
    let changed: Vec<usize> = bp.sets.iter().map(|s| s.changed).collect();
    assert_eq!(changed, [0, 14, 2, 0, 0]);
    let bp = resolve_balance(&spec("sets = [\"amulet+12:dagger\"]"), bots()).unwrap();
    assert_eq!(
        bp.sets[0].name, "amulet",
        "the base defaults to the spec's set"
    );
    assert_eq!(bp.sets[1].swap, Some((12, Edition::Dagger)));
}

#[test]
fn spec_errors_are_one_clear_line() {
    let bad = |b: &str| -> String {
        let text = format!("players = 4\nbots = [\"greedy\"]\ngames = 8\n[balance]\n{b}\n");
        let e = match ExperimentSpec::from_toml(&text) {
            Err(e) => message(&e),
            Ok(s) => message(&resolve_balance(&s, bots()).unwrap_err()),
        };
        assert_eq!(e.lines().count(), 1, "{e}");
        e
    };
    let e = bad("sweep = \"one-swap\"\nbsae = \"amulet\"");
    assert!(
        e.contains("unknown field `bsae`") && e.contains("line 6"),
        "{e}"
    );
    let e = bad("sets = [\"amulet+3:bulet\"]");
    assert!(e.contains("[balance] sets") && e.contains("bulet"), "{e}");
    let e = bad("base = \"silver\"\nsweep = \"one-swap\"");
    assert!(e.contains("[balance] base") && e.contains("silver"), "{e}");
    let e = bad("sweep = \"one-swap\"\nsets = [\"bullet\"]");
    assert!(e.contains("not both"), "{e}");
    let e = bad("sweep = \"two-swap\"");
    assert!(e.contains("two-swap") && e.contains("one-swap"), "{e}");
    let e = bad("base = \"amulet\"");
    assert!(e.contains("sweep") && e.contains("sets"), "{e}");
    let e = bad("sets = []");
    assert!(e.contains("at least one"), "{e}");
    let mut with_test = spec("sweep = \"one-swap\"");
    with_test.sprt = Some("elo0=0,elo1=5".into());
    let e = message(&resolve_balance(&with_test, bots()).unwrap_err());
    assert!(e.contains("sprt and [balance]"), "{e}");
    let e = bad("sets = [\"bullet\", \"amulet+0:bullet,1:bullet,2:bullet,3:bullet,4:bullet,5:bullet,6:bullet,7:bullet,8:bullet,9:bullet,10:bullet,11:bullet,12:bullet,13:bullet/token=bullet\"]");
    assert!(e.contains("same set"), "{e}");
}

/// `design = true` is a `[design]` table of defaults; the cards take the spec's players,
/// seed, model and turn cap, every set's card is the base's with its set, and the design
/// table is part of the sweep's fingerprint.
#[test]
fn design_cards_resolve_from_the_spec() {
    let sets = "sets = [\"amulet+7:bullet\"]";
    let plain = resolve_balance(&spec(sets), bots()).unwrap();
    assert!(plain.design.is_none() && plain.card(1).is_none());
    assert_eq!(plain.games_per_set(), plain.games());
    let short = resolve_balance(&spec(&format!("{sets}\ndesign = true")), bots()).unwrap();
    let table = resolve_balance(&spec(&format!("{sets}\n[design]")), bots()).unwrap();
    let off = resolve_balance(&spec(&format!("{sets}\ndesign = false")), bots()).unwrap();
    assert_eq!(short.design, table.design);
    assert_eq!(short.fingerprint(), table.fingerprint());
    assert_eq!(off.fingerprint(), plain.fingerprint());
    assert_ne!(short.fingerprint(), plain.fingerprint());
    let dp = short.design.as_ref().unwrap();
    // The default card: 2 + 6 ladder pairings + hidden information + memory + 14 values.
    assert_eq!(dp.arms.len(), 24);
    assert_eq!((dp.players, dp.seed), (4, 1));
    assert_eq!(short.games_per_set(), 8 + dp.total_games());
    assert_eq!(short.total_games(), 2 * (8 + dp.total_games()));
    let card = short.card(1).unwrap();
    assert_eq!(card.set.name, "amulet+7:bullet");
    for (a, b) in card.arms.iter().zip(&dp.arms) {
        assert_eq!(a.plan.set.name, "amulet+7:bullet");
        assert_eq!((a.plan.games, a.plan.seed), (b.plan.games, b.plan.seed));
        assert_eq!(a.plan.bots, b.plan.bots);
    }

    let text = format!(
        "name = \"b\"\nplayers = 3\nbots = [\"greedy\"]\ngames = 6\nseed = 9\n\
         max_turns_per_round = 50\nmodel = {{ kind = \"rounds\", rounds = 2 }}\n\
         [balance]\n{sets}\n[design]\nladder = [\"random\", \"greedy\"]\ngames = 30\n\
         hidden_information = false\nvalues = [12, 0]\n"
    );
    let bp = resolve_balance(&ExperimentSpec::from_toml(&text).unwrap(), bots()).unwrap();
    let dp = bp.design.unwrap();
    let kinds: Vec<_> = dp.arms.iter().map(|a| a.kind).collect();
    use silver_sim::design::ArmKind::*;
    assert_eq!(
        kinds,
        [
            SelfPlay,
            PointsGame,
            Ladder { lower: 0, upper: 1 },
            Memory,
            Restricted { value: 12 },
            Restricted { value: 0 }
        ]
    );
    assert_eq!((dp.players, dp.seed), (3, 9));
    for arm in &dp.arms {
        assert_eq!(arm.plan.max_turns_per_round, 50);
        assert_eq!(arm.plan.seed, 9);
    }
    // A pairing at 3 players: two tables of 3 rotations, 30 games are 5 blocks.
    assert_eq!(dp.arms[2].plan.games, 30);
    assert_eq!(dp.arms[0].plan.model, bp.base.model);

    for (values, expected) in [("\"all\"", 14), ("\"none\"", 0)] {
        let s = ExperimentSpec::from_toml(&format!(
            "players = 2\nbots = [\"greedy\"]\ngames = 2\n[balance]\n{sets}\n[design]\nvalues = {values}\n"
        ))
        .unwrap();
        assert_eq!(s.design.unwrap().values.unwrap().len(), expected);
    }
}
