"""The example bot written with the package plays complete games and reports an interval, and
plays in `silver tournament` as a protocol program that reads its views back with the package."""
import re
import subprocess
import sys

import pytest

from conftest import ROOT, optional, silver_bin


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


# The import names of the optional distributions the package's extras can install.
_DISTRIBUTIONS = {"numpy": "numpy", "pandas": "pandas", "pyspiel": "open_spiel",
                  "pettingzoo": "pettingzoo"}


def _extras():
    """The package's extras: name -> the distribution names they install."""
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        tomllib = pytest.importorskip("tomli")
    project = tomllib.loads((ROOT / "crates/silver-py/pyproject.toml").read_text())["project"]
    return {name: {re.match(r"[A-Za-z0-9_.-]+", r).group(0).lower().replace("-", "_")
                   for r in reqs}
            for name, reqs in project["optional-dependencies"].items()}


def test_the_install_line_installs_what_the_guide_example_imports():
    """The README's and the guide's `pip install` line name extras the package defines, and
    they install every optional distribution the guide's example imports when it runs."""
    optional("pandas")
    extras = _extras()
    lines = {}
    for page in ("README.md", "docs/guide/python.md"):
        found = re.findall(r"`pip install '\./crates/silver-py\[([a-z,]+)\]'`",
                           (ROOT / page).read_text())
        assert found, f"{page}: no `pip install './crates/silver-py[...]'` line"
        lines[page] = set(found[0].split(","))
    assert lines["README.md"] == lines["docs/guide/python.md"], lines
    named = lines["README.md"]
    assert named <= set(extras), named - set(extras)
    installed = set().union(*(extras[e] for e in named))
    page = (ROOT / "docs/guide/python.md").read_text()
    code = re.findall(r"```python\n(.*?)```", page, flags=re.S)[0]
    done = subprocess.run([sys.executable, "-c",
                           code + "\nimport sys\nprint(' '.join(sorted(sys.modules)))"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    imported = set(done.stdout.splitlines()[-1].split())
    needed = {dist for module, dist in _DISTRIBUTIONS.items() if module in imported}
    assert "numpy" in needed and "pandas" in needed, needed
    assert needed <= installed, f"the example imports {needed - installed} too"
