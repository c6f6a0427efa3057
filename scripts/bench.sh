#!/usr/bin/env bash
# Side-by-side benchmark of battlecheck against SPIN (issues 6 and 15).
#
# Both tools explore the same configurations exhaustively:
#   battlecheck check --preset default --no-concede --no-symmetry
#     and scripts/bench/bench.pml (the same game written in Promela);
#   battlecheck check --preset default --players 4 --hand 4= --no-concede --no-symmetry
#     and scripts/bench/quad.pml (four players).
# SPIN in every build that explores the same states (exact storage, 64-bit
# hash compaction -DHC4, -DCOLLAPSE, exact on 2 cores), each at its faster
# gcc level of -O2 and -O3; battlecheck with 1 and 2 threads. Each is run
# RUNS times (default 5); the table shows unique states, the median wall
# time, states per second, the peak resident memory and bytes per stored
# state, then the ratios of battlecheck to the fastest SPIN build. SPIN stores one state more than battlecheck: its initial
# state before the Promela process sets up the game (see bench/battle.pml).
#
# Usage: scripts/bench.sh            (RUNS=3 scripts/bench.sh for a quick look;
#        SKIP_BUILD=1 to reuse the battlecheck binary already built)
# On a fresh Debian/Ubuntu machine it installs spin, gcc and time with apt-get
# (as root, or through sudo). Needs cargo.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-5}
WORK=${WORK:-$ROOT/target/bench-spin}

