"""Variance ratios of a variance-reduced design card or sweep, per metric.

    python3 experiments/design-variance-ratios.py OUT/design.csv

For each metric with a reduced estimate: how many rows have one, the median (and range) of
`variance_ratio` (the plain estimate's variance over the reduced one's), and in a sweep the same
of `d_variance_ratio` over the sets other than the base (the paired differences from it).
"""
import csv, statistics, sys
from collections import defaultdict
rows = list(csv.DictReader(open(sys.argv[1])))
base = rows[0]["set"]
v, d = defaultdict(list), defaultdict(list)
for r in rows:
    m = r["metric"]
    if r["variance_ratio"]:
        v[m].append(float(r["variance_ratio"]))
    if r["set"] != base and r.get("d_variance_ratio"):
        d[m].append(float(r["d_variance_ratio"]))
print(f"{'metric':<18}{'rows':>6}{'value ratio (median, min-max)':>34}{'rows':>6}{'difference ratio (median, min-max)':>38}")
for m in v:
    a, b = v[m], d.get(m, [])
    fa = f"{statistics.median(a):.2f} ({min(a):.2f}-{max(a):.2f})"
    fb = f"{statistics.median(b):.2f} ({min(b):.2f}-{max(b):.2f})" if b else "-"
    print(f"{m:<18}{len(a):>6}{fa:>34}{len(b):>6}{fb:>38}")
