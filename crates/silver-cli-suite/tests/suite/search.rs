//! Integration tests of `silver search`: a tiny search (values 2 and 4 over Amulet, 2 players,
//! halving from one deal down to two finalists, certified on four deals) is the same file for
//! file at one and two threads, as three shards of its first stage, and after a stop and a
//! lost chunk; its bad flags are one-line errors.

use crate::common::*;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

const SPEC: &str = TINY_SEARCH;

/// `silver search SPEC --out OUT --threads T --quiet` and `extra`.
fn search(spec: &Path, out: &Path, threads: &str, extra: &[&str]) -> Vec<OsString> {
    let mut a = args![
        "search",
        spec,
        "--out",
        out,
        "--threads",
        threads,
        "--quiet"
    ];
    a.extend(extra.iter().map(OsString::from));
    a
}

/// Every file under `dir` (the lock file aside), by its path under `dir`, in order.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if !p.ends_with(".silver.lock") {
                out.push(p.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

fn assert_same_trees(a: &Path, b: &Path) {
    let (fa, fb) = (files(a), files(b));
    assert_eq!(fa, fb);
    let names: Vec<String> = fa.iter().map(|p| p.display().to_string()).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    assert_same_files(a, b, &names);
}

#[test]
fn a_tiny_search_is_the_same_at_any_thread_count_shard_split_and_resume() {
    let tmp = TempDir::new("search-tiny");
    let spec = spec_file(&tmp, "tiny.toml", SPEC);
    let one = tmp.join("one");
    let out = ok(search(&spec, &one, "1", &[]));
    // The ranking: the finalists and the base, best first.
    assert!(
        out.stdout
            .starts_with("ranking at the certify fidelity (lower is better)"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("amulet (base)"), "{}", out.stdout);
    for f in ["search.json", "search.csv", "ranking.csv"] {
        assert!(one.join(f).is_file(), "{f}");
    }
    assert!(one.join("stages/01-screen/chunk-000000.csv").is_file());
    let csv = read_text(&one.join("search.csv"));
    assert_eq!(
        csv.lines().filter(|l| l.starts_with("1,screen,")).count(),
        12
    );
    // Two threads.
    let two = tmp.join("two");
    ok(search(&spec, &two, "2", &[]));
    assert_same_trees(&one, &two);
    // Stage 1 as three shards, then the rest.
    let sharded = tmp.join("sharded");
    for k in ["1/3", "2/3", "3/3"] {
        ok(search(
            &spec,
            &sharded,
            "1",
            &["--stage", "1", "--shard", k],
        ));
    }
    ok(search(&spec, &sharded, "2", &["--resume"]));
    assert_same_trees(&one, &sharded);
    // Stopped after stage 2, resumed; then a chunk lost and a chunk damaged, resumed.
    let stopped = tmp.join("stopped");
    ok(search(&spec, &stopped, "2", &["--stage", "1"]));
    ok(search(&spec, &stopped, "2", &["--stage", "2"]));
    ok(search(&spec, &stopped, "2", &["--resume"]));
    assert_same_trees(&one, &stopped);
    std::fs::remove_file(stopped.join("stages/01-screen/chunk-000003.csv")).unwrap();
    std::fs::write(
        stopped.join("stages/02-screen/chunk-000000.csv"),
        "set,deal\n",
    )
    .unwrap();
    let out = ok(search(&spec, &stopped, "2", &["--resume"]));
    assert!(out.stdout.contains("\n2 chunks played"), "{}", out.stdout);
    assert_same_trees(&one, &stopped);
    // Verified with its spec; `silver verify` points there.
    let out = ok(search(&spec, &one, "2", &["--verify"]));
    assert!(
        out.stdout.ends_with(
            "search verified: 4 stages, 26 chunks; search.csv and ranking.csv are what its chunks make\n"
        ),
        "{}",
        out.stdout
    );
    assert_same_trees(&one, &two);
    let args: Vec<OsString> = vec!["verify".into(), one.clone().into()];
    let out = Out::new(args.clone(), silver(&args).output().unwrap());
    assert_eq!(out.code, Some(2), "{}", out.describe());
    assert!(
        out.stderr
            .contains("a balance search: verify it with its spec, `silver search SPEC --out"),
        "{}",
        out.describe()
    );
}

#[test]
fn bad_search_flags_and_directories_are_one_line_errors() {
    let tmp = TempDir::new("search-flags");
    let spec = spec_file(&tmp, "tiny.toml", SPEC);
    let dir = tmp.join("run");
    let msg = fails(search(&spec, &dir, "1", &["--shard", "1/3"]));
    assert_mentions(&msg, &["--shard needs --stage"]);
    let msg = fails(search(&spec, &dir, "1", &["--stage", "9"]));
    assert_mentions(&msg, &["--stage 9", "stages 1 to"]);
    let msg = fails(search(
        &spec,
        &dir,
        "1",
        &["--stage", "1", "--shard", "4/3"],
    ));
    assert_mentions(&msg, &["--shard 4/3"]);
    assert!(!dir.exists());
    let msg = fails(search(&spec, &dir, "1", &["--stage", "2"]));
    assert_mentions(&msg, &["stage 1", "not complete", "--stage 1"]);
    let msg = fails(search(&spec, &tmp.join("none"), "1", &["--resume"]));
    assert_mentions(&msg, &["cannot read", "search.json"]);
    // A finished search is neither overwritten nor joined by another plan.
    let done = tmp.join("done");
    ok(search(&spec, &done, "2", &[]));
    let msg = fails(search(&spec, &done, "2", &[]));
    assert_mentions(&msg, &["holds this search already", "--resume", "--force"]);
    let other = spec_file(&tmp, "other.toml", &SPEC.replace("seed = 5", "seed = 6"));
    let msg = fails(search(&other, &done, "2", &["--resume"]));
    assert_mentions(&msg, &["different plan", "--force"]);
    let before = read(&done.join("ranking.csv"));
    ok(search(&spec, &done, "2", &["--resume"]));
    assert_eq!(read(&done.join("ranking.csv")), before);
    // The schedule, without playing.
    let out = ok(args!["search", &spec, "--dry-run"]);
    assert!(out.stdout.contains("certify"), "{}", out.stdout);
    let msg = fails(args![
        "search",
        tmp.join("missing.toml"),
        "--out",
        tmp.join("x")
    ]);
    assert_mentions(&msg, &["missing.toml"]);
}

/// A screen long enough to interrupt: 108 sets at 4 players on 40 deals each (54 chunks).
const LONGER: &str = r#"
[search]
base = "amulet"
players = 4
seed = 2
values = [2, 4, 5, 8]
method = "uniform"

[search.screen]
deals = 40

[search.certify]
deals = 4

[[search.objective]]
name = "even"
terms = [{ metric = "seat_advantage", target = 0.0 }]
"#;

#[test]
fn an_interrupted_search_resumes_to_the_same_files() {
    let tmp = TempDir::new("search-interrupt");
    let spec = spec_file(&tmp, "longer.toml", LONGER);
    let (whole, stopped) = (tmp.join("whole"), tmp.join("stopped"));
    let first = stopped.join("stages/01-screen/chunk-000000.csv");
    let out = interrupt_once(
        search(&spec, &stopped, "1", &["--resume=auto"]),
        "a chunk was written",
        || first.is_file(),
    );
    assert!(
        out.stderr.contains("the completed chunks are in"),
        "{}",
        out.describe()
    );
    assert!(!stopped.join("search.csv").exists());
    // The same command again (--resume=auto: started afresh the first time) continues it.
    let out = ok(search(&spec, &stopped, "2", &["--resume=auto"]));
    assert!(
        !out.stdout.contains("(0 already complete)"),
        "{}",
        out.stdout
    );
    ok(search(&spec, &whole, "2", &[]));
    assert_same_trees(&whole, &stopped);
    // And once more, finished: no game is played, the files stay as they are.
    let out = ok(search(&spec, &stopped, "2", &["--resume=auto"]));
    assert!(out.stdout.contains(" 0 games in "), "{}", out.stdout);
    assert_same_trees(&whole, &stopped);
}
