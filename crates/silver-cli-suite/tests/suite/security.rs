//! Shared files are data: an experiment spec, a bot profile, a run directory or a saved game
//! from someone else starts no program without `--allow-exec` on the command line, and a
//! profile never turns a built-in kind into another. Names and values with control characters
//! are refused at input.

use crate::common::*;
use std::path::Path;
use std::process::Stdio;

/// A bot program that leaves `mark` behind when it starts, then plays as the example random
/// bot (so a run with it finishes).
fn marking_bot(tmp: &TempDir, mark: &Path) -> String {
    let bot = tmp.write(
        "marking_bot.py",
        &format!(
            "import runpy\nopen({:?}, 'a').close()\nrunpy.run_path('bots/examples/random_bot.py', run_name='__main__')\n",
            mark.display().to_string()
        ),
    );
    format!("python3 {}", bot.display())
}

/// Runs `silver ARGS` with `input` on standard input.
fn with_input(args: Vec<std::ffi::OsString>, input: &str) -> Out {
    use std::io::Write;
    let mut child = silver(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("silver starts");
    let mut stdin = child.stdin.take().expect("a pipe");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    Out::new(args, child.wait_with_output().expect("silver ends"))
}

/// `silver run shared.toml` whose bots run `touch pwned`, inline or hidden behind a table's
/// name, starts nothing and creates no output: the one-line error names the file, the bot,
/// the command and the flag. So does every other command that reads the spec.
#[test]
fn a_specs_programs_need_allow_exec() {
    let tmp = TempDir::new("sec-spec");
    let pwned = tmp.join("pwned");
    let command = format!("touch {}", pwned.display());
    for (bots, name) in [
        (
            format!("[\"exec:{command}\", \"greedy\"]"),
            format!("exec:{command}"),
        ),
        (
            format!("[{{ exec = \"{command}\", name = \"greedy-v2\" }}, \"greedy\"]"),
            "greedy-v2".to_string(),
        ),
    ] {
        let spec = tmp.write(
            "shared.toml",
            &format!("players = 2\ngames = 4\nbots = {bots}\n"),
        );
        let out = tmp.join("out");
        let expect = [
            "shared.toml",
            &format!("bot `{name}`"),
            command.as_str(),
            "--allow-exec",
        ];
        let e = fails(args!["run", &spec, "--out", &out]);
        assert_mentions(&e, &expect);
        let e = fails(args!["run", &spec, "--out", &out, "--resume"]);
        assert_mentions(&e, &expect);
        let e = fails(args!["replay", &spec, "--game", "0"]);
        assert_mentions(&e, &expect);
        assert!(!out.exists(), "no output directory for a refused run");
        // A balance sweep of the same bots.
        let sweep = tmp.write(
            "sweep.toml",
            &format!("players = 2\ngames = 4\nbots = {bots}\n[balance]\nsets = [\"bullet\"]\n"),
        );
        let e = fails(args!["run", &sweep, "--out", &out]);
        assert_mentions(
            &e,
            &["sweep.toml", &format!("bot `{name}`"), "--allow-exec"],
        );
        assert!(!out.exists(), "no output directory for a refused sweep");
    }
    assert!(!pwned.exists(), "a spec's program ran without --allow-exec");
}

/// `bots/greedy.toml` of kind exec in a cloned repository: `--bots greedy,random` and
/// `play --plain` (whose default opponent is `greedy`) refuse it, with or without
/// `--allow-exec`, naming the file; another profile that is a program needs the flag.
#[test]
fn a_profile_never_turns_a_kind_into_a_program() {
    let tmp = TempDir::new("sec-shadow");
    let pwned = tmp.join("pwned");
    let bots = tmp.join("bots");
    tmp.write(
        "bots/greedy.toml",
        &format!("kind = \"exec\"\ncommand = \"touch {}\"\n", pwned.display()),
    );
    tmp.write("bots/random.toml", "kind = \"random\"\n");
    let out = tmp.join("out");
    for allow in [false, true] {
        let mut args = args![
            "tournament",
            "--bots",
            "greedy,random",
            "--games",
            "2",
            "--bots-dir",
            &bots,
            "--out",
            &out
        ];
        if allow {
            args.push("--allow-exec".into());
        }
        let e = fails(args);
        assert_mentions(&e, &["greedy.toml", "must be of kind `greedy`, not `exec`"]);
        let mut args = args!["play", "--plain", "--seed", "1", "--bots-dir", &bots];
        if allow {
            args.push("--allow-exec".into());
        }
        let e = fails(args);
        assert_mentions(&e, &["greedy.toml", "must be of kind `greedy`"]);
    }
    assert!(!out.exists());
    assert!(
        !pwned.exists(),
        "a profile shadowing `greedy` ran its program"
    );
    // The shipped greedy.toml and random.toml are their own kinds.
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "2",
        "--out",
        tmp.join("shipped"),
        "--quiet"
    ]);
}

