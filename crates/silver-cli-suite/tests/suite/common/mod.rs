//! Shared harness of the integration tests: the real `silver` executable, run from the
//! workspace root (so `bots/` and `experiments/` resolve), writing only into fresh temporary
//! directories.
#![allow(dead_code)]

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The workspace root: the binary runs here.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The `silver` executable under test. A test of the `silver-cli` package is told where cargo
/// built it (`CARGO_BIN_EXE_silver`); the black-box suite depends on no engine crate, so it
/// finds the executable next to its own directory: cargo puts test executables in
/// `<target>/<profile>/deps/` and the binary in `<target>/<profile>/`.
pub fn silver_bin() -> PathBuf {
    if let Some(bin) = option_env!("CARGO_BIN_EXE_silver") {
        return PathBuf::from(bin);
    }
    let exe = std::env::current_exe().expect("the test executable's path");
    let profile = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test executable is in <target>/<profile>/deps/");
    let bin = profile.join(format!("silver{}", std::env::consts::EXE_SUFFIX));
    assert!(
        bin.is_file(),
        "no silver executable at {}: build it first: cargo build --release -p silver-cli \
         (cargo test --workspace builds it)",
        bin.display()
    );
    // Cargo rebuilds it only for `--workspace` or `-p silver-cli`: refuse to test an
    // executable older than the sources it is built from.
    static FRESH: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    let newer = FRESH.get_or_init(|| newer_source(&bin));
    assert!(
        newer.is_none(),
        "the silver executable at {} is older than {}: build it first: cargo build --release \
         -p silver-cli (cargo test --workspace builds it)",
        bin.display(),
        newer
            .as_ref()
            .map_or(String::new(), |p| p.display().to_string())
    );
    bin
}

/// A source file of the `silver` executable's crates changed after `bin` was built, if any.
fn newer_source(bin: &Path) -> Option<PathBuf> {
    let built = std::fs::metadata(bin).and_then(|m| m.modified()).ok()?;
    let mut dirs: Vec<PathBuf> = ["rules", "bots", "stats", "sim", "report", "table", "cli"]
        .iter()
        .map(|c| Path::new(ROOT).join(format!("crates/silver-{c}/src")))
        .collect();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && entry
                    .metadata()
                    .and_then(|m| m.modified())
                    .is_ok_and(|t| t > built)
            {
                return Some(path);
            }
        }
    }
    None
}

/// Builds an argument list from anything that converts to an `OsString` (`&str`, `String`,
/// `&Path`, `&PathBuf`, ...).
macro_rules! args {
    ($($a:expr),* $(,)?) => {
        vec![$(std::ffi::OsString::from($a)),*]
    };
}

// After `args!`, which they use.
pub mod cluster;
pub mod shards;

