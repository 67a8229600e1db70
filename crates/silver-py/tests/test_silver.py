"""The Python package: engine, views, bots and tournaments (run from the repository root:
`python3 -m unittest discover -s crates/silver-py/tests`)."""
import unittest

import silver


def play(game, bots):
    while not game.is_terminal():
        seat = game.current_player()
        game.apply(bots[seat].step(game))
    return game


class EngineTest(unittest.TestCase):
    def test_a_random_game_ends_with_a_winner(self):
        game = silver.Game(players=3, seed=4)
        self.assertEqual(game.num_players(), 3)
        self.assertGreaterEqual(game.current_player(), 0)
        bots = [silver.Bot("random", seed=s) for s in range(3)]
        play(game, bots)
        self.assertTrue(game.is_terminal())
        self.assertEqual(game.current_player(), -1)
        self.assertEqual(game.legal_actions(), [])
        totals = game.totals()
        self.assertEqual(totals[game.winner()], min(totals))
        self.assertEqual(sum(game.returns()), 1.0)

    def test_illegal_actions_raise_and_change_nothing(self):
        game = silver.Game(seed=2)
        before = (game.current_player(), game.action_names(), game.view(0))
        with self.assertRaises(ValueError):
            game.apply(len(game.legal_actions()))
        self.assertEqual(before, (game.current_player(), game.action_names(), game.view(0)))
        with self.assertRaises(ValueError):
            silver.Game(players=5)
        with self.assertRaises(ValueError):
            silver.Game(set="bulet")

    def test_clone_is_independent_and_deterministic(self):
        a = silver.Game(seed=9)
        b = a.clone()
        greedy = lambda: [silver.Bot("greedy"), silver.Bot("greedy")]
        play(a, greedy())
        self.assertFalse(b.is_terminal())
        play(b, greedy())
        self.assertEqual(a.totals(), b.totals())
        self.assertEqual(a.events(), b.events())

    def test_views_hold_only_what_a_seat_knows(self):
        game = silver.Game(players=2, seed=3)
        bots = [silver.Bot("greedy"), silver.Bot("greedy")]
        for _ in range(60):
            if game.is_terminal():
                break
            for seat in range(2):
                view = game.view(seat)
                self.assertEqual(view["seat"], seat)
                for village in view["villages"]:
                    for card in village:
                        if card["value"] is not None and not card["face_up"]:
                            self.assertTrue(card["known_by"] & (1 << seat))
            game.apply(bots[game.current_player()].step(game))
        # Redacted events hide what the seat did not see: the omniscient trace has every
        # value, seat 1's trace hides seat 0's draws from the deck (unless seat 1 knew the card).
        full = [e for e in game.events() if e.get("event") == "drew" and e["seat"] == 0
                and e["from"] == "deck"]
        seen = [e for e in game.events(seat=1) if e.get("event") == "drew" and e["seat"] == 0
                and e["from"] == "deck"]
        self.assertEqual(len(full), len(seen))
        self.assertTrue(full and all(e["value"]["value"] is not None for e in full))
        self.assertTrue(any(e["value"] is None for e in seen))

    def test_names_are_the_engines_actions(self):
        game = silver.Game(seed=5)
        names = game.action_names()
        self.assertEqual(len(names), len(game.legal_actions()))
        self.assertTrue(all(n.startswith('{"do":') for n in names))


class BotsAndTournamentsTest(unittest.TestCase):
    def test_rust_bots_by_name(self):
        for name in ["random", "greedy", "greedy-mem2", "ismcts:iterations=20"]:
            bot = silver.Bot(name)
            self.assertEqual(bot.name, name)
            game = silver.Game(seed=1)
            self.assertIn(bot.step(game), game.legal_actions())
        with self.assertRaises(ValueError):
            silver.Bot("gredy")

    def test_a_tournament_returns_its_tables(self):
        tables = silver.tournament(["greedy", "random"], games=40, seed=3)
        summary = tables["summary"]
        rows = summary.to_dict("records") if hasattr(summary, "to_dict") else summary
        bots = {r["name"]: r for r in rows if r["kind"] == "bot"}
        self.assertEqual(int(bots["greedy"]["games"]) + int(bots["random"]["games"]), 80)
        self.assertIn("ratings", tables)
        again = silver.tournament(["greedy", "random"], games=40, seed=3)
        first = rows
        second = again["summary"].to_dict("records") if hasattr(again["summary"], "to_dict") \
            else again["summary"]
        self.assertEqual(first, second)


if __name__ == "__main__":
    unittest.main()
