"""Silver as an OpenSpiel game: importing this module registers `python_silver` with pyspiel.

    import pyspiel
    import silver.openspiel
    game = pyspiel.load_game("python_silver", {"players": 3, "set": "bullet"})

Parameters: `players` (2-4, default 2), `set` (a set string, default "amulet"), `model`
("rounds": 4 rounds, or "points": to 100) and `seed` (the deals of successive
`new_initial_state()` calls come from it).

* Actions are the engine's action ids (`silver.ACTION_IDS` distinct actions; `silver.action_name`
  reads one), the same id for the same action in every state; legal actions are ascending.
* Chance: the deals (the only chance events) are shuffles, sampled inside the state from its
  own seeded stream (`SAMPLED_STOCHASTIC`): a state never is a chance node, and a clone deals
  the same future rounds as the original.
* Length: `max_game_length()` is `silver.max_decisions(players, set, model)`, the engine's
  bound on a game's decisions (no chance nodes to add): rounds (4, or the points game's
  100-round cap) x (2 opening peeks per seat + 400 turns x 273, a turn's most decisions),
  e.g. 436,832 for 4 players and 4 rounds, 10,920,800 for the points game. A true bound, not a
  typical length: random play's 4-round games average about 700 decisions.
* Information: `information_state_string(p)` is player p's view as JSON (what it knows now:
  values, who looked at what, the table), and the information state tensor is its observation
  tensor (`silver.observation_tensor`); observation string and tensor are the same (a Silver
  player's knowledge is the view: looks are public, values stay known once seen).
  `resample_from_infostate(p, sampler)` draws a world from the engine's sampler, consistent
  with p's view (its seed is drawn from `sampler`), with later deals unknown.
* Returns: 1 for the winner, 0 for the others (the game's tie-breaks always make one winner,
  R-GAME-4 / R-GAME-100), so utilities sum to 1 (constant-sum). `finishing_order()` on
  `state.game` gives the full ranking for a rank-based utility.
* Serialisation: `state.serialize()` and `game.deserialize_state(text)` (and `pickle`) rebuild
  a state from its game's parameters, its deal seed and the actions since (a resampled world
  from the state it was drawn from, the player and the seed): the same state, with the same
  future deals. `pyspiel.serialize_game_and_state` is not available: for a sampled-stochastic
  game it asks the game for its random state (`GetRNGState`), which a game written in Python
  cannot provide.
* Bots: `ISMCTSBot` is OpenSpiel's Python ISMCTS bot with `restart_at`, which
  `evaluate_bots` calls (it keeps nothing between moves: restarting clears its tree).
"""
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import silver

_DEFAULTS = {"players": 2, "set": "amulet", "model": "rounds", "seed": 0}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_silver",
    long_name="Python Silver (the card game, Rust engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)

class SilverGame(pyspiel.Game):
    """The game; its parameters are in the module docs."""

    def __init__(self, params=None):
        params = {**_DEFAULTS, **(params or {})}
        unknown = set(params) - set(_DEFAULTS)
        if unknown:
            raise ValueError(f"python_silver: unknown parameters {sorted(unknown)}")
        self.players = int(params["players"])
        self.set_name = str(params["set"])
        self.model = str(params["model"])
        self.seed = int(params["seed"])
        # Fails with a ValueError on a bad configuration.
        silver.Game(players=self.players, set=self.set_name, model=self.model)
        info = pyspiel.GameInfo(
            num_distinct_actions=silver.ACTION_IDS,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=silver.max_decisions(self.players, self.set_name, self.model),
        )
        super().__init__(_GAME_TYPE, info, params)
        self._deals = 0

    def new_initial_state(self):
        deal = silver.derive_seed(self.seed, self._deals)
        self._deals += 1
        params = (self.players, self.set_name, self.model)
        return SilverState(self, _Engine(silver.Game(players=self.players, set=self.set_name,
                                                     model=self.model, seed=deal),
                                         params, ("deal", deal)))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return SilverObserver(params)