/// A profile that is a program (`--bots mine`) is read from a file: refused without the
/// flag; with it, its command is printed before it starts and the run plays.
#[test]
fn a_programs_profile_runs_with_allow_exec_and_says_so() {
    let tmp = TempDir::new("sec-profile");
    let mark = tmp.join("started");
    let command = marking_bot(&tmp, &mark);
    let profile = tmp.write(
        "bots/mine.toml",
        &format!("kind = \"exec\"\ncommand = \"{command}\"\n"),
    );
    let bots = tmp.join("bots");
    let out = tmp.join("out");
    let e = fails(args![
        "tournament",
        "--bots",
        "mine,greedy",
        "--games",
        "2",
        "--bots-dir",
        &bots,
        "--out",
        &out
    ]);
    assert_mentions(&e, &["mine.toml", "bot `mine`", &command, "--allow-exec"]);
    assert!(!mark.exists() && !out.exists());
    let run = ok(args![
        "tournament",
        "--bots",
        "mine,greedy",
        "--games",
        "2",
        "--bots-dir",
        &bots,
        "--out",
        &out,
        "--allow-exec",
        "--quiet"
    ]);
    assert_mentions(
        &run.stderr,
        &[&format!(
            "starting program for bot mine (from {}): {command}",
            profile.display()
        )],
    );
    assert!(mark.exists(), "the allowed program ran");
}

/// A spec's legitimate program (the example random bot) runs with `--allow-exec`, which
/// prints its command first.
#[test]
fn a_specs_program_runs_with_allow_exec_and_says_so() {
    let tmp = TempDir::new("sec-allowed");
    let spec = tmp.write(
        "mine.toml",
        "players = 2\ngames = 4\nbots = [{ exec = \"python3 bots/examples/random_bot.py\", name = \"rb\" }, \"greedy\"]\n",
    );
    let out = tmp.join("out");
    let run = ok(args![
        "run",
        &spec,
        "--out",
        &out,
        "--allow-exec",
        "--quiet"
    ]);
    assert_mentions(
        &run.stderr,
        &[&format!(
            "starting program for bot rb (from {}): python3 bots/examples/random_bot.py",
            spec.display()
        )],
    );
    assert_eq!(read_text(&out.join("games.csv")).lines().count(), 1 + 4 * 2);
    // The same program typed on the command line is the user's own: no flag, no notice.
    let run = ok(args![
        "tournament",
        "--bots",
        "exec:python3 bots/examples/random_bot.py,greedy",
        "--games",
        "2",
        "--out",
        tmp.join("typed"),
        "--quiet"
    ]);
    assert!(
        !run.stderr.contains("starting program"),
        "{}",
        run.describe()
    );
}

