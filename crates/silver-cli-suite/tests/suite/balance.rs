//! Integration tests of balance sweeps (`silver run SPEC` with a `[balance]` table): the real
//! executable, run from the workspace root, writing only into fresh temporary directories.
//! Nothing here asserts on wall-clock time; the one poll loop (the interrupt test) has a
//! generous timeout only as a safety net.

use crate::common::*;

use std::path::{Path, PathBuf};

/// `balance.csv` as (header, rows), every row a map from column to value.
fn balance(dir: &Path) -> (Vec<String>, Vec<Vec<(String, String)>>) {
    let text = read_text(&dir.join("balance.csv"));
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .expect("a header")
        .split(',')
        .map(String::from)
        .collect();
    let rows = lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f.len(), header.len(), "{l}");
            header
                .iter()
                .cloned()
                .zip(f.into_iter().map(String::from))
                .collect()
        })
        .collect();
    (header, rows)
}

fn get<'a>(row: &'a [(String, String)], col: &str) -> &'a str {
    row.iter()
        .find(|(h, _)| h == col)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no column {col}"))
}

/// Columns that describe the set rather than measure it.
const DESCRIPTIVE: [&str; 7] = [
    "index",
    "set",
    "token",
    "swap_value",
    "swap_edition",
    "changed",
    "unofficial",
];

/// Asserts that `row` measures exactly what `base` does and that every difference is 0.
fn assert_same_games(base: &[(String, String)], row: &[(String, String)]) {
    for ((h, b), (_, v)) in base.iter().zip(row) {
        if DESCRIPTIVE.contains(&h.as_str()) {
            continue;
        }
        if h.starts_with("d_") {
            assert_eq!(v, "0.0000", "{h} of {}", get(row, "set"));
        } else {
            assert_eq!(v, b, "{h} of {} differs from the base", get(row, "set"));
        }
    }
}

/// The `(played, already complete)` counts of a finished sweep's last line.
fn sets_played(out: &Out) -> (usize, usize) {
    let line = out
        .stdout
        .lines()
        .find(|l| l.contains(" played, "))
        .unwrap_or_else(|| panic!("no summary line:\n{}", out.describe()));
    let inner = line.split_once('(').unwrap().1.split_once(')').unwrap().0;
    let (p, c) = inner.split_once(" played, ").unwrap();
    (
        p.trim().parse().unwrap(),
        c.split_whitespace().next().unwrap().parse().unwrap(),
    )
}

// ---------------------------------------------------------------------------------------------

#[test]
fn one_swap_sweep_is_byte_identical_at_any_thread_count_and_not_resumed_once_complete() {
    let tmp = TempDir::new("threads");
    let (one, two) = (tmp.join("t1"), tmp.join("t2"));
    let base = args![
        "run",
        "experiments/balance-one-swap.toml",
        "--games",
        "12",
        "--seed",
        "3"
    ];
    let out = ok([base.clone(), args!["--threads", "1", "--out", &one]].concat());
    ok([base.clone(), args!["--threads", "2", "--out", &two]].concat());
    assert_same_files(&one, &two, &["balance.csv"]);
    assert_same_files(
        &one.join("sets/00-amulet"),
        &two.join("sets/00-amulet"),
        &["summary.csv", "cards.csv", "game-metrics.csv"],
    );
    // The terminal table ranks the sets for every headline metric.
    for label in [
        "mean round score",
        "round length",
        "census success rate",
        "seat advantage",
        "win-rate spread",
        "games/s",
    ] {
        assert!(
            out.stdout.contains(label),
            "no {label}:\n{}",
            out.describe()
        );
    }
    assert_eq!(sets_played(&out), (23, 0));

    let (header, rows) = balance(&one);
    for col in [
        "set",
        "swap_value",
        "swap_edition",
        "games",
        "rounds",
        "mean_round_score",
        "sd_round_score",
        "mean_round_turns",
        "sd_round_turns",
        "census_call_rate_low95",
        "census_success_rate_high95",
        "start_win_rate",
        "win_spread",
        "use_0",
        "use_13",
        "d_mean_round_score",
        "d_mean_round_score_low95",
        "d_use_13_high95",
    ] {
        assert!(header.iter().any(|h| h == col), "no column {col}");
    }
    let names: Vec<&str> = rows.iter().map(|r| get(r, "set")).collect();
    let mut expected = vec!["amulet".to_string()];
    for v in 0..14 {
        for (e, values) in [
            (
                "bullet",
                &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13][..],
            ),
            ("coin", &[2, 4, 8, 10][..]),
            ("dagger", &[4, 5, 11, 12][..]),
        ] {
            if values.contains(&v) {
                expected.push(format!("amulet+{v}:{e}"));
            }
        }
    }
    assert_eq!(names, expected);
    for r in &rows {
        assert_eq!(get(r, "games"), "12");
        let set = get(r, "set");
        if let Some((v, e)) = set.strip_prefix("amulet+").and_then(|s| s.split_once(':')) {
            assert_eq!((get(r, "swap_value"), get(r, "swap_edition")), (v, e));
        }
    }
    // The base's differences are 0; so are those of the Dagger's Master Thief, which has the
    // Robber's ability: with common random numbers it plays exactly the base's games.
    assert_same_games(&rows[0], &rows[0]);
    let thief = rows
        .iter()
        .find(|r| get(r, "set") == "amulet+12:dagger")
        .unwrap();
    assert_same_games(&rows[0], thief);

    // A complete sweep is not resumed (as a complete run is not), and is left alone.
    let before = read_text(&one.join("balance.csv"));
    let msg = fails([base, args!["--resume", "--out", &one]].concat());
    assert_mentions(&msg, &["already complete"]);
    assert_eq!(read_text(&one.join("balance.csv")), before);
}

