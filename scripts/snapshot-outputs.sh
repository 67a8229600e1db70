#!/usr/bin/env bash
# Runs a fixed set of seeded commands with one `silver` binary and keeps every output file and
# printed table in DIR, with the few figures that depend on the machine (elapsed seconds, games/s,
# and the manifest checksum that covers them) masked. Two builds give byte-identical outputs
# when `diff -r` of their two directories prints nothing:
#
#   scripts/snapshot-outputs.sh old/target/release/silver /tmp/before
#   scripts/snapshot-outputs.sh target/release/silver /tmp/after
#   diff -r /tmp/before /tmp/after
#
# Run from the repository root (bot profiles and experiments are read from it).
set -euo pipefail
bin=$(realpath "$1")
out=$(realpath -m "$2")
root=$(pwd)
rm -rf "$out" && mkdir -p "$out"
cd "$out"
ln -s "$root/experiments" experiments
ln -s "$root/bots" bots
run() { # NAME ARGS...: stdout to NAME.out, the exit code to NAME.rc
    local name=$1
    shift
    set +e
    "$bin" "$@" >"$name.out" 2>/dev/null
    echo $? >"$name.rc"
    set -e
}
run quickstart run experiments/quickstart.toml --out qs
run round-robin tournament --bots greedy,ismcts:iterations=100,random --players 2 \
    --seating round-robin --games 120 --seed 5 --out rr
run gauntlet tournament --bots greedy,greedy-mem2,random --players 3 --seating gauntlet \
    --games 300 --seed 3 --model points --out gauntlet
run sprt tournament --bots ismcts:iterations=200,greedy --players 2 --games 2000 \
    --sprt elo0=0,elo1=40 --seed 2 --out sprt
for k in 1 2 3; do
    run "shard$k" run experiments/census-timing.toml --summary-only --games 30000 --shard "$k/3" --out "ct$k"
done
run merge merge --out ct ct1 ct2 ct3
run verify verify ct
run sweep run experiments/balance-one-swap.toml --games 200 --out sweep
run replay-spec replay experiments/quickstart.toml --game 12
run replay-bots replay --bots greedy,random --players 2 --seed 9 --game 3
run replay-mix replay --bots greedy,random --set amulet+0:bullet,10:coin --seed 9 --game 3
run report report qs
run report-csv report qs --format csv
run report-json report qs --format json
run report-sweep report sweep
run report-rr report rr
run cards cards
run cards-mix cards --set experiments/sets/coin-dagger-mix.toml
run bots bots
rm experiments bots
find . -name .silver.lock -delete
# Mask what depends on the machine.
find . -name manifest.json -print0 | xargs -0 sed -i -E \
    -e 's/"seconds": ?[0-9.e+-]+/"seconds":0/g' -e 's/"checksum": ?"crc32:[0-9a-f]+"/"checksum":"-"/g'
find . -type f \( -name '*.out' -o -name '*.html' -o -name '*.json' \) -print0 | xargs -0 sed -i -E \
    -e 's/[0-9][0-9,.]* games\/s/N games\/s/g' -e 's/in [0-9.]+ ?s\b/in N s/g'
