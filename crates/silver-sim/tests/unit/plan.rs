use silver_bots::BotSpec;
use silver_sim::testing::Blocks;
use silver_sim::{
    list_profiles, message, resolve, resolve_bot, resolve_bot_with, resolve_with, ExecPolicy,
    ExperimentSpec, Manifest, ModelSpec, Outputs, Plan, Seating,
};
use std::path::Path;

fn spec(players: u8, bots: &[&str], seating: Seating) -> ExperimentSpec {
    ExperimentSpec {
        name: Some("t".into()),
        players,
        bots: bots.iter().map(|s| s.to_string()).collect(),
        seating,
        set: "amulet".into(),
        token: None,
        model: ModelSpec::default(),
        games: 100,
        seed: 1,
        max_turns_per_round: 400,
        outputs: Outputs::default(),
        balance: None,
        design: None,
        sprt: None,
        variance_reduction: false,
    }
}

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots"))
}

/// A run's manifest holds enough to rebuild its plan exactly (`silver view DIR`), for
/// every seating, a points game, a custom set and an SPRT run.
#[test]
fn plans_come_back_from_their_manifests() {
    let texts = [
        "players = 3\ngames = 30\nseed = 4\nbots = [\"greedy\", \"random\"]\n",
        "players = 2\ngames = 12\nseating = \"round-robin\"\nbots = [\"greedy\", \"random\", \"ismcts:iterations=20\"]\n[model]\nkind = \"points\"\n",
        "players = 4\ngames = 8\nseating = \"fixed\"\nset = \"bullet\"\nbots = [{ kind = \"greedy\", name = \"g\" }]\n",
        "players = 2\ngames = 100\nbots = [\"greedy\", \"random\"]\nsprt = \"elo0=0,elo1=50\"\n",
    ];
    for text in texts {
        let spec = ExperimentSpec::from_toml(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let plan = resolve(&spec, dir()).unwrap();
        let blocks = Blocks::new(&plan, 0, plan.games);
        let m = Manifest::new(&plan, None, &blocks);
        let json = serde_json::to_string(&m).unwrap();
        let back: Manifest = serde_json::from_str(&json).unwrap();
        assert_eq!(
            Plan::from_manifest(&back)
                .map_err(|e| e.to_string())
                .as_ref(),
            Ok(&plan),
            "{text}"
        );
    }
    let plan = resolve(&ExperimentSpec::from_toml(texts[0]).unwrap(), dir()).unwrap();
    let blocks = Blocks::new(&plan, 0, plan.games);
    let mut m = Manifest::new(&plan, None, &blocks);
    m.games.as_mut().unwrap().rotations = 1;
    assert!(Plan::from_manifest(&m)
        .unwrap_err()
        .to_string()
        .contains("fingerprint"));
    m.games = None;
    assert!(Plan::from_manifest(&m)
        .unwrap_err()
        .to_string()
        .contains("older build"));
}

/// A spec's `bots` may hold tables: profiles in place, `exec = …` for programs.
#[test]
fn bot_tables_in_a_spec_are_profiles_in_place() {
    let text = r#"
        players = 3
        games = 6
        bots = [{ exec = "python3 bots/examples/random_bot.py", timeout_seconds = 5 },
                { kind = "ismcts", iterations = 30, name = "ismcts-30" }, "greedy"]
    "#;
    let plan = resolve(&ExperimentSpec::from_toml(text).unwrap(), dir()).unwrap();
    let names: Vec<&str> = plan.bots.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "exec:python3 bots/examples/random_bot.py",
            "ismcts-30",
            "greedy"
        ]
    );
    match &plan.bots[0].spec {
        BotSpec::Exec(p) => assert_eq!(p.timeout_seconds, 5.0),
        other => panic!("{other:?}"),
    }
    match &plan.bots[1].spec {
        BotSpec::Ismcts(p) => assert_eq!(p.iterations, 30),
        other => panic!("{other:?}"),
    }
    let error = |bots: &str| {
        let text = format!("players = 2\ngames = 2\nbots = {bots}\n");
        match ExperimentSpec::from_toml(&text) {
            Err(e) => message(&e),
            Ok(spec) => message(&resolve(&spec, dir()).unwrap_err()),
        }
    };
    let e = error("[3, \"greedy\"]");
    assert!(e.contains("neither a name"), "{e}");
    let e = error("[{ exec = \"no-such-program-x\" }]");
    assert!(e.contains("no program `no-such-program-x`"), "{e}");
    let e = error("[{ kind = \"greedy\", name = \"a\" }, { kind = \"random\", name = \"a\" }]");
    assert!(e.contains("two different bots are named `a`"), "{e}");
    let e = error("[{ kind = \"greedy\", flavour = 1 }]");
    assert!(e.contains("flavour"), "{e}");
    let e = error("[{ exec = \"python3 x.py\", kind = \"greedy\" }]");
    assert!(e.contains("no other `kind`"), "{e}");
    assert!(!e.contains('\n'), "{e}");
}

