#!/bin/sh
# Seeds each fuzz target's corpus from the files the project ships (run from fuzz/).
set -eu
cd "$(dirname "$0")"
for t in set_string card_set_toml experiment_toml bot_spec script_json; do mkdir -p "corpus/$t"; done
# Set strings: every preset and the mixes the README and tests use.
i=0
for s in amulet bullet coin dagger "amulet+0:bullet" "amulet+0:bullet,10:coin/token=coin" \
    "bullet/token=amulet" "amulet+4:dagger,5:dagger,11:dagger,12:dagger" \
    "amulet+2:coin,4:coin,8:coin,10:coin"; do
    printf '%s' "$s" > "corpus/set_string/seed-$i"; i=$((i + 1))
done
cp ../experiments/sets/*.toml corpus/card_set_toml/
cp ../experiments/*.toml corpus/experiment_toml/
cp ../bots/*.toml corpus/bot_spec/
i=0
for s in greedy random "ismcts:iterations=500,exploration=0.5" "greedy:census_threshold=4" \
    "cheating-ismcts:iterations=10"; do
    printf '%s' "$s" > "corpus/bot_spec/inline-$i"; i=$((i + 1))
done
cp ../crates/silver-rules/tests/scripts/*.json corpus/script_json/
# View codes: game mode (first byte's top bit) at a few seeds and depths, unaltered and with
# two edits (offset, byte).
mkdir -p corpus/view_code
i=0
for pick in 200 201 202 203 204 205 206 216; do
    for depth in '\000\000' '\040\000' '\200\000' '\000\001'; do
        printf "\\$pick\\$(printf %03o $i)\\000\\000\\000\\000\\000\\000\\000$depth" \
            > "corpus/view_code/seed-$i"
        printf "\\$pick\\$(printf %03o $i)\\000\\000\\000\\000\\000\\000\\000$depth\\$(printf %03o $i)\\000\\377\\001\\001\\000" \
            > "corpus/view_code/edit-$i"
        i=$((i + 1))
    done
done
