"""The engine from Python: games, action ids, bad input, and a Python-driven game equal to the
Rust run's game event for event."""
import json
import pathlib
import subprocess
import sys
import tempfile

import pytest

import silver
from conftest import SETS, optional, play, silver_bin


def test_a_random_game_ends_with_a_winner():
    game = silver.Game(players=3, seed=4)
    assert game.num_players() == 3
    assert game.current_player() >= 0
    play(game, [silver.Bot("random", seed=s) for s in range(3)])
    assert game.is_terminal() and game.current_player() == -1
    assert game.legal_actions() == []
    totals = game.totals()
    assert totals[game.winner()] == min(totals)
    assert game.returns() == [1.0 if s == game.winner() else 0.0 for s in range(3)]
    order = game.finishing_order()
    assert order[0] == game.winner() and sorted(order) == [0, 1, 2]


def test_action_ids_are_stable_and_named():
    game = silver.Game(seed=5)
    ids = game.legal_actions()
    assert ids == sorted(ids) and all(0 <= i < silver.ACTION_IDS for i in ids)
    names = game.action_names()
    assert [silver.action_name(i) for i in ids] == names
    assert [silver.action_id(n) for n in names] == ids
    assert all(json.loads(n)["do"] for n in names)
    assert silver.action_id('{"do":"exchange","slot":2}') == silver.action_id(
        silver.action_name(silver.action_id('{"do":"exchange","slot":2}')))
    mask = game.legal_action_mask()
    assert len(mask) == silver.ACTION_IDS
    assert [i for i, b in enumerate(mask) if b] == ids


def test_bad_input_raises_and_changes_nothing():
    game = silver.Game(seed=2)
    before = (game.current_player(), game.legal_actions(), game.view(0), game.events())
    illegal = next(i for i in range(silver.ACTION_IDS) if i not in game.legal_actions())
    with pytest.raises(ValueError, match="not legal"):
        game.apply(illegal)
    with pytest.raises(ValueError):
        game.apply(silver.ACTION_IDS + 5)
    assert before == (game.current_player(), game.legal_actions(), game.view(0), game.events())
    for bad in [dict(players=5), dict(players=1), dict(set="bulet"), dict(model="sprint")]:
        with pytest.raises(ValueError):
            silver.Game(**bad)
    with pytest.raises(ValueError, match="no seat"):
        game.view(2)
    with pytest.raises(ValueError, match="no seat"):
        game.sample_world(3, 1)
    with pytest.raises(ValueError):
        game.observation(9)
    with pytest.raises(ValueError):
        silver.action_name(silver.ACTION_IDS)
    with pytest.raises(ValueError):
        silver.action_id('{"do":"fly"}')
    with pytest.raises(ValueError):
        silver.Bot("no-such-bot")
    with pytest.raises(ValueError, match="program"):
        silver.Bot("exec:python3 x.py")
    with pytest.raises(ValueError, match="not over"):
        game.finishing_order()
    over = play(silver.Game(seed=1), [silver.Bot("random"), silver.Bot("random")])
    with pytest.raises(ValueError, match="over"):
        silver.Bot("greedy").step(over)


def test_clone_is_independent_and_deterministic():
    a = silver.Game(seed=9)
    b = a.clone()
    play(a, [silver.Bot("greedy"), silver.Bot("greedy")])
    assert not b.is_terminal()
    play(b, [silver.Bot("greedy"), silver.Bot("greedy")])
    assert a.totals() == b.totals() and a.events() == b.events()


@pytest.mark.parametrize("players,bots,seed,index,set_", [
    (2, ["greedy", "random"], 7, 3, "amulet"),
    (3, ["greedy", "ismcts:iterations=40", "random"], 11, 1, "bullet"),
    (4, ["greedy"], 5, 0, SETS[-1]),
])
def test_a_python_driven_game_equals_the_rust_run_event_for_event(players, bots, seed, index,
                                                                  set_):
    # Fixed seating: game `index` is deal `index`, bot k in seat k.
    cmd = [silver_bin(), "replay", "--bots", ",".join(bots), "--players", str(players),
           "--seating", "fixed", "--seed", str(seed), "--game", str(index), "--set", set_]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    header, *rust = [json.loads(line) for line in out.splitlines()]
    assert header["game"] == index and header["deal"] == index
    game = silver.Game.from_run(seed, index, players=players, set=set_)
    names = [bots[s % len(bots)] for s in range(players)]
    seats = [silver.Bot(names[s], stream=(seed, index, s)) for s in range(players)]
    play(game, seats)
    assert game.events() == rust
    assert len(rust) > 100


