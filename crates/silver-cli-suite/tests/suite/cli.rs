//! Integration tests of the `silver` binary: they run the real executable from the workspace
//! root (so `bots/` and `experiments/` resolve) and write only into fresh temporary
//! directories. Nothing here asserts on wall-clock time; the one poll loop (the interrupt tests,
//! in `common`) has a generous timeout only as a safety net.

use crate::common::*;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Every CSV a default run of two or more bots writes.
const CSVS: [&str; 8] = [
    "games.csv",
    "rounds.csv",
    "census.csv",
    "cards.csv",
    "summary.csv",
    "pairs.csv",
    "ratings.csv",
    "ratings-pairs.csv",
];

/// The profiles shipped in `bots/`.
const PROFILES: [&str; 5] = ["greedy", "greedy-mem2", "ismcts-10k", "ismcts-1k", "random"];

/// Reads an output directory's manifest.
fn manifest(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&read_text(&dir.join("manifest.json")))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
}

/// The small 3-player tournament the determinism and shard tests use.
fn small_run(seed: u64) -> Vec<OsString> {
    args![
        "tournament",
        "--bots",
        "greedy,random,greedy-mem2",
        "--players",
        "3",
        "--games",
        "300",
        "--seed",
        seed.to_string(),
    ]
}

fn with(mut base: Vec<OsString>, more: Vec<OsString>) -> Vec<OsString> {
    base.extend(more);
    base
}

