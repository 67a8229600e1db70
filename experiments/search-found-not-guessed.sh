#!/bin/bash
# Found, not guessed: a balance search with under a tenth of the brute force's games against
# the brute force itself and against a uniform spread of the same budget, over 20 seeds.
#
#   experiments/search-found-not-guessed.sh [SILVER] [OUT] [FAMILY]
#
# FAMILY names the three specs (default search-subspace, the fairness objective; search-length
# judges the same sets by rounds of 28 turns):
# 1. The brute force: FAMILY.toml (the 324 sets on the same 20,000 deals, seed 1000).
# 2. For seeds 1..20: the halving search of the same space (FAMILY-halving.toml) and the same
#    budget spread uniformly over the sets (FAMILY-uniform.toml), each certifying its best 5 on
#    20,000 fresh deals.
# 3. search-found-not-guessed.py: for each seed and method, the set ranked first, its value in
#    the brute force, and whether it lies within the brute force's 95% interval of its best.
# Finished searches are kept: running the script again continues where it stopped.
set -euo pipefail
silver=${1:-target/release/silver}
out=${2:-results/search-found}
family=${3:-search-subspace}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
spec() { # NAME SEED: a copy of the experiment's spec with another seed
  sed "s/^seed = .*/seed = $2/" "$here/$1.toml" > "$out/$1-$2.toml"
  echo "$out/$1-$2.toml"
}
run() { # SPEC DIR
  if [ -f "$2/ranking.csv" ]; then return; fi
  "$silver" search "$1" --out "$2" $( [ -d "$2" ] && echo --resume ) > "$2.txt"
}
run "$(spec "$family" 1000)" "$out/brute-force"
for seed in $(seq 1 20); do
  run "$(spec "$family-halving" "$seed")" "$out/halving-$seed"
  run "$(spec "$family-uniform" "$seed")" "$out/uniform-$seed"
done
python3 "$here/search-found-not-guessed.py" "$out"
