"""OpenSpiel and PettingZoo: their own checks and algorithms on Silver."""
import numpy as np
import pytest

import silver
from conftest import SETS, optional


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
    # One whole random game per configuration: OpenSpiel checks every state of it.
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_openspiel_max_game_length_is_the_engines_bound(pyspiel):
    import random
    # The figures of silver.openspiel's docs: rounds x (2 peeks per seat + 400 turns x 273).
    assert silver.MAX_DECISIONS_PER_TURN == 273
    four = pyspiel.load_game("python_silver", {"players": 4})
    assert four.max_game_length() == 4 * (2 * 4 + 400 * 273) == 436_832
    points = pyspiel.load_game("python_silver", {"players": 4, "model": "points"})
    assert points.max_game_length() == 100 * (2 * 4 + 400 * 273) == 10_920_800
    # Seeded random games of every set, player count and model stay within it (no chance
    # nodes: a game's length is its decisions).
    rng = random.Random(11)
    longest = 0
    for k, set_name in enumerate(SETS):
        for players in (2, 3, 4):
            for model in ("rounds", "points"):
                bound = silver.max_decisions(players, set_name, model)
                assert bound == pyspiel.load_game("python_silver", {
                    "players": players, "set": set_name, "model": model}).max_game_length()
                for i in range(4 if model == "rounds" else 1):
                    game = silver.Game(players=players, set=set_name, model=model,
                                       seed=silver.derive_seed(k, players * 10 + i))
                    length = 0
                    while not game.is_terminal():
                        game.apply(rng.choice(game.legal_actions()))
                        length += 1
                    assert length <= bound
                    longest = max(longest, length)
    assert 0 < longest < four.max_game_length()


def test_openspiel_ismcts_plays_complete_games(pyspiel):
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
    from open_spiel.python.bots import uniform_random

    from silver.openspiel import ISMCTSBot
    assert issubclass(ISMCTSBot, ismcts.ISMCTSBot)
    game = pyspiel.load_game("python_silver", {"players": 2, "seed": 5})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=4,
                      random_state=rng), uniform_random.UniformRandomBot(1, rng)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) == [0.0, 1.0]
    # restart_at clears the tree a search leaves behind (a decision with one legal action
    # is answered without a search, so search where there are several).
    state = game.new_initial_state()
    while state.current_player() != 0 or len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    bots[0].step(state)
    assert bots[0]._nodes
    bots[0].restart_at(state)
    assert not bots[0]._nodes


def _same_state(a, b, players):
    assert a.history() == b.history() and str(a) == str(b)
    assert a.legal_actions() == b.legal_actions()
    for p in range(players):
        assert a.information_state_string(p) == b.information_state_string(p)
    assert a.game.totals() == b.game.totals() and a.game.round() == b.game.round()


def test_openspiel_states_serialise_and_deal_the_same_future(pyspiel):
    import pickle
    game = pyspiel.load_game("python_silver", {"players": 3, "set": "bullet", "seed": 2})
    state = game.new_initial_state()
    rng = np.random.RandomState(7)
    saved = []
    while not state.is_terminal():
        if len(state.history()) % 150 == 0:
            saved.append((state.serialize(), pickle.dumps(state), state.game.round()))
        state.apply_action(rng.choice(state.legal_actions()))
    assert len({r for _, _, r in saved}) >= 3, "the saves span several rounds"
    for text, pickled, _ in saved:
        for copy in (game.deserialize_state(text), pickle.loads(pickled)):
            # Replaying the rest of the game on the copy ends in the same state: the later
            # rounds are dealt the same.
            for action in state.history()[len(copy.history()):]:
                copy.apply_action(action)
            _same_state(copy, state, 3)
            assert copy.returns() == state.returns()
            assert copy.game.events() == state.game.events()


def test_openspiel_resampled_worlds_serialise(pyspiel):
    game = pyspiel.load_game("python_silver", {"players": 2, "seed": 4})
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    world = state.resample_from_infostate(state.current_player(),
                                          pyspiel.UniformProbabilitySampler(0., 1.))
    for _ in range(40):
        world.apply_action(rng.choice(world.legal_actions()))
    copy = game.deserialize_state(world.serialize())
    _same_state(copy, world, 2)
    while not world.is_terminal():
        action = rng.choice(world.legal_actions())
        world.apply_action(action)
        copy.apply_action(action)
    _same_state(copy, world, 2)
    assert copy.returns() == world.returns()
    # A clone is independent of its original.
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1


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
