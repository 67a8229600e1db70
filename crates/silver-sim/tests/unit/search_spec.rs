//! Search specs: their resolution (schedule, measures, fidelities' arms, fingerprints) and
//! every error, one line each.

use super::balance::bots;
use silver_sim::design::ArmKind;
use silver_sim::search::objective::Goal;
use silver_sim::search::spec::{resolve_search, SearchError, SearchFile};
use silver_sim::search::{FidelityKind, Method, SearchPlan, StageSets};
use silver_sim::ExecPolicy;
use std::path::Path;

const OBJ: &str = "\n[[search.objective]]\nname = \"even\"\nterms = [{ metric = \"seat_advantage\", target = 0.0 }]\n";

fn dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn resolve(text: &str) -> Result<SearchPlan, SearchError> {
    let file = SearchFile::from_toml(text).map_err(|(line, message)| SearchError::Toml {
        path: "spec.toml".into(),
        line,
        message,
    })?;
    resolve_search(&file, "test", dir(), bots(), &mut ExecPolicy::typed(false))
}

fn search(body: &str) -> String {
    format!("[search]\n{body}\n{OBJ}")
}

fn err(text: &str) -> String {
    match resolve(text) {
        Ok(_) => panic!("resolved: {text}"),
        Err(e) => e.to_string(),
    }
}

/// The error and its causes, as the command prints them.
fn chain(text: &str) -> String {
    let e = resolve(text).expect_err("an error");
    let mut s = e.to_string();
    let mut cur: Option<&dyn std::error::Error> = std::error::Error::source(&e);
    while let Some(c) = cur {
        s.push_str(": ");
        s.push_str(&c.to_string());
        cur = c.source();
    }
    s
}

#[test]
fn the_whole_space_halves_to_ten_finalists() {
    let p = resolve(&search("keep = 4")).err();
    // `keep` belongs to [search.screen].
    assert!(p.is_some());
    let p = resolve(&search("")).unwrap();
    assert_eq!(p.candidates.len(), 248_832);
    assert_eq!(
        p.method,
        Method::Halving {
            first_deals: 1,
            keep: 4
        }
    );
    assert_eq!(p.finalists, 10);
    let sets: Vec<u64> = p.stages.iter().map(|s| s.set_count).collect();
    // 248,832, then one in four (and the base) down to 10, then certification.
    assert_eq!(sets, [248_832, 62_209, 15_553, 3_889, 973, 244, 62, 17, 11]);
    let deals: Vec<(u64, u64)> = p
        .stages
        .iter()
        .map(|s| (s.deals.start, s.deals.end))
        .collect();
    assert_eq!(
        deals,
        [
            (0, 1),
            (1, 4),
            (4, 16),
            (16, 64),
            (64, 256),
            (256, 1024),
            (1024, 4096),
            (4096, 16384),
            (16384, 16884)
        ]
    );
    assert_eq!(p.stages[1].sets, StageSets::Best(62_208));
    assert_eq!(p.stages[0].sets, StageSets::All);
    assert_eq!(p.stages[8].fidelity, 1);
    // seat_advantage reads the self-play arm only: one game per deal and set.
    assert_eq!(p.stages[0].games, 248_832);
    assert_eq!(p.stages[1].games, 62_209 * 3);
    assert_eq!(p.stages[8].games, 11 * 500);
    let total: u64 = p.stages.iter().map(|s| s.games).sum();
    assert_eq!(p.total_games(), total);
    let text = p.schedule_text();
    assert!(text.starts_with("stage  fidelity"), "{text}");
    assert!(text.contains("248,832"), "{text}");
    assert!(text.lines().nth(9).unwrap().contains("certify"), "{text}");
    assert!(text.lines().last().unwrap().starts_with("total"), "{text}");
}

