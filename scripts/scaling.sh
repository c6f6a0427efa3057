#!/usr/bin/env bash
# How the exhaustive check grows with the configuration (issues 6 and 15):
# players, battles, cards and turns, one at a time from the default preset,
# then larger configurations up to a full round of turns at 3 and 4 seats,
# and the conformance check of this repository's engine on the largest it
# completes. Each row is one `battlecheck check` run (or `battlecheck conform`
# for rows whose flags start with `conform`; 2
# threads, symmetry on, as the main job runs), stopped after TIMEOUT seconds
# (default 600: the 10-minute budget) with its partial count; peak memory
# from /usr/bin/time. Prints a Markdown table for scripts/bench/RESULTS.md.
#
# Usage: scripts/scaling.sh                 (every row; the largest take 10 min)
#        ROWS=quick scripts/scaling.sh      (the rows that take under a minute)
#        SKIP_BUILD=1 to reuse target/release/battlecheck as it is
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TIMEOUT=${TIMEOUT:-600}
THREADS=${THREADS:-2}
[ -x /usr/bin/time ] || {
    if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y time
}
[ "${SKIP_BUILD:-0}" = 1 ] || (cd "$ROOT" && cargo build --release -p battlecheck)
BC="$ROOT/target/release/battlecheck"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# label | battlecheck check flags (after --preset default unless given)
quick=(
    "2 players|--players 2"
    "3 players (the default)|"
    "3 players, no concessions|--no-concede"
    "defense 3|--defense 3"
    "2 turns, 2 players|--players 2 --turns 2"
    "a non-Siege battle too|--hand 1=siege,outpost,bolt"
    "attack left, 3 players (803.1a)|--preset attack-left"
    "attack right, 4 players, a full round (803.1b)|--preset attack-right"
    "range of influence 1, 4 players (801)|--preset range-1"
    "attack left, a full round (3 turns)|--preset attack-left --turns 3"
    "range of influence 1, 2 turns|--preset range-1 --turns 2"
    "Two-Headed Giant, a full round of 2 team turns (810)|--preset two-headed-giant"
    "Two-Headed Giant, 4 team turns|--preset two-headed-giant --turns 4"
    "Portal Mage reselecting attacks, 3 players (508.7)|--preset reselect"
    "Portal Mage, each defending player holding one|--preset reselect --hand 3=portal-mage,bolt"
    "Invasion of Gobakhan, a card cast from exile (C02)|--preset gobakhan"
    "Invasion of Gobakhan, a full round (3 turns)|--preset gobakhan --turns 3"
    "Zilortha, assignment as though not blocked (C04)|--preset zilortha"
    "Zilortha, 3 players|--preset zilortha --players 3"
)
large=(
    "one more card (a bear on P1's battlefield)|--battlefield 1=bear,trampler,bear"
    "2 battles (a second Siege in P1's hand)|--hand 1=siege,siege,bolt"
    "the deep preset (a copy effect)|--preset deep"
    "one more card (a bolt in P2's hand)|--hand 2=steal,bolt"
    "4 players|--players 4"
    "3 players, a full round (3 turns)|--turns 3"
    "4 players, a full round (4 turns)|--players 4 --turns 4"
    "3 players, a full round, shard 1 of 4 (check --shard)|--turns 3 --shard 1/4"
    "3 players, a full round, shard 2 of 4|--turns 3 --shard 2/4"
    "3 players, a full round, shard 3 of 4|--turns 3 --shard 3/4"
    "3 players, a full round, shard 4 of 4|--turns 3 --shard 4/4"
    "4 players, a full round, shard 1 of 65,536 (cut where turn 2 begins)|--players 4 --turns 4 --shard 1/65536"
    "4 players, 1 turn, bitstate hashing in 1 GiB|--players 4 --bitstate 1024"
    "4 players, a full round, bitstate hashing in 4 GiB|--players 4 --turns 4 --bitstate 4096"
    "the engine's conformance, 3 players|conform"
    "the engine's conformance, 3 players, a full round|conform --turns 3"
    "4 players, a full round: 100,000 random games judged (states judged, not distinct)|--players 4 --turns 4 --random-games 100000"
    "the engine's conformance, 4 players, a full round: 100,000 random games (states compared, not distinct)|conform --players 4 --turns 4 --random-games 100000"
)
rows=("${quick[@]}")
[ "${ROWS:-all}" = quick ] || rows+=("${large[@]}")