/// Runs `small_run(seed)` as three shards into `DIR/{prefix}1..3` and returns the directories.
fn make_shards(tmp: &TempDir, prefix: &str, seed: u64) -> Vec<PathBuf> {
    (1..=3)
        .map(|k| {
            let d = tmp.join(&format!("{prefix}{k}"));
            ok(with(
                small_run(seed),
                args!["--shard", format!("{k}/3"), "--out", &d],
            ));
            d
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Determinism

#[test]
fn same_files_at_any_thread_count() {
    let tmp = TempDir::new("threads");
    let (one, two) = (tmp.join("t1"), tmp.join("t2"));
    ok(with(small_run(9), args!["--threads", "1", "--out", &one]));
    ok(with(small_run(9), args!["--threads", "2", "--out", &two]));
    assert_same_files(&one, &two, &CSVS);
    // One row per game and seat, plus the header.
    assert_eq!(
        read_text(&one.join("games.csv")).lines().count(),
        300 * 3 + 1
    );
}

#[test]
fn summary_only_writes_the_same_summary() {
    let tmp = TempDir::new("summary-only");
    let (full, one, two) = (tmp.join("full"), tmp.join("s1"), tmp.join("s2"));
    ok(with(small_run(9), args!["--out", &full]));
    ok(with(
        small_run(9),
        args!["--summary-only", "--threads", "1", "--out", &one],
    ));
    ok(with(
        small_run(9),
        args!["--summary-only", "--threads", "2", "--out", &two],
    ));
    assert_same_files(&one, &two, &["summary.csv"]);
    assert_same_files(&full, &one, &["summary.csv"]);
    for f in ["games.csv", "rounds.csv", "census.csv", "cards.csv"] {
        assert!(!one.join(f).exists(), "--summary-only wrote {f}");
    }
}

// ---------------------------------------------------------------------------------------------
// Shards and merge

#[test]
fn merged_shards_equal_one_run() {
    let tmp = TempDir::new("merge");
    let whole = tmp.join("whole");
    ok(with(small_run(9), args!["--out", &whole]));
    let shards = make_shards(&tmp, "shard", 9);
    let merged = tmp.join("merged");
    let out = ok(args![
        "merge", "--out", &merged, &shards[0], &shards[1], &shards[2]
    ]);
    assert!(
        out.stdout.lines().any(|l| l.starts_with("bot")),
        "{}",
        out.describe()
    );
    assert_same_files(&whole, &merged, &CSVS);

    // The order the shards are named in does not matter.
    let reordered = tmp.join("reordered");
    ok(args![
        "merge", "--out", &reordered, &shards[2], &shards[0], &shards[1]
    ]);
    assert_same_files(&whole, &reordered, &CSVS);
}

#[test]
fn merge_rejects_a_missing_shard() {
    let tmp = TempDir::new("merge-missing");
    let s = make_shards(&tmp, "shard", 9);
    let out = tmp.join("merged");
    let msg = fails(args!["merge", "--out", &out, &s[0], &s[2]]);
    assert_mentions(&msg, &["1/3", "3/3", "exactly once", "got 1/3, 3/3"]);
    assert!(!out.exists(), "a failed merge created {}", out.display());
}

#[test]
fn merge_rejects_a_duplicated_shard() {
    let tmp = TempDir::new("merge-dup");
    let s = make_shards(&tmp, "shard", 9);
    let msg = fails(args![
        "merge",
        "--out",
        tmp.join("merged"),
        &s[0],
        &s[1],
        &s[1],
        &s[2]
    ]);
    assert_mentions(&msg, &["exactly once", "2/3, 2/3"]);
}

#[test]
fn merge_rejects_an_incomplete_shard() {
    let tmp = TempDir::new("merge-incomplete");
    let s = make_shards(&tmp, "shard", 9);
    // Mark shard 2 as unfinished, as an interrupted run leaves it.
    let m = s[1].join("manifest.json");
    let text = read_text(&m);
    assert!(text.contains("\"complete\": true"), "{text}");
    edit_json(&m, true, |m| m["complete"] = false.into());
    let msg = fails(args![
        "merge",
        "--out",
        tmp.join("merged"),
        &s[0],
        &s[1],
        &s[2]
    ]);
    assert_mentions(&msg, &["shard2", "not complete", "--resume"]);
}

#[test]
fn merge_rejects_shards_of_different_seeds() {
    let tmp = TempDir::new("merge-seeds");
    let a = make_shards(&tmp, "a", 9);
    let b = make_shards(&tmp, "b", 10);
    let msg = fails(args![
        "merge",
        "--out",
        tmp.join("merged"),
        &a[0],
        &a[1],
        &b[2]
    ]);
    assert_mentions(&msg, &["different runs", "a1", "b3"]);
}

#[test]
fn merge_rejects_a_run_that_is_not_a_shard() {
    let tmp = TempDir::new("merge-whole");
    let s = make_shards(&tmp, "shard", 9);
    let whole = tmp.join("whole");
    ok(with(small_run(9), args!["--out", &whole]));
    let msg = fails(args!["merge", "--out", tmp.join("merged"), &whole, &s[1]]);
    assert_mentions(&msg, &["whole", "not a shard", "--shard"]);
}

#[test]
fn merge_rejects_a_directory_without_a_run() {
    let tmp = TempDir::new("merge-empty");
    let s = make_shards(&tmp, "shard", 9);
    let empty = tmp.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let msg = fails(args!["merge", "--out", tmp.join("merged"), &s[0], &empty]);
    assert_mentions(&msg, &["empty", "manifest.json"]);
}

// ---------------------------------------------------------------------------------------------
// Errors: one line, exit code 2, no panic

#[test]
fn unknown_bot_lists_kinds_and_profiles() {
    let tmp = TempDir::new("unknown-bot");
    let msg = fails(args![
        "tournament",
        "--bots",
        "greedy,gredy",
        "--games",
        "4",
        "--out",
        tmp.join("out")
    ]);
    assert_mentions(
        &msg,
        &["unknown bot", "gredy", "random", "greedy", "ismcts"],
    );
    assert_mentions(&msg, &PROFILES);
}

#[test]
fn unknown_bot_in_a_spec_names_the_file() {
    let tmp = TempDir::new("unknown-bot-spec");
    let spec = spec_file(
        &tmp,
        "badbot.toml",
        "players = 2\nbots = [\"greedy\", \"gredy\"]\ngames = 4\n",
    );
    let msg = fails(args!["run", &spec, "--out", tmp.join("out")]);
    assert_mentions(
        &msg,
        &["badbot.toml", "unknown bot", "gredy", "greedy-mem2"],
    );
}

#[test]
fn unknown_key_in_a_spec() {
    let tmp = TempDir::new("unknown-key");
    let spec = spec_file(
        &tmp,
        "typo.toml",
        "players = 2\nbots = [\"greedy\", \"random\"]\ngamez = 10\n",
    );
    let msg = fails(args!["run", &spec, "--out", tmp.join("out")]);
    assert_mentions(&msg, &["typo.toml", "gamez", "unknown", "line 3", "games"]);
}

#[test]
fn impossible_player_count() {
    let tmp = TempDir::new("players");
    let spec = spec_file(
        &tmp,
        "five.toml",
        "players = 5\nbots = [\"greedy\", \"random\"]\ngames = 10\n",
    );
    let msg = fails(args!["run", &spec, "--out", tmp.join("out")]);
    assert_mentions(&msg, &["five.toml", "players", "5", "2, 3 or 4 players"]);
    let msg = fails(args![
        "tournament",
        "--bots",
        "greedy",
        "--players",
        "5",
        "--out",
        tmp.join("out")
    ]);
    assert_mentions(&msg, &["2, 3 or 4 players"]);
}

#[test]
fn missing_or_unreadable_experiment_file() {
    let tmp = TempDir::new("missing-spec");
    let missing = tmp.join("nope.toml");
    let msg = fails(args!["run", &missing, "--out", tmp.join("out")]);
    assert_mentions(&msg, &["cannot read", "nope.toml"]);
    // A directory is not a readable file either.
    let dir = tmp.join("adir.toml");
    std::fs::create_dir_all(&dir).unwrap();
    let msg = fails(args!["run", &dir, "--out", tmp.join("out")]);
    assert_mentions(&msg, &["cannot read", "adir.toml"]);
}

#[test]
fn unwritable_output_directory() {
    let tmp = TempDir::new("unwritable");
    let file = tmp.join("a-file");
    std::fs::write(&file, "not a directory").unwrap();
    let inside = file.join("out");
    let msg = fails(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "4",
        "--out",
        &inside
    ]);
    assert_mentions(&msg, &["output directory", "a-file"]);
}

#[test]
fn unknown_inline_parameter() {
    let tmp = TempDir::new("inline");
    let msg = fails(args![
        "tournament",
        "--bots",
        "ismcts:iters=5",
        "--games",
        "4",
        "--out",
        tmp.join("out")
    ]);
    assert_mentions(&msg, &["iters", "iterations"]);
}

#[test]
fn bad_shard() {
    let tmp = TempDir::new("bad-shard");
    for shard in ["4/3", "0/3", "1/0", "x/3", "3"] {
        let msg = fails(with(
            small_run(9),
            args!["--shard", shard, "--out", tmp.join("out")],
        ));
        assert_mentions(&msg, &["--shard", shard]);
    }
    assert!(!tmp.join("out").join("manifest.json").exists());
}

#[test]
fn resume_needs_a_run_to_resume() {
    let tmp = TempDir::new("resume-nothing");
    let msg = fails(with(
        small_run(9),
        args!["--resume", "--out", tmp.join("out")],
    ));
    assert_mentions(&msg, &["manifest.json"]);
}

#[test]
fn resume_with_other_options_is_refused() {
    let tmp = TempDir::new("resume-other");
    let out = tmp.join("out");
    ok(with(small_run(9), args!["--out", &out]));
    // Pretend the run was interrupted, then try to resume it with another seed.
    let m = out.join("manifest.json");
    edit_json(&m, true, |m| m["complete"] = false.into());
    let msg = fails(with(small_run(10), args!["--resume", "--out", &out]));
    assert_mentions(&msg, &["different plan"]);
    // And without --resume, the unfinished run is not overwritten.
    let msg = fails(with(small_run(9), args!["--out", &out]));
    assert_mentions(&msg, &["unfinished run", "--resume"]);
}

// ---------------------------------------------------------------------------------------------
// Interrupt and resume

/// Long enough (several seconds on one thread) that the run is still going when the first
/// window of blocks is on disk; its per-game files are written.
fn long_run() -> Vec<OsString> {
    args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "4",
        "--games",
        "16000",
        "--seed",
        "5",
    ]
}

/// The `N` of the `N games in ...` line of a finished run.
fn games_played(out: &Out) -> u64 {
    out.stdout
        .lines()
        .find_map(|l| l.split_once(" games in ").and_then(|(n, _)| n.parse().ok()))
        .unwrap_or_else(|| panic!("no `N games in` line:\n{}", out.describe()))
}

#[test]
fn resume_after_interrupt_gives_the_same_files() {
    let tmp = TempDir::new("resume");
    let (dir, reference) = (tmp.join("interrupted"), tmp.join("reference"));

    let out = interrupt_after_a_block(
        with(long_run(), args!["--threads", "1", "--out", &dir]),
        &dir,
    );
    let last = out.stderr.trim_end().lines().last().unwrap_or("");
    assert_mentions(last, &["interrupted", "--resume"]);
    let m = manifest(&dir);
    assert_eq!(m["complete"], false, "{m}");
    let (done, total) = (
        m["blocks_done"].as_u64().unwrap(),
        m["blocks_total"].as_u64().unwrap(),
    );
    assert!(0 < done && done < total, "{done} of {total} blocks");
    assert!(!dir.join("summary.csv").exists());

    // Without --resume the unfinished run is refused (and left alone).
    let msg = fails(with(long_run(), args!["--threads", "1", "--out", &dir]));
    assert_mentions(&msg, &["unfinished run", "--resume"]);

    // Resume (on another thread count) to completion: only the missing games are played.
    let resumed = ok(with(
        long_run(),
        args!["--threads", "2", "--resume", "--out", &dir],
    ));
    let played = games_played(&resumed);
    assert!(
        0 < played && played < 16000,
        "resumed run played {played} games\n{}",
        resumed.describe()
    );
    assert_eq!(manifest(&dir)["complete"], true);

    // The same files as an uninterrupted run.
    ok(with(
        long_run(),
        args!["--threads", "2", "--out", &reference],
    ));
    assert_same_files(&dir, &reference, &CSVS);
    assert_eq!(
        read_text(&dir.join("games.csv")).lines().count(),
        16000 * 4 + 1
    );

    // A complete run cannot be resumed.
    let msg = fails(with(long_run(), args!["--resume", "--out", &dir]));
    assert_mentions(&msg, &["already complete"]);
}

/// Blocks a run in `dir` has recorded (0 before its manifest).
fn blocks_done(dir: &Path) -> u64 {
    std::fs::read_to_string(dir.join("manifest.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|m| m["blocks_done"].as_u64())
        .unwrap_or(0)
}

#[test]
fn resume_auto_restarts_after_term_and_kill_to_the_same_files() {
    // A scheduler's task, started again by the same command after each stop: preempted
    // (SIGTERM: the run saves), killed (SIGKILL: what the last checkpoint holds), preempted
    // again, then left to finish.
    let tmp = TempDir::new("resume-auto");
    let (dir, reference) = (tmp.join("restarted"), tmp.join("reference"));
    let command = || {
        with(
            long_run(),
            args!["--threads", "1", "--resume=auto", "--out", &dir],
        )
    };
    for signal in ["-TERM", "-KILL", "-TERM"] {
        let before = blocks_done(&dir);
        let out = signal_once(command(), signal, "a block more was saved", || {
            blocks_done(&dir) > before
        });
        if signal == "-TERM" {
            let last = out.stderr.trim_end().lines().last().unwrap_or("");
            assert_mentions(last, &["interrupted", "--resume"]);
        }
        assert_eq!(manifest(&dir)["complete"], false);
    }
    let finished = ok(command());
    let played = games_played(&finished);
    assert!(
        0 < played && played < 16000,
        "the last start played {played} games\n{}",
        finished.describe()
    );
    ok(with(
        long_run(),
        args!["--threads", "2", "--out", &reference],
    ));
    assert_same_files(&dir, &reference, &CSVS);

    // Started once more (the scheduler retried a task that had finished): nothing is played,
    // nothing changes, exit 0.
    let again = ok(command());
    assert_mentions(&again.stderr, &["finished", "nothing to play"]);
    assert!(!again.stdout.contains(" games in "), "{}", again.describe());
    assert_same_files(&dir, &reference, &CSVS);

    // Another plan's run is refused, not replaced.
    let msg = fails(with(
        long_run(),
        args!["--set", "bullet", "--resume=auto", "--out", &dir],
    ));
    assert_mentions(&msg, &["different plan"]);
    assert_same_files(&dir, &reference, &CSVS);
}

// ---------------------------------------------------------------------------------------------
// Replay

#[test]
fn replay_matches_the_tournament() {
    let tmp = TempDir::new("replay");
    let dir = tmp.join("t");
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "2",
        "--seed",
        "9",
        "--games",
        "10",
        "--out",
        &dir
    ]);
    let out = ok(args![
        "replay",
        "--bots",
        "greedy,random",
        "--players",
        "2",
        "--seed",
        "9",
        "--game",
        "3"
    ]);
    let lines: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    let head = &lines[0];
    assert_eq!(head["game"], 3, "{head}");
    assert_eq!(head["seed"], 9, "{head}");
    let seats: Vec<&str> = head["seats"]
        .as_array()
        .unwrap_or_else(|| panic!("no seats: {head}"))
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    let count = |name: &str| lines.iter().filter(|l| l["event"] == name).count();
    assert!(count("round-started") >= 1, "no round-started event");
    let ended: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|l| l["event"] == "game-ended")
        .collect();
    assert_eq!(ended.len(), 1, "expected one game-ended event");
    assert_eq!(
        lines.last(),
        Some(ended[0]),
        "game-ended is not the last event"
    );
    let winner = ended[0]["winner"]
        .as_u64()
        .unwrap_or_else(|| panic!("no winner: {}", ended[0]));

    // games.csv: set,game,deal,rotation,seat,bot,total,rank,won
    let games = read_text(&dir.join("games.csv"));
    assert!(games.starts_with("set,game,deal,rotation,seat,bot,total,rank,won\n"));
    let rows: Vec<Vec<&str>> = games
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|r| r[1] == "3")
        .collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    let totals = ended[0]["totals"].as_array().unwrap();
    for r in &rows {
        assert_eq!(r[0], "amulet", "set column: {r:?}");
        let seat: usize = r[4].parse().unwrap();
        assert_eq!(r[5], seats[seat], "bot of seat {seat}");
        assert_eq!(r[6], totals[seat].to_string(), "total of seat {seat}");
        let won = if seat as u64 == winner { "1" } else { "0" };
        assert_eq!(
            r[8], won,
            "won column of seat {seat}: {r:?}, winner {winner}"
        );
    }
}

