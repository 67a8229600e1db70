//! The Python package (`crates/silver-py`): built into a virtual environment under `target/`
//! with `pip install ./crates/silver-py` (maturin, PyO3), then its own tests run
//! (`crates/silver-py/tests/test_silver.py`). Needs `python3` with `venv` and the package
//! registry (pip fetches maturin and the Rust crates), as a fresh set-up does.

use crate::common::ROOT;
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
                "unittest",
                "discover",
                "-s",
                "crates/silver-py/tests",
                "-v",
            ])
            .current_dir(root),
        "the Python package's tests",
    );
}
