//! Failing loudly, in one line, and in our own words: output that cannot be written (a full
//! disk on standard output or error, a reader that went away), targets that are not regular
//! files, inputs that are not (or too large), panics outside a game, and the viewer at the end
//! of every shipped script.

use crate::common::*;
use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// `/dev/full`, opened for writing: every write fails with "no space left on device".
fn full() -> Stdio {
    Stdio::from(
        File::options()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full"),
    )
}

/// The write end of a pipe whose reader has gone (every write fails with a broken pipe).
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Stdio::from(writer)
}

/// Runs `silver ARGS` with its stdout and stderr as given (piped when None).
fn run_with(args: Vec<OsString>, stdout: Option<Stdio>, stderr: Option<Stdio>) -> Out {
    let mut c = silver(&args);
    c.stdout(stdout.unwrap_or_else(Stdio::piped));
    c.stderr(stderr.unwrap_or_else(Stdio::piped));
    let o = c.output().expect("silver starts");
    Out::new(args, o)
}

/// A finished 20-game run in `tmp/run`.
fn a_run(tmp: &TempDir) -> PathBuf {
    let dir = tmp.join("run");
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "20",
        "--quiet",
        "--out",
        &dir
    ]);
    dir
}

/// Asserts exit code 2 and exactly one line on stderr, an error naming standard output.
fn fails_writing_stdout(out: &Out) {
    assert_eq!(out.code, Some(2), "{}", out.describe());
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.describe());
    assert_mentions(
        &error_line(out),
        &["cannot write to standard output", "No space left"],
    );
}

#[test]
fn a_full_standard_output_is_a_one_line_error() {
    let tmp = TempDir::new("stdout-full");
    let dir = a_run(&tmp);
    for a in [
        args!["report", &dir, "--format", "json"],
        args!["report", &dir, "--format", "csv"],
        args!["report", &dir, "--html", tmp.join("r.html")],
        args!["verify", &dir],
        args!["bots"],
        args!["bots", "--show", "greedy"],
        args!["cards"],
        args!["sprt", "--counts", "1,2,3", "--elo0", "0", "--elo1", "10"],
        args!["replay", "--bots", "greedy,random", "--game", "0"],
        args!["--help"],
        args![
            "tournament",
            "--bots",
            "greedy,random",
            "--games",
            "4",
            "--quiet",
            "--out",
            tmp.join("t")
        ],
    ] {
        fails_writing_stdout(&run_with(a, Some(full()), None));
    }
}

#[test]
fn a_reader_that_went_away_is_not_an_error() {
    let tmp = TempDir::new("stdout-closed");
    let dir = a_run(&tmp);
    for a in [
        args!["verify", &dir],
        args!["report", &dir, "--format", "json"],
        args!["bots"],
        args!["cards"],
        args!["replay", "--bots", "greedy,random", "--game", "0"],
    ] {
        let out = run_with(a, Some(closed_pipe()), None);
        assert_eq!(out.code, Some(0), "{}", out.describe());
        assert_eq!(out.stderr, "", "{}", out.describe());
    }
    // As a shell sees it: `silver verify DIR | true` under pipefail.
    let script = format!(
        "set -o pipefail; '{}' verify '{}' | true",
        silver_bin().display(),
        dir.display()
    );
    let o = std::process::Command::new("bash")
        .args(["-c", &script])
        .current_dir(ROOT)
        .output()
        .expect("bash runs");
    assert!(o.status.success(), "{o:?}");
    assert!(o.stderr.is_empty(), "{o:?}");
}

#[test]
fn a_full_standard_error_neither_stops_a_run_nor_hides_its_end() {
    let tmp = TempDir::new("stderr-full");
    let dir = tmp.join("run");
    // Progress lines (stderr is not a terminal) all fail to be written.
    let out = run_with(
        args![
            "tournament",
            "--bots",
            "greedy,random",
            "--games",
            "40",
            "--threads",
            "1",
            "--out",
            &dir
        ],
        None,
        Some(full()),
    );
    assert_eq!(out.code, Some(0), "{}", out.describe());
    assert!(out.stdout.contains("40 games in"), "{}", out.describe());
    let m: serde_json::Value =
        serde_json::from_str(&read_text(&dir.join("manifest.json"))).unwrap();
    assert_eq!(m["complete"], true);
    ok(args!["verify", &dir]);
    // An error still ends with its exit code when it cannot be told.
    let out = run_with(args!["run", tmp.join("absent.toml")], None, Some(full()));
    assert_eq!(out.code, Some(2), "{}", out.describe());
}

