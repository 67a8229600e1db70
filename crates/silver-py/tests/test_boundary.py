"""The package's boundary: every exported function and class given bad arguments raises an
ordinary exception with a one-line message (never `PanicException`, a BaseException that
`except Exception` misses, and never an abort); altered view codes are refused or safe; sizes
and threads are bounded; a Bot works from any thread; Ctrl-C stops a tournament."""
import json
import os
import random
import signal
import subprocess
import threading
import time

import numpy as np
import pytest

import silver
from conftest import silver_bin

# What bad input may raise: the checks' ValueError, Python's own TypeError for a wrong type
# and OverflowError for an integer outside its type. (A panic would be none of these.)
BAD = (ValueError, TypeError, OverflowError)


def message_of(call):
    with pytest.raises(BAD) as info:
        call()
    text = str(info.value)
    assert text and "\n" not in text, repr(text)
    return text


def finished_game():
    game = silver.Game(players=2, seed=3)
    bot = silver.Bot("random")
    while not game.is_terminal():
        game.apply(bot.step(game))
    return game


GAME = {"type": "game", "protocol": 1, "seat": 0, "players": 2, "set": "amulet",
        "model": {"kind": "rounds", "rounds": 4}, "max_turns_per_round": 400}

CALLS = {
    # The engine.
    "players 1": lambda: silver.Game(players=1),
    "players 5": lambda: silver.Game(players=5),
    "players -1": lambda: silver.Game(players=-1),
    "players 300": lambda: silver.Game(players=300),
    "players str": lambda: silver.Game(players="2"),
    "set": lambda: silver.Game(set="nope"),
    "set empty": lambda: silver.Game(set=""),
    "set token": lambda: silver.Game(set="amulet/token=nope"),
    "set mix": lambda: silver.Game(set="amulet+14:coin"),
    "set type": lambda: silver.Game(set=None),
    "model": lambda: silver.Game(model="forever"),
    "seed -1": lambda: silver.Game(seed=-1),
    "seed 2**64": lambda: silver.Game(seed=2**64),
    "seed float": lambda: silver.Game(seed=1.5),
    "first player": lambda: silver.Game(players=2, first_player=2),
    "from_run players": lambda: silver.Game.from_run(1, 0, players=9),
    "from_run deal -1": lambda: silver.Game.from_run(1, -1),
    "from_run set": lambda: silver.Game.from_run(1, 0, set="nope"),
    "apply -1": lambda: silver.Game().apply(-1),
    "apply huge": lambda: silver.Game().apply(10**9),
    "apply illegal": lambda: silver.Game().apply(silver.ACTION_IDS - 1),
    "apply str": lambda: silver.Game().apply("0"),
    "apply over": lambda: finished_game().apply(0),
    "sample_world seat": lambda: silver.Game().sample_world(2, 0),
    "sample_world seed": lambda: silver.Game().sample_world(0, -5),
    "view seat": lambda: silver.Game().view(7),
    "player_view seat": lambda: silver.Game().player_view(255),
    "information state seat": lambda: silver.Game().information_state_string(2),
    "observation seat": lambda: silver.Game().observation(-1),
    "events seat": lambda: silver.Game().events(seat=4),
    "finishing order": lambda: silver.Game().finishing_order(),
    "action_name -1": lambda: silver.action_name(-1),
    "action_name huge": lambda: silver.action_name(silver.ACTION_IDS),
    "action_id name": lambda: silver.action_id("nope"),
    "action_id json": lambda: silver.action_id('{"do":"fly"}'),
    "action_id type": lambda: silver.action_id(5),
    "derive_seed": lambda: silver.derive_seed(-1, 0),
    # Views from the protocol.
    "view code hex": lambda: silver.View("zz", GAME),
    "view code empty": lambda: silver.View("", GAME),
    "view code short": lambda: silver.View("01", GAME),
    "view code format": lambda: silver.View("02" + "00" * 20, GAME),
    "view message": lambda: silver.View(silver.Game().player_view(0).code(), {}),
    "view message players": lambda: silver.View(silver.Game().player_view(0).code(),
                                                {**GAME, "players": 9}),
    "view message set": lambda: silver.View(silver.Game().player_view(0).code(),
                                            {**GAME, "set": "nope"}),
    "view message turns": lambda: silver.View(silver.Game().player_view(0).code(),
                                              {**GAME, "max_turns_per_round": -1}),
    "view message type": lambda: silver.View(silver.Game().player_view(0).code(), object()),
    "view code type": lambda: silver.View(None, GAME),
    # Bots.
    "bot name": lambda: silver.Bot("nope"),
    "bot empty": lambda: silver.Bot(""),
    "bot option": lambda: silver.Bot("ismcts:iterations=0"),
    "bot option huge": lambda: silver.Bot("ismcts:iterations=99999999999"),
    "bot option key": lambda: silver.Bot("greedy:nope=1"),
    "bot type": lambda: silver.Bot(5),
    "bot seed": lambda: silver.Bot("greedy", seed=-1),
    "bot stream seat": lambda: silver.Bot("greedy", stream=(1, 0, 9)),
    "bot stream": lambda: silver.Bot("greedy", stream=(1, 0)),
    "bot program": lambda: silver.Bot("exec:true"),
    "bot step over": lambda: silver.Bot("greedy").step(finished_game()),
    "bot step type": lambda: silver.Bot("greedy").step(None),
    "bot decide not to move": lambda: silver.Bot("greedy").decide(
        silver.Game(players=2, first_player=0).player_view(1)),
    "cheating bot from a view": lambda: silver.Bot("cheating-ismcts:iterations=5").decide(
        silver.Game(players=2, first_player=0).player_view(0)),
    # The batched environment.
    "envs 0": lambda: silver.VecEnv(0),
    "envs -1": lambda: silver.VecEnv(-1),
    "envs 10**7": lambda: silver.VecEnv(10**7),
    "envs 2**70": lambda: silver.VecEnv(2**70),
    "envs float": lambda: silver.VecEnv(2.5),
    "envs threads 2000": lambda: silver.VecEnv(4, threads=2000),
    "envs threads -1": lambda: silver.VecEnv(4, threads=-1),
    "envs players": lambda: silver.VecEnv(2, players=7),
    "envs set": lambda: silver.VecEnv(2, set="nope"),
    "envs opponents empty": lambda: silver.VecEnv(2, opponents=[]),
    "envs opponents name": lambda: silver.VecEnv(2, opponents=["nope"]),
    "envs opponents program": lambda: silver.VecEnv(2, opponents=["exec:true"]),
    "envs learner seat": lambda: silver.VecEnv(2, opponents=["greedy"], learner_seat=5),
    "envs learner without opponents": lambda: silver.VecEnv(2, learner_seat=1),
    "envs step length": lambda: silver.VecEnv(2).step([0]),
    "envs step illegal": lambda: silver.VecEnv(2).step([silver.ACTION_IDS - 1] * 2),
    "envs step negative": lambda: silver.VecEnv(2).step([-1, -1]),
    "envs step huge": lambda: silver.VecEnv(2).step([10**9, 10**9]),
    # Runs.
    "tournament games -1": lambda: silver.tournament(["greedy", "random"], games=-1),
    "tournament games huge": lambda: silver.tournament(["greedy", "random"], games=10**13),
    "tournament threads": lambda: silver.tournament(["greedy", "random"], games=2,
                                                    threads=2000),
    "tournament players": lambda: silver.tournament(["greedy", "random"], players=9),
    "tournament seating": lambda: silver.tournament(["greedy", "random"], seating="nope"),
    "tournament set": lambda: silver.tournament(["greedy", "random"], set="nope"),
    "tournament bot": lambda: silver.tournament(["nope", "random"]),
    "tournament no bots": lambda: silver.tournament([]),
    "tournament seed": lambda: silver.tournament(["greedy", "random"], seed=-1),
    "experiment missing": lambda: silver.experiment("no/such/spec.toml"),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_bad_arguments_raise_an_ordinary_one_line_error(name):
    message_of(CALLS[name])


def test_a_bad_spec_file_is_a_value_error(tmp_path):
    spec = tmp_path / "spec.toml"
    for text in ["not toml [", "bots = 5", 'bots = ["greedy", "random"]\ngames = -3',
                 'bots = ["greedy", "random"]\nplayers = 200', "\x00\xff"]:
        spec.write_text(text)
        message_of(lambda: silver.experiment(spec, out=tmp_path / "out"))
    assert not (tmp_path / "out").exists()


def test_sizes_and_threads_are_capped_before_anything_is_allocated():
    assert "65536" in message_of(lambda: silver.VecEnv(10**7))
    assert "1024" in message_of(lambda: silver.VecEnv(4, threads=2000))
    assert "1024" in message_of(lambda: silver.tournament(["greedy", "random"], games=2,
                                                          threads=1025))
    # At the caps' edge a batch is made (and the process is still alive to tell).
    assert silver.VecEnv(1, threads=1).num_envs == 1


# ----- View codes from outside -----

def checksum(body):
    """The format's checksum (FNV-1a from a "SILVER" offset; crates/silver-rules/src/code.rs)."""
    h = 0xcbf29ce484222325 ^ 0x53494c564552
    for b in body:
        h ^= b
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def seal(body):
    return (bytes(body) + checksum(body).to_bytes(8, "little")).hex()


def real_codes():
    """Codes of every seat's view along random games of several sets and player counts."""
    out = []
    rng = random.Random(5)
    for players, set_ in [(2, "amulet"), (3, "bullet"), (4, "bullet/token=coin"),
                          (3, "amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger")]:
        message = {**GAME, "players": players, "set": set_}
        for seed in range(2):
            game = silver.Game(players=players, set=set_, seed=seed)
            step = 0
            while not game.is_terminal():
                if step % 9 == 0:
                    out += [(game.player_view(s).code(), message) for s in range(players)]
                game.apply(rng.choice(game.legal_actions()))
                step += 1
            out += [(game.player_view(s).code(), message) for s in range(players)]
    return out


def test_altered_view_codes_are_refused_or_safe():
    codes = real_codes()
    bodies = [bytes.fromhex(code)[:-8] for code, _ in codes]
    rng = random.Random(28)
    bots = [silver.Bot("greedy"), silver.Bot("ismcts:iterations=16")]
    accepted = refused = 0
    for _ in range(3000):
        k = rng.randrange(len(codes))
        body = bytearray(bodies[k])
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(1, len(body))
            kind = rng.randrange(4)
            if kind == 0:
                body[i] = rng.randrange(256)
            elif kind == 1:
                body[i] = (body[i] + rng.choice([-3, -2, -1, 1, 2, 3])) % 256
            else:
                donor = bodies[rng.randrange(len(bodies))]
                body[i] = donor[i] if i < len(donor) else 0xFF
        code = seal(body)
        try:
            view = silver.View(code, codes[k][1])
        except ValueError as e:
            assert "\n" not in str(e)
            refused += 1
            continue
        accepted += 1
        # Everything a consumer does with a view works on an accepted code.
        assert view.code() == code
        legal = view.legal_actions()
        view.action_names()
        view.to_dict()
        assert len(silver.observation_tensor(view)) == silver.OBSERVATION_SIZE
        world = view.sample_world(rng.randrange(2**64))
        assert world.view(view.seat) is not None
        if legal:
            for bot in bots:
                assert bot.decide(view) in legal
    assert accepted > 100 and refused > 100, (accepted, refused)


# ----- Threads -----

def test_a_bot_works_from_any_thread():
    bot = silver.Bot("ismcts:iterations=50", seed=1)
    games = [silver.Game(players=2, seed=s) for s in range(4)]
    errors, chosen = [], []

    def play(game):
        try:
            for _ in range(20):
                if game.is_terminal():
                    break
                action = bot.step(game)
                chosen.append(action)
                game.apply(action)
        except BaseException as e:  # noqa: B036 — a PanicException must fail the test too
            errors.append(e)

    threads = [threading.Thread(target=play, args=(g,)) for g in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(chosen) > 40
    # A VecEnv too moves between threads.
    env = silver.VecEnv(2)
    out = []
    t = threading.Thread(target=lambda: out.append(env.reset()))
    t.start()
    t.join()
    assert len(out) == 1


# ----- Ctrl-C -----

def test_ctrl_c_stops_a_tournament_and_keeps_a_resumable_run(tmp_path):
    # SIGINT, as Ctrl-C and a Jupyter interrupt send it, while the run holds no GIL.
    out = tmp_path / "run"
    bots, games = ["ismcts:iterations=60", "greedy"], 400
    # Python raises KeyboardInterrupt only if SIGINT was not ignored when it started (a shell's
    # background job starts with it ignored): install the default handler for this test.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            silver.tournament(bots, games=games, threads=2, out=out)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 6
    # Stopped between games: an unfinished run whose completed blocks are saved.
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["complete"] is False
    assert manifest["blocks_done"] < manifest["blocks_total"]
    assert silver.Game().legal_actions()  # the interpreter goes on
    # The command continues it (the lock is released) to the end.
    done = subprocess.run([silver_bin(), "tournament", "--bots", ",".join(bots), "--games",
                           str(games), "--name", "python", "--threads", "2", "--out", str(out),
                           "--resume"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads((out / "manifest.json").read_text())["complete"] is True
