#!/usr/bin/env bash
# phase.rs under battlecheck, as CI runs it: install the pinned
# phase-python wheel into a virtual environment, then check that
#   1. the adapter speaks the protocol: probe-engine agrees with battlecheck's
#      engine at the starting position of every preset it expresses (but
#      those whose known counterexample is at the start, step 3);
#   2. every finding in findings/ passes on battlecheck's engine and fails on
#      phase.rs, or makes phase panic (a finding that passes on phase.rs was
#      fixed: say so in FINDINGS.md and expected-conform.json);
#   2b. every scenario in agrees/ passes on both engines: behaviour phase.rs
#      gets right that the adapter once mapped wrong (a mapping error put
#      back fails here instead of becoming a finding);
#   2c. the native reproducers (native/fNN_*.py: phase's own API, a new game,
#      no adapter code) confirm exactly the findings of findings/: a finding
#      no reproducer confirms, or a reproducer confirming a finding with no
#      scenario, fails; so does a reproducer that errs;
#   2d. test_observation.py: the adapter's observation is phase's own state,
#      state by state, on recorded games (and with the withdrawn F8 step
#      mapping put back, it is not);
#   2e. every scenario of engine/scenarios replays through the adapter as
#      expected-replay.json records it (pass, or the steps that fail, or the
#      error naming a phase limit): a new failure, or a known one gone, fails
#      (about 1.5 minutes on 2 cores; with PHASE_REPLAY_REPORT, the report
#      of a replay already run, by the matrix in .ci/run, is read instead);
#   3. conform --engine-cmd, with every mask on, gives on every preset phase
#      expresses exactly the verdict, counts and counterexample recorded in
#      expected-conform.json (a new divergence, or a known one gone, fails;
#      about 4 minutes);
#   4. random games steered away from the findings no mask hides show no
#      difference from battlecheck's engine.
# Exit 0 if all hold. Run from anywhere; needs python3 (3.11 or later, with
# venv) and target/release/battlecheck (built if missing).
#   PHASE_VENV=DIR   the virtual environment (default target/phase-venv)
#   PHASE_REPLAY_REPORT=FILE  step 2e reads this `replay --format json` report
#                    of engine/scenarios on the pinned release (written by
#                    scripts/matrix/run.sh --ci) instead of replaying them
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
VENV=${PHASE_VENV:-$ROOT/target/phase-venv}
PIN=0.103.0
BIN=$ROOT/target/release/battlecheck
[ -x "$BIN" ] || (cd "$ROOT" && cargo build --release -p battlecheck)

if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check "phase-python==$PIN"
PY=$VENV/bin/python
ADAPTER="$PY $HERE/adapter.py"
MASKS=$("$PY" -c 'import json,sys; print(" ".join("--mask " + m for m in json.load(open(sys.argv[1]))["masks"]))' "$HERE/expected-conform.json")
PRESETS=$("$PY" -c 'import json,sys; print(" ".join(json.load(open(sys.argv[1]))["presets"]))' "$HERE/expected-conform.json")
# the presets whose starting positions phase agrees with (the others differ
# at once, which step 3 checks as their known counterexample)
PROBED=$("$PY" -c 'import json,sys; print(" ".join(p for p, e in json.load(open(sys.argv[1]))["presets"].items() if not e["counterexample"] or e["counterexample"]["decisions"]))' "$HERE/expected-conform.json")
fail=0

echo "== 1. probe-engine ($PROBED)"
for p in $PROBED; do
    if "$BIN" probe-engine --engine-cmd "$ADAPTER" --preset "$p" >/dev/null; then
        echo "ok: $p"
    else
        echo "FAILED: probe-engine --preset $p"; fail=1
    fi
done

