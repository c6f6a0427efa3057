#!/usr/bin/env bash
# Throughput of `battlecheck conform` through the engine protocol against
# the engine in process (issue 12): the same lockstep exploration of a
# preset, with this repository's engine linked in, and as a process
# (`battlecheck serve-engine`) with snapshots and without (decisions
# replayed from the position). Each variant runs RUNS times (default 5);
# the table shows the model states compared, the median wall time, states
# per second and the ratio to the in-process run of the same preset.
#
# Usage: scripts/bench-engine-pipe.sh              (PRESETS="duel mimic",
#        THREADS=2, RUNS=5; SKIP_BUILD=1 reuses target/release/battlecheck)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-5}
THREADS=${THREADS:-2}
PRESETS=${PRESETS:-duel mimic}
BIN=$ROOT/target/release/battlecheck
[ "${SKIP_BUILD:-0}" = 1 ] || (cd "$ROOT" && cargo build --release -p battlecheck)

# median of the numbers on standard input
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# run PRESET [ENGINE-CMD]: prints "states seconds" of one conform run
run() {
    local args=(conform --preset "$1" --threads "$THREADS" --format json)
    [ -n "${2:-}" ] && args+=(--engine-cmd "$2")
    "$BIN" "${args[@]}" | python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["states"], r["seconds"])'
}

printf '| preset | engine | states | median s | states/s | x in-process |\n'
printf '|---|---|---:|---:|---:|---:|\n'
for preset in $PRESETS; do
    base=""
    for variant in in-process snapshots replay; do
        case $variant in
            in-process) cmd="" ;;
            snapshots) cmd="$BIN serve-engine" ;;
            replay) cmd="$BIN serve-engine --no-snapshots" ;;
        esac
        times=()
        for _ in $(seq "$RUNS"); do
            read -r states secs < <(run "$preset" "$cmd")
            times+=("$secs")
        done
        med=$(printf '%s\n' "${times[@]}" | median)
        [ -z "$base" ] && base=$med
        awk -v p="$preset" -v v="$variant" -v s="$states" -v m="$med" -v b="$base" \
            'BEGIN {printf "| %s | %s | %d | %.2f | %.0f | %.1f |\n", p, v, s, m, s/m, m/b}'
    done
done
