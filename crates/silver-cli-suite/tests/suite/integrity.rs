//! An output directory is owned by one run: a lock held for the whole run, merge or sweep; a
//! finished run is never replaced without `--force`; files that are not a run's are never
//! overwritten; run names are one path component; a run to resume is never created.

use crate::common::shards::{copy_dir, with};
use crate::common::*;

use std::ffi::OsString;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

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
