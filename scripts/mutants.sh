#!/usr/bin/env bash
# Mutation testing of the engine (battlecheck-engine), judged by the
# conformance check against the model: every mutant of engine/src is built
# and the conformance tests of the battlecheck package run against it
# (lockstep exploration of the small presets, the injected engine bugs it
# must catch, random lockstep games), with the engine's own tests of the same
# behaviour: the scenario replays (every counterexample kept as a scenario),
# random play through the engine's action API, its API errors, bad scenario
# files and the scenario format's schema and reference. The
# `--test` filters pick them out of the workspace. A mutant survives when
# they all still pass.
#
# Usage: scripts/mutants.sh [cargo-mutants options…]
#   e.g. scripts/mutants.sh --file engine/src/rules/siege.rs --file engine/src/rules/protector.rs
#        scripts/mutants.sh --list            (the mutants, without running them)
#        scripts/mutants.sh --shard 0/6 --sharding round-robin
#                                             (every sixth mutant: a sample that
#                                              fits a session, ~15-45 s per mutant)
#
# The whole engine, in two stages (see scripts/MUTANTS.md):
#   scripts/mutants.sh --fast      every mutant, judged by the engine's own
#                                  tests only, built without optimisation
#                                  (about 3 s a mutant, two at a time);
#   scripts/mutants.sh --iterate   then only the survivors (cargo-mutants
#                                  skips what the previous run caught), judged
#                                  by the conformance tests as well.
# The checker (model/src/check), judged by the model's unit tests, the
# tests of the representative and of the search (the same states and
# counterexamples as stateright's search, on every thread count, with and
# without the reduction), those of the command line at its limits (a run
# stopped on every thread, in time), of the fingerprint's layout (injective
# on every reachable state) and of bitstate hashing:
#   scripts/mutants.sh --checker --file model/src/check/symmetry.rs
# The tests of split runs take 40 s more a mutant; add them, with a
# timeout that allows for them (MUTANTS_TIMEOUT, seconds), for the code
# that splits and merges:
#   MUTANTS_TIMEOUT=240 scripts/mutants.sh --checker --file model/src/check/split.rs -C --test=split
# Not mutated:
# - the test-only fault switches (engine/src/fault.rs and the code they
#   guard: `Game::fault`, the injected double trigger and non-Siege wait),
#   not engine behaviour;
# - the scenario-file tooling the conformance check never runs: expectations
#   and their report (scenario/expect.rs, scenario/mod.rs, scenario/format.rs),
#   JSON error positions (json/position.rs) and error texts (state/error.rs). The engine's
#   own tests (engine/tests: scenarios, bad files, API errors) judge those.
#   Building games from scenarios (scenario/setup.rs) and the card data
#   (cards.rs) are mutated: conformance builds every game through them.
# Results: target/mutants/mutants.out/{caught,missed,timeout,unviable}.txt;
# the score printed at the end is (caught + timeout) / (caught + missed +
# timeout): a mutant whose tests no longer finish is detected too.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo-mutants >/dev/null 2>&1; then
    cargo install cargo-mutants --locked
fi

# The baseline is skipped: cargo-mutants 27 runs it with the tests of the
# mutated package only (not --test-package), where these test targets do not
# exist. How long the unmutated tree takes to pass them in this profile (the
# conformance suite and the engine faults it must catch, the multiplayer
# presets included) must be measured before a run: 234 s on 2 idle cores
# at 22cd062. Hence an explicit --timeout about twice that
# (MUTANTS_TIMEOUT; 480 s by default):
# a mutant that makes them run several times longer (a loop that no longer
# ends) counts as caught by the timeout, and a correct run never does.
#
# Each mutant is built in the test profile (opt-level 1, dependencies fully
# optimised, no debug info): it builds in about half the time of a release
# build and the tests run about as fast; its overflow checks are part of
# the judgement (an arithmetic mutant that overflows is detected).
export CARGO_PROFILE_DEV_DEBUG=0

# The test targets, given to every cargo call (-C): each mutant's build links
# only these, not all the workspace's tests and unit-test builds. The
# engine's property check (conform_engine_check) is among them: what the
# engine reports of each decision's effect (`GameView::step_broken`) is
# read by it alone, not by the lockstep check.
tests=()
for t in conform conform_faults conform_engine_check proptest_lockstep scenarios random_play api bad_input scenario_schema; do
    tests+=(-C "--test=$t")
done
judged=(--test-package battlecheck --test-package battlecheck-engine)
jobs=1
timeout=480

# --fast: the first stage of a whole-engine run. Only the engine package's
# tests judge (its unit tests, every scenario replayed, its API tests, bad
# scenario files and the scenario format's schema and reference), so
# a mutant rebuilds the engine alone; without optimisation that takes about
# 1.5 s instead of 6.5 s, and the tests about a second (20 s timeout). Two
# mutants at a time on two cores. The survivors are judged again by the
# conformance tests with `--iterate`.
if [ "${1:-}" = "--fast" ]; then
    shift
    export CARGO_PROFILE_DEV_OPT_LEVEL=0
    tests=(-C --lib -C --test=scenarios -C --test=api -C --test=bad_input -C --test=scenario_schema)
    judged=(--test-package battlecheck-engine)
    jobs=2
    timeout=20
fi

package=battlecheck-engine
# --checker: mutants of the battlecheck package (the model and the checker),
# built in the test profile; about a minute a mutant (the unmutated tests
# take about 55 s, hence the timeout of 150 s).
if [ "${1:-}" = "--checker" ]; then
    shift
    package=battlecheck
    tests=(-C --lib -C --test=representative -C --test=search -C --test=cli_hardening
        -C --test=fingerprint -C --test=bitstate -C --test=commute)
    judged=(--test-package battlecheck)
    timeout=150
fi

timeout=${MUTANTS_TIMEOUT:-$timeout}
status=0
cargo mutants \
    --package "$package" \
    "${judged[@]}" \
    --baseline skip \
    --jobs "$jobs" \
    --timeout "$timeout" \
    --build-timeout 900 \
    --exclude-re 'Game::fault|Game::injected_|extra_trigger_per_source' \
    --exclude engine/src/scenario/expect.rs \
    --exclude engine/src/scenario/mod.rs \
    --exclude engine/src/scenario/format.rs \
    --exclude engine/src/json/position.rs \
    --exclude engine/src/state/error.rs \
    --output target/mutants \
    "${tests[@]}" \
    "$@" \
    || status=$?

out=target/mutants/mutants.out
if [ -f "$out/caught.txt" ]; then
    caught=$(wc -l < "$out/caught.txt")
    missed=$(wc -l < "$out/missed.txt")
    timeout=$(wc -l < "$out/timeout.txt")
    unviable=$(wc -l < "$out/unviable.txt")
    viable=$((caught + missed + timeout))
    detected=$((caught + timeout))
    echo "mutation score: detected $detected / viable $viable (caught $caught, timeout $timeout, missed $missed; unviable $unviable)"
    if [ "$viable" -gt 0 ]; then
        echo "score: $((100 * detected / viable))%"
    fi
fi
# cargo-mutants exits 2 when some mutants were missed: the score decides.
exit "$status"