/// A fresh, empty directory under the system temp dir, removed when dropped (named after the
/// test binary's process, a per-process counter and the test, so no two tests ever share one,
/// even with the same label).
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(test: &str) -> TempDir {
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let p = std::env::temp_dir().join(format!(
            "silver-{}-test-{}-{n}-{test}",
            env!("CARGO_CRATE_NAME"),
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        TempDir(p)
    }

    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Writes a file into the directory (creating subdirectories) and returns its path.
    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let p = self.join(name);
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        }
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What one run of the binary did.
pub struct Out {
    pub args: Vec<OsString>,
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Out {
    pub fn new(args: Vec<OsString>, o: std::process::Output) -> Out {
        Out {
            args,
            code: o.status.code(),
            stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        }
    }

    pub fn describe(&self) -> String {
        format!(
            "silver {:?}\nexit code: {:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.args, self.code, self.stdout, self.stderr
        )
    }
}

/// The binary with these arguments, from the workspace root, without stdin.
pub fn silver(args: &[OsString]) -> Command {
    let mut c = Command::new(silver_bin());
    c.current_dir(ROOT).args(args).stdin(Stdio::null());
    c
}

pub fn run(args: Vec<OsString>) -> Out {
    let o = silver(&args)
        .output()
        .unwrap_or_else(|e| panic!("cannot start silver: {e}"));
    Out::new(args, o)
}

/// Runs and asserts success without a panic.
pub fn ok(args: Vec<OsString>) -> Out {
    let out = run(args);
    assert_eq!(out.code, Some(0), "expected success:\n{}", out.describe());
    assert!(!out.stderr.contains("panicked"), "{}", out.describe());
    out
}

/// Asserts exit code 2 and a one-line `error:` message on stderr (no panic); returns it.
pub fn fails(args: Vec<OsString>) -> String {
    let out = run(args);
    assert_eq!(
        out.code,
        Some(2),
        "expected exit code 2:\n{}",
        out.describe()
    );
    assert_eq!(
        out.stderr.trim_end().lines().count(),
        1,
        "expected a one-line message:\n{}",
        out.describe()
    );
    error_line(&out)
}

/// The single `error:` line of a failed run's stderr.
pub fn error_line(out: &Out) -> String {
    assert!(!out.stderr.contains("panicked"), "{}", out.describe());
    let errors: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("error:"))
        .collect();
    assert_eq!(
        errors.len(),
        1,
        "expected exactly one error line:\n{}",
        out.describe()
    );
    assert_eq!(
        out.stderr.trim_end().lines().last(),
        Some(errors[0]),
        "the error should be the last line:\n{}",
        out.describe()
    );
    errors[0].to_string()
}

/// Asserts that `msg` contains every one of `words`.
pub fn assert_mentions(msg: &str, words: &[&str]) {
    for w in words {
        assert!(msg.contains(w), "message does not mention {w:?}: {msg}");
    }
}

pub fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

pub fn read_text(p: &Path) -> String {
    String::from_utf8(read(p)).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Asserts that `files` are byte-identical in directories `a` and `b`; on a mismatch reports
/// the first differing line rather than the whole files.
pub fn assert_same_files(a: &Path, b: &Path, files: &[&str]) {
    for f in files {
        let (x, y) = (read(&a.join(f)), read(&b.join(f)));
        if x == y {
            continue;
        }
        let (xs, ys) = (String::from_utf8_lossy(&x), String::from_utf8_lossy(&y));
        let first = xs
            .lines()
            .zip(ys.lines())
            .enumerate()
            .find(|(_, (l, r))| l != r);
        panic!(
            "{f} differs between {} ({} bytes, {} lines) and {} ({} bytes, {} lines); first difference: {first:?}",
            a.display(),
            x.len(),
            xs.lines().count(),
            b.display(),
            y.len(),
            ys.lines().count(),
        );
    }
}

/// Writes a spec file into `tmp`.
pub fn spec_file(tmp: &TempDir, name: &str, text: &str) -> PathBuf {
    tmp.write(name, text)
}

/// Starts `silver ARGS` (whose output directory is `dir`), interrupts it with SIGINT once its
/// manifest records a finished block, and returns what it did (it must still have been running).
pub fn interrupt_after_a_block(args: Vec<OsString>, dir: &Path) -> Out {
    let manifest = dir.join("manifest.json");
    interrupt_once(args, "a block finished", || {
        std::fs::read_to_string(&manifest).is_ok_and(|text| {
            let m: serde_json::Value = serde_json::from_str(&text).expect("valid manifest");
            m["blocks_done"].as_u64().unwrap() > 0
        })
    })
}

/// Starts `silver ARGS`, interrupts it with SIGINT as soon as `ready()` (polled), and returns
/// what it did: exit 130, no panic (it must still have been running).
pub fn interrupt_once(args: Vec<OsString>, what: &str, ready: impl Fn() -> bool) -> Out {
    signal_once(args, "-INT", what, ready)
}

/// Starts `silver ARGS`, sends it `signal` (`-INT`, `-TERM`: exit 130 after saving; `-KILL`:
/// no exit code) as soon as `ready()` (polled), and returns what it did (no panic; it must
/// still have been running).
pub fn signal_once(args: Vec<OsString>, signal: &str, what: &str, ready: impl Fn() -> bool) -> Out {
    use std::time::{Duration, Instant};
    let mut child = silver(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start silver");
    let started = Instant::now();
    while !ready() {
        if let Some(status) = child.try_wait().unwrap() {
            let out = Out::new(args, child.wait_with_output().unwrap());
            panic!(
                "the run ended ({status}) before {what}; make it longer\n{}",
                out.describe()
            );
        }
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("not {what} within 120 s");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let kill = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("cannot run kill");
    assert!(kill.success());
    let out = Out::new(args, child.wait_with_output().unwrap());
    let expected = if signal == "-KILL" { None } else { Some(130) };
    assert_eq!(out.code, expected, "{}", out.describe());
    assert!(!out.stderr.contains("panicked"), "{}", out.describe());
    out
}

/// Recomputes the checksum of a sealed JSON document (a manifest, `balance.json`) as silver
/// computes it: CRC-32 of the compact form of everything else. Tests use it to make edits the
/// checksum cannot see, and check that the recounts behind it still refuse them.
pub fn reseal(v: &mut serde_json::Value) {
    let map = v.as_object_mut().expect("a JSON object");
    map.remove("checksum");
    let sum = crc32fast::hash(&serde_json::to_vec(v).unwrap());
    v.as_object_mut()
        .unwrap()
        .insert("checksum".into(), format!("crc32:{sum:08x}").into());
}

/// Edits a sealed JSON file and writes it back: `sealed` with a recomputed checksum, else as
/// a text editor would leave it (the old checksum).
pub fn edit_json(path: &Path, sealed: bool, edit: impl FnOnce(&mut serde_json::Value)) {
    let mut m: serde_json::Value = serde_json::from_str(&read_text(path)).unwrap();
    edit(&mut m);
    if sealed {
        reseal(&mut m);
    }
    std::fs::write(path, serde_json::to_string_pretty(&m).unwrap()).unwrap();
}

/// The cells of an aligned listing row: columns are separated by two or more spaces.
pub fn cells(line: &str) -> Vec<String> {
    line.split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(String::from)
        .collect()
}

/// Runs `silver ARGS` with `input` on standard input.
pub fn with_input(args: Vec<OsString>, input: &str) -> Out {
    let mut child = silver(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("silver starts");
    let mut stdin = child.stdin.take().expect("a pipe");
    // The game may end before all the input is read: a closed pipe is fine.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("silver ends");
    Out::new(args, out)
}

/// Choices a player types: mostly the first, sometimes another, now and then a key that is
/// not offered (refused and asked again).
pub fn choices(n: usize) -> String {
    (0..n)
        .map(|i| match i % 11 {
            3 => "2\n",
            7 => "3\n",
            9 => "Z\n",
            _ => "1\n",
        })
        .collect()
}

/// The totals row printed at the game's end.
pub fn final_totals(stdout: &str) -> Vec<i32> {
    let line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("total "))
        .unwrap_or_else(|| panic!("no totals in\n{stdout}"));
    line.split_whitespace()
        .skip(1)
        .map(|x| x.parse().expect("a number"))
        .collect()
}

/// Edits a manifest and seals it again (as a tool that rewrote it would): the checks behind
/// the manifest's own checksum must still refuse what is wrong.
pub fn edit_manifest(dir: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    edit_json(&dir.join("manifest.json"), true, edit);
}

/// Copies a directory tree (bot profiles, experiment specs, a run's files: small files).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    for entry in std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let entry = entry.unwrap();
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        if src.is_dir() {
            copy_tree(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
        }
    }
}

/// A tiny search spec: values 2 and 4 over Amulet, 2 players, halving from one deal to two
/// finalists, certified on four deals (4 stages, 39 games).
pub const TINY_SEARCH: &str = r#"
name = "tiny"

[search]
base = "amulet"
players = 2
seed = 5
values = [2, 4]
method = "halving"

[search.screen]
deals = 1
keep = 2
finalists = 2

[search.certify]
deals = 4

[[search.objective]]
name = "even"
terms = [
  { metric = "seat_advantage", target = 0.0 },
  { metric = "turns_per_round", within = [8.0, 14.0], weight = 2.0 },
]
"#;
