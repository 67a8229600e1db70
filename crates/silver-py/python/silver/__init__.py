"""The Silver card games from Python: the engine, information-set views and tensors, the Rust
bots, a batched environment and tournaments (the `silver` command's engine, compiled).

    import silver
    game = silver.Game(players=2, set="amulet", seed=1)
    bot = silver.Bot("greedy")
    while not game.is_terminal():
        game.apply(bot.step(game))
    print(game.totals(), game.winner())

    tables = silver.tournament(["greedy", "random"], games=200)
    print(tables["summary"])          # a pandas DataFrame when pandas is installed

Actions are integer ids in `range(ACTION_IDS)`, the same id for the same action in every state
(`action_name(id)` reads it, `action_id(name)` goes back). `max_decisions(players, set, model)`
bounds a game's decisions (the engine's caps: turns per round, rounds, a turn's decisions). Frameworks: `silver.openspiel`
(registers the pyspiel game `python_silver`) and `silver.pettingzoo` (an AEC environment).

The observation tensor (`observation_tensor(game, seat)`, `OBSERVATION_SIZE` float32 values)
is built from the seat's view only, with seats relative to the viewer (village 0 is the
viewer's own):

* `OBSERVATION_PARTS = (4, 52, 25, GLOBAL)`: first 4 villages x 52 slots x 25 features
  (0 present; 1-14 value one-hot, if the seat knows it; 15 value unknown; 16 face-up; 17 under
  the token; 18 guarded; 19 rotated; 20-23 known by relative seat 0-3; 24 selected in the
  seat's pending multi-exchange), a slot past a village's end all zero;
* then GLOBAL values: players one-hot (2, 3, 4) 3; stage one-hot 9 (deal, opening peek, turn,
  keep drawn, holding, selecting, ability, end of turn, game over); the held card 16 (present,
  value one-hot 14, unknown); the cards drawn with Rascals 5 x 16; the pending ability 16
  (present, whose value one-hot 14, copied); the discard pile 29 (count per value 14, top
  one-hot 14, size); the display's count per value 14; deck size 1; per value, cards the seat
  has not located 14; round 1; completed turns 1; turn player 4, start player 4, token
  holder 4 (relative one-hot); token used 1; census caller 4; counter-clockwise 1; totals 4.

Counts and points are raw numbers.
"""
import math
import re
import tempfile

from ._silver import (ACTION_IDS, MAX_DECISIONS_PER_TURN, OBSERVATION_PARTS, OBSERVATION_SIZE,
                      PROTOCOL, Bot, Game, View, action_id, action_name, derive_seed,
                      max_decisions, run_experiment, run_tournament)
from ._silver import VecEnv as _VecEnv

__all__ = ["Game", "Bot", "View", "VecEnv", "tournament", "experiment", "derive_seed", "action_name", "action_id",
           "observation_tensor", "action_mask", "ACTION_IDS", "OBSERVATION_SIZE",
           "OBSERVATION_PARTS", "PROTOCOL", "max_decisions", "MAX_DECISIONS_PER_TURN"]


def _numpy():
    try:
        import numpy
    except ImportError as e:
        raise ImportError("tensors need numpy: pip install numpy") from e
    return numpy


def observation_tensor(game, seat=None):
    """`seat`'s observation of `game` (or of a `View`, without `seat`) as a float32 numpy array
    of `OBSERVATION_SIZE` values (layout in the module docs)."""
    np = _numpy()
    data = game.observation() if seat is None else game.observation(seat)
    return np.frombuffer(data, dtype=np.float32).copy()


def action_mask(game):
    """The legal actions as an int8 numpy array over all `ACTION_IDS` ids (1 = legal)."""
    np = _numpy()
    return np.frombuffer(game.legal_action_mask(), dtype=np.int8).copy()


