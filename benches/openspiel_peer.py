"""OpenSpiel's figures for `benches/openspiel.sh` (run there, in a venv with open_spiel).

Prints `name value unit` lines, one per figure, on one thread:
  * ISMCTS iterations per second of OpenSpiel's C++ ISMCTSBot with a random-rollout
    evaluator (1 rollout per iteration, uct_c 2, 1,000 simulations per decision, max-visit
    final policy) at the first decision of freshly dealt euchre and oh_hell games;
  * random-play moves per second on hearts, measured the only way the Python wheel leaves
    open without Python in the loop (`random_sim_test` checks every state and runs at a few
    ten thousand moves per second): C++ MCTSBot simulations with a one-rollout random
    evaluator from the first decision, times the mean number of moves of a random playout
    from that state. A simulation's rollout starts at the node it expands, a few moves below
    the root, so this over-counts OpenSpiel's moves slightly: the ratio printed against it
    is conservative.
"""

import random
import sys
import time

import pyspiel

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
rng = random.Random(1)


def deal(game):
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    return state


def ismcts(name):
    game = pyspiel.load_game(name)
    bot = pyspiel.ISMCTSBot(
        1, pyspiel.RandomRolloutEvaluator(1, 2), 2.0, 1000, -1,
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
    states = [deal(game) for _ in range(32)]
    sims, i, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        bot.step(states[i % len(states)])
        i += 1
        sims += 1000
    return sims / (time.perf_counter() - start)


def random_moves_from(state, games=200):
    moves = 0
    for _ in range(games):
        s = state.clone()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                moves += 1
                s.apply_action(rng.choice(s.legal_actions()))
    return moves / games


def hearts_moves():
    game = pyspiel.load_game("hearts")
    state = deal(game)
    per_playout = random_moves_from(state)
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 3), 2.0, 1000, 1000,
                          False, 4, False)
    sims, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        bot.step(state)
        sims += 1000
    return sims * per_playout / (time.perf_counter() - start)


print(f"openspiel_ismcts_euchre {ismcts('euchre'):.0f} iterations/s")
print(f"openspiel_ismcts_oh_hell {ismcts('oh_hell'):.0f} iterations/s")
print(f"openspiel_hearts_random_play {hearts_moves():.0f} moves/s")
