"""Throughput of the Python package, side by side with OpenSpiel in the same run (not in CI).

    target/silver-py-venv/bin/python benches/python_throughput.py

(the test suite builds that environment: the package, numpy, OpenSpiel; any environment with
them works). Prints, on one thread unless said otherwise:

* Python-driven random games: decisions/s through `silver.Game` (legal_actions, a random
  choice in Python, apply), and the same loop over OpenSpiel's C++ hearts through pyspiel;
* the batched environment (`silver.VecEnv`, 256 games, random legal actions chosen with
  numpy, not timed): steps/s of `step` at 1 and 2 threads, observations and masks included;
* `exec:` bots: decisions/s of a Python program speaking the JSON-lines protocol
  (docs/protocol.md) in `silver tournament --threads 1`.
"""
import os
import random
import subprocess
import sys
import tempfile
import time

import numpy as np

import silver

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def best_of(runs, f):
    return max(f() for _ in range(runs))


def silver_random(seconds=3.0):
    rng = random.Random(1)
    decisions, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        game = silver.Game(players=4, seed=seed)
        seed += 1
        while not game.is_terminal():
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def openspiel_random(seconds=3.0):
    import pyspiel
    game = pyspiel.load_game("hearts")
    rng = random.Random(1)
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return moves / (time.perf_counter() - start)


def vec_env(threads, envs=256, steps=200):
    env = silver.VecEnv(envs, players=4, seed=1, threads=threads)
    obs, mask = env.reset()
    rng = np.random.default_rng(1)
    stepping = 0.0
    for _ in range(steps):
        # A random legal action per game (not timed: numpy's choice costs more than a step).
        actions = [rng.choice(np.flatnonzero(m)) for m in mask]
        start = time.perf_counter()
        obs, mask, rewards, totals, dones = env.step(actions)
        stepping += time.perf_counter() - start
    return envs * steps / stepping


COUNTING_BOT = r'''
import json, random, sys
decisions = 0
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "decide":
        decisions += 1
        rng = random.Random(m["seed"])
        print(json.dumps({"action": rng.randrange(len(m["legal"]))}), flush=True)
    elif m["type"] == "quit":
        break
with open(sys.argv[1], "a") as f:
    f.write(f"{decisions}\n")
'''


def exec_bot(games=200):
    silver_bin = os.environ.get("SILVER_BIN") or os.path.join(ROOT, "target/release/silver")
    with tempfile.TemporaryDirectory() as tmp:
        bot, counts = os.path.join(tmp, "bot.py"), os.path.join(tmp, "counts")
        with open(bot, "w") as f:
            f.write(COUNTING_BOT)
        start = time.perf_counter()
        subprocess.run([silver_bin, "tournament", "--bots",
                        f"exec:{sys.executable} {bot} {counts},random", "--players", "2",
                        "--games", str(games), "--threads", "1", "--quiet", "--out",
                        os.path.join(tmp, "run")], check=True, stdout=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
        with open(counts) as f:
            decisions = sum(int(line) for line in f)
    return decisions / elapsed, decisions


def main():
    print("Python-driven random play, 4 players, one thread (best of 3 runs of 3 s):")
    ours = best_of(3, silver_random)
    print(f"  silver.Game            {ours:12,.0f} decisions/s")
    try:
        theirs = best_of(3, openspiel_random)
        print(f"  pyspiel hearts (C++)   {theirs:12,.0f} moves/s   ratio {ours / theirs:.2f}")
    except ImportError:
        print("  (pyspiel not installed: pip install open_spiel)")
    print("silver.VecEnv, 256 games, 4 players, observations and masks every step:")
    for threads in (1, 2):
        print(f"  {threads} thread(s)            {best_of(3, lambda: vec_env(threads)):12,.0f} "
              "steps/s")
    rate, decisions = exec_bot()
    print(f"exec bot (Python, JSON lines), one thread: {rate:,.0f} decisions/s "
          f"({decisions:,} decisions, whole run)")


if __name__ == "__main__":
    main()
