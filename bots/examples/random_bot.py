#!/usr/bin/env python3
"""A Silver bot in Python, over the JSON-lines protocol (docs/protocol.md).

Run it in a tournament:

    silver tournament --bots 'exec:python3 bots/examples/random_bot.py',greedy --games 100

It plays uniformly among the legal actions, seeded by the engine's `seed`, so runs with it are
reproducible. Replace `choose` with your own policy: `view` is what the seat may see, `legal`
the actions it may take now.
"""
import json
import random
import sys


def choose(view, legal, rng):
    """Index of the action to take."""
    # Never call census with a village above 4 cards (the engine would not offer it anyway).
    return rng.randrange(len(legal))


def main():
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "decide":
            rng = random.Random(message["seed"])
            index = choose(message["view"], message["legal"], rng)
            sys.stdout.write(json.dumps({"action": index}) + "\n")
            sys.stdout.flush()
        elif kind == "quit":
            return
        # "game" and "event" lines need no answer.


if __name__ == "__main__":
    main()
