//! `silver replay DIR --game N`: a game of a run replayed from the run's manifest (which
//! records the whole plan: bots, model, set, games, seed, players), the same trace as the game
//! the run recorded, whatever the command line that ran it; and bot programs that cannot be
//! started, named in one line before any game.

use crate::common::{assert_mentions, edit_json, fails, ok, read_text, run, TempDir};
use std::path::Path;

/// The rows of a per-game CSV file for game `game`, split into fields (header excluded).
fn rows_of(file: &Path, game: u64) -> Vec<Vec<String>> {
    read_text(file)
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(String::from).collect::<Vec<_>>())
        .filter(|r| r[1] == game.to_string())
        .collect()
}

/// `silver replay ARGS`: its JSON lines.
fn trace(args: Vec<std::ffi::OsString>) -> Vec<serde_json::Value> {
    ok(args)
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// A points-model tournament on a set other than the default, replayed game by game from its
/// directory: each trace is the recorded game (every round's sums and scores as rounds.csv
/// has them, the final totals as games.csv has them). The command line an older build
/// printed for it (without --model) replays a different game.
#[test]
fn a_run_directorys_game_replays_as_recorded() {
    let tmp = TempDir::new("replay-dir");
    let dir = tmp.join("points");
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--model",
        "points",
        "--set=bullet",
        "--games",
        "8",
        "--seed",
        "5",
        "--quiet",
        "--out",
        &dir
    ]);
    for game in 0..8u64 {
        let lines = trace(args!["replay", &dir, "--game", game.to_string()]);
        let head = &lines[0];
        assert_eq!(head["game"], game, "{head}");
        assert_eq!(head["seed"], 5, "{head}");
        assert_eq!(head["set"], "bullet", "{head}");
        let rounds: Vec<&serde_json::Value> = lines
            .iter()
            .filter(|l| l["event"] == "round-ended")
            .collect();
        let recorded = rows_of(&dir.join("rounds.csv"), game);
        // set,game,round,seat,bot,sum,score,...: two seats per round.
        assert_eq!(
            recorded.len(),
            2 * rounds.len(),
            "game {game}: {recorded:?}"
        );
        for r in &recorded {
            let round: usize = r[2].parse().unwrap();
            let seat: usize = r[3].parse().unwrap();
            let ended = rounds[round - 1];
            assert_eq!(ended["sums"][seat].to_string(), r[5], "game {game}: {r:?}");
            assert_eq!(
                ended["scores"][seat].to_string(),
                r[6],
                "game {game}: {r:?}"
            );
        }
        let ended = lines.last().unwrap();
        assert_eq!(ended["event"], "game-ended", "game {game}");
        for r in rows_of(&dir.join("games.csv"), game) {
            // set,game,deal,rotation,seat,bot,total,rank,won
            let seat: usize = r[4].parse().unwrap();
            assert_eq!(head["seats"][seat], r[5], "game {game}: {r:?}");
            assert_eq!(
                ended["totals"][seat].to_string(),
                r[6],
                "game {game}: {r:?}"
            );
        }
    }
    let with_dir = ok(args!["replay", &dir, "--game", "3"]).stdout;
    let rebuilt = ok(args![
        "replay",
        "--bots",
        "greedy,random",
        "--set",
        "bullet",
        "--seed",
        "5",
        "--game",
        "3"
    ])
    .stdout;
    assert_ne!(
        with_dir, rebuilt,
        "the rounds game cannot be the points game"
    );
}

/// A spec's run (points model, a mixed set, games and seed overridden on the command line):
/// its directory replays each game exactly as the spec with the same overrides does.
#[test]
fn a_run_directory_replays_as_its_spec_does() {
    let tmp = TempDir::new("replay-spec");
    let spec = tmp.write(
        "points.toml",
        "name = \"points\"\nplayers = 3\nbots = [\"greedy\", \"random\"]\ngames = 100\nseed = 1\n\
         model = { kind = \"points\", target = 100, bounce = true, kamikaze = true, max_rounds = 100 }\n",
    );
    let dir = tmp.join("run");
    let set = "amulet+0:bullet,10:coin/token=coin";
    ok(args![
        "run", &spec, "--set", set, "--games", "6", "--seed", "11", "--quiet", "--out", &dir
    ]);
    for game in [0, 4, 5] {
        let from_dir = ok(args!["replay", &dir, "--game", game.to_string()]).stdout;
        let from_spec = ok(args![
            "replay",
            &spec,
            "--set",
            set,
            "--games",
            "6",
            "--seed",
            "11",
            "--game",
            game.to_string()
        ])
        .stdout;
        assert_eq!(from_dir, from_spec, "game {game}");
    }
    // The manifest bounds the games as the run did.
    let e = fails(args!["replay", &dir, "--game", "6"]);
    assert_mentions(&e, &["game 6", "6 games"]);
}