#[test]
fn replay_rejects_a_game_outside_the_run() {
    let msg = fails(args![
        "replay",
        "experiments/quickstart.toml",
        "--games",
        "10",
        "--game",
        "10"
    ]);
    assert_mentions(&msg, &["game 10", "10 games"]);
}

// ---------------------------------------------------------------------------------------------
// Experiments and bots

#[test]
fn quickstart_runs_and_prints_a_summary() {
    let tmp = TempDir::new("quickstart");
    let dir = tmp.join("q");
    let out = ok(args![
        "run",
        "experiments/quickstart.toml",
        "--games",
        "40",
        "--out",
        &dir
    ]);
    assert!(
        out.stdout.lines().any(|l| l.starts_with("bot")),
        "no summary table:\n{}",
        out.describe()
    );
    assert!(
        out.stdout.lines().any(|l| l.contains("games/s")),
        "no games/s line:\n{}",
        out.describe()
    );
    for f in CSVS {
        assert!(dir.join(f).is_file(), "{f} missing");
    }
    // summary.csv: one row per distinct bot of the spec (greedy, greedy-mem2, random, greedy)
    // and one per seat.
    let summary = read_text(&dir.join("summary.csv"));
    let rows: Vec<Vec<&str>> = summary
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let names =
        |kind: &str| -> Vec<&str> { rows.iter().filter(|r| r[1] == kind).map(|r| r[2]).collect() };
    let mut bots = names("bot");
    bots.sort();
    assert_eq!(bots, ["greedy", "greedy-mem2", "random"], "{summary}");
    assert_eq!(names("seat"), ["0", "1", "2", "3"], "{summary}");
    assert_eq!(rows.len(), 3 + 4, "{summary}");
    for r in rows.iter().filter(|r| r[1] == "seat") {
        assert_eq!(r[3], "40", "every seat plays every game: {r:?}");
    }
}

