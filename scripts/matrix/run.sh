#!/usr/bin/env bash
# The conformance matrix (scripts/matrix/MATRIX.md, matrix.html): checklist
# item x engine, on battlecheck's own engine and on every phase-python
# release PyPI serves, through the phase adapter.
#
#   scripts/matrix/run.sh            run every engine, write MATRIX.md, matrix.html, results/*.json
#   scripts/matrix/run.sh --ci       rerun battlecheck and the pinned phase release only (the other
#                                    releases' committed results are reused) and fail if any
#                                    committed file differs from what this run renders
#   scripts/matrix/run.sh --check    as the full run, but only compare (write nothing)
#
# Environment:
#   BATTLECHECK=BIN     the battlecheck binary (default target/release/battlecheck, built if missing)
#   PHASE_RELEASES="…"  the phase-python releases (default "0.77.0 0.83.0 0.103.0"); each gets a
#                       virtual environment target/phase-venv-VERSION (0.103.0, the release CI
#                       pins: target/phase-venv, as scripts/adapters/phase/check.sh)
#   MATRIX_JOBS=N       engine runs at once (default 2)
# Extra arguments go to matrix.py.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT"
BIN=${BATTLECHECK:-$ROOT/target/release/battlecheck}
[ -x "$BIN" ] || cargo build --release -p battlecheck
RELEASES=${PHASE_RELEASES:-0.77.0 0.83.0 0.103.0}
PIN=0.103.0
ADAPTER=scripts/adapters/phase/adapter.py

mode=full
case "${1:-}" in
    --ci) mode=ci; shift ;;
    --check) mode=check; shift ;;
esac

venv_of() { if [ "$1" = "$PIN" ]; then echo "target/phase-venv"; else echo "target/phase-venv-$1"; fi; }

args=(--battlecheck "$BIN" --jobs "${MATRIX_JOBS:-2}" --engine "battlecheck=$BIN serve-engine")
rerun=battlecheck
for v in $RELEASES; do
    venv=$(venv_of "$v")
    if [ "$mode" != ci ] || [ "$v" = "$PIN" ]; then
        [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet --disable-pip-version-check "phase-python==$v"
        rerun="$rerun,phase $v"
    fi
    args+=(--engine "phase $v=$venv/bin/python $ADAPTER" --native "phase $v=$venv/bin/python")
done

case $mode in
    full) exec python3 "$HERE/matrix.py" "${args[@]}" "$@" ;;
    check) exec python3 "$HERE/matrix.py" "${args[@]}" --check "$@" ;;
    ci) exec python3 "$HERE/matrix.py" "${args[@]}" --rerun "$rerun" --check "$@" ;;
esac
