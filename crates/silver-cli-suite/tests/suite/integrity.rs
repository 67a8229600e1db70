//! An output directory is owned by one run: a lock held for the whole run, merge or sweep; a
//! finished run is never replaced without `--force`; files that are not a run's are never
//! overwritten; run names are one path component; a run to resume is never created.

use crate::common::*;

use std::ffi::OsString;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

fn with(mut base: Vec<OsString>, more: Vec<OsString>) -> Vec<OsString> {
    base.extend(more);
    base
}

fn quick(out: &Path) -> Vec<OsString> {
    quick_seed(out, 3)
}

fn quick_seed(out: &Path, seed: u64) -> Vec<OsString> {
    args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "2",
        "--games",
        "40",
        "--seed",
        seed.to_string(),
        "--out",
        out
    ]
}

#[test]
fn a_second_writer_is_refused_while_the_first_runs() {
    let tmp = TempDir::new("lock");
    let dir = tmp.join("t");
    let long = args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "4",
        "--games",
        "40000",
        "--seed",
        "5",
        "--threads",
        "1",
        "--out",
        &dir
    ];
    let first = silver(&long)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start silver");
    // Wait until the first run has written its manifest (it holds the lock from before that).
    let started = Instant::now();
    while !dir.join("manifest.json").exists() {
        assert!(started.elapsed() < Duration::from_secs(120), "no manifest");
        std::thread::sleep(Duration::from_millis(5));
    }
    for second in [
        quick(&dir),
        with(quick(&dir), args!["--force"]),
        with(quick(&dir), args!["--resume"]),
    ] {
        let msg = fails(second);
        assert_mentions(&msg, &["in use by another run", "pid", "silver"]);
    }
    let out = Out::new(long, first.wait_with_output().unwrap());
    assert_eq!(out.code, Some(0), "{}", out.describe());
    // The first run's files are whole.
    let games = read_text(&dir.join("games.csv"));
    assert_eq!(games.lines().count(), 40000 * 4 + 1);
}

#[test]
fn a_finished_run_is_replaced_only_with_force() {
    let tmp = TempDir::new("force");
    let dir = tmp.join("t");
    ok(quick(&dir));
    let before = read(&dir.join("games.csv"));
    let msg = fails(quick_seed(&dir, 4));
    assert_mentions(&msg, &["holds a finished run", "--force"]);
    assert_eq!(read(&dir.join("games.csv")), before, "left alone");
    ok(with(quick_seed(&dir, 4), args!["--force"]));
    assert_ne!(read(&dir.join("games.csv")), before);
    // Merging into it, too.
    let shard = tmp.join("s");
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "2",
        "--games",
        "40",
        "--shard",
        "1/1",
        "--out",
        &shard
    ]);
    let msg = fails(args!["merge", "--out", &dir, &shard]);
    assert_mentions(&msg, &["holds a finished run", "--force"]);
    ok(args!["merge", "--force", "--out", &dir, &shard]);
}

#[test]
fn files_that_are_not_a_runs_are_never_overwritten() {
    let tmp = TempDir::new("foreign");
    for file in ["games.csv", "notes.txt"] {
        let dir = tmp.join(file);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(file), "mine\n").unwrap();
        for args in [quick(&dir), with(quick(&dir), args!["--force"])] {
            let msg = fails(args);
            assert_mentions(&msg, &["not a run's", file]);
        }
        assert_eq!(read_text(&dir.join(file)), "mine\n");
        let shard = tmp.join("s");
        if !shard.exists() {
            ok(args![
                "tournament",
                "--bots",
                "greedy",
                "--games",
                "4",
                "--shard",
                "1/1",
                "--out",
                &shard
            ]);
        }
        let msg = fails(args!["merge", "--out", &dir, &shard]);
        assert_mentions(&msg, &["not a run's"]);
    }
    // An empty directory is fine.
    let empty = tmp.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    ok(quick(&empty));
}

#[test]
fn run_names_are_one_path_component() {
    let tmp = TempDir::new("names");
    for name in ["../../x", "", "a/b", ".."] {
        let spec = tmp.write(
            "e.toml",
            &format!("name = {name:?}\nplayers = 2\nbots = [\"random\"]\ngames = 2\n"),
        );
        let msg = fails(args!["run", &spec, "--out", tmp.join("o")]);
        assert_mentions(&msg, &["name =", "plain name"]);
        let msg = fails(args![
            "tournament",
            "--bots",
            "random",
            "--games",
            "2",
            "--name",
            name,
            "--out",
            tmp.join("o")
        ]);
        assert_mentions(&msg, &["plain name"]);
    }
    assert!(!tmp.join("o").exists());
}

