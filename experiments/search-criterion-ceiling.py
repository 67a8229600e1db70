#!/usr/bin/env python3
"""How often can any search meet the found-not-guessed criterion? A seeded simulation.

    python3 experiments/search-criterion-ceiling.py BRUTE_FORCE_DIR [REPLICATIONS]

The criterion of search-found-not-guessed.py judges a returned set by the brute force's own
estimate: it succeeds when that estimate is no higher than the upper end of the 95% interval of
the brute force's best. The brute force's best is itself the minimum of noisy estimates, so even
a search that always returned the truly best set would sometimes fail. This script takes the
brute force's estimates, shrunk toward their mean by the share of their spread that is
noise, as the truth, draws new brute forces around them (each set normal with
its own standard error, the sets' errors correlated as the paired intervals of ranking.csv
imply: one shared component plus one per set) and counts how often the truly best set meets the
criterion: the ceiling of the success rate of any method. Prints the ceiling with its Wilson 95%
interval, the chance that a method at the ceiling succeeds in at least 18 of 20 seeds, the
correlation used and the number of sets within the brute force's interval.
"""
import csv
import math
import random
import sys
from pathlib import Path


def read(d: Path):
    with open(d / "search.csv", newline="") as f:
        rows = csv.DictReader(f)
        obj = rows.fieldnames[7]
        sets = [
            (float(r[obj]), (float(r[f"{obj}_high95"]) - float(r[f"{obj}_low95"])) / 3.92)
            for r in rows
            if r["stage"] == "1" and float(r[f"{obj}_violation"]) == 0.0
        ]
    # The correlation of two sets' errors on the same deals, from the certified rows' paired
    # intervals against the best: var(a - b) = var(a) + var(b) - 2 rho sd(a) sd(b).
    with open(d / "ranking.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    best_se = (float(rows[0][f"{obj}_high95"]) - float(rows[0][f"{obj}_low95"])) / 3.92
    rhos = []
    for r in rows[1:]:
        se = (float(r[f"{obj}_high95"]) - float(r[f"{obj}_low95"])) / 3.92
        d_se = (float(r[f"{obj}_d_best_high95"]) - float(r[f"{obj}_d_best_low95"])) / 3.92
        rhos.append((se * se + best_se * best_se - d_se * d_se) / (2 * se * best_se))
    rho = min(max(sum(rhos) / len(rhos), 0.0), 1.0) if rhos else 0.0
    return obj, sets, rho


def shrunk(sets):
    """The truth behind noisy estimates, shrunk toward their mean by the share of their spread
    that is not noise (empirical Bayes): the estimates spread more than the sets do, and taking
    them as the truth would set the best apart more than it is."""
    n = len(sets)
    mean = sum(v for v, _ in sets) / n
    spread = sum((v - mean) ** 2 for v, _ in sets) / (n - 1)
    tau2 = max(spread - sum(se * se for _, se in sets) / n, 0.0)
    return [(mean + tau2 / (tau2 + se * se) * (v - mean), se) for v, se in sets]


def main(d: Path, reps: int) -> int:
    obj, sets, rho = read(d)
    b = min(range(len(sets)), key=lambda i: sets[i][0])
    within = sum(1 for v, _ in sets if v <= sets[b][0] + 1.96 * sets[b][1])
    sets = shrunk(sets)
    best = min(range(len(sets)), key=lambda i: sets[i][0])
    rng = random.Random(1)
    ok = 0
    for _ in range(reps):
        z = rng.gauss(0.0, 1.0)
        draw = [v + se * (math.sqrt(rho) * z + math.sqrt(1 - rho) * rng.gauss(0.0, 1.0))
                for v, se in sets]
        b = min(range(len(draw)), key=lambda i: draw[i])
        ok += draw[best] <= draw[b] + 1.96 * sets[b][1]
    p = ok / reps
    zc = 1.96
    centre = (p + zc * zc / (2 * reps)) / (1 + zc * zc / reps)
    half = zc * math.sqrt(p * (1 - p) / reps + zc * zc / (4 * reps * reps)) / (1 + zc * zc / reps)
    print(f"{d}: objective {obj}, {len(sets)} sets, {within} within the best's interval; "
          f"correlation of two sets' errors {rho:.2f}")
    at_least_18 = sum(math.comb(20, k) * p**k * (1 - p) ** (20 - k) for k in range(18, 21))
    print(f"the truly best set meets the criterion in {p:.1%} of {reps} brute forces "
          f"[{centre - half:.1%}, {centre + half:.1%}]; it would do so in at least 18 of 20 "
          f"seeds with probability {at_least_18:.2f}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        print("usage: search-criterion-ceiling.py BRUTE_FORCE_DIR [REPLICATIONS]", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) == 3 else 4000))
