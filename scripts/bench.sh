#!/usr/bin/env bash
# Side-by-side benchmark of battlecheck against SPIN (issue 6).
#
# Both tools explore the same configuration exhaustively:
#   battlecheck check --preset default --no-concede --no-symmetry
#   scripts/bench/bench.pml (the same game written in Promela)
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
HASH=${HASH:-21}          # pan -w: 2^21 hash slots for 1.4M states
CONFIG=(--preset default --no-concede --no-symmetry)

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
mkdir -p "$WORK/spin1" "$WORK/spin2"
MODEL="$ROOT/scripts/bench/bench.pml"
(cd "$WORK/spin1" && spin -a "$MODEL" >/dev/null)
cp "$WORK"/spin1/pan.* "$WORK/spin2/"
(cd "$WORK/spin1" && gcc -O2 -DSAFETY -DNOREDUCE -DVMAX=320 -o pan pan.c 2>gcc.log)
# Multi-core pan refuses `hidden` variables on principle; ours are scratch
# written before being read inside one d_step, so each core's own copy is
# right (the counts below show it).
(cd "$WORK/spin2" && sed -i 's/^#define HAS_HIDDEN.*$//' pan.h &&
    gcc -O2 -DSAFETY -DNOREDUCE -DVMAX=320 -DNCORE=2 -DMEMLIM=4096 -o pan pan.c 2>gcc.log)

# --- runs ----------------------------------------------------------------
# run NAME DIR COMMAND...: RUNS runs; records "states seconds peak_kb" per run.
run() {
    local name=$1 dir=$2; shift 2
    : >"$WORK/$name.runs"
    for i in $(seq "$RUNS"); do
        (cd "$dir" && /usr/bin/time -f "%e %M" -o "$WORK/$name.time" "$@" >"$WORK/$name.out" 2>&1) || {
            echo "$name failed:" >&2; tail -20 "$WORK/$name.out" >&2; exit 1; }
        local states
        case $name in
            spin*) states=$(awk '/states, stored/ { print $1; exit }' "$WORK/$name.out")
                   grep -q "errors: 0" "$WORK/$name.out" || { echo "$name: SPIN reported errors" >&2; exit 1; } ;;
            *)     states=$(sed -n 's/^explored \([0-9,]*\) unique states.*/\1/p' "$WORK/$name.out" | tr -d ,) ;;
        esac
        [ -n "$states" ] || { echo "$name: no state count in its output" >&2; tail -20 "$WORK/$name.out" >&2; exit 1; }
        echo "$states $(tail -1 "$WORK/$name.time")" >>"$WORK/$name.runs"
        echo "  $name run $i/$RUNS: $(tail -1 "$WORK/$name.runs")" >&2
    done
}

run bc1 "$WORK" "$BC" check "${CONFIG[@]}" --threads 1
run bc2 "$WORK" "$BC" check "${CONFIG[@]}" --threads 2
run spin1 "$WORK/spin1" ./pan -m100000 -w"$HASH"
run spin2 "$WORK/spin2" ./pan -m100000 -w"$HASH"

# --- table ---------------------------------------------------------------
# summary NAME -> "states median_s states_per_s peak_mib bytes_per_state"
summary() {
    sort -n -k2 "$WORK/$1.runs" | awk '{ s[NR] = $1; t[NR] = $2; m[NR] = $3 }
        END {
            n = NR; med = (n % 2) ? t[(n + 1) / 2] : (t[n / 2] + t[n / 2 + 1]) / 2
            peak = 0; for (i = 1; i <= n; i++) if (m[i] > peak) peak = m[i]
            if (med <= 0) med = 0.01
            printf "%d %.2f %.0f %.1f %.1f\n", s[1], med, s[1] / med, peak / 1024, peak * 1024 / s[1]
        }'
}

read -r BC1_S BC1_T BC1_R BC1_M BC1_B < <(summary bc1)
read -r BC2_S BC2_T BC2_R BC2_M BC2_B < <(summary bc2)
read -r SP1_S SP1_T SP1_R SP1_M SP1_B < <(summary spin1)
read -r SP2_S SP2_T SP2_R SP2_M SP2_B < <(summary spin2)

echo
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo), Linux $(uname -r)"
echo "load average before the table: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "configuration: battlecheck check ${CONFIG[*]}  |  scripts/bench/bench.pml; $RUNS runs each"
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
    printf "ratio battlecheck/SPIN (states/s): 1 thread vs 1 core %.2f; 2 threads vs -DNCORE=2 %.2f; best vs best on 2 cores %.2f\n", b1 / s1, b2 / s2, bb / sb
}'
BASE_KB=$(/usr/bin/time -f "%M" "$BC" check --preset tiny --no-concede --no-symmetry --threads 1 2>&1 >/dev/null | tail -1)
echo "battlecheck bytes per stored state (peak RSS / unique states): $BC1_B with 1 thread, $BC2_B with 2 threads (goal: at most 32)"
awk -v base="$BASE_KB" -v m1="$BC1_M" -v m2="$BC2_M" -v n="$BC1_S" 'BEGIN {
    printf "  without the process baseline (%.1f MiB, a 131-state run): %.1f with 1 thread, %.1f with 2 threads\n", base / 1024, (m1 * 1024 - base) * 1024 / n, (m2 * 1024 - base) * 1024 / n
}'