class _Engine:
    """A state's `silver.Game` with how to rebuild it: `origin` is `("deal", seed)` (a new
    initial state) or `("world", parent, player, seed)` (a world resampled from `parent`, an
    `_Engine`'s recipe), and `actions` the action ids applied since, as a linked list
    `(previous, action)` so that clones share it. Pickled as its recipe, copied as a clone."""

    __slots__ = ("game", "params", "origin", "actions")

    def __init__(self, game, params, origin, actions=None):
        self.game = game
        self.params = params
        self.origin = origin
        self.actions = actions

    def apply(self, action):
        self.game.apply(action)
        self.actions = (self.actions, action)

    def action_list(self):
        out = []
        node = self.actions
        while node is not None:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    def recipe(self):
        origin = self.origin
        if origin[0] == "world":
            origin = ("world", origin[1].recipe(), origin[2], origin[3])
        return self.params, origin, self.action_list()

    def world(self, player, seed):
        return _Engine(self.game.sample_world(player, seed), self.params,
                       ("world", self.snapshot(), player, seed))

    def snapshot(self):
        """A recipe-only copy (no game) of this engine as it stands: a world's parent."""
        return _Engine(None, self.params, self.origin, self.actions)

    def __deepcopy__(self, memo):
        return _Engine(self.game.clone(), self.params, self.origin, self.actions)

    def __reduce__(self):
        return (_rebuild, self.recipe())


def _rebuild(params, origin, actions):
    players, set_name, model = params
    if origin[0] == "deal":
        engine = _Engine(silver.Game(players=players, set=set_name, model=model, seed=origin[1]),
                         params, origin)
    else:
        _, parent, player, seed = origin
        engine = _rebuild(*parent).world(player, seed)
    for action in actions:
        engine.apply(action)
    return engine


class SilverState(pyspiel.State):
    """A state: `self.game` is the `silver.Game`."""

    def __init__(self, game, engine):
        super().__init__(game)
        self._engine = engine

    @property
    def game(self):
        return self._engine.game

    def current_player(self):
        if self.game.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.game.current_player()

    def _legal_actions(self, player):
        if player != self.game.current_player():
            return []
        return self.game.legal_actions()

    def _apply_action(self, action):
        self._engine.apply(int(action))

    def _action_to_string(self, player, action):
        return silver.action_name(int(action))

    def is_terminal(self):
        return self.game.is_terminal()

    def returns(self):
        return self.game.returns()

    def rewards(self):
        return self.game.returns()

    def information_state_string(self, player=None):
        if player is None:
            player = self.current_player()
        return self.game.information_state_string(player)

    def observation_string(self, player=None):
        return self.information_state_string(player)

    def information_state_tensor(self, player=None):
        if player is None:
            player = self.current_player()
        return silver.observation_tensor(self.game, player)

    def observation_tensor(self, player=None):
        return self.information_state_tensor(player)

    def resample_from_infostate(self, player_id, probability_sampler):
        seed = int(probability_sampler() * (1 << 53))
        return SilverState(self.get_game(), self._engine.world(player_id, seed))

    def __reduce__(self):
        # pickle: the game's parameters and this state's serialisation (pyspiel's own pickling
        # goes through serialize_game_and_state, which this game cannot support).
        return (_load_state, (self.get_game().get_parameters(), self.serialize()))

    def __str__(self):
        g = self.game
        return (f"round {g.round()}, totals {g.totals()}, "
                f"to move {g.current_player()}, {len(g.events())} events")


class SilverObserver:
    """The observer pyspiel's Python games provide: a player's observation tensor and view."""

    def __init__(self, params):
        if params:
            raise ValueError(f"python_silver: observation parameters not supported: {params}")
        self.tensor = np.zeros(silver.OBSERVATION_SIZE, np.float32)
        villages, slots, features, rest = silver.OBSERVATION_PARTS
        self.dict = {
            "villages": self.tensor[:villages * slots * features].reshape(
                villages, slots, features),
            "table": self.tensor[villages * slots * features:],
        }

    def set_from(self, state, player):
        self.tensor[:] = silver.observation_tensor(state.game, player)

    def string_from(self, state, player):
        return state.game.information_state_string(player)


def _load_state(params, text):
    return pyspiel.load_game("python_silver", params).deserialize_state(text)


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTS bot (same arguments) with `restart_at`, so that
    `evaluate_bots` can drive it: it searches afresh at every move, so restarting at a state
    clears its tree."""

    def restart_at(self, state):
        self.reset()

    def inform_action(self, state, player_id, action):
        pass


pyspiel.register_game(_GAME_TYPE, SilverGame)