#[test]
fn bots_lists_the_shipped_profiles() {
    let out = ok(args!["bots"]);
    assert!(out.stdout.contains("built-in kinds:"), "{}", out.describe());
    for p in PROFILES {
        assert!(
            out.stdout
                .lines()
                .any(|l| l.split_whitespace().next() == Some(p)),
            "profile {p} not listed:\n{}",
            out.describe()
        );
    }
    assert!(!out.stdout.contains("INVALID"), "{}", out.describe());
}

#[test]
fn bots_dir_flag_is_used() {
    let tmp = TempDir::new("bots-dir");
    std::fs::write(tmp.join("cautious.toml"), "kind = \"greedy\"\n").unwrap();
    let out = ok(args!["bots", "--bots-dir", &tmp.0]);
    assert!(
        out.stdout.lines().any(|l| l.starts_with("cautious")),
        "{}",
        out.describe()
    );
    let dir = tmp.join("out");
    ok(args![
        "tournament",
        "--bots",
        "cautious,random",
        "--games",
        "4",
        "--bots-dir",
        &tmp.0,
        "--out",
        &dir
    ]);
    assert!(read_text(&dir.join("summary.csv")).contains(",bot,cautious,4,"));
}

/// `--seating gauntlet`: the first bot against each of the others, one seat each among the
/// baseline's: every candidate plays only against the baseline, in every seat.
#[test]
fn gauntlet_plays_each_candidate_against_the_baseline_only() {
    let tmp = TempDir::new("gauntlet");
    let out = tmp.join("g");
    ok(args![
        "tournament",
        "--bots",
        "greedy,random,greedy-mem2",
        "--players",
        "3",
        "--seating",
        "gauntlet",
        "--games",
        "36",
        "--seed",
        "4",
        "--out",
        &out
    ]);
    let games = read_text(&out.join("games.csv"));
    let mut per_game: std::collections::BTreeMap<u64, Vec<(u64, String)>> = Default::default();
    for line in games.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        per_game
            .entry(f[1].parse().unwrap())
            .or_default()
            .push((f[4].parse().unwrap(), f[5].to_string()));
    }
    assert_eq!(per_game.len(), 36);
    let mut candidate_seats: std::collections::BTreeMap<String, Vec<u64>> = Default::default();
    for seats in per_game.values() {
        let others: Vec<&(u64, String)> = seats.iter().filter(|(_, b)| b != "greedy").collect();
        assert_eq!(others.len(), 1, "one candidate per game: {seats:?}");
        candidate_seats
            .entry(others[0].1.clone())
            .or_default()
            .push(others[0].0);
    }
    for (bot, mut seats) in candidate_seats.clone() {
        assert_eq!(seats.len(), 18, "{bot}");
        seats.sort();
        assert_eq!(seats, [[0u64; 6], [1; 6], [2; 6]].concat(), "{bot}");
    }
    assert_eq!(candidate_seats.len(), 2);
}