#[test]
fn a_set_listed_like_the_base_plays_the_base_games_exactly() {
    let tmp = TempDir::new("crn");
    let common =
        "name = \"crn\"\nplayers = 4\nbots = [\"greedy\", \"random\"]\ngames = 40\nseed = 11\n";
    let sweep = spec_file(
        &tmp,
        "sweep.toml",
        &format!(
            "{common}[balance]\nbase = \"amulet\"\nsets = [\"amulet+5:bullet\", \"amulet+0:amulet\"]\n"
        ),
    );
    let plain = spec_file(&tmp, "plain.toml", common);
    let (dir, reference) = (tmp.join("sweep"), tmp.join("plain"));
    ok(args!["run", &sweep, "--out", &dir]);
    ok(args!["run", &plain, "--out", &reference]);
    let (_, rows) = balance(&dir);
    let names: Vec<&str> = rows.iter().map(|r| get(r, "set")).collect();
    assert_eq!(names, ["amulet", "amulet+5:bullet", "amulet"]);
    // The base listed again (as a control) measures exactly what the base does.
    assert_same_games(&rows[0], &rows[2]);
    // Two bots: the win-rate spread is measured (and equal for the control).
    assert_ne!(get(&rows[0], "win_spread"), "0.0000");
    // And the base plays exactly the games of a normal run of the same spec.
    assert_same_files(
        &reference,
        &dir.join("sets/00-amulet"),
        &[
            "summary.csv",
            "cards.csv",
            "games.csv",
            "rounds.csv",
            "census.csv",
        ],
    );
    // A set directory is a run directory: `silver report` reads it.
    let report = ok(args!["report", dir.join("sets/01-amulet+5-bullet")]);
    assert!(report.stdout.contains("games 40"), "{}", report.describe());
}

#[test]
fn balance_spec_errors_are_one_line_with_exit_code_2() {
    let tmp = TempDir::new("errors");
    let head = "players = 4\nbots = [\"greedy\"]\ngames = 4\n[balance]\n";
    let cases: [(&str, &[&str]); 6] = [
        (
            "sweep = \"one-swap\"\nbsae = \"amulet\"\n",
            &["unknown field", "bsae", "line 6", "base"],
        ),
        (
            "sets = [\"amulet+3:bulet\"]\n",
            &["[balance] sets", "amulet+3:bulet", "unknown edition"],
        ),
        (
            "base = \"silverr\"\nsweep = \"one-swap\"\n",
            &["[balance] base", "silverr", "unknown card set"],
        ),
        (
            "sweep = \"one-swap\"\nsets = [\"bullet\"]\n",
            &["[balance]", "not both"],
        ),
        (
            "sweep = \"two-swap\"\n",
            &["two-swap", "unknown sweep", "one-swap"],
        ),
        ("base = \"amulet\"\n", &["[balance]", "sweep", "sets"]),
    ];
    for (i, (body, words)) in cases.iter().enumerate() {
        let name = format!("bad{i}.toml");
        let spec = spec_file(&tmp, &name, &format!("{head}{body}"));
        let msg = fails(args!["run", &spec, "--out", tmp.join("out")]);
        assert_mentions(&msg, &[name.as_str()]);
        assert_mentions(&msg, words);
        assert!(!tmp.join("out").exists(), "an invalid spec created output");
    }
    let msg = fails(args![
        "run",
        "experiments/balance-one-swap.toml",
        "--shard",
        "1/2",
        "--out",
        tmp.join("out")
    ]);
    assert_mentions(&msg, &["--shard", "balance"]);
    let msg = fails(args![
        "run",
        "experiments/balance-one-swap.toml",
        "--resume",
        "--out",
        tmp.join("out")
    ]);
    assert_mentions(&msg, &["balance.json", "balance sweep"]);
}

