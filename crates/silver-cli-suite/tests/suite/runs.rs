//! What a run accepts, warns about and names: profiles named like a kind, job-array shards,
//! inputs that used to be accepted silently, resuming as another shard, capped rounds, and
//! tournaments without `--out`.

use crate::common::shards::with;
use crate::common::*;

use std::ffi::OsString;
use std::path::Path;

#[test]
fn a_profile_named_like_a_kind_is_what_the_kind_means() {
    let tmp = TempDir::new("kind-profile");
    let bots = tmp.join("bots");
    std::fs::create_dir_all(&bots).unwrap();
    std::fs::write(
        bots.join("greedy.toml"),
        "kind = \"greedy\"\ncensus_threshold = 40.0\n",
    )
    .unwrap();
    let shown = ok(args!["bots", "--bots-dir", &bots, "--show", "greedy"]);
    assert_mentions(&shown.stdout, &["greedy.toml", "census_threshold = 40.0"]);
    let listed = ok(args!["bots", "--bots-dir", &bots]);
    assert_mentions(&listed.stdout, &["what `greedy` means here"]);
    // A run with it differs from one with the kind's defaults (the shipped profile).
    let (mine, shipped) = (tmp.join("mine"), tmp.join("shipped"));
    let run = |dir: &Path, extra: Vec<OsString>| {
        ok(with(
            with(
                args![
                    "tournament",
                    "--bots",
                    "greedy,random",
                    "--games",
                    "40",
                    "--out",
                    dir
                ],
                extra,
            ),
            args![],
        ))
    };
    run(&mine, args!["--bots-dir", &bots]);
    run(&shipped, args![]);
    assert_ne!(
        read(&mine.join("games.csv")),
        read(&shipped.join("games.csv"))
    );
    // Broken, it is refused by name, and listed as invalid.
    std::fs::write(
        bots.join("greedy.toml"),
        "kind = \"greedy\"\ncensus_treshold = 1\n",
    )
    .unwrap();
    let msg = fails(args![
        "tournament",
        "--bots",
        "greedy",
        "--games",
        "2",
        "--bots-dir",
        &bots,
        "--out",
        tmp.join("x")
    ]);
    assert_mentions(&msg, &["greedy.toml", "line 2", "census_treshold"]);
    let listed = ok(args!["bots", "--bots-dir", &bots]);
    assert_mentions(&listed.stdout, &["greedy", "INVALID"]);
}

/// The job-array variables `--shard auto` reads.
const ARRAY_VARS: [&str; 7] = [
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX",
    "SLURM_ARRAY_TASK_COUNT",
    "JOB_COMPLETION_INDEX",
    "AWS_BATCH_JOB_ARRAY_INDEX",
    "PARALLEL_SEQ",
];

/// Runs `silver ARGS` with exactly these job-array variables set.
fn ok_with_env(args: Vec<OsString>, vars: &[(&str, String)]) -> Out {
    let mut c = silver(&args);
    for v in ARRAY_VARS {
        c.env_remove(v);
    }
    for (k, v) in vars {
        c.env(k, v);
    }
    let out = Out::new(args, c.output().unwrap());
    assert_eq!(out.code, Some(0), "{}", out.describe());
    out
}

