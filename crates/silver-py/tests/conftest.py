"""Shared helpers of the Python package's tests (run from the repository root:
`python -m pytest crates/silver-py/tests` in an environment with the package installed)."""
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]

# Sets the tests play: the base game, each edition's token and a mixed set.
SETS = ["amulet", "bullet", "bullet/token=coin", "bullet/token=dagger",
        "amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger"]


def optional(module):
    """Imports an optional dependency: skipped when it is missing, unless SILVER_FULL_TESTS
    is set (as the workspace's test suite sets it), where a missing one is a failure."""
    if os.environ.get("SILVER_FULL_TESTS"):
        return __import__(module, fromlist=["_"])
    return pytest.importorskip(module)


def silver_bin():
    """The `silver` binary: $SILVER_BIN, else the release build in the repository."""
    path = os.environ.get("SILVER_BIN") or str(ROOT / "target" / "release" / "silver")
    if not os.path.isfile(path):
        pytest.fail(f"no silver binary at {path}: build it (cargo build --release) or set "
                    "SILVER_BIN")
    return path


def play(game, bots):
    """Plays `game` to its end with one bot per seat."""
    while not game.is_terminal():
        game.apply(bots[game.current_player()].step(game))
    return game
