"""Variance ratios of a variance-reduced balance sweep, per metric.

    python3 experiments/balance-variance-ratios.py OUT/balance.csv

For each metric with reduced columns: how many sets have a reduced value, the median (and
range) of `M_variance_ratio` (the plain estimate's variance over the reduced one's), and the same
of `d_M_variance_ratio` over the sets other than the base (the paired differences from it; a set
that plays the base's games has none).
"""
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
metrics = [h[: -len("_variance_ratio")] for h in rows[0] if h.endswith("_variance_ratio") and not h.startswith("d_")]
print(f"{'metric':<22}{'sets':>6}{'value ratio (median, min-max)':>34}{'sets':>6}{'difference ratio (median, min-max)':>38}")
for m in metrics:
    a = [float(r[f"{m}_variance_ratio"]) for r in rows if r[f"{m}_variance_ratio"]]
    b = [float(r[f"d_{m}_variance_ratio"]) for r in rows[1:] if r[f"d_{m}_variance_ratio"]]
    fa = f"{statistics.median(a):.3f} ({min(a):.3f}-{max(a):.3f})" if a else "-"
    fb = f"{statistics.median(b):.3f} ({min(b):.3f}-{max(b):.3f})" if b else "-"
    print(f"{m:<22}{len(a):>6}{fa:>34}{len(b):>6}{fb:>38}")
