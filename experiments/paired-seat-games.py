#!/usr/bin/env python3
"""Paired seat-games of two searchers, each run as one seat among baseline players.

Each run is a `silver tournament --bots BASELINE,SEARCHER --players N --seating gauntlet`
output directory played with the same seed and games as the other runs of its pair, so the two
searchers sit the same deals and seatings. Per run the share of the searcher's seat-games won
(95% interval over deals, a deal with its seatings being one block); per pair the paired
difference OTHER - BASE in points of seat-games, per deal, with its 95% normal interval over
deals. Several pairs (on different seeds) are pooled into one difference over all their deals.

    experiments/paired-seat-games.py BASE_DIR:OTHER_DIR [BASE_DIR:OTHER_DIR ...] [--baseline greedy]

Only the standard library; reads each directory's games.csv.
"""

import argparse
import csv
import json
import math
import sys
from collections import defaultdict


def plan(directory):
    """What decides the deals: the seed, the games, the card set (from manifest.json)."""
    path = f"{directory}/manifest.json"
    try:
        with open(path) as f:
            m = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"error: cannot read {path}: {e}")
    if not m.get("complete"):
        sys.exit(f"error: {directory} is not a finished run")
    return (m.get("seed"), m.get("games"), m.get("set_definition"))


def seat_games(directory, baseline):
    """{(deal, game, seat): won} for the seats not played by the baseline bot."""
    path = f"{directory}/games.csv"
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        sys.exit(f"error: cannot read {path}: {e.strerror}")
    won, games = {}, set()
    for r in rows:
        if r["bot"] != baseline:
            game = int(r["game"])
            if game in games:
                sys.exit(f"error: {path}: game {game} has two seats not played by {baseline}")
            games.add(game)
            won[(int(r["deal"]), game, int(r["seat"]))] = int(r["won"])
    if not won:
        sys.exit(f"error: {path}: no seat is played by a bot other than {baseline}")
    return won


def per_deal(won):
    """{deal: share of its seat-games won}."""
    total, count = defaultdict(float), defaultdict(int)
    for (deal, _, _), w in won.items():
        total[deal] += w
        count[deal] += 1
    return {d: total[d] / count[d] for d in total}


def interval(xs):
    n = len(xs)
    mean = sum(xs) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n) if n > 1 else float("nan")
    return mean, mean - 1.96 * se, mean + 1.96 * se


def pct(t):
    return f"{100 * t[0]:.2f}% ({100 * t[1]:.2f} to {100 * t[2]:.2f})"


def points(t):
    return f"{100 * t[0]:+.2f} ({100 * t[1]:+.2f} to {100 * t[2]:+.2f})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pairs", nargs="+", metavar="BASE_DIR:OTHER_DIR")
    ap.add_argument("--baseline", default="greedy", help="the baseline bot's name (default greedy)")
    args = ap.parse_args()
    pooled, pooled_base, pooled_other = [], [], []
    for pair in args.pairs:
        if pair.count(":") != 1:
            sys.exit(f"error: '{pair}' is not BASE_DIR:OTHER_DIR")
        base_dir, other_dir = pair.split(":")
        base, other = seat_games(base_dir, args.baseline), seat_games(other_dir, args.baseline)
        if plan(base_dir) != plan(other_dir) or base.keys() != other.keys():
            sys.exit(f"error: {base_dir} and {other_dir} did not play the same deals and games")
        b, o = per_deal(base), per_deal(other)
        diffs = [o[d] - b[d] for d in sorted(b)]
        pooled += diffs
        pooled_base += list(b.values())
        pooled_other += list(o.values())
        print(f"{base_dir}: {pct(interval(list(b.values())))} of seat-games")
        print(f"{other_dir}: {pct(interval(list(o.values())))} of seat-games")
        print(f"  difference: {points(interval(diffs))} points over {len(diffs)} deals")
    if len(args.pairs) > 1:
        print(f"pooled base: {pct(interval(pooled_base))}, other: {pct(interval(pooled_other))}")
        print(f"pooled difference: {points(interval(pooled))} points over {len(pooled)} deals")


if __name__ == "__main__":
    main()
