//! A run directory vouches for everything in it: every number of a manifest is covered by its
//! checksum (and the statistics the per-game files hold are recounted from them), a sweep's
//! files are in the same net, a directory is a run's from its first byte (a run or merge
//! killed at start is taken back), `report` writes no page into a directory another process
//! holds, and a merge streams its files.

use crate::common::shards::*;
use crate::common::*;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// An SPRT's LLR and decision are checked against its head-to-head sums and `sprt.csv`.
#[test]
fn an_edited_sprt_state_is_refused() {
    let tmp = TempDir::new("tamper-sprt");
    let dir = tmp.join("sprt");
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "2",
        "--games",
        "400",
        "--seed",
        "7",
        "--sprt",
        "elo0=0,elo1=10",
        "--out",
        &dir
    ]);
    ok(args!["verify", &dir]);
    type Edit = fn(&mut Value);
    let cases: [(Edit, &[&str]); 3] = [
        (
            |m| m["sprt"]["llr"] = (m["sprt"]["llr"].as_f64().unwrap() + 0.5).into(),
            &["SPRT at LLR", "head-to-head sums give"],
        ),
        (
            |m| {
                let d = if m["sprt"]["decision"] == "H1" {
                    "H0"
                } else {
                    "H1"
                };
                m["sprt"]["decision"] = d.into();
            },
            &["SPRT at LLR", "head-to-head sums give"],
        ),
        (
            |m| {
                let p = &mut m["stats"]["pairs"]["pairs"][0]["cells"][0][2];
                *p = (p.as_u64().unwrap() + 1).into();
            },
            &["SPRT at LLR"],
        ),
    ];
    let work = tmp.join("work");
    for (edit, words) in cases {
        copy_dir(&dir, &work);
        // Unsealed, the checksum refuses it; sealed again, the recomputed test does.
        edit_json(&work.join("manifest.json"), false, edit);
        assert_mentions(&fails(args!["verify", &work]), &["edited or damaged"]);
        copy_dir(&dir, &work);
        edit_json(&work.join("manifest.json"), true, edit);
        assert_mentions(&fails(args!["verify", &work]), words);
    }
    // sprt.csv's last row against the manifest.
    copy_dir(&dir, &work);
    let p = work.join("sprt.csv");
    let text = read_text(&p);
    let last = text.trim_end().rsplit('\n').next().unwrap().to_string();
    let cols: Vec<&str> = last.split(',').collect();
    let llr: f64 = cols[3].parse().unwrap();
    let edited = format!(
        "{},{},{},{:.6},{}",
        cols[0],
        cols[1],
        cols[2],
        llr + 0.25,
        cols[4..].join(",")
    );
    assert_eq!(edited.len(), last.len());
    std::fs::write(&p, text.replace(&last, &edited)).unwrap();
    edit_json(&work.join("manifest.json"), true, |m| {
        let files = m["files"].as_array_mut().unwrap();
        let f = files.iter_mut().find(|f| f[0] == "sprt.csv").unwrap();
        f[2] = crc32fast::hash(&read(&p)).into();
    });
    assert_mentions(&fails(args!["verify", &work]), &["sprt.csv ends at LLR"]);
}