#[test]
fn resume_refuses_another_sweep() {
    let tmp = TempDir::new("other");
    let dir = tmp.join("out");
    let spec = |sets: &str| {
        spec_file(
            &tmp,
            "s.toml",
            &format!("players = 2\nbots = [\"greedy\"]\ngames = 4\n[balance]\nsets = [{sets}]\n"),
        )
    };
    ok(args!["run", spec("\"bullet\""), "--out", &dir]);
    let msg = fails(args![
        "run",
        spec("\"amulet+3:bullet\""),
        "--resume",
        "--out",
        &dir
    ]);
    assert_mentions(&msg, &["different plan", "same spec"]);
}

/// Long enough (seconds on one thread) that the sweep is still running once its first set is
/// on disk.
fn long_sweep(tmp: &TempDir) -> PathBuf {
    spec_file(
        tmp,
        "long.toml",
        "name = \"long\"\nplayers = 4\nbots = [\"greedy\"]\ngames = 1200\nseed = 5\n\
         [balance]\nsets = [\"bullet\", \"amulet+0:bullet\", \"amulet+7:bullet\", \
         \"amulet+11:bullet\", \"amulet+12:bullet\"]\n\
         [outputs]\ngames = false\nrounds = false\ncensus = true\ncards = true\n",
    )
}

#[test]
fn resume_after_interrupt_gives_the_same_balance() {
    let tmp = TempDir::new("resume");
    let spec = long_sweep(&tmp);
    let (dir, reference) = (tmp.join("interrupted"), tmp.join("reference"));
    // Interrupted once the first set is complete on disk (its manifest is written last).
    let first = dir.join("sets/00-amulet/manifest.json");
    let out = interrupt_once(
        args!["run", &spec, "--threads", "1", "--out", &dir],
        "its first set was on disk",
        || first.exists(),
    );
    let last = out.stderr.trim_end().lines().last().unwrap_or("");
    assert_mentions(last, &["interrupted", "of 6 sets", "--resume"]);
    let m: serde_json::Value = serde_json::from_str(&read_text(&dir.join("balance.json"))).unwrap();
    assert_eq!(m["complete"], false, "{m}");
    let done = m["sets_done"].as_u64().unwrap();
    assert!((1..6).contains(&done), "{done} of 6 sets");
    assert!(!dir.join("balance.csv").exists());

    // Without --resume the unfinished sweep is refused (and left alone).
    let msg = fails(args!["run", &spec, "--out", &dir]);
    assert_mentions(&msg, &["unfinished balance sweep", "--resume"]);

    // Resume on another thread count: the complete sets are not replayed.
    let resumed = ok(args![
        "run",
        &spec,
        "--threads",
        "2",
        "--resume",
        "--out",
        &dir
    ]);
    let (played, kept) = sets_played(&resumed);
    assert_eq!(played + kept, 6);
    assert!(kept as u64 >= done, "{}", resumed.describe());

    ok(args!["run", &spec, "--threads", "2", "--out", &reference]);
    assert_same_files(&dir, &reference, &["balance.csv"]);
    for set in ["00-amulet", "01-bullet", "05-amulet+12-bullet"] {
        assert_same_files(
            &dir.join("sets").join(set),
            &reference.join("sets").join(set),
            &["summary.csv", "cards.csv", "census.csv", "game-metrics.csv"],
        );
    }
}