/// `silver view RUN_DIR --game 0` replays the game with the run's bots: a program its manifest
/// names starts only with `--allow-exec`.
#[test]
fn a_run_directorys_programs_need_allow_exec() {
    let tmp = TempDir::new("sec-view");
    let mark = tmp.join("started");
    let command = marking_bot(&tmp, &mark);
    let dir = tmp.join("run");
    ok(args![
        "tournament",
        "--bots",
        format!("exec:{command},greedy"),
        "--games",
        "2",
        "--out",
        &dir,
        "--quiet"
    ]);
    std::fs::remove_file(&mark).unwrap();
    let e = fails(args!["view", &dir, "--game", "0", "--plain"]);
    assert_mentions(
        &e,
        &[
            "manifest.json",
            &format!("bot `exec:{command}`"),
            "--allow-exec",
        ],
    );
    assert!(
        !mark.exists(),
        "the manifest's program ran without --allow-exec"
    );
    let out = with_input(
        args!["view", &dir, "--game", "0", "--plain", "--allow-exec"],
        "q\n",
    );
    assert_eq!(out.code, Some(0), "{}", out.describe());
    assert_mentions(&out.stderr, &["starting program for bot exec:", &command]);
    assert!(mark.exists());
}

/// A saved game edited to put a program in a bot's seat: `play --resume` refuses it before
/// any bot starts (it ran the program, then refused the replay).
#[test]
fn a_saved_games_programs_need_allow_exec() {
    let tmp = TempDir::new("sec-resume");
    let mark = tmp.join("started");
    let command = marking_bot(&tmp, &mark);
    let saved = tmp.join("game.json");
    let first = with_input(
        args!["play", "--plain", "--bots", "random", "--seed", "3", "--save", &saved],
        &"1\n".repeat(8),
    );
    assert_eq!(first.code, Some(2), "{}", first.describe());
    let mut game: serde_json::Value = serde_json::from_str(&read_text(&saved)).unwrap();
    game["seats"][1] = serde_json::Value::String(format!("exec:{command}"));
    std::fs::write(&saved, serde_json::to_string(&game).unwrap()).unwrap();
    let e = fails(args!["play", "--plain", "--resume", &saved]);
    assert_mentions(
        &e,
        &[
            "game.json",
            &format!("bot `exec:{command}`"),
            "--allow-exec",
        ],
    );
    assert!(
        !mark.exists(),
        "the saved game's program ran without --allow-exec"
    );
    // Allowed, it is announced, then started.
    let out = with_input(
        args!["play", "--plain", "--resume", &saved, "--allow-exec"],
        "",
    );
    assert_mentions(
        &out.stderr,
        &["starting program for bot exec:", "game.json"],
    );
    assert!(mark.exists());
}

/// A newline in a bot's name (a table's `name`, a typed name) or in an inline value, and a
/// run name or a set with a control character: one-line errors, nothing run.
#[test]
fn control_characters_are_refused_at_input() {
    let tmp = TempDir::new("sec-control");
    let out = tmp.join("out");
    let spec = tmp.write(
        "named.toml",
        "players = 2\ngames = 2\nbots = [{ kind = \"greedy\", name = \"greedy\\nrandom\" }, \"random\"]\n",
    );
    let e = fails(args!["run", &spec, "--out", &out]);
    assert_mentions(&e, &["named.toml", "control characters"]);
    for bots in [
        "greedy:take_gain=1\ncensus_threshold=9,random",
        "gre\nedy,random",
        "exec:python3 bots/examples/random_bot.py\nid,random",
    ] {
        let e = fails(args![
            "tournament",
            "--bots",
            bots,
            "--games",
            "2",
            "--out",
            &out
        ]);
        assert_mentions(&e, &["control characters"]);
    }
    let e = fails(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "2",
        "--name",
        "a\nb"
    ]);
    assert_mentions(&e, &["control characters"]);
    let e = fails(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "2",
        "--set",
        "bullet\nx",
        "--out",
        &out
    ]);
    assert_mentions(&e, &["control characters"]);
    let e = fails(args![
        "play",
        "--plain",
        "--bots",
        "greedy:take_gain=1\tx=2"
    ]);
    assert_mentions(&e, &["control characters"]);
    assert!(!out.exists());
}
