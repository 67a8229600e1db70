//! The Python package (`crates/silver-py`): a virtual environment under `target/` gets the
//! test requirements (`crates/silver-py/requirements-test.txt`: maturin, pytest, numpy, pandas,
//! OpenSpiel, PettingZoo); the package is built once as a wheel (`maturin build --release`
//! into `target/wheels`, the artefact a user installs without Rust) and that wheel is
//! installed, then its pytest suite runs (`crates/silver-py/tests/`) with every optional part
//! required (`SILVER_FULL_TESTS=1`: nothing is skipped) and this build's `silver` binary for
//! the Rust-against-Python comparisons. The wheel also goes into a second, fresh environment
//! with `pip install --no-index --no-deps` and no `cargo` on `PATH`, where it imports and
//! plays a game. Needs `python3` with `venv` and the package registries.

use crate::common::{silver_bin, ROOT};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

fn run(cmd: &mut Command, what: &str) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A fresh virtual environment at `venv` (an existing one is kept when `fresh` is false).
fn venv(venv: &Path, fresh: bool) -> PathBuf {
    if fresh && venv.exists() {
        std::fs::remove_dir_all(venv).expect("remove the old environment");
    }
    if !venv.join("bin/python").is_file() {
        run(
            Command::new("python3").args(["-m", "venv"]).arg(venv),
            "python3 -m venv",
        );
    }
    venv.join("bin/python")
}

/// The wheels in `dir` whose file name starts with `silver-`.
fn wheels(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .map(|e| e.expect("a wheels directory entry").path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("silver-") && n.ends_with(".whl"))
        })
        .collect()
}

/// `PATH` without the directories that hold a `cargo`: the wheel must install without Rust.
fn path_without_cargo() -> OsString {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::env::split_paths(&path).filter(|d| !d.join("cargo").exists());
    std::env::join_paths(dirs).expect("PATH entries join again")
}

#[test]
fn the_python_package_builds_as_a_wheel_and_passes_its_tests() {
    let root = Path::new(ROOT);
    let python = venv(&root.join("target/silver-py-venv"), false);
    run(
        Command::new(&python)
            .args(["-m", "pip", "install", "--quiet", "-r"])
            .arg(root.join("crates/silver-py/requirements-test.txt")),
        "pip install -r crates/silver-py/requirements-test.txt",
    );
    // The wheel: built once, by the maturin the requirements installed.
    let out = root.join("target/wheels");
    for old in wheels(&out) {
        std::fs::remove_file(old).expect("remove an old wheel");
    }
    run(
        Command::new(python.with_file_name("maturin"))
            .args(["build", "--release", "--quiet", "--out"])
            .arg(&out)
            .arg("--manifest-path")
            .arg(root.join("crates/silver-py/Cargo.toml"))
            .arg("--interpreter")
            .arg(&python)
            .env("CARGO_TARGET_DIR", root.join("target/silver-py")),
        "maturin build --release",
    );
    let built = wheels(&out);
    assert_eq!(built.len(), 1, "one wheel in target/wheels: {built:?}");
    let wheel = &built[0];
    run(
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--force-reinstall",
                "--no-deps",
            ])
            .arg(wheel),
        "pip install target/wheels/silver-*.whl",
    );
    run(
        Command::new(&python)
            .args([
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "crates/silver-py/tests",
            ])
            .env("SILVER_FULL_TESTS", "1")
            .env("SILVER_BIN", silver_bin())
            .current_dir(root),
        "the Python package's tests",
    );
    // The wheel alone, without Rust: a fresh environment, no index, no dependencies.
    let bare = venv(&root.join("target/silver-py-wheel-venv"), true);
    let path = path_without_cargo();
    run(
        Command::new(&bare)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(["--no-index", "--no-deps"])
            .arg(wheel)
            .env("PATH", &path),
        "pip install --no-index --no-deps target/wheels/silver-*.whl (no cargo)",
    );
    run(
        Command::new(&bare)
            .args([
                "-c",
                "import silver\n\
                 game = silver.Game(players=3, set='bullet', seed=4)\n\
                 bot = silver.Bot('greedy')\n\
                 while not game.is_terminal():\n    game.apply(bot.step(game))\n\
                 assert game.winner() in range(3)\n",
            ])
            .env("PATH", &path)
            .current_dir(root.join("target")),
        "a game from the wheel alone",
    );
}