/// The page must never replace what is not a regular file.
#[test]
fn report_html_refuses_targets_that_are_not_regular_files() {
    use std::os::unix::fs::FileTypeExt;
    let tmp = TempDir::new("html-targets");
    let dir = a_run(&tmp);
    let fifo = tmp.join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let target = tmp.write("target.txt", "keep me\n");
    let link = tmp.join("link.html");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let subdir = tmp.join("dir.html");
    std::fs::create_dir(&subdir).unwrap();
    for (path, what) in [
        (&fifo, "a FIFO"),
        (&link, "a symlink"),
        (&subdir, "a directory"),
        (&PathBuf::from("/dev/full"), "a device"),
    ] {
        let e = fails(args!["report", &dir, "--html", path]);
        assert_mentions(
            &e,
            &[&path.display().to_string(), what, "not a regular file"],
        );
    }
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(read_text(&target), "keep me\n");
    assert!(std::fs::metadata("/dev/full")
        .unwrap()
        .file_type()
        .is_char_device());
    assert!(!Path::new("/dev/full.html.tmp").exists());
    // Nothing was written next to them either.
    assert!(!tmp.join("fifo.html.tmp").exists() && !tmp.join("link.html.tmp").exists());
    // A regular file is replaced as before.
    let page = tmp.write("page.html", "old");
    ok(args!["report", &dir, "--html", &page]);
    assert!(read_text(&page).starts_with("<!DOCTYPE html>") || read_text(&page).contains("<html"));
}

/// The files a run writes whole (its manifest) are not written through a symlink either.
#[test]
fn a_run_does_not_replace_a_symlinked_manifest() {
    let tmp = TempDir::new("manifest-symlink");
    let dir = a_run(&tmp);
    let elsewhere = tmp.join("elsewhere.json");
    std::fs::rename(dir.join("manifest.json"), &elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, dir.join("manifest.json")).unwrap();
    let before = read(&elsewhere);
    let games = read(&dir.join("games.csv"));
    let e = fails(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "20",
        "--quiet",
        "--force",
        "--out",
        &dir
    ]);
    assert_mentions(&e, &["manifest.json", "a symlink", "not a regular file"]);
    assert!(std::fs::symlink_metadata(dir.join("manifest.json"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(read(&elsewhere), before);
    // Refused before anything was removed: the old run's files are all still there.
    assert_eq!(read(&dir.join("games.csv")), games);
}

#[test]
fn inputs_must_be_regular_files_of_bounded_size() {
    let tmp = TempDir::new("inputs");
    // A device as the spec: refused at once (it used to be read until memory ran out).
    let e = fails(args!["run", "/dev/zero"]);
    assert_mentions(&e, &["/dev/zero", "a device", "not a regular file"]);
    let e = fails(args!["view", "/dev/zero"]);
    assert_mentions(&e, &["/dev/zero", "a device"]);
    let e = fails(args!["play", "--plain", "--resume", "/dev/zero"]);
    assert_mentions(&e, &["/dev/zero", "a device"]);
    // Past the size cap: a sparse file, so the test writes nothing.
    let big = |name: &str| {
        let p = tmp.join(name);
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d).unwrap();
        }
        File::create(&p).unwrap().set_len(64 << 20).unwrap();
        p
    };
    let spec = big("big.toml");
    let e = fails(args!["run", &spec]);
    assert_mentions(&e, &["big.toml", "longer than 16 MiB"]);
    let set = big("sets/big-set.toml");
    let e = fails(args!["cards", "--set", &set]);
    assert_mentions(&e, &["big-set.toml", "longer than 16 MiB"]);
    big("bots/huge.toml");
    let e = fails(args![
        "bots",
        "--show",
        "huge",
        "--bots-dir",
        tmp.join("bots")
    ]);
    assert_mentions(&e, &["huge.toml", "longer than 16 MiB"]);
    let saved = big("saved.json");
    let e = fails(args!["view", &saved]);
    assert_mentions(&e, &["saved.json", "longer than 16 MiB"]);
    let run = tmp.join("run");
    std::fs::create_dir(&run).unwrap();
    File::create(run.join("manifest.json"))
        .unwrap()
        .set_len(64 << 20)
        .unwrap();
    let e = fails(args!["verify", &run]);
    assert_mentions(&e, &["manifest.json", "longer than 16 MiB"]);
}

/// The one line a panic outside a game prints, and the exit code that goes with it.
#[test]
fn a_panic_outside_a_game_is_one_line_and_a_failure() {
    let panicking = |how: &str, stderr: Option<Stdio>| {
        let args = args!["bots"];
        let o = silver(&args)
            .env("SILVER_TEST_PANIC", how)
            .stdout(Stdio::piped())
            .stderr(stderr.unwrap_or_else(Stdio::piped))
            .output()
            .expect("silver starts");
        Out::new(args, o)
    };
    let out = panicking("main", None);
    assert_eq!(out.code, Some(101), "{}", out.describe());
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.describe());
    let line = out.stderr.trim_end();
    assert!(
        line.starts_with(
            "error: internal error: SILVER_TEST_PANIC=main (at crates/silver-cli/src/main.rs:"
        ) && line.ends_with("); this is a bug, please report it"),
        "{}",
        out.describe()
    );
    // On another thread, whose end does not stop the command: the command finishes, the exit
    // code still tells.
    let out = panicking("thread", None);
    assert_eq!(out.code, Some(101), "{}", out.describe());
    assert!(out.stdout.contains("built-in kinds"), "{}", out.describe());
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.describe());
    assert!(out
        .stderr
        .contains("internal error: SILVER_TEST_PANIC=thread"));
    // With nowhere to tell it.
    let out = panicking("main", Some(full()));
    assert_eq!(out.code, Some(101), "{}", out.describe());
}

