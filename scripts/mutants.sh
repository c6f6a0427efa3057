#!/usr/bin/env bash
# Mutation testing of the engine (battlecheck-engine), judged by the
# conformance check against the model: every mutant of engine/src is built
# and the conformance tests of the battlecheck package run against it
# (lockstep exploration of the small presets, engine property check,
# random lockstep games; the `--test` filters pick them out of the
# workspace). A mutant survives when they all still pass.
#
# Usage: scripts/mutants.sh [cargo-mutants options…]
#   e.g. scripts/mutants.sh --file engine/src/siege.rs --file engine/src/protector.rs
#        scripts/mutants.sh --list            (the mutants, without running them)
# The test-only fault switches (engine/src/fault.rs and the code they guard)
# are not engine behaviour: `Game::fault` and the injected double trigger are
# excluded from mutation.
# Results: target/mutants/mutants.out/{caught,missed,timeout,unviable}.txt;
# the score printed at the end is caught / (caught + missed + timeout).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo-mutants >/dev/null 2>&1; then
    cargo install cargo-mutants --locked
fi

# The baseline is skipped: cargo-mutants 27 runs it with the tests of the
# mutated package only (not --test-package), where these test targets do not
# exist. The unmutated tree passes them in CI. Hence an explicit --timeout.
#
# Faster rebuilds of each mutant: incremental, no debug info, more units.
export CARGO_PROFILE_RELEASE_INCREMENTAL=true
export CARGO_PROFILE_RELEASE_DEBUG=0
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16

status=0
cargo mutants \
    --package battlecheck-engine \
    --test-package battlecheck \
    --baseline skip \
    --profile release \
    --jobs 1 \
    --timeout 300 \
    --exclude-re 'Game::fault|extra_trigger_per_source' \
    --output target/mutants \
    "$@" \
    -- --test conform --test conform_engine_check --test proptest_lockstep \
    || status=$?

out=target/mutants/mutants.out
if [ -f "$out/caught.txt" ]; then
    caught=$(wc -l < "$out/caught.txt")
    missed=$(wc -l < "$out/missed.txt")
    timeout=$(wc -l < "$out/timeout.txt")
    unviable=$(wc -l < "$out/unviable.txt")
    viable=$((caught + missed + timeout))
    echo "mutation score: caught $caught / viable $viable (missed $missed, timeout $timeout; unviable $unviable)"
    if [ "$viable" -gt 0 ]; then
        echo "score: $((100 * caught / viable))%"
    fi
fi
# cargo-mutants exits 2 when some mutants were missed: the score decides.
exit "$status"