echo "== 2. findings"
files=$(ls "$HERE"/findings/*.json | wc -l)
"$BIN" replay "$HERE/findings" >/dev/null || { echo "FAILED: a finding fails on battlecheck's engine"; fail=1; }
"$BIN" replay --engine-cmd "$ADAPTER" --format json "$HERE/findings" > "$ROOT/target/phase-findings.json" || true
"$PY" - "$ROOT/target/phase-findings.json" "$files" <<'PY' || fail=1
import json, sys
reports = json.load(open(sys.argv[1]))
# A finding fails on phase.rs: its expectations fail, or phase panics (the
# adapter answers the request with "phase panicked": a crash, F24).
def fails(r):
    if "error" in r:
        return "phase panicked" in r["error"]
    return not r.get("skipped") and bool(r.get("failures"))
bad = [r.get("file", r.get("error", "")[:120]) for r in reports if not fails(r)]
print(f"{len(reports) - len(bad)} of {sys.argv[2]} findings fail on phase.rs, as known")
for f in bad:
    print(f"FAILED: {f} no longer fails on phase.rs (or could not run)")
sys.exit(1 if bad or len(reports) != int(sys.argv[2]) else 0)
PY

echo "== 2b. agreements (agrees/): pass on both engines"
if "$BIN" replay "$HERE/agrees" >/dev/null && "$BIN" replay --engine-cmd "$ADAPTER" "$HERE/agrees" > "$ROOT/target/phase-agrees.txt"; then
    echo "ok: $(tail -1 "$ROOT/target/phase-agrees.txt")"
else
    echo "FAILED: a scenario of agrees/ fails"; cat "$ROOT/target/phase-agrees.txt"; fail=1
fi

echo "== 2c. native reproducers (native/run.py)"
if "$PY" "$HERE/native/run.py" --findings "$HERE/findings" --json "$ROOT/target/phase-native.json" > "$ROOT/target/phase-native.txt"; then
    echo "$(tail -1 "$ROOT/target/phase-native.txt")"
else
    echo "FAILED: native reproducers"; cat "$ROOT/target/phase-native.txt"; fail=1
fi

echo "== 2d. the adapter's observation against phase's own state (test_observation.py)"
if "$PY" "$HERE/test_observation.py" --self-check > "$ROOT/target/phase-observation.txt"; then
    echo "ok: $(grep -c '^ok' "$ROOT/target/phase-observation.txt") checks"
else
    echo "FAILED: test_observation.py"; cat "$ROOT/target/phase-observation.txt"; fail=1
fi

echo "== 2e. engine/scenarios through the adapter (expected-replay.json)"
REPLAY=${PHASE_REPLAY_REPORT:-$ROOT/target/phase-replay.json}
if [ -n "${PHASE_REPLAY_REPORT:-}" ]; then
    echo "(the replay of the matrix run: $REPLAY)"
else
    "$BIN" replay --engine-cmd "$ADAPTER" --format json "$ROOT/engine/scenarios" > "$REPLAY" || true
fi
if "$PY" "$HERE/expected_replay.py" "$REPLAY" > "$ROOT/target/phase-replay.txt"; then
    echo "ok: $(tail -1 "$ROOT/target/phase-replay.txt")"
else
    echo "FAILED: engine/scenarios differ from expected-replay.json"; cat "$ROOT/target/phase-replay.txt"; fail=1
fi

echo "== 3. conform with every mask"
for p in $PRESETS; do
    # shellcheck disable=SC2086
    "$BIN" conform --preset "$p" --engine-cmd "$ADAPTER $MASKS" --format json > "$ROOT/target/phase-conform-$p.json" || true
    "$PY" - "$HERE/expected-conform.json" "$ROOT/target/phase-conform-$p.json" "$p" <<'PY' || fail=1
import json, sys
want = json.load(open(sys.argv[1]))["presets"][sys.argv[3]]
try:
    r = json.load(open(sys.argv[2]))
except ValueError:
    print(f"FAILED: {sys.argv[3]}: conform gave no report (see above)"); sys.exit(1)
c = r.get("counterexample")
got = {"states": r["states"], "depth": r["depth"], "counterexample": None}
if c:
    d = c["divergence"]
    got["counterexample"] = {"decisions": [s["decision"] for s in c["steps"]],
        "fields": [f["field"] for f in d.get("fields", [])],
        "model_only": d.get("model_only", []), "engine_only": d.get("engine_only", []),
        "refused": d.get("refused"), "stuck": d.get("stuck")}
want = {k: want[k] for k in got}
if got == want:
    print(f"ok: {sys.argv[3]}: {'conforms' if not c else 'the known counterexample'} ({r['states']} states)")
    sys.exit(0)
print(f"FAILED: {sys.argv[3]}: expected {json.dumps(want)}\n  got {json.dumps(got)}")
sys.exit(1)
PY
done

echo "== 4. random games away from the known findings"
# evasion and deathtouch too: their blocks hold the adapter to phase's
# whole-declaration checks (menace, 702.111b), which no other preset has.
for p in tiny default table duel evasion deathtouch; do
    # shellcheck disable=SC2086
    if "$PY" "$HERE/selftest.py" --preset "$p" --games 25 --seed 1 --avoid-known $MASKS > "$ROOT/target/phase-selftest-$p.txt"; then
        echo "ok: $p: $(head -1 "$ROOT/target/phase-selftest-$p.txt")"
    else
        echo "FAILED: $p"; cat "$ROOT/target/phase-selftest-$p.txt"; fail=1
    fi
done

exit $fail