/// A manifest's `files` must list every per-game file the run writes: with an entry removed or
/// the list emptied, `verify`, `merge` and `--resume` refuse (sealed again or not).
#[test]
fn a_files_list_with_an_entry_removed_or_emptied_is_refused() {
    let tmp = TempDir::new("tamper-files");
    let [s1, s2] = two_shards(&tmp);
    let work = tmp.join("work");
    type Edit = fn(&mut Value);
    let cases: [Edit; 3] = [
        |m| {
            m["files"].as_array_mut().unwrap().remove(1);
        },
        |m| {
            m["files"].as_array_mut().unwrap().pop();
        },
        |m| m["files"] = Value::Array(Vec::new()),
    ];
    for edit in cases {
        for sealed in [false, true] {
            let words: &[&str] = if sealed {
                &["the manifest lists the files", "but the run writes"]
            } else {
                &["edited or damaged"]
            };
            copy_dir(&s2, &work);
            edit_json(&work.join("manifest.json"), sealed, edit);
            assert_mentions(&fails(args!["verify", &work]), words);
            let out = tmp.join("merged");
            let _ = std::fs::remove_dir_all(&out);
            assert_mentions(&fails(args!["merge", "--out", &out, &s1, &work]), words);
            assert!(!out.join("games.csv").exists(), "merged a truncated shard");
            copy_dir(&s2, &work);
            edit_json(&work.join("manifest.json"), sealed, |m| {
                edit(m);
                m["complete"] = false.into();
            });
            let before = read(&work.join("games.csv"));
            assert_mentions(&fails(with(shard_args(&work, 2), args!["--resume"])), words);
            assert_eq!(read(&work.join("games.csv")), before);
        }
    }
    // Nor does a new run or merge replace a directory whose manifest was edited: whose run
    // it was, and how far it got, is unknown.
    copy_dir(&s2, &work);
    edit_json(&work.join("manifest.json"), false, |m| {
        m["blocks_done"] = 0.into()
    });
    for flags in [args![], args!["--force"]] {
        let msg = fails(with(shard_args(&work, 2), flags.clone()));
        assert_mentions(&msg, &["manifest.json", "edited or damaged"]);
        let msg = fails(with(args!["merge", "--out", &work, &s1, &s2], flags));
        assert_mentions(&msg, &["manifest.json", "edited or damaged"]);
    }
}

