#!/usr/bin/env bash
# The action's check (action.yml), runnable anywhere battlecheck is on PATH:
#   ENGINE_CMD="my-engine --protocol" [PRESET=tiny] [RANDOM_GAMES=N] [ARGS="more flags"] \
#     [JUNIT=FILE] conform.sh
# Writes the JUnit report to JUNIT and exits with battlecheck conform's
# code: 0 the engine conforms, 1 a divergence, 2 the engine process failed
# or bad input, 3 stopped early (partial).
set -uo pipefail
: "${ENGINE_CMD:?set ENGINE_CMD to the command line of the engine}"
JUNIT=${JUNIT:-battlecheck-conform.xml}
args=(conform --engine-cmd "$ENGINE_CMD" --format junit)
if [ -n "${RANDOM_GAMES:-}" ]; then
    args+=(--random-games "$RANDOM_GAMES")
else
    args+=(--preset "${PRESET:-tiny}")
fi
# shellcheck disable=SC2206  # ARGS is split into flags on purpose
args+=(${ARGS:-})
battlecheck "${args[@]}" > "$JUNIT"
code=$?
echo "battlecheck ${args[*]}: exit $code; JUnit report in $JUNIT"
exit $code
