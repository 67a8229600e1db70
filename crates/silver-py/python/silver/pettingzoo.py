"""Silver as a PettingZoo AEC environment (needs `pettingzoo` and `gymnasium`).

    from silver.pettingzoo import env
    e = env(players=3, set="bullet")
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else \\
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are `player_0` ... `player_{n-1}` (seats). Each observation is a dict: `observation`,
the seat's observation tensor (`silver.observation_tensor`, float32, layout in the `silver`
docs), and `action_mask` (int8 over all `silver.ACTION_IDS` action ids; all zero for an agent
that is not to move). Actions are `Discrete(ACTION_IDS)`. Rewards come at the game's end: 1 for
the winner (the tie-breaks make one), 0 for the others. The engine's turn cap ends every round,
so nothing is truncated. `reset(seed=S)` deals from seed S (no seed: from the next seed of the
environment's own stream).
"""
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import silver


def env(players=2, set="amulet", model="rounds", render_mode=None):
    """A new environment (see the module docs)."""
    return SilverEnv(players=players, set=set, model=model, render_mode=render_mode)


class SilverEnv(AECEnv):
    metadata = {"name": "silver_v0", "render_modes": ["ansi", "human"],
                "is_parallelizable": False}

    def __init__(self, players=2, set="amulet", model="rounds", render_mode=None):
        super().__init__()
        # Fail early on a bad configuration.
        silver.Game(players=players, set=set, model=model)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: expected one of "
                             f"{self.metadata['render_modes']}")
        self.players, self.set, self.model = players, set, model
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        box = spaces.Box(low=0.0, high=np.inf, shape=(silver.OBSERVATION_SIZE,),
                         dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(silver.ACTION_IDS,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(silver.ACTION_IDS)
                              for a in self.possible_agents}
        self._games = 0
        self._seed = 0
        self.game = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seed, self._games = seed, 0
        deal = silver.derive_seed(self._seed, self._games)
        self._games += 1
        self.game = silver.Game(players=self.players, set=self.set, model=self.model, seed=deal)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player()]

    def observe(self, agent):
        seat = self._seat(agent)
        if agent == self.agent_selection and not self.game.is_terminal():
            mask = silver.action_mask(self.game)
        else:
            mask = np.zeros(silver.ACTION_IDS, dtype=np.int8)
        return {"observation": silver.observation_tensor(self.game, seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game.is_terminal():
            for a, r in zip(self.possible_agents, self.game.returns()):
                self.rewards[a] = r
                self.infos[a] = {"totals": self.game.totals(), "winner": self.game.winner()}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.game.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self):
        if self.render_mode is None:
            return None
        g = self.game
        lines = [f"round {g.round()}, totals {g.totals()}, to move: {g.current_player()}"]
        lines += [f"  {n}" for n in g.action_names()]
        return "\n".join(lines)

    def close(self):
        pass