/// The search's outputs do not depend on the thread count either (its state — the tree, the
/// planned multi-exchange — starts afresh with every game a worker plays).
#[test]
fn search_runs_are_the_same_at_any_thread_count() {
    let tmp = TempDir::new("ismcts-threads");
    let (one, two) = (tmp.join("t1"), tmp.join("t2"));
    for (dir, threads) in [(&one, "1"), (&two, "2")] {
        ok(args![
            "tournament",
            "--bots",
            "ismcts:iterations=40,greedy",
            "--players",
            "2",
            "--games",
            "48",
            "--seed",
            "5",
            "--threads",
            threads,
            "--out",
            dir
        ]);
    }
    assert_same_files(&one, &two, &["games.csv", "rounds.csv", "census.csv"]);
}

/// Sizes a run cannot have are one-line errors (exit 2), checked before anything is written:
/// a thread count that would hang the machine starting threads, and a game count whose
/// indices would overflow.
#[test]
fn absurd_thread_and_game_counts_are_refused_before_anything_is_written() {
    let tmp = TempDir::new("absurd-sizes");
    let out = tmp.join("never");
    let msg = fails(args![
        "tournament",
        "--bots",
        "greedy",
        "--threads",
        "100000",
        "--out",
        &out
    ]);
    assert_mentions(&msg, &["--threads 100000", "1024"]);
    assert!(!out.exists(), "{} was created", out.display());
    let msg = fails(args![
        "tournament",
        "--bots",
        "greedy",
        "--games",
        "18446744073709551615",
        "--out",
        &out
    ]);
    assert_mentions(&msg, &["18446744073709551615", "at most"]);
    assert!(!out.exists(), "{} was created", out.display());
    // The cap is exact: one game more is refused.
    let msg = fails(args![
        "tournament",
        "--bots",
        "greedy",
        "--games",
        "1000000000001",
        "--out",
        &out
    ]);
    assert_mentions(&msg, &["1000000000000"]);
}