/// Every number of a sweep's `balance.csv`, `game-metrics.csv` and `balance.json`, changed one
/// at a time, is refused by `verify`; `--resume` refuses an edited set's counts (and an edited
/// `balance.json`) rather than folding them into `balance.csv`; a missing set directory fails
/// `verify`.
#[test]
fn every_number_of_a_sweep_file_is_refused() {
    let tmp = TempDir::new("tamper-sweep");
    let spec = tmp.write(
        "b.toml",
        "players = 2\nbots = [\"greedy\", \"random\"]\ngames = 4\nseed = 4\n[balance]\nsets = [\"bullet\"]\n",
    );
    let dir = tmp.join("b");
    ok(args!["run", &spec, "--out", &dir]);
    ok(args!["verify", &dir]);
    let work = tmp.join("work");
    let copy = |to: &Path| {
        let _ = std::fs::remove_dir_all(to);
        assert!(Command::new("cp")
            .arg("-r")
            .arg(&dir)
            .arg(to)
            .status()
            .unwrap()
            .success());
    };
    let sets: Vec<PathBuf> = {
        let mut v: Vec<_> = std::fs::read_dir(dir.join("sets"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        v.sort();
        v
    };
    assert!(sets.len() >= 2);
    let mut rng = Seeded(30);
    // CSV files: every numeric field of every row.
    let mut files: Vec<PathBuf> = vec![PathBuf::from("balance.csv")];
    for s in &sets {
        files.push(s.strip_prefix(&dir).unwrap().join("game-metrics.csv"));
    }
    let mut checked = 0;
    for rel in &files {
        let text = read_text(&dir.join(rel));
        let lines: Vec<&str> = text.lines().collect();
        for (r, line) in lines.iter().enumerate().skip(1) {
            let fields: Vec<&str> = line.split(',').collect();
            for (c, field) in fields.iter().enumerate() {
                let Ok(x) = field.parse::<f64>() else {
                    continue;
                };
                let d = 1 + rng.next() % 9;
                let new = if field.contains('.') {
                    format!("{:.4}", x + d as f64 / 1000.0)
                } else {
                    (x as i64 + d as i64).to_string()
                };
                let mut f2 = fields.clone();
                f2[c] = &new;
                let mut l2 = lines.clone();
                let edited_line = f2.join(",");
                l2[r] = &edited_line;
                copy(&work);
                std::fs::write(work.join(rel), l2.join("\n") + "\n").unwrap();
                let what = format!("{} row {r} column {c}: {field} -> {new}", rel.display());
                let msg = fails(args!["verify", &work]);
                assert!(
                    msg.contains("checksum") || msg.contains("bytes, but"),
                    "{what}: {msg}"
                );
                if rel.ends_with("game-metrics.csv") {
                    // An unfinished sweep (sealed again: the edit is ours) re-reads its sets.
                    edit_json(&work.join("balance.json"), true, |m| {
                        m["complete"] = false.into();
                        m.as_object_mut().unwrap().remove("balance");
                    });
                    // (The sweep's progress lines come before the error.)
                    let out = super::common::run(args!["run", &spec, "--out", &work, "--resume"]);
                    assert_eq!(out.code, Some(2), "{what}: {}", out.describe());
                    assert_mentions(&error_line(&out), &["game-metrics.csv"]);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} numbers");
    // balance.json's numbers: the checksum.
    let original: Value = serde_json::from_str(&read_text(&dir.join("balance.json"))).unwrap();
    let mut leaves = Vec::new();
    numeric_leaves(&original, &mut Vec::new(), &mut leaves);
    for path in &leaves {
        copy(&work);
        edit_json(&work.join("balance.json"), false, |m| {
            *at(m, path) = mutate(at(m, path), &mut rng);
        });
        assert_mentions(
            &fails(args!["verify", &work]),
            &["balance.json", "edited or damaged"],
        );
        let out = super::common::run(args!["run", &spec, "--out", &work, "--resume"]);
        assert_eq!(out.code, Some(2), "{}", out.describe());
        assert_mentions(&error_line(&out), &["balance.json", "edited or damaged"]);
    }
    // A missing set directory.
    copy(&work);
    let gone = work.join(sets[1].strip_prefix(&dir).unwrap());
    std::fs::remove_dir_all(&gone).unwrap();
    assert_mentions(
        &fails(args!["verify", &work]),
        &["set directory", "missing"],
    );
}

use std::process::Command;

/// What a run stopped at its very start leaves (each point a kill can hit, from the lock
/// file alone to the manifest with its first rows unrecorded) is taken back by running the
/// same command again, by `--resume` and by `--force`, to the files of the run done at once.
#[test]
fn a_run_killed_at_start_is_simply_rerun() {
    let tmp = TempDir::new("killed-start");
    let games = |out: &Path, games: &str| {
        args![
            "tournament",
            "--bots",
            "greedy,random",
            "--players",
            "2",
            "--games",
            games,
            "--seed",
            "6",
            "--threads",
            "1",
            "--out",
            out
        ]
    };
    let run = |out: &Path| games(out, "200");
    let whole = tmp.join("whole");
    ok(run(&whole));
    let files = ["games.csv", "rounds.csv", "census.csv", "summary.csv"];
    // The states a kill leaves, made from a finished run's files.
    let marker = |d: &Path| {
        // The manifest before any CSV: nothing done, the files as created (headers only).
        copy_dir(&whole, d);
        for f in [
            "summary.csv",
            "cards.csv",
            "pairs.csv",
            "ratings.csv",
            "ratings-pairs.csv",
        ] {
            let _ = std::fs::remove_file(d.join(f));
        }
        edit_json(&d.join("manifest.json"), true, |m| {
            m["complete"] = false.into();
            m["blocks_done"] = 0.into();
            for f in m["files"].as_array_mut().unwrap() {
                let name = f[0].as_str().unwrap().to_string();
                let text = read_text(&whole.join(&name));
                let header = text.lines().next().unwrap().to_string() + "\n";
                f[1] = (header.len() as u64).into();
                f[2] = crc32fast::hash(header.as_bytes()).into();
            }
            m.as_object_mut().unwrap().remove("speed");
        });
    };
    type State<'a> = Box<dyn Fn(&Path) + 'a>;
    let states: Vec<(&str, State)> = vec![
        (
            "the lock file alone",
            Box::new(|d: &Path| {
                std::fs::create_dir_all(d).unwrap();
                std::fs::write(d.join(".silver.lock"), "pid 1: silver").unwrap();
            }),
        ),
        (
            "the lock file and a half-written manifest",
            Box::new(|d: &Path| {
                std::fs::create_dir_all(d).unwrap();
                std::fs::write(d.join(".silver.lock"), "").unwrap();
                std::fs::write(d.join("manifest.tmp"), "{\"version\": 4, \"na").unwrap();
            }),
        ),
        (
            "the manifest and no CSV",
            Box::new(move |d: &Path| {
                marker(d);
                for f in ["games.csv", "rounds.csv", "census.csv"] {
                    std::fs::remove_file(d.join(f)).unwrap();
                }
            }),
        ),
        (
            "the manifest and a CSV cut inside its header",
            Box::new(move |d: &Path| {
                marker(d);
                std::fs::write(d.join("games.csv"), "set,ga").unwrap();
                std::fs::remove_file(d.join("census.csv")).unwrap();
            }),
        ),
        (
            "the manifest and rows of blocks not yet recorded",
            Box::new(move |d: &Path| marker(d)),
        ),
    ];
    for (what, make) in &states {
        for flags in [args![], args!["--resume"], args!["--force"]] {
            let d = tmp.join("k");
            let _ = std::fs::remove_dir_all(&d);
            make(&d);
            let out = super::common::run(with(run(&d), flags.clone()));
            assert_eq!(
                out.code,
                Some(0),
                "{what}, {flags:?}: not taken back\n{}",
                out.describe()
            );
            assert_same_files(&d, &whole, &files);
            ok(args!["verify", &d]);
        }
    }
    // A run that recorded blocks is not taken over (only continued with --resume).
    let d = tmp.join("k");
    let _ = std::fs::remove_dir_all(&d);
    marker(&d);
    edit_json(&d.join("manifest.json"), true, |m| {
        m["blocks_done"] = 1.into()
    });
    assert_mentions(&fails(run(&d)), &["unfinished run", "--resume"]);
    assert_mentions(
        &fails(with(run(&d), args!["--force"])),
        &["unfinished run", "--resume"],
    );
    // A run of another plan killed at start is replaced only with --force.
    let _ = std::fs::remove_dir_all(&d);
    marker(&d);
    let other = args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "2",
        "--games",
        "200",
        "--seed",
        "7",
        "--out",
        &d
    ];
    assert_mentions(&fails(other.clone()), &["unfinished run"]);
    ok(with(other, args!["--force"]));

    // And for real: SIGKILL after a few milliseconds, then the same command again (with
    // --resume where the kill came after a checkpoint, as the error says).
    let long = |out: &Path| games(out, "4000");
    let whole = tmp.join("whole-long");
    ok(long(&whole));
    let mut at_start = 0;
    for delay in [0u64, 1, 2, 3, 5, 8, 12, 20, 30, 50] {
        let d = tmp.join(&format!("kill{delay}"));
        let mut child = silver(&long(&d))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay));
        let _ = child.kill();
        child.wait().unwrap();
        if state(&d).0 {
            continue;
        }
        let again = super::common::run(long(&d));
        if again.code == Some(0) {
            at_start += 1;
        } else {
            assert!(state(&d).1 > 0, "{}", again.describe());
            assert_mentions(&error_line(&again), &["--resume"]);
            ok(with(long(&d), args!["--resume"]));
        }
        assert_same_files(&d, &whole, &files);
    }
    assert!(at_start > 0, "no kill landed before the first checkpoint");
}

/// Whether the run in `dir` is complete, and its blocks done (false, 0 without a manifest).
fn state(dir: &Path) -> (bool, u64) {
    std::fs::read_to_string(dir.join("manifest.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .map_or((false, 0), |m| {
            (
                m["complete"].as_bool().unwrap_or(false),
                m["blocks_done"].as_u64().unwrap_or(0),
            )
        })
}

/// A merge stopped while it writes leaves its manifest first (nothing recorded), and merging
/// again takes the directory back.
#[test]
fn a_killed_merge_is_merged_again() {
    let tmp = TempDir::new("killed-merge");
    let [s1, s2] = two_shards(&tmp);
    let whole = tmp.join("whole");
    ok(args!["merge", "--out", &whole, &s1, &s2]);
    let files = ["games.csv", "rounds.csv", "census.csv", "summary.csv"];
    // The state a kill during the copy leaves: the first manifest, a file half written.
    let d = tmp.join("m");
    copy_dir(&whole, &d);
    edit_json(&d.join("manifest.json"), true, |m| {
        m["complete"] = false.into();
        m["files"] = Value::Array(Vec::new());
    });
    for f in [
        "summary.csv",
        "cards.csv",
        "pairs.csv",
        "ratings.csv",
        "ratings-pairs.csv",
        "rounds.csv",
    ] {
        let _ = std::fs::remove_file(d.join(f));
    }
    let text = read(&whole.join("census.csv"));
    std::fs::write(d.join("census.tmp"), &text[..text.len() / 2]).unwrap();
    ok(args!["merge", "--out", &d, &s1, &s2]);
    assert_same_files(&d, &whole, &files);
    ok(args!["verify", &d]);
    // For real: kill merges at once and after a few milliseconds, then merge again.
    for delay in [0u64, 1, 3, 10] {
        let d = tmp.join(&format!("kill{delay}"));
        let merge_args = args!["merge", "--out", &d, &s1, &s2];
        let mut child = silver(&merge_args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay));
        let _ = child.kill();
        child.wait().unwrap();
        if state(&d).0 {
            continue;
        }
        ok(args!["merge", "--out", &d, &s1, &s2]);
        assert_same_files(&d, &whole, &files);
    }
}

/// `report` writes no page into a directory another process holds.
#[test]
fn report_refuses_a_locked_directory() {
    let tmp = TempDir::new("report-lock");
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
    let mut first = silver(&long)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !dir.join("manifest.json").exists() {
        assert!(started.elapsed() < Duration::from_secs(120), "no manifest");
        std::thread::sleep(Duration::from_millis(5));
    }
    let msg = fails(args!["report", &dir]);
    assert_mentions(&msg, &["in use by another run", "pid"]);
    assert!(!dir.join("report.html").exists());
    // Nor beside another run's files through --html.
    let msg = fails(args!["report", &dir, "--html", dir.join("page.html")]);
    assert_mentions(&msg, &["in use by another run"]);
    let _ = first.kill();
    first.wait().unwrap();
    // Once it is gone, the page is written.
    ok(args!["report", &dir]);
    assert!(dir.join("report.html").exists());
}

/// Bot names that need quoting in CSV (a comma, a quote) keep a run verifiable, resumable and
/// mergeable.
#[test]
fn quoted_names_keep_a_run_sound() {
    let tmp = TempDir::new("quoted-names");
    let spec = tmp.write(
        "q.toml",
        "players = 2\ngames = 40\nseed = 3\nbots = [{ kind = \"greedy\", name = \"greedy, \\\"the\\\" first\" }, \"random\"]\n",
    );
    let shards: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let d = tmp.join(&format!("q{k}"));
            ok(args![
                "run",
                &spec,
                "--shard",
                format!("{k}/2"),
                "--out",
                &d
            ]);
            ok(args!["verify", &d]);
            d
        })
        .collect();
    let merged = tmp.join("merged");
    ok(args!["merge", "--out", &merged, &shards[0], &shards[1]]);
    ok(args!["verify", &merged]);
    assert!(read_text(&merged.join("games.csv")).contains("\"greedy, \"\"the\"\" first\""));
}