class VecEnv:
    """Many games stepped at once in Rust, in parallel, with the GIL released.

    Self-play (`opponents=None`): every step acts for the seat to move in each game. With
    `opponents` (bot names, e.g. `["greedy"]`, cycled over the other seats), Python plays one
    learner seat per game (`learner_seat`, or rotating: seat `g % players` in game number `g`)
    and the Rust bots play the rest between its decisions.

    `reset()` returns `(obs, mask)`: arrays of shape `(num_envs, OBSERVATION_SIZE)` float32
    and `(num_envs, ACTION_IDS)` int8, for the seat each game waits for
    (`current_players()`). `step(actions)` takes one legal action id per game and returns
    `(obs, mask, rewards, totals, dones)`: rewards and totals `(num_envs, players)` float32,
    non-zero only where a game just ended (rewards 1 for its winner; totals its final totals),
    dones `(num_envs,)` bool. A finished game is replaced at once by the next, whose first
    observation is the one returned. Game `j` of environment `i` is game number
    `j * num_envs + i` of a `silver` run with master seed `seed` (`game_numbers()`), so the
    results do not depend on `threads`.
    """

    def __init__(self, num_envs, players=2, set="amulet", model="rounds", seed=0,
                 opponents=None, learner_seat=None, threads=0, bots_dir="bots"):
        self._np = _numpy()
        self._env = _VecEnv(num_envs, players=players, set=set, model=model, seed=seed,
                            opponents=None if opponents is None else list(opponents),
                            learner_seat=learner_seat, threads=threads, bots_dir=bots_dir)
        self.num_envs = num_envs
        self.players = players

    def _arrays(self, obs, mask):
        np = self._np
        return (np.frombuffer(obs, dtype=np.float32).reshape(self.num_envs, OBSERVATION_SIZE),
                np.frombuffer(mask, dtype=np.int8).reshape(self.num_envs, ACTION_IDS))

    def reset(self):
        return self._arrays(*self._env.reset())

    def observe(self):
        return self._arrays(*self._env.observe())

    def step(self, actions):
        obs, mask, rewards, totals, dones = self._env.step([int(a) for a in actions])
        np = self._np
        obs, mask = self._arrays(obs, mask)
        shape = (self.num_envs, self.players)
        return (obs, mask, np.frombuffer(rewards, dtype=np.float32).reshape(shape),
                np.frombuffer(totals, dtype=np.float32).reshape(shape),
                np.frombuffer(dones, dtype=np.uint8).astype(bool))

    def current_players(self):
        return self._np.array(self._env.current_players())

    def game_numbers(self):
        return self._np.array(self._env.game_numbers())


_INT = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?|[+-]?(inf|nan)",
                    re.IGNORECASE)


def _column(values):
    """A CSV column's values typed as its cells hold them (as pandas reads a CSV file): ints if
    every cell is an integer, floats (an empty cell NaN) if every cell is a number or empty,
    bools if every cell is true or false, else strings (an empty cell None)."""
    present = [v for v in values if v != ""]
    if present and len(present) == len(values) and all(_INT.fullmatch(v) for v in values):
        return [int(v) for v in values]
    if all(_FLOAT.fullmatch(v) for v in present):
        return [float(v) if v != "" else math.nan for v in values]
    if present and len(present) == len(values) and all(
            v.lower() in ("true", "false") for v in values):
        return [v.lower() == "true" for v in values]
    return [v if v != "" else None for v in values]


def _tables(tables):
    """The run's tables (`{"columns": header, "rows": rows of strings}` each) with typed
    columns in the CSV file's order: pandas DataFrames when pandas is installed, else lists of
    dicts."""
    typed = {}
    for name, table in tables.items():
        header, rows = table["columns"], table["rows"]
        typed[name] = (header, [_column([row[i] for row in rows]) for i in range(len(header))])
    try:
        import pandas
    except ImportError:
        return {name: [dict(zip(header, row)) for row in zip(*columns)] if columns else []
                for name, (header, columns) in typed.items()}
    return {name: pandas.DataFrame(dict(zip(header, columns)), columns=header)
            for name, (header, columns) in typed.items()}


def _run(out, run):
    """Runs `run(directory)` into `out`, or into a temporary directory removed afterwards."""
    if out is not None:
        return _tables(run(str(out)))
    with tempfile.TemporaryDirectory(prefix="silver-") as directory:
        return _tables(run(directory))


def experiment(path, out=None, threads=0, bots_dir="bots", allow_exec=False):
    """Runs the experiment spec file `path` (as `silver run PATH`; balance sweeps run with the
    command) into `out` (if None, a temporary directory removed before returning) and returns
    its tables, as `tournament` does. Programs the spec or a profile names (exec bots) start
    only with `allow_exec=True`, as with `--allow-exec`."""
    return _run(out, lambda out: run_experiment(str(path), out, threads=threads,
                                                bots_dir=bots_dir, allow_exec=allow_exec))


def tournament(bots, players=2, games=100, seed=1, set="amulet", seating="rotate",
               threads=0, out=None, bots_dir="bots", allow_exec=False):
    """Runs bots against each other, as `silver tournament`, into `out` (if None, a temporary
    directory removed before returning), and returns its tables: `summary`, `pairs`, `ratings`
    (pairs and ratings with two or more bots), with the CSV files' columns in their order and
    typed as their cells are (ints, floats with NaN for an empty cell, strings): pandas
    DataFrames when pandas is installed, else lists of dicts. An `"exec:COMMAND"` bot given
    here runs its program; a profile of `bots_dir` that is a program runs only with
    `allow_exec=True`, as with `--allow-exec`."""
    bots = list(bots)
    return _run(out, lambda out: run_tournament(bots, out, players=players, games=games,
                                                seed=seed, set=set, seating=seating,
                                                threads=threads, bots_dir=bots_dir,
                                                allow_exec=allow_exec))