/// A game that panics on a worker is reported by the run (its index and replay command), not
/// by the panic hook.
#[test]
fn a_panic_inside_a_game_is_reported_by_the_run_only() {
    let tmp = TempDir::new("game-panic");
    let out = run(args![
        "tournament",
        "--bots",
        "exec:false,greedy",
        "--games",
        "2",
        "--quiet",
        "--out",
        tmp.join("run")
    ]);
    assert_ne!(out.code, Some(0), "{}", out.describe());
    assert_ne!(out.code, Some(101), "{}", out.describe());
    assert!(!out.stderr.contains("internal error"), "{}", out.describe());
    assert!(!out.stderr.contains("panicked at"), "{}", out.describe());
    assert!(out.stderr.contains("game 0"), "{}", out.describe());
}

/// Every shipped script opens in the viewer and its last screen says where it stops.
#[test]
fn every_shipped_script_opens_in_the_viewer() {
    use std::io::Write as _;
    let dir = Path::new(ROOT).join("crates/silver-rules/tests/scripts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 9);
    let mut stops = 0;
    for f in files {
        let script: serde_json::Value = serde_json::from_str(&read_text(&f)).unwrap();
        let n = script["actions"].as_array().unwrap().len();
        let args = args!["view", &f, "--plain"];
        let mut child = silver(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(format!("g {n}\nq\n").as_bytes());
        drop(stdin);
        let out = Out::new(args, child.wait_with_output().unwrap());
        assert_eq!(out.code, Some(0), "{}", out.describe());
        let last = out
            .stdout
            .rsplit(&format!("decision {n}/{n}"))
            .next()
            .unwrap();
        assert!(
            out.stdout.contains(&format!("decision {n}/{n}")),
            "{}",
            out.describe()
        );
        let over = last.contains("the game is over");
        let stopped = last.contains("the recording stops here");
        assert!(over != stopped, "{}", out.describe());
        if stopped {
            stops += 1;
        }
    }
    // Only the whole-game script plays to the end.
    assert!(stops >= 8, "{stops}");
}

/// `silver cards` says what R-A11 says of the Witch: one opponent's card, or an exchange into
/// your own village (it said "any card").
#[test]
fn cards_describe_the_witch_as_the_rules_do() {
    let out = ok(args!["cards"]);
    let witch: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.contains("Witch") || l.starts_with("witch-deck-top"))
        .collect();
    assert!(!witch.is_empty(), "{}", out.describe());
    for l in witch {
        assert!(
            l.ends_with(
                "look at the deck top; exchange it with one opponent's card, or into your village"
            ),
            "{l}"
        );
    }
}

/// A manifest whose lineups name a bot it does not have (its fingerprint recomputed, as anyone
/// can) is refused by `silver view`, in one line (it used to index out of bounds).
#[test]
fn view_refuses_a_manifest_whose_lineups_are_not_its_bots() {
    let tmp = TempDir::new("view-lineups");
    let dir = a_run(&tmp);
    let path = dir.join("manifest.json");
    let mut m: serde_json::Value = serde_json::from_str(&read_text(&path)).unwrap();
    m["games"]["tables"] = serde_json::json!([[0, 7]]);
    // Sealed again, as a forger would: the lineup check must stand without the checksum.
    reseal(&mut m);
    std::fs::write(&path, serde_json::to_string_pretty(&m).unwrap()).unwrap();
    let e = fails(args!["view", &dir, "--game", "0", "--plain"]);
    // The fingerprint of the edited plan, as the refusal names it.
    let fp = e
        .split("(fingerprint ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .unwrap_or_else(|| panic!("{e}"))
        .to_string();
    m["fingerprint"] = serde_json::Value::String(fp);
    reseal(&mut m);
    std::fs::write(&path, serde_json::to_string_pretty(&m).unwrap()).unwrap();
    let e = fails(args!["view", &dir, "--game", "0", "--plain"]);
    assert_mentions(&e, &["lineups", "2 players and 2 bots"]);
}

/// Replaying a game that panics (a program bot that fails) reports the game, not a bug.
#[test]
fn replaying_a_game_that_panics_reports_the_game() {
    let e = fails(args![
        "replay",
        "--bots",
        "exec:false,greedy",
        "--games",
        "2",
        "--game",
        "0"
    ]);
    assert_mentions(&e, &["game 0 (seed 1) failed", "exec bot"]);
    assert!(!e.contains("internal error"), "{e}");
}