def test_tournaments_and_experiments_return_the_runs_tables(tmp_path):
    out = tmp_path / "t"
    tables = silver.tournament(["greedy", "random"], games=20, seed=3, out=out, threads=1)
    rows = tables["summary"]
    rows = rows.to_dict("records") if hasattr(rows, "to_dict") else rows
    assert {r["name"] for r in rows if r["kind"] == "bot"} == {"greedy", "random"}
    assert (out / "summary.csv").is_file() and "ratings" in tables
    spec = tmp_path / "e.toml"
    spec.write_text('name = "e"\nplayers = 3\ngames = 6\nseed = 2\n'
                    'bots = [{ kind = "greedy", name = "g" }, "random"]\n')
    tables = silver.experiment(spec, out=tmp_path / "e", threads=1)
    rows = tables["summary"]
    rows = rows.to_dict("records") if hasattr(rows, "to_dict") else rows
    assert {r["name"] for r in rows if r["kind"] == "bot"} == {"g", "random"}
    with pytest.raises(ValueError, match="e.toml"):
        spec.write_text("players = 9\nbots = ['greedy']\n")
        silver.experiment(spec, out=tmp_path / "bad")
    with pytest.raises(ValueError):
        silver.experiment(tmp_path / "missing.toml")
    # A finished run is never overwritten.
    with pytest.raises(RuntimeError):
        silver.tournament(["greedy", "random"], games=20, seed=3, out=out)


def _csv_header(path):
    return path.read_text().splitlines()[0].split(",")


def test_tournament_tables_are_typed_in_the_csv_files_order(tmp_path, monkeypatch):
    pandas = optional("pandas")
    out = tmp_path / "t"
    tables = silver.tournament(["greedy", "random", "greedy-mem2"], seating="round-robin",
                               games=30, seed=3, out=out, threads=1)
    assert set(tables) == {"summary", "pairs", "ratings"}
    for name, frame in tables.items():
        path = out / f"{name}.csv"
        read = pandas.read_csv(path)
        assert list(frame.columns) == _csv_header(path)
        assert frame.dtypes.to_dict() == read.dtypes.to_dict(), name
        pandas.testing.assert_frame_equal(frame, read, check_exact=False)
    summary = tables["summary"]
    assert summary["games"].dtype == "int64" and summary["win_rate"].dtype == "float64"
    assert pandas.api.types.is_string_dtype(summary["name"])
    # Without pandas: lists of dicts, keys in the files' order, values typed the same way.
    monkeypatch.setitem(sys.modules, "pandas", None)
    rows = silver.tournament(["greedy", "random"], games=10, seed=3, out=tmp_path / "p",
                             threads=1)["summary"]
    assert list(rows[0]) == _csv_header(tmp_path / "p" / "summary.csv")
    assert isinstance(rows[0]["games"], int) and isinstance(rows[0]["win_rate"], float)
    assert isinstance(rows[0]["name"], str)


def test_runs_without_out_leave_no_directory_behind(tmp_path, monkeypatch):
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    used = []

    def spy(run):
        def wrapped(*args, **kwargs):
            out = pathlib.Path(args[1])
            result = run(*args, **kwargs)
            used.append((out, (out / "games.csv").is_file()))
            return result
        return wrapped

    monkeypatch.setattr(silver, "run_tournament", spy(silver.run_tournament))
    monkeypatch.setattr(silver, "run_experiment", spy(silver.run_experiment))
    tables = silver.tournament(["greedy", "random"], games=10, seed=3, threads=1)
    assert "summary" in tables
    spec = tmp_path / "e.toml"
    spec.write_text('name = "e"\nplayers = 2\ngames = 4\nseed = 2\nbots = ["greedy", "random"]\n')
    assert "summary" in silver.experiment(spec, threads=1)
    # Both ran in a temporary directory, wrote their files there, and it is gone.
    assert len(used) == 2
    for out, written in used:
        assert written and out.parent == temp and not out.exists()
    assert list(temp.iterdir()) == []