#[test]
fn small_spaces_limits_and_uniform_screens() {
    // One change: the base and 21 swaps; a quarter of 21 is fewer than 10, so the best 10 of
    // the first stage are certified.
    let p = resolve(&search("max_changes = 1")).unwrap();
    assert_eq!(p.candidates.len(), 22);
    let sets: Vec<u64> = p.stages.iter().map(|s| s.set_count).collect();
    assert_eq!(sets, [22, 11]);
    // Fewer candidates than finalists: every other set is a finalist, one screening stage.
    let p = resolve(&search("values = [0, 2]")).unwrap();
    assert_eq!(p.candidates.len(), 6);
    assert_eq!(p.finalists, 5);
    let sets: Vec<u64> = p.stages.iter().map(|s| s.set_count).collect();
    assert_eq!(sets, [6, 6]);
    assert_eq!(p.stages[1].deals, 1..501);
    // Uniform: one stage of 100 deals, then certification from deal 100.
    let p = resolve(&search("method = \"uniform\"\nvalues = [4]")).unwrap();
    assert_eq!(p.stages.len(), 2);
    assert_eq!(p.stages[0].deals, 0..100);
    assert_eq!(p.stages[0].set_count, 4);
    assert_eq!(p.stages[1].deals, 100..600);
    assert_eq!(p.stages[1].set_count, 4);
}

#[test]
fn measures_follow_the_terms_and_arms_are_cut_to_them() {
    let text = "[search]\nplayers = [3, 4]\nvalues = [4]\n[search.confirm]\ndeals = 5\n\
        [[search.objective]]\nname = \"a\"\nterms = [\
          { metric = \"seat_advantage\", target = 0.0, players = 4 },\
          { metric = \"skill_gap\", at_least = 20.0, constraint = true },\
          { metric = \"turns_per_round\", within = [8, 14], weight = 2.0 }]\n\
        [[search.objective]]\nname = \"b\"\nchange_weight = 0.5\nterms = [\
          { metric = \"turns_per_round\", minimize = true, players = 3 },\
          { metric = \"restricted_value\", key = \"4\", maximize = true, players = 3 }]\n";
    let p = resolve(text).unwrap();
    let f = &p.fidelities;
    assert_eq!(
        f.iter().map(|f| f.kind).collect::<Vec<_>>(),
        [
            FidelityKind::Screen,
            FidelityKind::Certify,
            FidelityKind::Confirm
        ]
    );
    let names: Vec<String> = f[0]
        .measures
        .iter()
        .map(|m| {
            let metric = silver_sim::design::card::METRICS[m.metric].name;
            format!("{metric}[{}]@{}", m.key, m.players)
        })
        .collect();
    assert_eq!(
        names,
        [
            "seat_advantage[0]@4",
            "seat_advantage[1]@4",
            "seat_advantage[2]@4",
            "seat_advantage[3]@4",
            "skill_gap[]@3",
            "skill_gap[]@4",
            "turns_per_round[]@3",
            "turns_per_round[]@4",
            "restricted_value[4]@3",
        ]
    );
    assert_eq!(p.objectives[0].terms[0].measures, [0, 1, 2, 3]);
    assert_eq!(p.objectives[0].terms[2].measures, [6, 7]);
    assert_eq!(p.objectives[0].terms[2].goal, Goal::Within(8.0, 14.0));
    assert_eq!(p.objectives[1].terms[0].measures, [6]);
    assert_eq!(p.objectives[1].terms[1].measures, [8]);
    assert_eq!(p.objectives[1].change_weight, 0.5);
    let m = &f[0].measures[0];
    assert_eq!((m.scale, m.shift), (100.0, 0.25));
    // 3 players: self-play, the one ladder pairing, restricted 4; 4 players: no restricted arm.
    let kinds = |fi: usize, pi: usize| -> Vec<ArmKind> {
        f[fi].plans[pi].arms.iter().map(|a| a.kind).collect()
    };
    let ladder = ArmKind::Ladder { lower: 0, upper: 1 };
    assert_eq!(
        kinds(0, 0),
        [ArmKind::SelfPlay, ladder, ArmKind::Restricted { value: 4 }]
    );
    assert_eq!(kinds(0, 1), [ArmKind::SelfPlay, ladder]);
    assert_eq!(f[0].measures[8].arms, [2]);
    assert_eq!(f[0].measures[5].arms, [1]);
    // Every arm covers its fidelity's deals: games = deals × rotations.
    let screen_end = p
        .stages
        .iter()
        .rfind(|s| s.fidelity == 0)
        .unwrap()
        .deals
        .end;
    for (fi, end) in [
        (0, screen_end),
        (1, screen_end + 500),
        (2, screen_end + 505),
    ] {
        for dp in &f[fi].plans {
            for a in &dp.arms {
                assert_eq!(a.plan.games, end * u64::from(a.plan.rotations), "{fi}");
            }
        }
    }
    assert_eq!(f[2].plans[0].ladder[1].name, "ismcts-1k");
    // Measures in the same order at every fidelity.
    for fid in f {
        let keys: Vec<(usize, usize, &str)> = fid
            .measures
            .iter()
            .map(|m| (m.plan, m.metric, m.key.as_str()))
            .collect();
        let screen: Vec<(usize, usize, &str)> = f[0]
            .measures
            .iter()
            .map(|m| (m.plan, m.metric, m.key.as_str()))
            .collect();
        assert_eq!(keys, screen);
    }
}