/// A sweep stopped before it recorded a set (its lock file alone, or `balance.json` with no
/// set done) is taken back by the same command, `--resume` or `--force`.
#[test]
fn a_sweep_killed_at_start_is_simply_rerun() {
    let tmp = TempDir::new("sweep-killed-start");
    let spec = tmp.write(
        "b.toml",
        "players = 2\nbots = [\"greedy\", \"random\"]\ngames = 4\nseed = 4\n[balance]\nsets = [\"bullet\"]\n",
    );
    let whole = tmp.join("whole");
    ok(args!["run", &spec, "--out", &whole]);
    type State = fn(&Path, &Path);
    let states: [State; 2] = [
        |_, d| {
            std::fs::create_dir_all(d).unwrap();
            std::fs::write(d.join(".silver.lock"), "").unwrap();
        },
        |whole, d| {
            std::fs::create_dir_all(d).unwrap();
            std::fs::copy(whole.join("balance.json"), d.join("balance.json")).unwrap();
            edit_json(&d.join("balance.json"), true, |m| {
                m["complete"] = false.into();
                m["sets_done"] = 0.into();
                m.as_object_mut().unwrap().remove("balance");
            });
        },
    ];
    for make in states {
        for flags in [args![], args!["--resume"], args!["--force"]] {
            let d = tmp.join("k");
            let _ = std::fs::remove_dir_all(&d);
            make(&whole, &d);
            let out = super::common::run(with(args!["run", &spec, "--out", &d], flags.clone()));
            assert_eq!(out.code, Some(0), "{flags:?}: {}", out.describe());
            assert_eq!(
                read(&d.join("balance.csv")),
                read(&whole.join("balance.csv"))
            );
            ok(args!["verify", &d]);
        }
    }
}