#[test]
fn job_array_shards_merge_to_one_run() {
    let tmp = TempDir::new("array");
    let run = |shard: &str, out: &Path| {
        args![
            "tournament",
            "--bots",
            "greedy,random,greedy-mem2",
            "--players",
            "3",
            "--games",
            "900",
            "--seed",
            "8",
            "--shard",
            shard,
            "--out",
            out
        ]
    };
    let whole = tmp.join("whole");
    ok(args![
        "tournament",
        "--bots",
        "greedy,random,greedy-mem2",
        "--players",
        "3",
        "--games",
        "900",
        "--seed",
        "8",
        "--out",
        &whole
    ]);
    // A Slurm array --array=1-4: SLURM_ARRAY_TASK_ID 1..4.
    let slurm: Vec<_> = (1..=4)
        .map(|id| {
            let d = tmp.join(&format!("slurm{id}"));
            ok_with_env(
                run("auto", &d),
                &[
                    ("SLURM_ARRAY_TASK_ID", id.to_string()),
                    ("SLURM_ARRAY_TASK_MIN", "1".into()),
                    ("SLURM_ARRAY_TASK_MAX", "4".into()),
                    ("SLURM_ARRAY_TASK_COUNT", "4".into()),
                ],
            );
            d
        })
        .collect();
    // The same four shards from Kubernetes, AWS Batch and GNU parallel (counts from auto/4).
    let others: Vec<_> = [
        ("JOB_COMPLETION_INDEX", "0"),
        ("AWS_BATCH_JOB_ARRAY_INDEX", "1"),
        ("PARALLEL_SEQ", "3"),
        ("JOB_COMPLETION_INDEX", "3"),
    ]
    .iter()
    .enumerate()
    .map(|(k, (var, value))| {
        let d = tmp.join(&format!("other{k}"));
        ok_with_env(run("auto/4", &d), &[(var, value.to_string())]);
        d
    })
    .collect();
    let files = [
        "games.csv",
        "rounds.csv",
        "census.csv",
        "cards.csv",
        "summary.csv",
        "pairs.csv",
        "ratings.csv",
        "ratings-pairs.csv",
    ];
    for (name, dirs) in [("m-slurm", &slurm), ("m-others", &others)] {
        let merged = tmp.join(name);
        let mut args = args!["merge", "--out", &merged];
        args.extend(dirs.iter().map(OsString::from));
        ok(args);
        assert_mentions(&ok(args!["verify", &merged]).stdout, &["900 games"]);
        assert_same_files(&merged, &whole, &files);
    }
    // Without an index, or without a count, auto says what is missing.
    let mut c = silver(&run("auto", &tmp.join("x")));
    for v in ARRAY_VARS {
        c.env_remove(v);
    }
    let out = Out::new(vec![], c.output().unwrap());
    assert_eq!(out.code, Some(2));
    assert_mentions(&error_line(&out), &["no job-array index"]);
}

/// Inputs once accepted silently: each is now a one-line error.
#[test]
fn silently_accepted_inputs_are_one_line_errors() {
    let tmp = TempDir::new("silent");
    let o = tmp.join("o");
    let base_spec = tmp.write(
        "b.toml",
        "players = 2\nbots = [\"greedy\"]\ngames = 4\n[balance]\nbase = \"bullet\"\nsets = [\"amulet\"]\n",
    );
    let cases: Vec<(Vec<OsString>, &[&str])> = vec![
        (
            args!["run", &base_spec, "--set", "amulet+2:coin", "--out", &o],
            &["--set", "own [balance] base", "bullet"],
        ),
        (
            args!["replay", "experiments/quickstart.toml", "--game", "20000"],
            &["game 20000 is outside this plan", "20000 games"],
        ),
        (
            args!["replay", "--bots", "greedy,random", "--game", "1000"],
            &["outside this plan", "1000 games"],
        ),
        (
            args![
                "tournament",
                "--bots",
                "greedy:take_gain=1,take_gain=2",
                "--out",
                &o
            ],
            &["take_gain", "twice"],
        ),
        (
            args!["tournament", "--bots", "greedy,,random", "--out", &o],
            &["empty entry"],
        ),
        (
            args!["tournament", "--bots", "greedy,", "--out", &o],
            &["empty entry"],
        ),
        (
            args![
                "tournament",
                "--bots",
                "greedy",
                "--set",
                "amulet+0:bullet,",
                "--out",
                &o
            ],
            &["empty entry", "amulet+0:bullet,"],
        ),
        (
            args!["report", "experiments", "--turn-bucket", "0"],
            &["--turn-bucket", "0 is not in 1.."],
        ),
        (args!["tournament"], &["required", "--bots"]),
        (
            args!["tournament", "--bots", "greedy", "--bogus"],
            &["--bogus"],
        ),
    ];
    for (args, words) in cases {
        let msg = fails(args);
        assert_mentions(&msg, words);
    }
    assert!(!o.exists());
    // With --games, a later game can be replayed.
    ok(args![
        "replay",
        "--bots",
        "greedy,random",
        "--game",
        "1000",
        "--games",
        "1001"
    ]);
    // A TOML syntax error is one line too.
    let broken = tmp.write("x.toml", "players = 2\nbots = [\"greedy\"\ngames = 3\n");
    let msg = fails(args!["run", &broken, "--out", &o]);
    assert_mentions(&msg, &["x.toml", "line 3", "expected"]);
}

#[test]
fn resuming_as_another_shard_says_which() {
    let tmp = TempDir::new("shard-mismatch");
    let d = tmp.join("s");
    let run = |shard: &str| {
        args![
            "tournament",
            "--bots",
            "greedy,random",
            "--games",
            "40",
            "--shard",
            shard,
            "--out",
            &d
        ]
    };
    ok(run("1/2"));
    edit_manifest(&d, |m| m["complete"] = false.into());
    let msg = fails(with(run("2/2"), args!["--resume"]));
    assert_mentions(
        &msg,
        &["shard 1/2", "not shard 2/2", "--shard it was started with"],
    );
}

