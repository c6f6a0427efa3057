#!/usr/bin/env bash
# Side-by-side benchmark of battlecheck against SPIN (issues 6 and 15).
#
# Both tools explore the same configurations exhaustively:
#   battlecheck check --preset default --no-concede --no-symmetry
#     and scripts/bench/bench.pml (the same game written in Promela);
#   battlecheck check --preset default --players 4 --hand 4= --no-concede --no-symmetry
#     and scripts/bench/quad.pml (four players).
# SPIN with exact state storage (-DSAFETY -DNOREDUCE), on 1 core and with
# -DNCORE=2; battlecheck with 1 and 2 threads. Each is run RUNS times (default
# 5); the table shows unique states, the median wall time, states per second,
# the peak resident memory and bytes per stored state, then the ratios
# battlecheck/SPIN. SPIN stores one state more than battlecheck: its initial
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

# compare NAME PML HASH CONFIG...: SPIN's verifier of scripts/bench/PML
# (pan -w HASH: 2^HASH hash slots) and battlecheck on CONFIG, RUNS runs of
# each, then the table.
compare() {
    local name=$1 pml=$2 hash=$3; shift 3
    local config=("$@")
    OUT="$WORK/$name"
    mkdir -p "$OUT/spin1" "$OUT/spin2"
    (cd "$OUT/spin1" && spin -a "$ROOT/scripts/bench/$pml" >/dev/null)
    cp "$OUT"/spin1/pan.* "$OUT/spin2/"
    (cd "$OUT/spin1" && gcc -O2 -DSAFETY -DNOREDUCE -DVMAX=320 -o pan pan.c 2>gcc.log)
    # Multi-core pan refuses `hidden` variables on principle; ours are scratch
    # written before being read inside one d_step, so each core's own copy is
    # right (the counts below show it).
    (cd "$OUT/spin2" && sed -i 's/^#define HAS_HIDDEN.*$//' pan.h &&
        gcc -O2 -DSAFETY -DNOREDUCE -DVMAX=320 -DNCORE=2 -DMEMLIM=8192 -o pan pan.c 2>gcc.log)

    run bc1 "$OUT" "$BC" check "${config[@]}" --threads 1
    run bc2 "$OUT" "$BC" check "${config[@]}" --threads 2
    run spin1 "$OUT/spin1" ./pan -m100000 -w"$hash"
    run spin2 "$OUT/spin2" ./pan -m100000 -w"$hash"

    local BC1_S BC1_T BC1_R BC1_M BC1_B BC2_S BC2_T BC2_R BC2_M BC2_B
    local SP1_S SP1_T SP1_R SP1_M SP1_B SP2_S SP2_T SP2_R SP2_M SP2_B
    read -r BC1_S BC1_T BC1_R BC1_M BC1_B < <(summary bc1)
    read -r BC2_S BC2_T BC2_R BC2_M BC2_B < <(summary bc2)
    read -r SP1_S SP1_T SP1_R SP1_M SP1_B < <(summary spin1)
    read -r SP2_S SP2_T SP2_R SP2_M SP2_B < <(summary spin2)
    echo
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo), Linux $(uname -r)"
    echo "load average before the table: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "configuration '$name': battlecheck check ${config[*]}  |  scripts/bench/$pml; $RUNS runs each"
    echo "spin: $(spin -V 2>&1 | head -1); gcc: $(gcc -dumpfullversion)"
    echo
    printf '| %-34s | %13s | %11s | %10s | %13s | %11s |\n' tool "unique states" "median wall" "states/s" "peak RSS MiB" "bytes/state"
    printf '|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..36})" "$(printf -- '-%.0s' {1..15})" "$(printf -- '-%.0s' {1..13})" "$(printf -- '-%.0s' {1..12})" "$(printf -- '-%.0s' {1..15})" "$(printf -- '-%.0s' {1..13})"
    row() { printf '| %-34s | %13s | %9s s | %10s | %13s | %11s |\n' "$@"; }
    row "battlecheck, 1 thread" "$BC1_S" "$BC1_T" "$BC1_R" "$BC1_M" "$BC1_B"
    row "battlecheck, 2 threads" "$BC2_S" "$BC2_T" "$BC2_R" "$BC2_M" "$BC2_B"
    row "SPIN -DSAFETY -DNOREDUCE, 1 core" "$SP1_S" "$SP1_T" "$SP1_R" "$SP1_M" "$SP1_B"
    row "SPIN -DSAFETY -DNOREDUCE -DNCORE=2" "$SP2_S" "$SP2_T" "$SP2_R" "$SP2_M" "$SP2_B"
    echo
    if [ "$SP1_S" -eq $((BC1_S + 1)) ] && [ "$SP2_S" -eq "$SP1_S" ] && [ "$BC2_S" -eq "$BC1_S" ]; then
        echo "state counts: equal (SPIN's extra state is its pre-setup initial state)"
    else
        echo "state counts: DIFFERENT (battlecheck $BC1_S/$BC2_S, SPIN $SP1_S/$SP2_S)"; exit 1
    fi
    awk -v b1="$BC1_R" -v b2="$BC2_R" -v s1="$SP1_R" -v s2="$SP2_R" 'BEGIN {
        sb = (s1 > s2) ? s1 : s2; bb = (b1 > b2) ? b1 : b2
        printf "ratio battlecheck/SPIN (states/s): 1 thread vs 1 core %.2f; 2 threads vs -DNCORE=2 %.2f; best vs best on 2 cores %.2f (goal: at least 2)\n", b1 / s1, b2 / s2, bb / sb
    }'
    echo "battlecheck bytes per stored state (peak RSS / unique states): $BC1_B with 1 thread, $BC2_B with 2 threads (goal: at most 20)"
    awk -v base="$BASE_KB" -v m1="$BC1_M" -v m2="$BC2_M" -v n="$BC1_S" 'BEGIN {
        printf "  without the process baseline (%.1f MiB, a 131-state run): %.1f with 1 thread, %.1f with 2 threads\n", base / 1024, (m1 * 1024 - base) * 1024 / n, (m2 * 1024 - base) * 1024 / n
    }'
}

# 1.4M states (pan -w21), then four players: 6.3M states (pan -w23).
compare three bench.pml 21 --preset default --no-concede --no-symmetry
compare four quad.pml 23 --preset default --players 4 --hand 4= --no-concede --no-symmetry