#[test]
fn fingerprints_follow_every_input() {
    let base = resolve(&search("values = [4, 5]")).unwrap().fingerprint();
    assert_eq!(
        base,
        resolve(&search("values = [4, 5]")).unwrap().fingerprint()
    );
    let other = |body: &str, obj: &str| {
        let text = format!("[search]\nvalues = [4, 5]\n{body}\n[[search.objective]]\nname = \"even\"\nterms = [{obj}]\n");
        resolve(&text).unwrap().fingerprint()
    };
    let same = other("", "{ metric = \"seat_advantage\", target = 0.0 }");
    assert_eq!(same, base);
    for f in [
        other("seed = 2", "{ metric = \"seat_advantage\", target = 0.0 }"),
        other("", "{ metric = \"seat_advantage\", target = 1.0 }"),
        other(
            "",
            "{ metric = \"seat_advantage\", target = 0.0, weight = 2 }",
        ),
        other("", "{ metric = \"turns_per_round\", target = 0.0 }"),
        other(
            "max_changes = 1",
            "{ metric = \"seat_advantage\", target = 0.0 }",
        ),
        other(
            "[search.screen]\ndeals = 2",
            "{ metric = \"seat_advantage\", target = 0.0 }",
        ),
        other(
            "[search.certify]\ndeals = 400",
            "{ metric = \"seat_advantage\", target = 0.0 }",
        ),
        other(
            "players = 3",
            "{ metric = \"seat_advantage\", target = 0.0 }",
        ),
        other(
            "model = { kind = \"rounds\", rounds = 3 }",
            "{ metric = \"seat_advantage\", target = 0.0 }",
        ),
        other(
            "tokens = [\"amulet\", \"coin\"]",
            "{ metric = \"seat_advantage\", target = 0.0 }",
        ),
    ] {
        assert_ne!(f, base);
    }
}

