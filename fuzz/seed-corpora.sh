#!/bin/sh
# Seeds each fuzz target's corpus from the files the project ships (run from fuzz/).
set -eu
cd "$(dirname "$0")"
for t in set_string card_set_toml experiment_toml bot_spec script_json manifest_json \
    saved_game_json; do mkdir -p "corpus/$t"; done
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
# Manifests and saved games: written by the tool itself (built if needed) into a scratch
# directory; scripts also as saved games.
silver=${SILVER:-../target/release/silver}
[ -x "$silver" ] || cargo build --release -p silver-cli --manifest-path ../Cargo.toml
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
i=0
for run in "--bots greedy,random --games 8" "--bots greedy,random,greedy --players 3 --games 6" \
    "--bots greedy,random --games 10 --sprt elo0=0,elo1=10" \
    "--bots greedy,random --games 8 --shard 2/3" "--bots greedy --players 4 --games 4 --summary-only"; do
    # shellcheck disable=SC2086
    "$silver" tournament $run --quiet --out "$scratch/run-$i" > /dev/null
    cp "$scratch/run-$i/manifest.json" "corpus/manifest_json/run-$i.json"
    i=$((i + 1))
done
# A game stopped early (the input ends) and a whole one.
yes 1 | head -n 12 | "$silver" play --plain --seed 7 --save "$scratch/part.json" > /dev/null 2>&1 || true
yes 1 | head -n 400 | "$silver" play --plain --seed 9 --players 3 --save "$scratch/whole.json" \
    > /dev/null 2>&1 || true
for f in part whole; do
    if [ -f "$scratch/$f.json" ]; then cp "$scratch/$f.json" "corpus/saved_game_json/$f.json"; fi
done
for f in ../crates/silver-rules/tests/scripts/*.json; do
    { printf '{"silver_play":1,"seed":1,"seat":0,"seats":[],"script":'; cat "$f"; printf '}'; } \
        > "corpus/saved_game_json/$(basename "$f")"
done
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
