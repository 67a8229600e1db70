//! Bot programs ([`ExecBot`]) directly: every wait is bounded by the per-decision limit, a
//! failure unwinds with a [`BotFailure`], and no process of the program's group outlives it.

use rand::SeedableRng;
use silver_bots::{play_game, Bot, BotFailure, BotRng, BotSpec, ExecBot, Player};
use silver_rules::{ActionList, Config};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A fresh directory for one test's scripts, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let p = std::env::temp_dir().join(format!("silver-bots-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Scratch(p)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `f` on another thread and returns the [`BotFailure`] it unwinds with and how long it
/// took; a thread still busy after `limit` is a hang, and the test fails.
fn failure(limit: Duration, f: impl FnOnce() + Send + 'static) -> (BotFailure, Duration) {
    let (send, recv) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let started = Instant::now();
        let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
        let _ = send.send((res, started.elapsed()));
    });
    let (res, took) = recv
        .recv_timeout(limit)
        .unwrap_or_else(|_| panic!("still waiting after {limit:?}: a hang"));
    match res {
        Ok(()) => panic!("no failure"),
        Err(payload) => match payload.downcast::<BotFailure>() {
            Ok(f) => (*f, took),
            Err(_) => panic!("a panic that is not a BotFailure"),
        },
    }
}

/// One two-player game, `bot` in seat 0 against greedy.
fn play(bot: ExecBot) {
    let mut players = vec![
        Player::External(Box::new(bot)),
        Player::from_spec(&BotSpec::parse_inline("greedy").unwrap()),
    ];
    let mut deal = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut rngs: Vec<BotRng> = (0..2).map(BotRng::seed_from_u64).collect();
    play_game(
        Config::standard(2).unwrap(),
        0,
        &mut players,
        &mut deal,
        &mut rngs,
        &mut (),
        &mut ActionList::new(),
    );
}

/// True while process `pid` exists and is not a zombie.
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/status")).is_ok_and(|s| {
        !s.lines()
            .any(|l| l.starts_with("State:") && l.contains('Z'))
    })
}

/// A program that never reads: once its input pipe is full, a write fails within the limit
/// (it used to block for ever).
#[test]
fn a_program_that_never_reads_fails_within_the_limit() {
    let limit = Duration::from_millis(500);
    let (f, took) = failure(Duration::from_secs(20), move || {
        let mut bot = ExecBot::new("sleep 60", limit);
        let config = Config::standard(2).unwrap();
        // Each `game` line is written without waiting for an answer: 64 KiB fill the pipe.
        for _ in 0..100_000 {
            bot.reset(0, &config);
        }
    });
    assert_eq!(f.command, "sleep 60");
    assert!(f.what.contains("it stopped reading its input"), "{f}");
    assert!(f.what.contains("0.5 s (the per-decision limit)"), "{f}");
    assert!(took < Duration::from_secs(5), "{took:?}");
}

/// A program that closes its output but stays alive fails at its next decision, not after
/// its limit.
#[test]
fn a_program_that_closes_its_output_fails_at_once() {
    let (f, took) = failure(Duration::from_secs(20), || {
        play(ExecBot::new(
            "sh -c 'exec >&-; sleep 60'",
            Duration::from_secs(60),
        ))
    });
    assert!(
        f.what
            .contains("it closed its output (it is still running)"),
        "{f}"
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
}

/// Output nobody asked for is refused at the next decision, and a line without end at the
/// line cap: neither is held without bound.
#[test]
fn output_that_is_not_an_answer_is_refused_at_once() {
    let (f, took) = failure(Duration::from_secs(20), || {
        play(ExecBot::new(
            "yes '{\"action\":0}'",
            Duration::from_secs(60),
        ))
    });
    assert!(
        f.what
            .contains("it wrote `{\"action\":0}` before it was asked"),
        "{f}"
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
    let (f, _) = failure(Duration::from_secs(20), || {
        play(ExecBot::new(
            // `cat` keeps the program's input open, so the `decide` line is written before the
            // overlong line is read, whichever comes first (`tr < /dev/zero` closed its input).
            "cat /dev/zero | tr -d '\\n'",
            Duration::from_secs(60),
        ))
    });
    assert!(
        f.what
            .contains("it wrote a line longer than 1048576 bytes (the limit)"),
        "{f}"
    );
}

/// Dropping a bot whose program ignores `quit` and SIGTERM, and which forked a helper that
/// holds its pipes, ends them all; so does a failure.
#[test]
fn no_process_of_a_program_outlives_it() {
    let dir = Scratch::new("exec-group");
    let log = dir.0.join("pids");
    let script = dir.write(
        "stubborn.py",
        "import json, os, signal, sys, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nhelper = os.fork()\nif helper == 0:\n    time.sleep(300)\n    os._exit(0)\nwith open(sys.argv[1], 'a') as f:\n    f.write(f'{os.getpid()} {helper}\\n')\nfor line in sys.stdin:\n    if json.loads(line)['type'] == 'decide':\n        print(sys.argv[2], flush=True)\ntime.sleep(300)\n",
    );
    let pids = || -> Vec<u32> {
        std::fs::read_to_string(&log)
            .unwrap_or_default()
            .split_whitespace()
            .map(|p| p.parse().unwrap())
            .collect()
    };
    // Plays a whole game (always the first action), then is dropped.
    let command = format!(
        "python3 {} {} '{{\"action\":0}}'",
        script.display(),
        log.display()
    );
    let started = Instant::now();
    play(ExecBot::new(&command, Duration::from_secs(60)));
    assert!(started.elapsed() < Duration::from_secs(20));
    let first = pids();
    assert_eq!(first.len(), 2, "{first:?}");
    assert!(first.iter().all(|&p| !alive(p)), "still running: {first:?}");
    // Fails (its answer is not JSON).
    let command = format!("python3 {} {} oops", script.display(), log.display());
    let (f, _) = failure(Duration::from_secs(20), move || {
        play(ExecBot::new(&command, Duration::from_secs(60)))
    });
    assert!(f.what.contains("its answer `oops` is not JSON"), "{f}");
    let all = pids();
    assert_eq!(all.len(), 4, "{all:?}");
    assert!(all.iter().all(|&p| !alive(p)), "still running: {all:?}");
}