#[test]
fn spec_files_read_with_their_name_and_directory() {
    let d = std::env::temp_dir().join(format!("silver-search-spec-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let path = d.join("even.toml");
    std::fs::write(&path, search("values = [4]")).unwrap();
    let (file, spec_dir) = SearchFile::from_file(&path).unwrap();
    assert_eq!(file.name.as_deref(), Some("even"));
    assert_eq!(spec_dir, d);
    std::fs::write(&path, "[search]\nplayers = 4\nbogus = 1\n").unwrap();
    let e = SearchFile::from_file(&path).unwrap_err().to_string();
    assert!(
        e.contains("even.toml: line 3: unknown field `bogus`"),
        "{e}"
    );
    // A card-set file base, relative to the spec's directory.
    std::fs::write(d.join("scout.toml"), "base = \"amulet\"\n[values]\n3 = { name = \"Scout\", kind = \"look-opponent\", count = 2 }\n").unwrap();
    std::fs::write(&path, search("base = \"scout.toml\"\nvalues = [3]")).unwrap();
    let (file, spec_dir) = SearchFile::from_file(&path).unwrap();
    let p = resolve_search(
        &file,
        "even",
        &spec_dir,
        bots(),
        &mut ExecPolicy::typed(false),
    )
    .unwrap();
    assert_eq!(p.base.labels[3], "Scout");
    assert_eq!(p.candidates.len(), 3);
    std::fs::remove_dir_all(&d).unwrap();
    let e = SearchFile::from_file(&d.join("none.toml"))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("cannot read search spec "), "{e}");
}

#[test]
fn every_error_is_one_line() {
    let cases: Vec<(String, &str)> = vec![
        (search("base = \"amulet+0:nope\""), "search base \"amulet+0:nope\""),
        (search("players = [4, 5]"), "players = [4, 5]: give player counts 2, 3 or 4, each once"),
        (search("players = [3, 3]"), "players = [3, 3]: give player counts 2, 3 or 4, each once"),
        (search("editions = [\"coin\", \"gold\"]"), "unknown edition \"gold\" in editions; valid: amulet, bullet, coin, dagger"),
        (search("tokens = [\"gold\"]"), "unknown token \"gold\" in tokens; valid: amulet, bullet, coin, dagger"),
        (search("values = [3, 14]"), "value 14 is not a card value (0-13)"),
        (search("values = [3]\ncustom = [{ value = 4, kind = \"discard-own\" }]"), "custom choice for value 4, which is not among the values that may change"),
        (search("values = [3]\ncustom = [{ value = 3, kind = \"discard-own\", counts = [9] }]"), "custom choice for value 3: kind \"discard-own\""),
        (search("values = [0, 1, 2, 3, 4, 5, 6, 7]\ncustom = [{ value = 0, kind = \"deck-to-pile\", counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] }, { value = 1, kind = \"deck-to-pile\", counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] }, { value = 2, kind = \"deck-to-pile\", counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] }, { value = 3, kind = \"deck-to-pile\", counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] }, { value = 4, kind = \"deck-to-pile\", counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] }, { value = 5, kind = \"deck-to-pile\", counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] }, { value = 6, kind = \"deck-to-pile\", counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] }, { value = 7, kind = \"deck-to-pile\", counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] }]"), "the space holds more than 1099511627776 sets: allow fewer values, editions or custom choices"),
        (search("tokens = [\"amulet\", \"bullet\", \"coin\", \"dagger\"]\ncustom = [{ value = 0, kind = \"deck-to-pile\", counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] }, { value = 1, kind = \"deck-to-pile\", counts = [1, 2] }]"), "the search has 32845824 candidate sets, over the limit of 20000000: lower max_changes or allow fewer choices"),
        (search("values = [3]\neditions = [\"coin\"]"), "the space holds only the base set: allow more values, editions or tokens"),
        (search("max_changes = 0"), "the space holds only the base set (max_changes = 0): allow more values, editions or tokens"),
        ("[search]\nvalues = [4]\n".into(), "the search has no objective: add a [[search.objective]] with terms"),
        ("[search]\nvalues = [4]\n[[search.objective]]\nname = \"Even\"\nterms = [{ metric = \"seat_advantage\", target = 0.0 }]\n".into(), "objective name \"Even\": use lower-case letters, digits, _ and - only"),
        (format!("[search]\nvalues = [4]\n{OBJ}{OBJ}"), "two objectives are named \"even\""),
        ("[search]\nvalues = [4]\n[[search.objective]]\nname = \"e\"\n".into(), "objective \"e\" has no terms: give at least one, e.g. { metric = \"seat_advantage\", target = 0.0 }"),
        ("[search]\n[[search.objective]]\nname = \"e\"\nterms = [{ metric = \"ladder_depth\", target = 0.0 }]\n".into(), "objective \"e\": unknown metric \"ladder_depth\"; valid: skill_gap, ladder_share, upset_rate, seat_advantage, lead_changes, decided_round, rounds_per_points_game, turns_per_round, round_end_share, census_calls_per_round, census_success_rate, census_turn, hidden_information_value, memory_value, restricted_value, keep_rate, use_rate, win_with_rate"),
        ("[search]\n[[search.objective]]\nname = \"e\"\nterms = [{ metric = \"seat_advantage\", key = \"4\", target = 0.0 }]\n".into(), "objective \"e\", metric seat_advantage: unknown key \"4\"; valid: 0, 1, 2, 3"),
        ("[search]\n[[search.objective]]\nname = \"e\"\nterms = [{ metric = \"ladder_share\", key = \"random>greedy\", minimize = true }]\n".into(), "objective \"e\", metric ladder_share: unknown key \"random>greedy\"; valid: greedy>random"),
        ("[search]\n[[search.objective]]\nname = \"e\"\nterms = [{ metric = \"restricted_value\", key = \"x\", minimize = true }]\n".into(), "objective \"e\", metric restricted_value: unknown key \"x\"; valid: a card value 0-13"),
        ("[search]\n[[search.objective]]\nname = \"e\"\nterms = [{ metric = \"seat_advantage\" }]\n".into(), "objective \"e\", metric seat_advantage: give exactly one of target, at_least, at_most, within, minimize = true, maximize = true (0 given)"),
        ("[search]\n[[search.objective]]\nname = \"e\"\nterms = [{ metric = \"seat_advantage\", target = 0.0, minimize = true }]\n".into(), "objective \"e\", metric seat_advantage: give exactly one of target, at_least, at_most, within, minimize = true, maximize = true (2 given)"),
        ("[search]\n[[search.objective]]\nname = \"e\"\nterms = [{ metric = \"turns_per_round\", within = [14, 8] }]\n".into(), "objective \"e\", metric turns_per_round: within = [14, 8] has its low end above its high end"),
        ("[search]\n[[search.objective]]\nname = \"e\"\nterms = [{ metric = \"turns_per_round\", minimize = true, weight = -1 }]\n".into(), "objective \"e\": weight = -1 must be a finite number at least 0"),
        ("[search]\n[[search.objective]]\nname = \"e\"\nterms = [{ metric = \"turns_per_round\", target = nan }]\n".into(), "objective \"e\": target = NaN must be a finite number"),
        ("[search]\n[[search.objective]]\nname = \"e\"\nterms = [{ metric = \"turns_per_round\", minimize = true, players = 3 }]\n".into(), "objective \"e\", metric turns_per_round: players = 3 is not among the search's players [4]"),
        (search("[search.screen]\nfinalists = 0"), "screen.finalists must be at least 1"),
        (search("[search.screen]\nkeep = 1"), "screen.keep = 1: a halving stage must keep one set in 2 or more"),
        (search("[search.screen]\ndeals = 0"), "screen.deals must be at least 1"),
        (search("[search.certify]\ndeals = 0"), "certify.deals must be at least 1"),
        (search("[search.confirm]\ndeals = 0"), "confirm.deals must be at least 1"),
        (search("[search.screen]\nreference = \"no-such-bot\""), "search screen fidelity, 4 players"),
        (search("[search.confirm]\nladder = [\"greedy\"]"), "search confirm fidelity, 4 players"),
        (search("[search.screen]\ndeals = 1099511627776\nkeep = 1099511627776"), "the schedule's deals or games overflow: lower screen.deals, keep or the space"),
        (search("max_games = 1000000"), "the schedule plays 1587835 games, over max_games = 1000000"),
        ("[search]\n[search.confirm]\n[[search.objective]]\nname = \"e\"\nterms = [{ metric = \"ladder_share\", key = \"greedy>random\", minimize = true }]\n".into(), "objective \"e\", metric ladder_share key \"greedy>random\": the confirm fidelity's ladder has no such pairing (its ladder must hold the screen's pairings the terms name)"),
    ];
    for (text, message) in &cases {
        let e = err(text);
        assert_eq!(&e, message, "{text}");
        assert!(!chain(text).contains('\n'), "{text}");
    }
    // The causes name what went wrong.
    let c = chain(&search("[search.screen]\nreference = \"no-such-bot\""));
    assert!(c.contains("no-such-bot"), "{c}");
    let c = chain(&search(
        "values = [3]\ncustom = [{ value = 3, kind = \"discard-own\", counts = [9] }]",
    ));
    assert!(
        c.ends_with("ability `discard-own`: count 9 is outside 1-5"),
        "{c}"
    );
    // TOML errors name their line; an unknown method lists the methods.
    let e = err("[search]\nmethod = \"random\"\n");
    assert!(
        e.starts_with(
            "spec.toml: line 2: unknown variant `random`, expected `halving` or `uniform`"
        ),
        "{e}"
    );
    let e = err("[search]\nplayers = \"four\"\n");
    assert!(
        e.contains("players: give a player count (4) or a list ([3, 4])"),
        "{e}"
    );
}
