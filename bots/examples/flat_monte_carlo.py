"""A bot written in Python with the `silver` package: flat Monte Carlo over sampled worlds.

For each decision it samples worlds consistent with its own information set (a `silver.View`:
`view.sample_world(seed)`, the engine's sampler, redraws every card the seat cannot place),
plays each legal action in each world, finishes the round with the engine's greedy bots and
keeps the action with the best average lead over the best other total (the greedy bot's choice
unless another does better). It never sees a hidden value: it decides from the view only.

    pip install ./crates/silver-py
    python3 bots/examples/flat_monte_carlo.py --games 20 --samples 8

plays it heads-up against the greedy bot (both seats of each deal, as `silver` runs seat
bots) and prints its share of wins with a 95% Wilson interval: 20 games at 8 samples take
about 2 s on one core; 60 games at 16 samples (11 s) won 46.7% [34.6, 59.1], no better than
greedy itself — a starting point, not a strong bot. With `--exec` it is a bot program for
`silver tournament` (the JSON-lines protocol, docs/protocol.md: each decision's `code` is
read back into a `silver.View`):

    silver tournament --bots 'exec:python3 bots/examples/flat_monte_carlo.py --exec --samples 4',greedy --games 20
"""
import argparse
import math

import silver


class FlatMonteCarlo:
    def __init__(self, samples=8, seed=0):
        self.samples = samples
        self.seed = seed
        self.rollout = [silver.Bot("greedy", seed=seed + s) for s in range(4)]
        self.adviser = silver.Bot("greedy", seed=seed)

    def value(self, world, seat, action):
        """Plays `action` in `world`, then greedy to the end of the round: the seat's lead
        over the best other total (positive is good)."""
        round_ = world.round()
        world.apply(action)
        while not world.is_terminal() and world.round() == round_:
            world.apply(self.rollout[world.current_player()].step(world))
        totals = world.totals()
        return min(t for s, t in enumerate(totals) if s != seat) - totals[seat]

    def decide(self, view):
        """The action id to play from `view` (a `silver.View` whose seat is to move)."""
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = view.seat
        # The greedy bot's choice stands unless another action does better on average.
        best = self.adviser.decide(view)
        scores = dict.fromkeys(actions, 0)
        for _ in range(self.samples):
            self.seed += 1
            # One world per sample, shared by every action (common random numbers).
            world = view.sample_world(self.seed)
            for action in actions:
                scores[action] += self.value(world.clone(), seat, action)
        for action in actions:
            if scores[action] > scores[best]:
                best = action
        return best

    def step(self, game):
        return self.decide(game.player_view(game.current_player()))


def exec_bot(samples):
    """Plays as a `silver tournament` bot over the JSON-lines protocol (docs/protocol.md):
    each decision's `code` is read back into a `silver.View`, and the seed of each decision
    seeds its samples, so runs stay reproducible."""
    import json
    import sys
    game, bot = None, None
    for line in sys.stdin:
        m = json.loads(line)
        if m["type"] == "game":
            game, bot = m, FlatMonteCarlo(samples)
        elif m["type"] == "decide":
            bot.seed = m["seed"]
            bot.adviser.reset()
            chosen = bot.decide(silver.View(m["code"], game))
            ids = [silver.action_id(json.dumps(a)) for a in m["legal"]]
            print(json.dumps({"action": ids.index(chosen)}), flush=True)
        elif m["type"] == "quit":
            return


def wilson(wins, n, z=1.96):
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games (an even number)")
    parser.add_argument("--samples", type=int, default=8, help="worlds per action")
    parser.add_argument("--seed", type=int, default=1, help="master seed")
    parser.add_argument("--set", default="amulet", help="card set")
    parser.add_argument("--exec", action="store_true",
                        help="play as a bot program in `silver tournament` (JSON lines)")
    args = parser.parse_args()
    if args.exec:
        return exec_bot(args.samples)
    if args.games < 2 or args.games % 2 or args.samples < 1:
        parser.error("--games must be an even number >= 2 and --samples >= 1")
    wins = 0
    for g in range(args.games):
        deal, mc_seat = g // 2, g % 2
        game = silver.Game.from_run(args.seed, deal, players=2, set=args.set)
        bots = [None, None]
        bots[mc_seat] = FlatMonteCarlo(args.samples, seed=args.seed * 1_000_003 + g)
        bots[1 - mc_seat] = silver.Bot("greedy", stream=(args.seed, g, 1 - mc_seat))
        while not game.is_terminal():
            game.apply(bots[game.current_player()].step(game))
        wins += game.winner() == mc_seat
    lo, hi = wilson(wins, args.games)
    print(f"flat Monte Carlo ({args.samples} samples) vs greedy: won {wins} of {args.games} "
          f"games, {100 * wins / args.games:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")


if __name__ == "__main__":
    main()