#[test]
fn resume_never_creates_its_directory() {
    let tmp = TempDir::new("resume-missing");
    let dir = tmp.join("nothing-here");
    let msg = fails(with(quick(&dir), args!["--resume"]));
    assert_mentions(&msg, &["manifest.json"]);
    assert!(!dir.exists());
    let msg = fails(args![
        "run",
        "experiments/balance-one-swap.toml",
        "--games",
        "4",
        "--resume",
        "--out",
        &dir
    ]);
    assert_mentions(&msg, &["balance.json"]);
    assert!(!dir.exists());
}

#[test]
fn a_finished_sweep_is_replaced_only_with_force() {
    let tmp = TempDir::new("sweep-force");
    let dir = tmp.join("b");
    let spec = tmp.write(
        "b.toml",
        "players = 2\nbots = [\"greedy\"]\ngames = 4\n[balance]\nsets = [\"bullet\"]\n",
    );
    ok(args!["run", &spec, "--out", &dir]);
    let msg = fails(args!["run", &spec, "--out", &dir]);
    assert_mentions(&msg, &["holds a finished run", "--force"]);
    ok(args!["run", &spec, "--out", &dir, "--force"]);
    let other = tmp.join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("x.txt"), "mine").unwrap();
    let msg = fails(args!["run", &spec, "--out", &other]);
    assert_mentions(&msg, &["not a run's", "x.txt"]);
}

/// Copies a run directory (flat: runs hold files only).
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

/// Edits a manifest and seals it again (as a tool that rewrote it would): the checks behind
/// the manifest's own checksum must still refuse what is wrong.
fn edit_manifest(dir: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    edit_json(&dir.join("manifest.json"), true, edit);
}

fn shards(tmp: &TempDir) -> Vec<std::path::PathBuf> {
    (1..=2)
        .map(|k| {
            let d = tmp.join(&format!("s{k}"));
            ok(args![
                "tournament",
                "--bots",
                "greedy,random,greedy-mem2",
                "--players",
                "3",
                "--games",
                "300",
                "--seed",
                "2",
                "--shard",
                format!("{k}/2"),
                "--out",
                &d
            ]);
            d
        })
        .collect()
}

#[test]
fn merge_and_verify_refuse_damaged_shards() {
    let tmp = TempDir::new("damaged");
    let good = shards(&tmp);
    for d in &good {
        let v = ok(args!["verify", d]);
        assert_mentions(&v.stdout, &["verified", "150 games"]);
    }
    let merged = tmp.join("merged");
    ok(args!["merge", "--out", &merged, &good[0], &good[1]]);
    assert_mentions(&ok(args!["verify", &merged]).stdout, &["300 games"]);

    type Damage = fn(&Path);
    let cases: [(&str, Damage, &[&str]); 6] = [
        (
            "a shard 1,000 bytes short",
            |d| {
                let p = d.join("games.csv");
                let n = std::fs::metadata(&p).unwrap().len();
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(&p)
                    .unwrap()
                    .set_len(n - 1000)
                    .unwrap();
            },
            &["games.csv", "bytes, but the manifest records"],
        ),
        (
            "an appended row",
            |d| {
                use std::io::Write;
                let mut f = std::fs::OpenOptions::new()
                    .append(true)
                    .open(d.join("rounds.csv"))
                    .unwrap();
                f.write_all(b"amulet,999,1,0,greedy,1,1,5,census,0,3\n")
                    .unwrap();
            },
            &["rounds.csv", "rows were added"],
        ),
        (
            "a changed byte",
            |d| {
                let p = d.join("census.csv");
                let mut b = std::fs::read(&p).unwrap();
                let i = b.len() / 2;
                b[i] = if b[i] == b'1' { b'2' } else { b'1' };
                std::fs::write(&p, b).unwrap();
            },
            &["census.csv", "checksum"],
        ),
        (
            "an edited win count",
            |d| {
                edit_manifest(d, |m| {
                    let w = m["stats"]["bots"][0]["wins"].as_u64().unwrap();
                    m["stats"]["bots"][0]["wins"] = (w + 1).into();
                    let w = m["stats"]["bots"][1]["wins"].as_u64().unwrap();
                    m["stats"]["bots"][1]["wins"] = (w - 1).into();
                })
            },
            &["games.csv gives greedy", "wins"],
        ),
        (
            "an edited game count",
            |d| edit_manifest(d, |m| m["stats"]["games"] = 149.into()),
            &["statistics of 149 games"],
        ),
        (
            "an edited summary",
            |d| {
                let p = d.join("summary.csv");
                let t = read_text(&p).replacen("greedy", "greedy2", 1);
                std::fs::write(&p, t).unwrap();
            },
            &["summary.csv differs"],
        ),
    ];
    for (what, damage, words) in cases {
        let bad = tmp.join("bad");
        let _ = std::fs::remove_dir_all(&bad);
        copy_dir(&good[1], &bad);
        damage(&bad);
        let msg = fails(args!["verify", &bad]);
        assert_mentions(&msg, words);
        if what != "an edited summary" {
            let out = tmp.join("out");
            let msg = fails(args!["merge", "--out", &out, &good[0], &bad]);
            assert_mentions(&msg, words);
            assert!(!out.join("games.csv").exists(), "{what}: merged anyway");
        }
    }
}

