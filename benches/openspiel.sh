#!/usr/bin/env bash
# Side by side with OpenSpiel, in one run on one thread: OpenSpiel's C++ ISMCTS (euchre,
# oh_hell) and random play (hearts) against this engine's ISMCTS with random rollouts to the
# round's end and its random-play decisions per second. Not part of CI: it installs open_spiel
# from PyPI into a virtual environment under target/ (about 1 minute the first time), then
# takes about 30 s.
#
#   benches/openspiel.sh [SECONDS_PER_FIGURE]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-3}"
venv=target/openspiel-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "open_spiel==2.0.2"
fi
cargo build --quiet --release -p silver-benches --example throughput
peer=$("$venv/bin/python" benches/openspiel_peer.py "$secs")
ours=$(target/release/examples/throughput "$secs")
echo "$peer"
echo "$ours"
get() { echo "$1" | awk -v k="$2" '$1 == k { print $2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
e=$(get "$peer" openspiel_ismcts_euchre)
o=$(get "$peer" openspiel_ismcts_oh_hell)
h=$(get "$peer" openspiel_hearts_random_play)
s2=$(get "$ours" ismcts_random_rollouts_2p)
s4=$(get "$ours" ismcts_random_rollouts_4p)
r4=$(get "$ours" engine_random_play_4p)
echo "ratio ismcts silver_4p/euchre $(ratio "$s4" "$e")  silver_4p/oh_hell $(ratio "$s4" "$o")  silver_2p/euchre $(ratio "$s2" "$e")"
echo "ratio random_play silver_4p/hearts $(ratio "$r4" "$h")"
