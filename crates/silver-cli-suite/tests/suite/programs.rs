//! Bot programs (`exec:` bots) cannot take a run down: started once per seat and worker, every
//! wait bounded, memory, descriptors and threads flat, no process left behind, and a failing
//! program stops the run with one line naming it (resumable, no replay advice).

use crate::common::{assert_mentions, assert_same_files, ok, silver, TempDir};
use std::ffi::OsString;
use std::path::Path;
use std::time::{Duration, Instant};

/// What a watched run did, with its process sampled from `/proc` while it ran.
struct Watched {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    seconds: f64,
    /// Per sample: open descriptors, threads, peak resident memory (kB).
    samples: Vec<(usize, usize, u64)>,
}

impl Watched {
    fn describe(&self) -> String {
        format!(
            "exit code {:?} after {:.1} s\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.code, self.seconds, self.stdout, self.stderr
        )
    }

    /// The error line: the last on stderr (what comes before is the program's own stderr,
    /// passed on), with no panic and no replay advice anywhere.
    fn error_line(&self) -> &str {
        assert!(!self.stderr.contains("panicked"), "{}", self.describe());
        assert!(
            !self.stderr.contains("silver replay"),
            "{}",
            self.describe()
        );
        let last = self.stderr.lines().last().unwrap_or_default();
        assert!(last.starts_with("error: "), "{}", self.describe());
        assert_eq!(
            self.stderr.matches("error: ").count(),
            1,
            "{}",
            self.describe()
        );
        last
    }

    fn peak_kb(&self) -> u64 {
        self.samples.iter().map(|s| s.2).max().unwrap_or(0)
    }
}

/// The `key:` field of a `/proc/PID/status` text, as a number.
fn status_field(status: &str, key: &str) -> Option<u64> {
    status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
}

/// Runs silver (output into files of `tmp`), sampling its descriptors, threads and peak memory
/// every 10 ms; a run that is not over within `limit` is killed and the test fails (a hang).
fn watched(tmp: &TempDir, args: Vec<OsString>, limit: Duration) -> Watched {
    let (out, err) = (tmp.join("stdout.txt"), tmp.join("stderr.txt"));
    let started = Instant::now();
    let mut child = silver(&args)
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .expect("silver starts");
    let proc = format!("/proc/{}", child.id());
    let mut samples = Vec::new();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "silver {args:?} still running after {limit:?} (hung); stderr: {}",
                std::fs::read_to_string(&err).unwrap_or_default()
            );
        }
        let fds = std::fs::read_dir(format!("{proc}/fd")).map(|d| d.count());
        let status = std::fs::read_to_string(format!("{proc}/status")).unwrap_or_default();
        if let (Ok(fds), Some(threads), Some(hwm)) = (
            fds,
            status_field(&status, "Threads:"),
            status_field(&status, "VmHWM:"),
        ) {
            samples.push((fds, threads as usize, hwm));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Watched {
        code: status.code(),
        stdout: std::fs::read_to_string(&out).unwrap(),
        stderr: std::fs::read_to_string(&err).unwrap(),
        seconds: started.elapsed().as_secs_f64(),
        samples,
    }
}

/// True while process `pid` exists and is not a zombie (a killed process whose parent has
/// gone waits as a zombie until init reaps it: it holds nothing any more).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/status")).is_ok_and(|s| {
        !s.lines()
            .any(|l| l.starts_with("State:") && l.contains("Z"))
    })
}

/// The pids a script logged, one start per line (`pid helper_pid`).
fn logged_pids(log: &Path) -> Vec<Vec<u32>> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|l| l.split_whitespace().map(|p| p.parse().unwrap()).collect())
        .collect()
}

/// A Python bot that logs `pid helper_pid` at its start, forks a helper that holds its pipes
/// and sleeps, ignores SIGTERM (both do), plays at random from `seed` and ignores `quit`.
const STUBBORN_BOT: &str = "\
import json, os, random, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
helper = os.fork()
if helper == 0:
    time.sleep(300)
    os._exit(0)
with open(sys.argv[1], 'a') as f:
    f.write(f'{os.getpid()} {helper}\\n')
for line in sys.stdin:
    m = json.loads(line)
    if m['type'] == 'decide':
        rng = random.Random(m['seed'])
        print(json.dumps({'action': rng.randrange(len(m['legal']))}), flush=True)
time.sleep(300)
";