#[test]
fn resume_refuses_a_damaged_directory() {
    let tmp = TempDir::new("resume-damaged");
    let run = args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "4",
        "--games",
        "16000",
        "--seed",
        "5",
        "--threads",
        "1"
    ];
    let first = tmp.join("first");
    interrupt_after_a_block(with(run.clone(), args!["--out", &first]), &first);
    assert_mentions(&ok(args!["verify", &first]).stdout, &["unfinished"]);
    type Damage = fn(&Path);
    let cases: [(Damage, &[&str]); 4] = [
        // Shorter than recorded: never padded.
        (
            |d| {
                let p = d.join("games.csv");
                let m: serde_json::Value =
                    serde_json::from_str(&read_text(&d.join("manifest.json"))).unwrap();
                let len = m["files"][0][1].as_u64().unwrap();
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(&p)
                    .unwrap()
                    .set_len(len - 10)
                    .unwrap();
            },
            &["games.csv", "bytes, but the manifest records"],
        ),
        // More blocks claimed than the statistics hold (would duplicate rows or skip games).
        (
            |d| {
                edit_manifest(d, |m| {
                    let b = m["blocks_done"].as_u64().unwrap();
                    m["blocks_done"] = (b + 1).into();
                })
            },
            &["blocks done", "statistics of"],
        ),
        (
            |d| {
                edit_manifest(d, |m| {
                    m["blocks_done"] = m["blocks_total"].clone();
                })
            },
            &["blocks done", "statistics of"],
        ),
        (
            |d| {
                let p = d.join("games.csv");
                let mut b = std::fs::read(&p).unwrap();
                b[100] ^= 1;
                std::fs::write(&p, b).unwrap();
            },
            &["games.csv", "checksum"],
        ),
    ];
    for (damage, words) in cases {
        let bad = tmp.join("bad");
        let _ = std::fs::remove_dir_all(&bad);
        copy_dir(&first, &bad);
        damage(&bad);
        let before = read(&bad.join("games.csv"));
        let msg = fails(with(run.clone(), args!["--resume", "--out", &bad]));
        assert_mentions(&msg, words);
        assert_eq!(read(&bad.join("games.csv")), before, "left alone");
    }
    // The undamaged copy resumes to the uninterrupted run's files.
    assert_resumes_to_the_whole_run(&tmp, run, &first, "16000 games");
}

/// A run killed outright (SIGKILL: no chance to save) after its first checkpoint, while its
/// files hold rows the manifest does not record yet, resumes to the uninterrupted run's files:
/// the unrecorded rows are cut off and played again.
#[test]
fn a_run_killed_between_checkpoints_resumes_to_the_same_files() {
    use std::time::{Duration, Instant};
    let tmp = TempDir::new("killed");
    let run = args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "4",
        "--games",
        "60000",
        "--seed",
        "9",
        "--threads",
        "1"
    ];
    let dir = tmp.join("killed");
    let mut child = silver(&with(run.clone(), args!["--out", &dir]))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("cannot start silver");
    // Wait for a checkpoint, then for rows written after it (games.csv longer than recorded).
    let manifest = dir.join("manifest.json");
    let started = Instant::now();
    loop {
        let recorded = std::fs::read_to_string(&manifest).ok().and_then(|text| {
            let m: serde_json::Value = serde_json::from_str(&text).ok()?;
            (m["blocks_done"].as_u64()? > 0).then(|| m["files"][0][1].as_u64())?
        });
        let len = std::fs::metadata(dir.join("games.csv")).map_or(0, |m| m.len());
        if recorded.is_some_and(|r| len > r) {
            break;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before rows past a checkpoint were written; make it longer"
        );
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no checkpoint within 120 s"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_mentions(&ok(args!["verify", &dir]).stdout, &["unfinished"]);
    assert_resumes_to_the_whole_run(&tmp, run, &dir, "60000 games");
}

/// `--resume` finishes the unfinished run in `dir` with the files of the same run played at
/// once (into `tmp`), and `verify` then passes, counting `games`.
fn assert_resumes_to_the_whole_run(tmp: &TempDir, run: Vec<OsString>, dir: &Path, games: &str) {
    ok(with(run.clone(), args!["--resume", "--out", dir]));
    let whole = tmp.join("whole");
    ok(with(run, args!["--out", &whole]));
    assert_same_files(
        dir,
        &whole,
        &["games.csv", "rounds.csv", "census.csv", "summary.csv"],
    );
    assert_mentions(&ok(args!["verify", dir]).stdout, &[games]);
}

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
