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