/// A 200-game, 2-thread tournament starts the program at most once per seat and worker (2
/// seats, 2 workers), and nothing of it survives the run: not the programs that ignore `quit`
/// and SIGTERM, nor the helpers they forked holding their pipes.
#[test]
fn a_bot_program_is_started_once_per_seat_and_worker_and_nothing_of_it_survives() {
    let tmp = TempDir::new("programs-once");
    let bot = tmp.write("stubborn.py", STUBBORN_BOT);
    let log = tmp.join("starts.log");
    let run = watched(
        &tmp,
        args![
            "tournament",
            "--bots",
            format!("exec:python3 {} {},greedy", bot.display(), log.display()),
            "--games",
            "200",
            "--threads",
            "2",
            "--quiet",
            "--out",
            tmp.join("run")
        ],
        Duration::from_secs(120),
    );
    assert_eq!(run.code, Some(0), "{}", run.describe());
    let starts = logged_pids(&log);
    assert!(
        !starts.is_empty() && starts.len() <= 4,
        "{} starts for 2 seats and 2 workers",
        starts.len()
    );
    let survivors: Vec<u32> = starts
        .iter()
        .flatten()
        .copied()
        .filter(|&p| alive(p))
        .collect();
    assert!(survivors.is_empty(), "still running: {survivors:?}");
}

/// 2,000 games with a program that leaves a helper holding its pipes: the run's descriptors
/// and threads stay flat (one set of pipes per seat and worker, no threads per program).
#[test]
fn descriptors_and_threads_stay_flat_over_2000_games_of_a_bot_program() {
    let tmp = TempDir::new("programs-flat");
    // Always the first legal action (there is always one), answered by grep and sed (no
    // interpreter to start or run: the run takes seconds).
    let bot = tmp.write(
        "fast.sh",
        "sleep 300 &\ngrep --line-buffered -o '^{\"code\"' | sed -u 's/.*/{\"action\":0}/'\n",
    );
    let run = watched(
        &tmp,
        args![
            "tournament",
            "--bots",
            format!("exec:sh {},greedy", bot.display()),
            "--games",
            "2000",
            "--threads",
            "2",
            "--quiet",
            "--out",
            tmp.join("run")
        ],
        Duration::from_secs(300),
    );
    assert_eq!(run.code, Some(0), "{}", run.describe());
    // After the first tenth of the run every program is started: nothing may grow after it
    // (a checkpoint's file may come and go), and the counts stay small.
    let s = &run.samples;
    assert!(
        s.len() >= 20,
        "too few samples ({}): {}",
        s.len(),
        run.describe()
    );
    let most = |part: &[(usize, usize, u64)]| {
        (
            part.iter().map(|x| x.0).max().unwrap(),
            part.iter().map(|x| x.1).max().unwrap(),
        )
    };
    let (early, late) = (most(&s[s.len() / 10..s.len() / 2]), most(&s[s.len() / 2..]));
    let summary = format!(
        "{} samples; (fds, threads) at most {early:?} then {late:?}",
        s.len()
    );
    assert!(late.0 <= early.0 + 1 && late.1 <= early.1, "{summary}");
    // stdio, the output files and lock, 3 pipes per program (2 seats x 2 workers); the
    // main thread, 2 workers, the Ctrl-C handler.
    assert!(early.0 <= 32 && late.0 <= 32, "{summary}");
    assert!(early.1 <= 6 && late.1 <= 6, "{summary}");
}