/// Rounds of `rounds.csv` that ended at the turn cap, and all rounds.
fn capped(dir: &Path) -> (usize, usize) {
    let text = read_text(&dir.join("rounds.csv"));
    let mut rounds = std::collections::BTreeSet::new();
    let mut capped = std::collections::BTreeSet::new();
    for line in text.lines().skip(1) {
        // The set name may be quoted with commas inside: read the row from its end.
        // From the end: turns, called_census, end_reason, village_size, score, sum, bot, seat,
        // round, then `set,game`.
        let f: Vec<&str> = line.rsplitn(10, ',').collect();
        let (round, reason) = (f[8].to_string(), f[2]);
        let game = f[9].rsplit(',').next().unwrap().to_string();
        let key = (game, round);
        if reason == "turn-cap" {
            capped.insert(key.clone());
        }
        rounds.insert(key);
    }
    (capped.len(), rounds.len())
}

/// Greedy never cycles: two greedy players trying to exchange a known Zombie out (it always
/// stays: D4), or sending Gremlins back and forth in a round whose deck refills (Bullet), used
/// to keep 1.3% and 0.45% of heads-up rounds going to the turn cap.
#[test]
fn greedy_self_play_does_not_livelock() {
    let tmp = TempDir::new("livelock");
    for (set, games) in [
        ("experiments/sets/coin-dagger-mix.toml", 4000),
        ("bullet", 8000),
    ] {
        let dir = tmp.join(&set.replace('/', "_"));
        let out = ok(args![
            "tournament",
            "--bots",
            "greedy",
            "--players",
            "2",
            "--set",
            set,
            "--games",
            games.to_string(),
            "--seed",
            "1",
            "--out",
            &dir
        ]);
        let (capped, rounds) = capped(&dir);
        assert!(rounds >= 4 * games, "{rounds} rounds");
        assert!(
            capped * 2000 < rounds,
            "{set}: {capped} of {rounds} rounds hit the turn cap (0.05% or more)"
        );
        assert!(!out.stdout.contains("warning:"), "{}", out.stdout);
    }
}

#[test]
fn runs_with_capped_rounds_warn() {
    let tmp = TempDir::new("capped");
    let spec = tmp.write(
        "c.toml",
        "players = 2\nbots = [\"random\"]\ngames = 20\nmax_turns_per_round = 6\n",
    );
    let out = ok(args!["run", &spec, "--out", tmp.join("o")]);
    assert_mentions(
        &out.stdout,
        &["warning:", "hit the turn cap", "bias every statistic"],
    );
    let report = ok(args!["report", tmp.join("o")]);
    assert_mentions(&report.stdout, &["warning:", "hit the turn cap"]);
}

/// Tournaments without `--out` or `--name` no longer share `results/tournament`: each gets a
/// directory named after its bots, players, set and seed (printed at the start).
#[test]
fn tournaments_without_out_do_not_collide() {
    let tmp = TempDir::new("default-out");
    let bots = Path::new(ROOT).join("bots");
    let run = |bots_arg: &str, seed: &str| {
        let args = args![
            "tournament",
            "--bots",
            bots_arg,
            "--games",
            "4",
            "--seed",
            seed,
            "--bots-dir",
            &bots
        ];
        let out = Out::new(
            args.clone(),
            silver(&args).current_dir(&tmp.0).output().unwrap(),
        );
        assert_eq!(out.code, Some(0), "{}", out.describe());
        out
    };
    let a = run("greedy,random", "1");
    run("greedy,random", "2");
    run("random,greedy-mem2", "1");
    for d in [
        "greedy-vs-random-2p-amulet-s1",
        "greedy-vs-random-2p-amulet-s2",
        "random-vs-greedy-mem2-2p-amulet-s1",
    ] {
        assert!(
            tmp.join("results").join(d).join("games.csv").is_file(),
            "{d}"
        );
    }
    assert_mentions(&a.stderr, &["-> results/greedy-vs-random-2p-amulet-s1"]);
    // The same tournament again is refused, not silently replaced.
    let args = args![
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "4",
        "--seed",
        "1",
        "--bots-dir",
        &bots
    ];
    let out = Out::new(
        args.clone(),
        silver(&args).current_dir(&tmp.0).output().unwrap(),
    );
    assert_eq!(out.code, Some(2));
    assert_mentions(&error_line(&out), &["holds a finished run", "--force"]);
}
