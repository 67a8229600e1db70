#!/usr/bin/env bash
# Checks the docs' output blocks that are too slow for the test suite: every block introduced by
# `<!-- slow output of: silver ARGS -->` (in the README and the pages under docs/, the rules
# specification excepted) must be exactly what `silver ARGS` prints, except for the time, rate
# and thread count of a run's last line. Each command runs in a scratch copy of bots/ and
# experiments/, as the reader would run it from the repository root. The fast blocks
# (`<!-- output of: ... -->`) are checked by `cargo test -p silver-cli -p silver-cli-suite`
# (crates/silver-cli-suite/tests/suite/docs.rs).
#
# Usage: scripts/check-docs.sh [PAGE.md ...]     (default: every page)
# Exit status: 0 if every block matches, 1 otherwise (the differences are printed).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --quiet -p silver-cli
silver="$PWD/target/release/silver"

if [ "$#" -gt 0 ]; then
    pages=("$@")
else
    pages=(README.md)
    while IFS= read -r page; do pages+=("$page"); done \
        < <(find docs -name '*.md' -not -path 'docs/rules/*' | sort)
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/blocks"

# One directory per block: the page, the command and the expected text.
awk -v dir="$tmp/blocks" '
    FNR == 1 { want = 0 }
    /^<!-- slow output of: silver .* -->$/ {
        cmd = $0
        sub(/^<!-- slow output of: silver /, "", cmd)
        sub(/ -->$/, "", cmd)
        want = 1
        next
    }
    want == 1 && /^```text$/ {
        n++
        f = dir "/" n
        print FILENAME ":" FNR > (f ".page")
        print cmd > (f ".cmd")
        printf "" > (f ".expected")
        want = 2
        first = 1
        next
    }
    want == 1 { print FILENAME ":" FNR ": a slow-output marker must be followed by a text block" > "/dev/stderr"; exit 2 }
    want == 2 && /^```$/ { want = 0; close(f ".expected"); next }
    want == 2 {
        if (!(first && $0 == "$ silver " cmd)) print > (f ".expected")
        first = 0
    }
' "${pages[@]}"

# The machine's part of a run's last line: time, rate and threads.
mask() { sed -E 's/ games in .* threads; / games in … threads; /'; }

status=0
count=0
for cmdfile in "$tmp"/blocks/*.cmd; do
    [ -e "$cmdfile" ] || continue
    block="${cmdfile%.cmd}"
    read -ra args < "$cmdfile"
    where=$(cat "$block.page")
    work="$block.work"
    mkdir "$work"
    cp -R bots experiments "$work/"
    echo "checking $where: silver ${args[*]}" >&2
    if ! (cd "$work" && "$silver" "${args[@]}" > "$block.out" 2> "$block.err"); then
        echo "FAILED: $where: silver ${args[*]} exited with an error:" >&2
        tail -5 "$block.err" >&2
        status=1
        continue
    fi
    if ! diff -u <(mask < "$block.expected") <(mask < "$block.out") > "$block.diff"; then
        echo "DIFFERS: $where: silver ${args[*]} (- the page, + the command)" >&2
        cat "$block.diff" >&2
        status=1
    fi
    count=$((count + 1))
done
echo "$count slow blocks checked" >&2
exit "$status"
