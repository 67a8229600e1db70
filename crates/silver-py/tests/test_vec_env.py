"""The batched environment: reproducible at any thread count, the same games as the engine's,
rewards and resets, bad actions refused."""
import numpy as np
import pytest

import silver


def run(env, steps, seed):
    rng = np.random.default_rng(seed)
    obs, mask = env.reset()
    trace = [obs.copy(), mask.copy()]
    finished = []
    for _ in range(steps):
        actions = [rng.choice(np.flatnonzero(m)) for m in mask]
        obs, mask, rewards, totals, dones = env.step(actions)
        trace += [obs.copy(), rewards.copy(), dones.copy()]
        finished += [(r.tolist(), t.tolist()) for r, t, d in zip(rewards, totals, dones) if d]
    return trace, finished


@pytest.mark.parametrize("opponents", [None, ["greedy"]])
def test_results_do_not_depend_on_threads(opponents):
    a = silver.VecEnv(6, players=3, seed=4, opponents=opponents, threads=1)
    b = silver.VecEnv(6, players=3, seed=4, opponents=opponents, threads=2)
    steps = 3000 if opponents is None else 600
    ta, fa = run(a, steps, seed=1)
    tb, fb = run(b, steps, seed=1)
    assert all(np.array_equal(x, y) for x, y in zip(ta, tb))
    assert fa == fb and len(fa) > 0
    for rewards, totals in fa:
        assert sum(rewards) == 1.0
        assert totals[rewards.index(1.0)] == min(totals)


def test_self_play_games_are_the_runs_games():
    env = silver.VecEnv(2, players=2, seed=9)
    obs, mask = env.reset()
    assert env.game_numbers().tolist() == [0, 1]
    games = [silver.Game.from_run(9, g, players=2) for g in (0, 1)]
    rng = np.random.default_rng(0)
    done_totals = {}
    while len(done_totals) < 2:
        assert env.current_players().tolist() == [
            g.current_player() if not g.is_terminal() else env.current_players()[i]
            for i, g in enumerate(games)]
        actions = []
        for i, g in enumerate(games):
            if not g.is_terminal():
                assert np.array_equal(obs[i], silver.observation_tensor(g, g.current_player()))
                assert np.flatnonzero(mask[i]).tolist() == g.legal_actions()
            actions.append(rng.choice(np.flatnonzero(mask[i])))
        for i, g in enumerate(games):
            if not g.is_terminal():
                g.apply(int(actions[i]))
        obs, mask, rewards, totals, dones = env.step(actions)
        for i in np.flatnonzero(dones):
            if i not in done_totals:
                done_totals[i] = totals[i].tolist()
                assert games[i].is_terminal()
                assert games[i].totals() == done_totals[i]
                assert rewards[i].tolist() == games[i].returns()
    # Finished games were replaced by the next game numbers.
    assert set(env.game_numbers().tolist()) <= {0, 1, 2, 3}


def test_learners_seat_rotates_and_opponents_play_the_rest():
    env = silver.VecEnv(4, players=3, seed=2, opponents=["greedy", "random"])
    env.reset()
    assert env.current_players().tolist() == [0, 1, 2, 0]
    fixed = silver.VecEnv(3, players=4, seed=2, opponents=["greedy"], learner_seat=2)
    fixed.reset()
    assert fixed.current_players().tolist() == [2, 2, 2]


def test_bad_arguments_and_actions_are_refused():
    env = silver.VecEnv(2, seed=1)
    obs, mask = env.reset()
    legal = [int(np.flatnonzero(m)[0]) for m in mask]
    illegal = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(ValueError, match="game 1"):
        env.step([legal[0], illegal])
    with pytest.raises(ValueError, match="one action per game"):
        env.step([legal[0]])
    # Nothing was applied.
    assert np.array_equal(env.observe()[0], obs)
    for bad in [dict(num_envs=0), dict(num_envs=2, players=7), dict(num_envs=2, opponents=[]),
                dict(num_envs=2, opponents=["nobody"]), dict(num_envs=2, learner_seat=0),
                dict(num_envs=2, opponents=["greedy"], learner_seat=2)]:
        with pytest.raises(ValueError):
            silver.VecEnv(**bad)