#[test]
fn rotations_are_the_lineup_period() {
    let p = resolve(&spec(4, &["greedy"], Seating::Rotate), dir()).unwrap();
    assert_eq!((p.rotations, p.tables.clone()), (1, vec![vec![0, 0, 0, 0]]));
    let p = resolve(&spec(4, &["greedy", "random"], Seating::Rotate), dir()).unwrap();
    assert_eq!((p.rotations, p.tables.clone()), (2, vec![vec![0, 1, 0, 1]]));
    let p = resolve(&spec(3, &["greedy", "random"], Seating::Rotate), dir()).unwrap();
    assert_eq!((p.rotations, p.tables.clone()), (3, vec![vec![0, 1, 0]]));
    let p = resolve(&spec(4, &["greedy", "random"], Seating::Fixed), dir()).unwrap();
    assert_eq!(p.rotations, 1);
}

#[test]
fn seats_rotate_over_the_same_deal() {
    let p = resolve(&spec(2, &["greedy", "random"], Seating::Rotate), dir()).unwrap();
    let (a, b) = (p.slot(6), p.slot(7));
    assert_eq!((a.deal, b.deal), (3, 3));
    assert_eq!((p.bot_at(a, 0), p.bot_at(a, 1)), (0, 1));
    assert_eq!((p.bot_at(b, 0), p.bot_at(b, 1)), (1, 0));
}

#[test]
fn gauntlet_seats_each_candidate_once_among_the_baseline() {
    let p = resolve(
        &spec(4, &["greedy", "random", "greedy-mem2"], Seating::Gauntlet),
        dir(),
    )
    .unwrap();
    assert_eq!(p.tables, vec![vec![1, 0, 0, 0], vec![2, 0, 0, 0]]);
    assert_eq!(p.rotations, 4);
    // Deal 0 is table 0, rotated through the four seats; deal 1 is table 1.
    let seats_of = |g: u64, b: usize| {
        (0..4)
            .filter(|&s| p.bot_at(p.slot(g), s) == b)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        (0..4).map(|g| seats_of(g, 1)).collect::<Vec<_>>(),
        [[0], [3], [2], [1]]
    );
    assert_eq!(seats_of(4, 2), [0]);
    let e = resolve(&spec(2, &["greedy"], Seating::Gauntlet), dir()).unwrap_err();
    assert_eq!(e.to_string(), "gauntlet seating needs at least 2 bots");
}