/// `--variance-reduction` (or `variance_reduction = true`): every set measures its games'
/// chance luck (`luck.csv`, and two luck columns of `game-metrics.csv`), and `balance.csv`
/// adds the reduced mean round score and start-player win rate after the plain columns,
/// which stay the plain sweep's; the same bytes at any thread count, verified, and a set's
/// `game-metrics.csv` without its luck is refused even when its manifest vouches for it.
#[test]
fn a_variance_reduced_sweep_adds_the_reduced_columns_and_verifies() {
    let tmp = TempDir::new("vr");
    let common =
        "name = \"vr\"\nplayers = 4\nbots = [\"greedy\", \"random\"]\ngames = 16\nseed = 5\n";
    let sets = "[balance]\nbase = \"amulet\"\nsets = [\"amulet+5:bullet\", \"amulet+0:amulet\"]\n";
    let sweep = spec_file(&tmp, "sweep.toml", &format!("{common}{sets}"));
    let keyed = spec_file(
        &tmp,
        "keyed.toml",
        &format!("{common}variance_reduction = true\n{sets}"),
    );
    let (one, two, by_key, plain) = (
        tmp.join("one"),
        tmp.join("two"),
        tmp.join("key"),
        tmp.join("plain"),
    );
    let vr = |out: &Path, threads: &str| {
        args![
            "run",
            &sweep,
            "--variance-reduction",
            "--threads",
            threads,
            "--out",
            out
        ]
    };
    ok(vr(&one, "1"));
    ok(vr(&two, "2"));
    ok(args!["run", &keyed, "--out", &by_key]);
    ok(args!["run", &sweep, "--out", &plain]);
    assert_same_files(&one, &two, &["balance.csv"]);
    assert_same_files(&one, &by_key, &["balance.csv"]);
    let set = |d: &Path| d.join("sets/01-amulet+5-bullet");
    assert_same_files(&set(&one), &set(&two), &["game-metrics.csv", "luck.csv"]);
    assert!(!set(&plain).join("luck.csv").exists());
    assert!(read_text(&set(&one).join("game-metrics.csv"))
        .lines()
        .next()
        .unwrap()
        .ends_with(",use_13,luck_points,luck_start"));
    // The plain columns are the plain sweep's, byte for byte.
    let (reduced, base) = (
        read_text(&one.join("balance.csv")),
        read_text(&plain.join("balance.csv")),
    );
    for (r, p) in reduced.lines().zip(base.lines()) {
        assert!(r.starts_with(&format!("{p},")), "{r}\n{p}");
    }
    let (header, rows) = balance(&one);
    for m in ["mean_round_score", "start_win_rate"] {
        for col in [
            format!("{m}_vr"),
            format!("{m}_vr_low95"),
            format!("{m}_vr_high95"),
            format!("{m}_variance_ratio"),
            format!("d_{m}_vr"),
            format!("d_{m}_vr_low95"),
            format!("d_{m}_vr_high95"),
            format!("d_{m}_variance_ratio"),
        ] {
            assert!(header.contains(&col), "no column {col}");
        }
        // Every set has its reduced value inside its interval; the control (the base listed
        // again) differs by exactly 0, with no ratio; the swapped set has both.
        for r in &rows {
            let v = |c: &str| get(r, &format!("{m}{c}")).parse::<f64>().unwrap();
            assert!(v("_vr_low95") <= v("_vr") && v("_vr") <= v("_vr_high95"));
            assert!(v("_variance_ratio") > 0.0);
        }
        for c in ["_vr", "_vr_low95", "_vr_high95"] {
            assert_eq!(get(&rows[2], &format!("d_{m}{c}")), "0.0000");
        }
        assert_eq!(get(&rows[2], &format!("d_{m}_variance_ratio")), "");
        assert_ne!(get(&rows[1], &format!("d_{m}_variance_ratio")), "");
    }
    assert!(!base.contains("_vr"));
    assert!(ok(args!["verify", &one]).stdout.contains("verified"));
    // A set's game-metrics.csv stripped of its luck, its manifest resealed to vouch for it.
    let metrics = set(&one).join("game-metrics.csv");
    let text: String = read_text(&metrics)
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            format!("{}\n", f[..f.len() - 2].join(","))
        })
        .collect();
    std::fs::write(&metrics, &text).unwrap();
    edit_json(&set(&one).join("manifest.json"), true, |m| {
        m["metrics"] = serde_json::json!([text.len(), crc32fast::hash(text.as_bytes())]);
    });
    assert_mentions(
        &fails(args!["verify", &one]),
        &["game-metrics.csv carries chance luck in 0 of 16 rows"],
    );
}
