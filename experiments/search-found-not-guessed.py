#!/usr/bin/env python3
"""Judges the searches of search-found-not-guessed.sh against their brute force.

    python3 experiments/search-found-not-guessed.py OUT

OUT holds brute-force/ (every set of the subspace on 20,000 deals) and halving-SEED/ and
uniform-SEED/ for seeds 1 to 20. The brute force's best set is the first by (violation, value)
of its first stage; a search succeeds when the set it ranks first has a brute-force value no
higher than the upper end of the brute force's 95% interval of its best set. Prints, per
method, the successes, the mean regret (brute-force value of the returned set minus the best's)
and the games, then one row per seed; writes the rows to OUT/found-not-guessed.csv.
"""
import csv
import json
import sys
from pathlib import Path


def brute_force(d: Path):
    """The first stage's sets: index -> (name, violation, value, low, high), and the objective's
    name (search.csv's column after `games`)."""
    sets = {}
    with open(d / "search.csv", newline="") as f:
        rows = csv.DictReader(f)
        obj = rows.fieldnames[7]
        for row in rows:
            if row["stage"] != "1":
                continue
            sets[int(row["index"])] = (
                row["set"],
                float(row[f"{obj}_violation"]),
                float(row[obj]),
                float(row[f"{obj}_low95"]),
                float(row[f"{obj}_high95"]),
            )
    return sets, obj


def returned(d: Path):
    with open(d / "ranking.csv", newline="") as f:
        first = next(csv.DictReader(f))
    assert first["rank"] == "1", d
    games = sum(s["games"] for s in json.loads((d / "search.json").read_text())["stages"])
    return int(first["index"]), games


def main(out: Path) -> int:
    bf, obj = brute_force(out / "brute-force")
    if len(bf) < 256:
        print(f"{out}/brute-force: {len(bf)} sets, expected at least 256", file=sys.stderr)
        return 2
    bf_games = sum(
        s["games"] for s in json.loads((out / "brute-force" / "search.json").read_text())["stages"]
    )
    best = min(bf, key=lambda i: (bf[i][1], bf[i][2], i))
    name, _, value, low, high = bf[best]
    print(f"brute force: {len(bf)} sets, {bf_games:,} games; best {name} "
          f"{obj} {value:.3f} [{low:.3f}, {high:.3f}]")
    rows = []
    for method in ("halving", "uniform"):
        for seed in range(1, 21):
            d = out / f"{method}-{seed}"
            if not (d / "ranking.csv").is_file():
                continue
            index, games = returned(d)
            s_name, s_viol, s_value, _, _ = bf[index]
            ok = s_viol <= bf[best][1] and s_value <= high
            rows.append({
                "method": method, "seed": seed, "set": s_name, "index": index,
                "bf_value": f"{s_value:.4f}", "regret": f"{s_value - value:.4f}",
                "within": int(ok), "games": games,
                "share_of_brute_force": f"{games / bf_games:.4f}",
            })
    with open(out / "found-not-guessed.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()) if rows else ["method"])
        w.writeheader()
        w.writerows(rows)
    print(f"{'method':8}  {'seeds':>5}  {'within':>6}  {'mean regret':>11}  {'games per search':>16}")
    for method in ("halving", "uniform"):
        rs = [r for r in rows if r["method"] == method]
        if not rs:
            continue
        within = sum(r["within"] for r in rs)
        regret = sum(float(r["regret"]) for r in rs) / len(rs)
        games = max(r["games"] for r in rs)
        print(f"{method:8}  {len(rs):>5}  {within:>6}  {regret:>11.3f}  {games:>16,}")
    print()
    print(f"{'method':8}  {'seed':>4}  {'within':>6}  {'regret':>7}  set")
    for r in rows:
        print(f"{r['method']:8}  {r['seed']:>4}  {r['within']:>6}  {float(r['regret']):>7.3f}  {r['set']}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: search-found-not-guessed.py OUT", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(Path(sys.argv[1])))
