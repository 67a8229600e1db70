#!/bin/sh
# Builds `silver` with profile-guided optimisation (PGO): an instrumented build plays a fixed
# training workload (greedy play over several sets and player counts, and a little search),
# and the build that follows lays out the code by the branches and calls that workload took.
# The games are the same as any other build's; only the speed differs.
#
#   scripts/pgo-build.sh [PROFILE]      # PROFILE: release (default) or release-lto
#
# Needs the llvm-profdata of rustc's own LLVM: `rustup component add llvm-tools`. Everything
# it writes goes under target/pgo/; the last line it prints is the built binary's path.
set -eu

profile=${1:-release}
case $profile in
release | release-lto) ;;
*)
    echo "error: profile must be release or release-lto, not '$profile'" >&2
    exit 2
    ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
host=$(rustc -vV | sed -n 's/^host: //p')
llvm=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    if command -v "llvm-profdata-$llvm" >/dev/null 2>&1; then
        profdata=$(command -v "llvm-profdata-$llvm")
    else
        echo "error: no llvm-profdata for rustc's LLVM $llvm: run 'rustup component add llvm-tools'" >&2
        exit 1
    fi
fi

work="$root/target/pgo"
rm -rf "$work/train" && mkdir -p "$work/train"
flags=${RUSTFLAGS:-}

# The instrumented build has the same profile as the final one: a profile taken from a build
# without whole-program optimisation misleads one with it.
echo "pgo: instrumented build ($profile)" >&2
RUSTFLAGS="$flags -Cprofile-generate=$work/data" CARGO_TARGET_DIR="$work/instrumented" \
    cargo build --profile "$profile" -p silver-cli --manifest-path "$root/Cargo.toml"
silver="$work/instrumented/$profile/silver"
# Only the workload's profile: the build's own build scripts wrote some too.
rm -rf "$work/data" && mkdir -p "$work/data"

echo "pgo: training workload" >&2
cd "$root" # the bots/ profiles
train() {
    if ! "$silver" tournament --threads 1 --force --out "$work/train/run" "$@" \
        >/dev/null 2>"$work/train/log"; then
        cat "$work/train/log" >&2
        exit 1
    fi
}
train --bots greedy --players 4 --games 20000 --seed 101 --summary-only
train --bots greedy --players 2 --games 10000 --seed 102 --summary-only
train --bots greedy --players 3 --games 10000 --seed 103 --summary-only
train --bots greedy --players 4 --set bullet --games 5000 --seed 104 --summary-only
train --bots greedy --players 4 --games 5000 --seed 105 --summary-only \
    --set 'amulet+4:dagger,5:dagger,8:coin,10:coin,11:dagger/token=coin'
train --bots greedy --players 4 --games 2000 --seed 106
train --bots greedy,ismcts-1k --players 2 --games 20 --seed 107 --summary-only

echo "pgo: merging the profile" >&2
"$profdata" merge -o "$work/silver.profdata" "$work/data"

echo "pgo: optimised build ($profile)" >&2
RUSTFLAGS="$flags -Cprofile-use=$work/silver.profdata" CARGO_TARGET_DIR="$work/build" \
    cargo build --profile "$profile" -p silver-cli --manifest-path "$root/Cargo.toml"
echo "$work/build/$profile/silver"
