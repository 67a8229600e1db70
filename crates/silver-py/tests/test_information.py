"""Information sets through Python: views, tensors and redacted events never hold a hidden
value, and sampled worlds agree with the view they were drawn from."""
import numpy as np
import pytest

import silver
from conftest import SETS

VILLAGES, SLOTS, FEATURES, GLOBAL = silver.OBSERVATION_PARTS


def states(set_, players, seed, steps=400):
    """Yields the states of a greedy-vs-random game, one per decision."""
    game = silver.Game(players=players, set=set_, seed=seed)
    bots = [silver.Bot("greedy" if s % 2 else "random", seed=seed + s) for s in range(players)]
    for _ in range(steps):
        if game.is_terminal():
            return
        yield game
        game.apply(bots[game.current_player()].step(game))


def check_view(game, seat):
    view = game.view(seat)
    assert view["seat"] == seat and view["players"] == game.num_players()
    # R-INFO (RULES.md §6): a face-down value only if this seat knows it.
    for village in view["villages"]:
        for card in village:
            if card["value"] is not None and not card["face_up"]:
                assert card["known_by"] & (1 << seat), card
    obs = silver.observation_tensor(game, seat)
    assert obs.shape == (silver.OBSERVATION_SIZE,) and obs.dtype == np.float32
    cards = obs[:VILLAGES * SLOTS * FEATURES].reshape(VILLAGES, SLOTS, FEATURES)
    n = game.num_players()
    for k in range(n):
        village = view["villages"][(seat + k) % n]
        assert cards[k, :, 0].sum() == len(village)
        for slot, card in enumerate(village):
            f = cards[k, slot]
            # The tensor holds a value exactly when the view does, and the same one.
            if card["value"] is None:
                assert f[1:15].sum() == 0 and f[15] == 1
            else:
                assert f[1 + card["value"]] == 1 and f[1:15].sum() == 1 and f[15] == 0
            assert f[16] == card["face_up"] and f[18] == card["guarded"]
            for j in range(n):
                assert f[20 + (j - seat) % n] == bool(card["known_by"] & (1 << j))
    for k in range(n, VILLAGES):
        assert not cards[k].any()
    return view


@pytest.mark.parametrize("set_", SETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_and_tensors_hold_only_what_a_seat_knows(set_, players):
    for game in states(set_, players, seed=players * 7):
        for seat in range(players):
            check_view(game, seat)
        # Seats not to move have no decision; the mover's mask is its legal actions.
        assert np.flatnonzero(silver.action_mask(game)).tolist() == game.legal_actions()


def test_redacted_events_hide_other_seats_draws():
    game = silver.Game(players=2, seed=3)
    bots = [silver.Bot("greedy"), silver.Bot("greedy")]
    for _ in range(80):
        game.apply(bots[game.current_player()].step(game))
    full = [e for e in game.events() if e.get("event") == "drew" and e["seat"] == 0
            and e["from"] == "deck"]
    seen = [e for e in game.events(seat=1) if e.get("event") == "drew" and e["seat"] == 0
            and e["from"] == "deck"]
    assert len(full) == len(seen) > 0
    assert all(e["value"]["value"] is not None for e in full)
    assert any(e["value"] is None for e in seen)
    own = [e for e in game.events(seat=0) if e.get("event") == "drew" and e["seat"] == 0]
    assert all(e["value"] is not None for e in own)


@pytest.mark.parametrize("set_", SETS)
def test_sampled_worlds_agree_with_the_view(set_):
    players = 3
    resampled = 0
    for i, game in enumerate(states(set_, players, seed=21, steps=300)):
        if i % 15:
            continue
        for seat in range(players):
            view = game.view(seat)
            key = game.information_state_string(seat)
            for seed in range(3):
                world = game.sample_world(seat, seed)
                # The viewer cannot tell the world from the game.
                assert world.view(seat) == view
                assert world.information_state_string(seat) == key
                # The player to move has the same choices when it is the viewer. Another
                # seat's choices may hang on what it alone knows (D4: a drawn Zombie cannot
                # be discarded; the viewer does not know what that seat drew).
                if seat == game.current_player():
                    assert world.legal_actions() == game.legal_actions()
                # Cards the seat does not know are drawn afresh: some other seat's view of
                # the world differs from its view of the game.
                other = (seat + 1) % players
                resampled += world.view(other) != game.view(other)
                # A world is a complete game: it plays on.
                assert world.current_player() == game.current_player()
    assert resampled > 0


def test_information_state_strings_tell_states_apart():
    game = silver.Game(players=2, seed=8)
    keys = {}
    bots = [silver.Bot("greedy"), silver.Bot("greedy")]
    for _ in range(200):
        if game.is_terminal():
            break
        seat = game.current_player()
        key = game.information_state_string(seat)
        # Equal keys mean equal legal actions (what the seat may do is part of what it knows).
        assert keys.setdefault(key, game.legal_actions()) == game.legal_actions()
        game.apply(bots[seat].step(game))
    assert len(keys) > 50


GAME_MESSAGE = {"type": "game", "protocol": 1, "seat": 0, "players": 3, "set": "bullet",
                "model": {"kind": "rounds", "rounds": 4}, "max_turns_per_round": 400}


def test_view_codes_come_back_as_the_view():
    # A protocol bot decodes its view from `code`; the package reads it back exactly.
    for game in states("bullet", 3, seed=5, steps=200):
        seat = game.current_player()
        view = game.player_view(seat)
        back = silver.View(view.code(), GAME_MESSAGE)
        assert back.seat == seat
        assert back.to_dict() == game.view(seat)
        assert back.legal_actions() == game.legal_actions()
        assert np.array_equal(silver.observation_tensor(back),
                              silver.observation_tensor(game, seat))
        world = back.sample_world(7)
        assert world.view(seat) == game.view(seat)
        other = silver.View(game.player_view((seat + 1) % 3).code(), GAME_MESSAGE)
        assert other.legal_actions() == []
        assert silver.Bot("greedy").decide(back) in game.legal_actions()
    code = game.player_view(0).code()
    with pytest.raises(ValueError, match="damaged"):
        silver.View(code[:-4] + ("0000" if code[-4:] != "0000" else "1111"), GAME_MESSAGE)
    with pytest.raises(ValueError, match="hex"):
        silver.View("zz", GAME_MESSAGE)
    with pytest.raises(ValueError):
        silver.View(code, {**GAME_MESSAGE, "players": 2})
    with pytest.raises(ValueError, match="game message"):
        silver.View(code, {"players": 3})
    with pytest.raises(ValueError, match="not to move"):
        silver.Bot("greedy").decide(silver.View(code, GAME_MESSAGE)
                                    if game.current_player() != 0 else other)
