//! The Python package (`crates/silver-py`): a virtual environment under `target/` gets the
//! test requirements (`crates/silver-py/requirements-test.txt`: maturin, pytest, numpy, pandas,
//! OpenSpiel, PettingZoo) and the package (`pip install ./crates/silver-py`, built by maturin),
//! then its pytest suite runs (`crates/silver-py/tests/`) with every optional part required
//! (`SILVER_FULL_TESTS=1`: nothing is skipped) and this build's `silver` binary for the
//! Rust-against-Python comparisons. Needs `python3` with `venv` and the package registries.

use crate::common::{silver_bin, ROOT};
use std::path::Path;
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

#[test]
fn the_python_package_builds_and_passes_its_tests() {
    let root = Path::new(ROOT);
    let venv = root.join("target/silver-py-venv");
    if !venv.join("bin/python").is_file() {
        run(
            Command::new("python3").args(["-m", "venv"]).arg(&venv),
            "python3 -m venv",
        );
    }
    let python = venv.join("bin/python");
    run(
        Command::new(&python)
            .args(["-m", "pip", "install", "--quiet", "-r"])
            .arg(root.join("crates/silver-py/requirements-test.txt")),
        "pip install -r crates/silver-py/requirements-test.txt",
    );
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
            .arg(root.join("crates/silver-py"))
            .env("CARGO_TARGET_DIR", root.join("target/silver-py")),
        "pip install ./crates/silver-py",
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
}
