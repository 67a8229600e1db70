#!/usr/bin/env bash
# Side by side with OpenSpiel, on one thread: OpenSpiel's C++ ISMCTS (euchre, oh_hell) and
# random play (hearts) against this engine's ISMCTS with random rollouts to the round's end
# and its random-play decisions per second. Not part of CI: it installs open_spiel from PyPI
# into a virtual environment under target/ (about 1 minute the first time).
#
#   benches/openspiel.sh [SECONDS_PER_FIGURE] [ROUNDS]   (defaults 3 and 3)
#
# The two sides run in turn, OpenSpiel then this engine, ROUNDS times (about 27 s a round
# with the default 3 s per figure), so a slow spell of a busy machine hits both alike; each
# round's ratios are printed, then their medians (the figures to quote).
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-3}"
rounds="${2:-3}"
case "$rounds" in
    '' | *[!0-9]* | 0) echo "error: ROUNDS must be a positive whole number, not '$rounds'" >&2; exit 2 ;;
esac
venv=target/openspiel-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "open_spiel==2.0.2"
fi
cargo build --quiet --release -p silver-benches --example throughput
get() { echo "$1" | awk -v k="$2" '$1 == k { print $2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
all_e="" all_o="" all_e2="" all_h=""
for round in $(seq 1 "$rounds"); do
    peer=$("$venv/bin/python" benches/openspiel_peer.py "$secs")
    ours=$(target/release/examples/throughput "$secs")
    echo "# round $round of $rounds"
    echo "$peer"
    echo "$ours"
    e=$(get "$peer" openspiel_ismcts_euchre)
    o=$(get "$peer" openspiel_ismcts_oh_hell)
    h=$(get "$peer" openspiel_hearts_random_play)
    s2=$(get "$ours" ismcts_random_rollouts_2p)
    s4=$(get "$ours" ismcts_random_rollouts_4p)
    r4=$(get "$ours" engine_random_play_4p)
    re=$(ratio "$s4" "$e") ro=$(ratio "$s4" "$o") re2=$(ratio "$s2" "$e") rh=$(ratio "$r4" "$h")
    echo "ratio ismcts silver_4p/euchre $re  silver_4p/oh_hell $ro  silver_2p/euchre $re2"
    echo "ratio random_play silver_4p/hearts $rh"
    all_e="$all_e $re" all_o="$all_o $ro" all_e2="$all_e2 $re2" all_h="$all_h $rh"
done
echo "# median of $rounds rounds"
echo "median ratio ismcts silver_4p/euchre $(echo "$all_e" | median)  silver_4p/oh_hell $(echo "$all_o" | median)  silver_2p/euchre $(echo "$all_e2" | median)"
echo "median ratio random_play silver_4p/hearts $(echo "$all_h" | median)"