#[test]
fn round_robin_pairs_every_two_bots() {
    let p = resolve(
        &spec(2, &["random", "greedy", "greedy-mem2"], Seating::RoundRobin),
        dir(),
    )
    .unwrap();
    assert_eq!(p.tables, vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
    assert_eq!(p.slot(0).table, 0);
    assert_eq!(p.slot(2).table, 1);
    assert_eq!(p.slot(4).table, 2);
}

#[test]
fn resolution_errors_are_clear() {
    let e = message(&resolve(&spec(5, &["greedy"], Seating::Rotate), dir()).unwrap_err());
    assert!(e.contains("2, 3 or 4 players"), "{e}");
    let e = message(&resolve(&spec(2, &["gredy"], Seating::Rotate), dir()).unwrap_err());
    assert!(
        e.contains("unknown bot `gredy`") && e.contains("greedy-mem2"),
        "{e}"
    );
    let e = message(&resolve(&spec(2, &["a", "b", "c"], Seating::Rotate), dir()).unwrap_err());
    assert!(
        e.contains("unknown bot") || e.contains("3 bots listed"),
        "{e}"
    );
    let e = message(
        &resolve(
            &spec(2, &["greedy", "random", "greedy-mem2"], Seating::Rotate),
            dir(),
        )
        .unwrap_err(),
    );
    assert!(e.contains("3 bots listed for 2 seats"), "{e}");
    let mut s = spec(2, &["greedy"], Seating::Rotate);
    s.set = "bulet".into();
    let e = message(&resolve(&s, dir()).unwrap_err());
    assert!(
        e.contains("unknown card set `bulet`") && e.contains("presets"),
        "{e}"
    );
    s.set = "bullet".into();
    s.token = Some("gold".into());
    let e = message(&resolve(&s, dir()).unwrap_err());
    assert!(e.contains("valid tokens"), "{e}");
}

#[test]
fn a_profile_named_like_a_kind_is_read() {
    let d = std::env::temp_dir().join(format!("silver-plan-kind-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(
        d.join("greedy.toml"),
        "kind = \"greedy\"\ncensus_threshold = 9.0\n",
    )
    .unwrap();
    let got = resolve_bot("greedy:take_gain=2", &d);
    std::fs::write(
        d.join("greedy.toml"),
        "kind = \"greedy\"\ncensus_treshold = 9.0\n",
    )
    .unwrap();
    let broken = resolve_bot("greedy", &d);
    let _ = std::fs::remove_dir_all(&d);
    match got.unwrap() {
        BotSpec::Greedy(g) => assert_eq!((g.census_threshold, g.take_gain), (9.0, 2.0)),
        other => panic!("{other:?}"),
    }
    let e = message(&broken.unwrap_err());
    assert!(
        e.contains("greedy.toml") && e.contains("census_treshold"),
        "{e}"
    );
    // Without such a profile, the kind's defaults.
    let empty = std::env::temp_dir().join("silver-plan-no-profiles-here");
    assert_eq!(
        resolve_bot("greedy", &empty).unwrap(),
        BotSpec::parse_inline("greedy").unwrap()
    );
}

/// A spec read from a file starts no program without permission, whether its command is
/// inline or hidden behind a table's name; with permission, resolution lists it with its
/// file.
#[test]
fn programs_in_a_spec_file_need_permission() {
    let file = Path::new("shared.toml");
    for (bots, name) in [
        (
            r#"["exec:sh -c 'touch pwned'", "greedy"]"#,
            "exec:sh -c 'touch pwned'",
        ),
        (
            r#"[{ exec = "sh -c 'touch pwned'", name = "greedy-v2" }, "greedy"]"#,
            "greedy-v2",
        ),
    ] {
        let spec =
            ExperimentSpec::from_toml(&format!("players = 2\ngames = 2\nbots = {bots}\n")).unwrap();
        let e =
            message(&resolve_with(&spec, dir(), &mut ExecPolicy::file(file, false)).unwrap_err());
        assert!(
            e.contains("shared.toml")
                && e.contains(&format!("`{name}`"))
                && e.contains("sh -c 'touch pwned'")
                && e.contains("--allow-exec"),
            "{e}"
        );
        let mut allowed = ExecPolicy::file(file, true);
        let plan = resolve_with(&spec, dir(), &mut allowed).unwrap();
        assert_eq!(plan.bots[0].name, name);
        let notices: Vec<String> = allowed.from_files().map(|p| p.notice()).collect();
        assert_eq!(
            notices,
            [format!(
                "starting program for bot {name} (from shared.toml): sh -c 'touch pwned'"
            )]
        );
        // The same entries typed by the caller are the caller's own.
        resolve(&spec, dir()).unwrap();
    }
}

/// A profile named like a built-in kind is of that kind: `bots/greedy.toml` of kind exec
/// would run a program wherever `greedy` is typed.
#[test]
fn a_profile_never_replaces_a_kind_with_another() {
    let d = std::env::temp_dir().join(format!("silver-plan-shadow-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(
        d.join("greedy.toml"),
        "kind = \"exec\"\ncommand = \"sh -c 'touch pwned'\"\n",
    )
    .unwrap();
    std::fs::write(d.join("random.toml"), "kind = \"greedy\"\n").unwrap();
    std::fs::write(
        d.join("mine.toml"),
        "kind = \"exec\"\ncommand = \"sh -c 'touch pwned'\"\n",
    )
    .unwrap();
    let greedy = resolve_bot_with("greedy", &d, &mut ExecPolicy::typed(true));
    let random = resolve_bot("random", &d);
    let mine = resolve_bot("mine", &d);
    let mine_allowed = resolve_bot_with("mine", &d, &mut ExecPolicy::typed(true));
    let _ = std::fs::remove_dir_all(&d);
    let e = message(&greedy.unwrap_err());
    assert!(
        e.contains("greedy.toml") && e.contains("must be of kind `greedy`, not `exec`"),
        "{e}"
    );
    let e = message(&random.unwrap_err());
    assert!(
        e.contains("random.toml") && e.contains("not `greedy`"),
        "{e}"
    );
    // Another profile may be a program, with permission: it is read from a file.
    let e = message(&mine.unwrap_err());
    assert!(e.contains("mine.toml") && e.contains("--allow-exec"), "{e}");
    assert!(matches!(mine_allowed.unwrap().1, BotSpec::Exec(_)));
}

/// A newline in a bot's name made a run unverifiable and unmergeable; in a value it hid
/// the rest of the line. Names and values are refused with a control character.
#[test]
fn control_characters_are_refused_in_names_and_values() {
    let error = |text: &str| match ExperimentSpec::from_toml(text) {
        Err(e) => message(&e),
        Ok(spec) => message(&resolve(&spec, dir()).unwrap_err()),
    };
    for text in [
        "players = 2\ngames = 2\nbots = [{ kind = \"greedy\", name = \"a\\nb\" }]\n",
        "players = 2\ngames = 2\nbots = [{ kind = \"greedy\", name = \"a\\tb\" }]\n",
        "players = 2\ngames = 2\nbots = [\"greedy:take_gain=1\\ncensus_threshold=9\"]\n",
        "players = 2\ngames = 2\nbots = [\"exec:python3 x.py\\nid\"]\n",
        "players = 2\ngames = 2\nbots = [{ exec = \"python3 x.py\\nid\", name = \"p\" }]\n",
        "name = \"run\\nx\"\nplayers = 2\ngames = 2\nbots = [\"greedy\"]\n",
    ] {
        let e = error(text);
        assert!(
            e.contains("control characters") && !e.contains('\n'),
            "{text}: {e}"
        );
    }
}

#[test]
fn profile_overrides_apply() {
    let p = resolve(
        &spec(2, &["ismcts-1k:iterations=7", "greedy"], Seating::Rotate),
        dir(),
    )
    .unwrap();
    match &p.bots[0].spec {
        BotSpec::Ismcts(i) => assert_eq!(i.iterations, 7),
        other => panic!("{other:?}"),
    }
    assert_eq!(p.bots[0].name, "ismcts-1k:iterations=7");
}

#[test]
fn every_shipped_profile_loads() {
    // greedy.toml and random.toml are read, and are exactly their kinds' defaults.
    assert_eq!(
        resolve_bot("greedy", dir()).unwrap(),
        BotSpec::parse_inline("greedy").unwrap()
    );
    assert_eq!(
        resolve_bot("random", dir()).unwrap(),
        BotSpec::parse_inline("random").unwrap()
    );
    // ismcts-1k is exactly the kind's defaults; ismcts-classic the former default search.
    match resolve_bot("ismcts-1k", dir()).unwrap() {
        BotSpec::Ismcts(p) => assert_eq!(p, silver_bots::IsmctsParams::default()),
        other => panic!("{other:?}"),
    }
    match resolve_bot("ismcts-classic", dir()).unwrap() {
        BotSpec::Ismcts(p) => {
            assert_eq!(p.tree, silver_bots::TreeScope::Round);
            assert_eq!(p.prior, silver_bots::PriorKind::None);
            assert_eq!(
                (p.shortcuts, p.rollout_laps, p.rollout_turns),
                (false, 0, 0)
            );
        }
        other => panic!("{other:?}"),
    }
    // greedy-eps20: greedy's defaults with a fifth of the decisions random.
    match resolve_bot("greedy-eps20", dir()).unwrap() {
        BotSpec::EpsilonGreedy(p) => {
            assert_eq!(p.epsilon, 0.2);
            assert_eq!(p.greedy, silver_bots::GreedyParams::default());
        }
        other => panic!("{other:?}"),
    }
    // ismcts-oracle-hands: the cheating search at ismcts-1k's parameters, seeing the hands.
    match resolve_bot("ismcts-oracle-hands", dir()).unwrap() {
        BotSpec::CheatingIsmcts(p) => assert_eq!(
            p,
            silver_bots::IsmctsParams {
                sees: silver_bots::Sees::Hands,
                ..silver_bots::IsmctsParams::default()
            }
        ),
        other => panic!("{other:?}"),
    }
    // ismcts-belief-2k: ismcts-belief with a sharp model of greedy play and twice the budget.
    assert_eq!(
        resolve_bot("ismcts-belief-2k", dir()).unwrap(),
        resolve_bot(
            "ismcts-belief:iterations=2000,belief.temperature=0.1,belief.floor=0.002",
            dir()
        )
        .unwrap()
    );
    let names = list_profiles(dir());
    assert_eq!(
        names,
        [
            "greedy",
            "greedy-eps20",
            "greedy-mem2",
            "ismcts-10k",
            "ismcts-1k",
            "ismcts-belief",
            "ismcts-belief-2k",
            "ismcts-classic",
            "ismcts-oracle-hands",
            "random"
        ]
    );
    for n in names {
        resolve_bot(&n, dir()).unwrap_or_else(|e| panic!("{n}: {e}"));
    }
}

#[test]
fn every_shipped_experiment_resolves() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../experiments"));
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let bots = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots"));
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "toml") {
            let text = std::fs::read_to_string(&p).unwrap();
            if text.lines().any(|l| l.trim() == "[search]") {
                // A search spec (`silver search FILE`).
                let (file, spec_dir) = silver_sim::search::spec::SearchFile::from_file(&p)
                    .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                silver_sim::search::resolve::resolve_search(
                    &file,
                    "shipped",
                    &spec_dir,
                    bots,
                    &mut silver_sim::ExecPolicy::typed(false),
                )
                .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                assert!(
                    readme.contains(&format!("| `{name}` |")),
                    "{name} is not in experiments/README.md"
                );
                n += 1;
                continue;
            }
            let spec = ExperimentSpec::from_file(&p).unwrap_or_else(|e| panic!("{e}"));
            resolve(&spec, bots).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            if spec.balance.is_some() {
                silver_sim::resolve_balance(&spec, bots)
                    .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            }
            // Listed in the README's table of the shipped experiments.
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            assert!(
                readme.contains(&format!("| `{name}` |")),
                "{name} is not in experiments/README.md"
            );
            n += 1;
        }
    }
    assert_eq!(n, 16);
}