# --- tools ---------------------------------------------------------------
missing=()
command -v spin >/dev/null 2>&1 || missing+=(spin)
command -v gcc >/dev/null 2>&1 || missing+=(gcc)
[ -x /usr/bin/time ] || missing+=(time)
if ((${#missing[@]})); then
    echo "installing ${missing[*]} with apt-get" >&2
    if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi
    "${SUDO[@]}" apt-get update
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi

# --- builds --------------------------------------------------------------
# SKIP_BUILD=1 reuses target/release/battlecheck as it is.
[ "${SKIP_BUILD:-0}" = 1 ] || (cd "$ROOT" && cargo build --release -p battlecheck)
BC="$ROOT/target/release/battlecheck"

rm -rf "$WORK"

# --- runs ----------------------------------------------------------------
# run NAME DIR COMMAND...: RUNS runs; records "states seconds peak_kb" per run
# (in $OUT, the current configuration's directory).
run() {
    local name=$1 dir=$2; shift 2
    : >"$OUT/$name.runs"
    for i in $(seq "$RUNS"); do
        (cd "$dir" && /usr/bin/time -f "%e %M" -o "$OUT/$name.time" "$@" >"$OUT/$name.out" 2>&1) || {
            echo "$name failed:" >&2; tail -20 "$OUT/$name.out" >&2; exit 1; }
        local states
        case $name in
            spin*) states=$(awk '/states, stored/ { print $1; exit }' "$OUT/$name.out")
                   grep -q "errors: 0" "$OUT/$name.out" || { echo "$name: SPIN reported errors" >&2; exit 1; } ;;
            *)     states=$(sed -n 's/^explored \([0-9,]*\) unique states.*/\1/p' "$OUT/$name.out" | tr -d ,) ;;
        esac
        [ -n "$states" ] || { echo "$name: no state count in its output" >&2; tail -20 "$OUT/$name.out" >&2; exit 1; }
        echo "$states $(tail -1 "$OUT/$name.time")" >>"$OUT/$name.runs"
        echo "  $name run $i/$RUNS: $(tail -1 "$OUT/$name.runs")" >&2
    done
}

# summary NAME -> "states median_s states_per_s peak_mib bytes_per_state"
summary() {
    sort -n -k2 "$OUT/$1.runs" | awk '{ s[NR] = $1; t[NR] = $2; m[NR] = $3 }
        END {
            n = NR; med = (n % 2) ? t[(n + 1) / 2] : (t[n / 2] + t[n / 2 + 1]) / 2
            peak = 0; for (i = 1; i <= n; i++) if (m[i] > peak) peak = m[i]
            if (med <= 0) med = 0.01
            printf "%d %.2f %.0f %.1f %.1f\n", s[1], med, s[1] / med, peak / 1024, peak * 1024 / s[1]
        }'
}

BASE_KB=$(/usr/bin/time -f "%M" "$BC" check --preset tiny --no-concede --no-symmetry --threads 1 2>&1 >/dev/null | tail -1)

# SPIN builds: name, then the compile flags besides -O. Exact state storage;
# hash compaction to 64 bits (-DHC4: what battlecheck's fingerprints are);
# collapse compression (-DCOLLAPSE, SPIN's memory-lean exact mode); exact on
# 2 cores (-DNCORE=2). Each is compiled at -O2 and at -O3, and the faster of
# the two (median states/s) stands for the build.
SPIN_BUILDS=(
    "exact|-DSAFETY -DNOREDUCE"
    "hc4|-DSAFETY -DNOREDUCE -DHC4"
    "collapse|-DSAFETY -DNOREDUCE -DCOLLAPSE"
    "ncore2|-DSAFETY -DNOREDUCE -DNCORE=2 -DMEMLIM=8192"
)

# compare NAME PML HASH CONFIG...: every SPIN build of scripts/bench/PML
# (pan -w HASH: 2^HASH hash slots) and battlecheck on CONFIG, RUNS runs of
# each, then the table.
compare() {
    local name=$1 pml=$2 hash=$3; shift 3
    local config=("$@")
    OUT="$WORK/$name"
    mkdir -p "$OUT/src"
    (cd "$OUT/src" && spin -a "$ROOT/scripts/bench/$pml" >/dev/null)
    run bc1 "$OUT" "$BC" check "${config[@]}" --threads 1
    run bc2 "$OUT" "$BC" check "${config[@]}" --threads 2
    local b build flags opt dir
    for b in "${SPIN_BUILDS[@]}"; do
        build=${b%%|*}; flags=${b#*|}
        for opt in -O2 -O3; do
            dir="$OUT/spin-$build$opt"
            mkdir -p "$dir" && cp "$OUT"/src/pan.* "$dir/"
            # Multi-core pan refuses `hidden` variables on principle; ours are
            # scratch written before being read inside one d_step, so each
            # core's own copy is right (the counts below show it).
            case $build in ncore*) sed -i 's/^#define HAS_HIDDEN.*$//' "$dir/pan.h" ;; esac
            # shellcheck disable=SC2086  # flags are words
            (cd "$dir" && gcc $opt $flags -DVMAX=320 -o pan pan.c 2>gcc.log)
            run "spin-$build$opt" "$dir" ./pan -m100000 -w"$hash"
        done
    done

    local BC1_S BC1_T BC1_R BC1_M BC1_B BC2_S BC2_T BC2_R BC2_M BC2_B
    read -r BC1_S BC1_T BC1_R BC1_M BC1_B < <(summary bc1)
    read -r BC2_S BC2_T BC2_R BC2_M BC2_B < <(summary bc2)
    echo
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo), Linux $(uname -r)"
    echo "load average before the table: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "configuration '$name': battlecheck check ${config[*]}  |  scripts/bench/$pml; $RUNS runs each"
    echo "spin: $(spin -V 2>&1 | head -1); gcc: $(gcc -dumpfullversion)"
    echo
    printf '| %-44s | %13s | %11s | %10s | %13s | %11s |\n' tool "unique states" "median wall" "states/s" "peak RSS MiB" "bytes/state"
    printf '|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..46})" "$(printf -- '-%.0s' {1..15})" "$(printf -- '-%.0s' {1..13})" "$(printf -- '-%.0s' {1..12})" "$(printf -- '-%.0s' {1..15})" "$(printf -- '-%.0s' {1..13})"
    row() { printf '| %-44s | %13s | %9s s | %10s | %13s | %11s |\n' "$@"; }
    row "battlecheck, 1 thread" "$BC1_S" "$BC1_T" "$BC1_R" "$BC1_M" "$BC1_B"
    row "battlecheck, 2 threads" "$BC2_S" "$BC2_T" "$BC2_R" "$BC2_M" "$BC2_B"
    local best1="" best1_r=0 best2="" best2_r=0 counts=equal
    local S T R M B o1 o2 r1 r2
    for b in "${SPIN_BUILDS[@]}"; do
        build=${b%%|*}; flags=${b#*|}
        r1=$(summary "spin-$build-O2" | cut -d' ' -f3); r2=$(summary "spin-$build-O3" | cut -d' ' -f3)
        if [ "$r2" -gt "$r1" ]; then opt=-O3; else opt=-O2; fi
        read -r S T R M B < <(summary "spin-$build$opt")
        o1=$(summary "spin-$build-O2" | cut -d' ' -f3); o2=$(summary "spin-$build-O3" | cut -d' ' -f3)
        echo "    ($build: -O2 $o1 states/s, -O3 $o2 states/s)" >>"$OUT/opt-levels.txt"
        row "SPIN $flags $opt" "$S" "$T" "$R" "$M" "$B"
        if [ "$S" -ne $((BC1_S + 1)) ]; then
            # hash compaction may lose states to collisions: then it does not
            # explore the same states, and does not count for the ratios;
            # an exact build that differs is an error
            case $build in
                hc*) echo "    ($build explores $((BC1_S + 1 - S)) states fewer than the exact builds: collisions; not counted for the ratios)" >>"$OUT/opt-levels.txt"
                     continue ;;
                *) counts="DIFFERENT (SPIN $build: $S)" ;;
            esac
        fi
        case $build in
            ncore*) if [ "$R" -gt "$best2_r" ]; then best2="$build$opt"; best2_r=$R; fi ;;
            *)      if [ "$R" -gt "$best1_r" ]; then best1="$build$opt"; best1_r=$R; fi ;;
        esac
    done
    echo
    sed 's/^    //' "$OUT/opt-levels.txt"
    if [ "$counts" = equal ] && [ "$BC2_S" -eq "$BC1_S" ]; then
        echo "state counts: equal in every exact build (SPIN's extra state is its pre-setup initial state)"
    else
        echo "state counts: $counts (battlecheck $BC1_S/$BC2_S)"; exit 1
    fi
    echo "fastest SPIN build on 1 core: $best1 ($best1_r states/s); on 2 cores: $best2 ($best2_r states/s)"
    awk -v b1="$BC1_R" -v b2="$BC2_R" -v s1="$best1_r" -v s2="$best2_r" 'BEGIN {
        sb = (s1 > s2) ? s1 : s2; bb = (b1 > b2) ? b1 : b2
        printf "ratio battlecheck/fastest SPIN (states/s): 1 thread vs 1 core %.2f (goal: at least 2); best vs best on 2 cores %.2f\n", b1 / s1, bb / sb
    }'
    echo "battlecheck bytes per stored state (peak RSS / unique states): $BC1_B with 1 thread, $BC2_B with 2 threads (goal: at most 16)"
    awk -v base="$BASE_KB" -v m1="$BC1_M" -v m2="$BC2_M" -v n="$BC1_S" 'BEGIN {
        printf "  without the process baseline (%.1f MiB, a 131-state run): %.1f with 1 thread, %.1f with 2 threads\n", base / 1024, (m1 * 1024 - base) * 1024 / n, (m2 * 1024 - base) * 1024 / n
    }'
}

# 1.4M states (pan -w21), then four players: 6.3M states (pan -w23).
compare three bench.pml 21 --preset default --no-concede --no-symmetry
compare four quad.pml 23 --preset default --players 4 --hand 4= --no-concede --no-symmetry