/// A partial run (one shard of two) replays any game of the whole run: the manifest records
/// the plan, not only the shard's games.
#[test]
fn a_shards_directory_replays_every_game_of_the_run() {
    let tmp = TempDir::new("replay-shard");
    let (whole, shard) = (tmp.join("whole"), tmp.join("shard"));
    let common = args![
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "8",
        "--quiet"
    ];
    let mut a = common.clone();
    a.extend(args!["--out", &whole]);
    ok(a);
    let mut a = common;
    a.extend(args!["--shard", "1/2", "--out", &shard]);
    ok(a);
    for game in [0, 7] {
        let g = game.to_string();
        assert_eq!(
            ok(args!["replay", &shard, "--game", &g]).stdout,
            ok(args!["replay", &whole, "--game", &g]).stdout,
            "game {game}"
        );
    }
}

/// With a run directory nothing of the plan comes from the command line (it would replay
/// another game than the run's), and an edited manifest is refused.
#[test]
fn a_run_directory_is_the_whole_plan() {
    let tmp = TempDir::new("replay-overrides");
    let dir = tmp.join("run");
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "4",
        "--quiet",
        "--out",
        &dir
    ]);
    for (flag, value) in [
        ("--seed", "2"),
        ("--set", "bullet"),
        ("--games", "10"),
        ("--bots", "greedy"),
    ] {
        let e = fails(args!["replay", &dir, flag, value, "--game", "0"]);
        assert_mentions(&e, &[flag, "not with a run directory", "manifest"]);
    }
    let e = fails(args!["replay", &dir, "--players", "3", "--game", "0"]);
    assert_mentions(&e, &["--bots"]);
    edit_json(&dir.join("manifest.json"), false, |m| m["seed"] = 2.into());
    let e = fails(args!["replay", &dir, "--game", "0"]);
    assert_mentions(&e, &["manifest.json", "edited or damaged"]);
}

/// A run's programs are in its manifest, a file: replaying its game starts them only with
/// `--allow-exec`, as `silver view` does.
#[test]
fn a_run_directorys_programs_need_allow_exec() {
    let tmp = TempDir::new("replay-exec");
    let dir = tmp.join("run");
    let command = "python3 bots/examples/random_bot.py";
    ok(args![
        "tournament",
        "--bots",
        format!("exec:{command},greedy"),
        "--games",
        "2",
        "--quiet",
        "--out",
        &dir
    ]);
    let e = fails(args!["replay", &dir, "--game", "1"]);
    assert_mentions(
        &e,
        &[
            "manifest.json",
            &format!("bot `exec:{command}`"),
            "--allow-exec",
        ],
    );
    let out = ok(args!["replay", &dir, "--game", "1", "--allow-exec"]);
    assert_mentions(&out.stderr, &["starting program for bot exec:", command]);
    assert!(out.stdout.lines().last().unwrap().contains("game-ended"));
}

/// A bot program that cannot be started (not executable, not there) is one error line naming
/// the bot and its program, before any game: not a game's failure, no replay advice. So is a
/// run's program that lost its permission since, when its game is replayed.
#[test]
fn a_program_that_cannot_start_is_named_before_any_game() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = TempDir::new("replay-nostart");
    let program = tmp.write(
        "bot.sh",
        "#!/bin/sh\nexec python3 bots/examples/random_bot.py\n",
    );
    let path = program.display().to_string();
    let set_mode = |mode: u32| {
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    set_mode(0o644);
    let dir = tmp.join("run");
    let tournament = || {
        run(args![
            "tournament",
            "--bots",
            format!("exec:{path},greedy"),
            "--games",
            "2",
            "--quiet",
            "--out",
            &dir
        ])
    };
    let out = tournament();
    assert_eq!(out.code, Some(2), "{}", out.describe());
    assert_eq!(
        out.stderr,
        format!(
            "error: bot `exec:{path}`: program `{path}` cannot be started: it is not executable\n"
        ),
        "{}",
        out.describe()
    );
    assert!(!dir.exists(), "{}", out.describe());
    let e = fails(args![
        "tournament",
        "--bots",
        "exec:no-such-bot-program --fast,greedy",
        "--games",
        "2"
    ]);
    assert_eq!(
        e,
        "error: bot `exec:no-such-bot-program --fast`: no program `no-such-bot-program` (not a file, nor on PATH)"
    );
    // Played while it could start; replayed after it no longer can.
    set_mode(0o755);
    let out = tournament();
    assert_eq!(out.code, Some(0), "{}", out.describe());
    set_mode(0o644);
    let e = fails(args!["replay", &dir, "--game", "0", "--allow-exec"]);
    assert_mentions(&e, &[&format!("bot `exec:{path}`"), "not executable"]);
    assert!(!e.contains("game 0"), "{e}");
}
