"""OpenSpiel and PettingZoo: their own checks and algorithms on Silver."""
import numpy as np
import pytest

import silver
from conftest import optional


@pytest.fixture(scope="module")
def pyspiel():
    module = optional("pyspiel")
    import silver.openspiel  # noqa: F401  (registers python_silver)
    return module


@pytest.mark.parametrize("params", [{"players": 2}, {"players": 3, "set": "bullet"},
                                    {"players": 4, "model": "points", "seed": 3}])
def test_openspiel_random_simulations(pyspiel, params):
    game = pyspiel.load_game("python_silver", params)
    assert game.num_players() == params["players"]
    assert game.num_distinct_actions() == silver.ACTION_IDS
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_openspiel_ismcts_plays_complete_games(pyspiel):
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
    from open_spiel.python.bots import uniform_random

    class ISMCTS(ismcts.ISMCTSBot):
        # OpenSpiel's Python ISMCTS keeps no state between moves but does not implement
        # restart_at, which evaluate_bots calls.
        def restart_at(self, state):
            pass

    game = pyspiel.load_game("python_silver", {"players": 2, "seed": 5})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [ISMCTS(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=8,
                   random_state=rng), uniform_random.UniformRandomBot(1, rng)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) == [0.0, 1.0]


def test_openspiel_resampling_keeps_the_information_state(pyspiel):
    game = pyspiel.load_game("python_silver", {"players": 3})
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(120):
        player = state.current_player()
        key = state.information_state_string(player)
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))
        assert world.information_state_string(player) == key
        assert world.legal_actions() == state.legal_actions()
        assert np.array_equal(world.information_state_tensor(player),
                              state.information_state_tensor(player))
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(Exception):
        pyspiel.load_game("python_silver", {"players": 6})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_test(players):
    optional("pettingzoo")
    from pettingzoo.test import api_test

    from silver.pettingzoo import env
    api_test(env(players=players, set="bullet"), num_cycles=2000)


def test_pettingzoo_games_finish_with_one_winner():
    optional("pettingzoo")
    from silver.pettingzoo import env
    e = env(players=3)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    rewards = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        rewards[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert obs["action_mask"].dtype == np.int8
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps > 100
    assert sorted(rewards.values()) == [0.0, 0.0, 1.0]