/// Programs that write without reading cannot grow silver's memory: an answer nobody asked
/// for, and a line without end, each stop the run at once with the reason, well within the
/// (default, 60 s) per-decision limit.
#[test]
fn a_bot_program_that_floods_its_output_stops_the_run_with_memory_bounded() {
    let tmp = TempDir::new("programs-flood");
    let endless = tmp.write(
        "endless.py",
        "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n",
    );
    for (i, (bot, says)) in [
        (
            "exec:yes '{\"action\":0}'".to_string(),
            "it wrote `{\"action\":0}` before it was asked",
        ),
        (
            format!("exec:python3 {}", endless.display()),
            "it wrote a line longer than 1048576 bytes",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let run = watched(
            &tmp,
            args![
                "tournament",
                "--bots",
                format!("{bot},greedy"),
                "--games",
                "20",
                "--threads",
                "1",
                "--quiet",
                "--out",
                tmp.join(&format!("flood{i}"))
            ],
            Duration::from_secs(20),
        );
        assert_eq!(run.code, Some(3), "{}", run.describe());
        let line = run.error_line();
        assert_mentions(line, &[&bot["exec:".len()..], "(seat ", says, "--resume"]);
        assert!(run.seconds < 10.0, "{}", run.describe());
        assert!(
            run.peak_kb() < 100_000,
            "{} kB: {}",
            run.peak_kb(),
            run.describe()
        );
    }
}

/// A program that closes its output but stays alive fails at once, not after the limit.
#[test]
fn a_bot_program_that_closes_its_output_fails_at_once() {
    let tmp = TempDir::new("programs-closed");
    let bot = tmp.write(
        "closer.py",
        "import os, time\nos.close(1)\ntime.sleep(300)\n",
    );
    let run = watched(
        &tmp,
        args![
            "tournament",
            "--bots",
            format!("exec:python3 {},greedy", bot.display()),
            "--games",
            "4",
            "--quiet",
            "--out",
            tmp.join("run")
        ],
        Duration::from_secs(30),
    );
    assert_eq!(run.code, Some(3), "{}", run.describe());
    assert_mentions(
        run.error_line(),
        &["closer.py", "it closed its output (it is still running)"],
    );
    assert!(run.seconds < 10.0, "{}", run.describe());
}

/// A program that answers on a timer without ever reading its input: silver's writes fill the
/// pipe, and the run must still end within the per-decision limit (it used to block for ever
/// in a write).
#[test]
fn a_bot_program_that_never_reads_ends_the_run_within_its_limit() {
    let tmp = TempDir::new("programs-deaf");
    let bot = tmp.write(
        "deaf.py",
        "import sys, time\nwhile True:\n    time.sleep(0.02)\n    print('{\"action\": 0}', flush=True)\n",
    );
    let bots = tmp.join("bots");
    tmp.write(
        "bots/deaf.toml",
        &format!(
            "kind = \"exec\"\ncommand = \"python3 {}\"\ntimeout_seconds = 1\n",
            bot.display()
        ),
    );
    let run = watched(
        &tmp,
        args![
            "tournament",
            "--bots",
            "deaf,greedy",
            "--bots-dir",
            &bots,
            "--allow-exec",
            "--games",
            "400",
            "--threads",
            "1",
            "--quiet",
            "--out",
            tmp.join("run")
        ],
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(3), "{}", run.describe());
    assert_mentions(
        run.error_line(),
        &["exec bot `python3", "deaf.py", "(seat "],
    );
}

/// A program that fails mid-run stops it with one line naming the program, its seat and what
/// it did (no replay advice: the fault is the program's), exit code 3; the games before are
/// kept, and `--resume` with the program fixed finishes the run as if nothing had happened.
#[test]
fn a_failing_bot_program_stops_the_run_resumably() {
    let tmp = TempDir::new("programs-resume");
    let broken = tmp.join("broken");
    // Plays at random from `seed`; while `broken` exists, its 30th game's first answer is not
    // JSON.
    let bot = tmp.write(
        "flaky.py",
        &format!(
            "import json, os, random, sys\ngames = 0\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m['type'] == 'game':\n        games += 1\n        asked = False\n    elif m['type'] == 'decide':\n        if games == 30 and not asked and os.path.exists({:?}):\n            print('oops', file=sys.stderr, flush=True)\n            print('not an answer', flush=True)\n        else:\n            print(json.dumps({{'action': random.Random(m['seed']).randrange(len(m['legal']))}}), flush=True)\n        asked = True\n",
            broken.display().to_string()
        ),
    );
    let spec = |out: &Path| {
        args![
            "tournament",
            "--bots",
            format!("exec:python3 {},greedy", bot.display()),
            "--games",
            "100",
            "--threads",
            "1",
            "--quiet",
            "--out",
            out
        ]
    };
    let clean = tmp.join("clean");
    ok(spec(&clean));
    std::fs::write(&broken, "").unwrap();
    let run_dir = tmp.join("run");
    let run = watched(&tmp, spec(&run_dir), Duration::from_secs(60));
    assert_eq!(run.code, Some(3), "{}", run.describe());
    assert_mentions(
        run.error_line(),
        &[
            "flaky.py",
            "(seat ",
            "its answer `not an answer` is not JSON",
            "its stderr ended: oops",
            "the games before it are saved",
            "--resume",
        ],
    );
    std::fs::remove_file(&broken).unwrap();
    let mut resume = spec(&run_dir);
    resume.push("--resume".into());
    ok(resume);
    assert_same_files(
        &clean,
        &run_dir,
        &["games.csv", "rounds.csv", "census.csv", "summary.csv"],
    );
}

/// An interrupted run ends its programs too (Ctrl-C does not reach them: they run in process
/// groups of their own), even ones that ignore `quit` and SIGTERM.
#[test]
fn an_interrupted_run_leaves_no_bot_process_behind() {
    let tmp = TempDir::new("programs-interrupt");
    let bot = tmp.write("stubborn.py", STUBBORN_BOT);
    let log = tmp.join("starts.log");
    let dir = tmp.join("run");
    let args = args![
        "tournament",
        "--bots",
        format!("exec:python3 {} {},greedy", bot.display(), log.display()),
        "--games",
        "2000",
        "--threads",
        "2",
        "--quiet",
        "--out",
        &dir
    ];
    crate::common::interrupt_after_a_block(args.clone(), &dir);
    let starts = logged_pids(&log);
    assert!(!starts.is_empty() && starts.len() <= 4, "{starts:?}");
    let survivors: Vec<u32> = starts
        .iter()
        .flatten()
        .copied()
        .filter(|&p| alive(p))
        .collect();
    assert!(survivors.is_empty(), "still running: {survivors:?}");
}
