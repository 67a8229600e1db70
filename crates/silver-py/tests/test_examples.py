"""The example bot written with the package plays complete games and reports an interval."""
import re
import subprocess
import sys

from conftest import ROOT


def test_flat_monte_carlo_example_plays():
    out = subprocess.run([sys.executable, str(ROOT / "bots/examples/flat_monte_carlo.py"),
                          "--games", "2", "--samples", "2"], capture_output=True, text=True,
                         check=True).stdout
    assert re.fullmatch(r"flat Monte Carlo \(2 samples\) vs greedy: won [012] of 2 games, "
                        r"\d+\.\d% \[\d+\.\d, \d+\.\d\]\n", out), out
    bad = subprocess.run([sys.executable, str(ROOT / "bots/examples/flat_monte_carlo.py"),
                          "--games", "3"], capture_output=True, text=True)
    assert bad.returncode == 2 and "even number" in bad.stderr
