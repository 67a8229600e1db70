"""The example bot written with the package plays complete games and reports an interval, and
plays in `silver tournament` as a protocol program that reads its views back with the package."""
import re
import subprocess
import sys

from conftest import ROOT, silver_bin


def test_flat_monte_carlo_example_plays():
    out = subprocess.run([sys.executable, str(ROOT / "bots/examples/flat_monte_carlo.py"),
                          "--games", "2", "--samples", "2"], capture_output=True, text=True,
                         check=True).stdout
    assert re.fullmatch(r"flat Monte Carlo \(2 samples\) vs greedy: won [012] of 2 games, "
                        r"\d+\.\d% \[\d+\.\d, \d+\.\d\]\n", out), out
    bad = subprocess.run([sys.executable, str(ROOT / "bots/examples/flat_monte_carlo.py"),
                          "--games", "3"], capture_output=True, text=True)
    assert bad.returncode == 2 and "even number" in bad.stderr


def test_flat_monte_carlo_plays_in_tournaments_through_the_protocol(tmp_path):
    bot = f"exec:{sys.executable} bots/examples/flat_monte_carlo.py --exec --samples 1"
    runs = []
    for threads in ("1", "2"):
        out = tmp_path / f"t{threads}"
        subprocess.run([silver_bin(), "tournament", "--bots", f"{bot},greedy", "--games", "4",
                        "--seed", "5", "--threads", threads, "--quiet", "--out", str(out)],
                       cwd=ROOT, check=True, capture_output=True, text=True)
        runs.append((out / "games.csv").read_text())
    # Reproducible at any thread count: the program seeds its samples from the protocol.
    assert runs[0] == runs[1]
    assert len(runs[0].splitlines()) == 1 + 4 * 2


def test_the_python_guide_examples_run():
    """Every Python block of the docs' Python guide runs as written, from the repository root."""
    page = (ROOT / "docs/guide/python.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", page, flags=re.S)
    assert blocks, "the Python guide has no Python example"
    for code in blocks:
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                              text=True)
        assert done.returncode == 0, f"{code}\n{done.stderr}"