printf '| configuration | flags | unique states | generated | depth | seconds | states/s | peak RSS MiB | bytes/state | complete | verdict |\n'
printf '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|\n'
for row in "${rows[@]}"; do
    label=${row%%|*}
    flags=${row#*|}
    command=check
    if [[ "$flags" == conform* ]]; then
        command=conform
        flags=${flags#conform}
    fi
    # shellcheck disable=SC2206  # the flags are words
    args=($flags)
    [[ " $flags " == *" --preset "* ]] || args=(--preset default "${args[@]}")
    status=0
    /usr/bin/time -f "%M" -o "$OUT/time" "$BC" "$command" "${args[@]}" --threads "$THREADS" \
        --timeout "$TIMEOUT" --format json >"$OUT/report.json" 2>"$OUT/err" || status=$?
    # 0 pass, 1 a property failed (e.g. a witness this configuration cannot
    # reach) or the engine diverged, 3 stopped by the time limit: all are
    # measurements.
    if [ "$status" -ne 0 ] && [ "$status" -ne 1 ] && [ "$status" -ne 3 ]; then
        echo "$label: battlecheck $command ${args[*]} exited $status" >&2
        cat "$OUT/err" >&2
        exit 1
    fi
    peak_kb=$(tail -1 "$OUT/time")
    shown="${args[*]}"
    [ "$command" = check ] || shown="$command $shown"
    python3 - "$OUT/report.json" "$label" "$shown" "$peak_kb" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
label, flags, peak_kb = sys.argv[2], sys.argv[3], int(sys.argv[4])
if "transitions" in r:
    # A conformance report: model states compared, decisions taken.
    r = {
        "unique_states": r["states"],
        "generated_states": r["transitions"],
        "max_depth": r["depth"],
        "seconds": r["seconds"],
        "states_per_second": r["states"] / max(r["seconds"], 1e-9),
        "complete": r["complete"],
        "conform": "DIVERGES" if r.get("counterexample") else "conforms",
        "random_games": r.get("random_games"),
    }
elif r.get("random_games"):
    # Random games judged: states judged, not distinct ones.
    r["unique_states"] = r["random_games"]["states"]

def verdict(r):
    if "conform" in r:
        if r["conform"] == "conforms" and not r["complete"]:
            return "no divergence in the part compared"
        if r["conform"] == "conforms" and r.get("random_games"):
            g = r["random_games"]
            return f"no divergence in {g['played']:,} random games (evidence, not proof)"
        return r["conform"]
    violated = [p["name"] for p in r["properties"] if p["status"] == "violated"]
    unreached = [p["name"] for p in r["properties"] if p["status"] == "not-witnessed"]
    if violated:
        return "VIOLATED: " + ", ".join(violated)
    if not r["complete"]:
        return "no violation in the part explored"
    if r.get("shard"):
        # A shard is judged on its invariants; witnesses at the merge.
        return "pass (shard)"
    if r.get("random_games"):
        return f"no violation in {r['random_games']['played']:,} random games (evidence, not proof)"
    if unreached:
        return "witness not reached: " + ", ".join(unreached)
    v = r.get("visited", {})
    if v.get("mode") == "bitstate":
        return f"pass (bitstate: {v['expected_missed']:,.0f} states expected missed at most)"
    return "pass"

u = r["unique_states"]
print(f"| {label} | `{flags}` | {u:,} | {r['generated_states']:,} | {r['max_depth']} "
      f"| {r['seconds']:.1f} | {r['states_per_second']:,.0f} | {peak_kb / 1024:.0f} "
      f"| {peak_kb * 1024 / max(u, 1):.1f} | {'yes' if r['complete'] else 'no (time limit)'} "
      f"| {verdict(r)} |")
EOF
done
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); $THREADS threads, symmetry on, time limit ${TIMEOUT} s"
