#!/usr/bin/env bash
# Browser test of `battlecheck explore`: installs Debian's Chromium (and an emoji font) and
# playwright-core (no browser download), writes a counterexample of a seeded
# fault, serves it, and checks the page. Screenshot: target/ci-artifacts/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# The Explorer's status icons (check marks, warnings) need an emoji font,
# or they render as empty boxes.
if ! command -v chromium >/dev/null || ! fc-list | grep -qi "color emoji"; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-color-emoji fontconfig >/dev/null
fi
(cd "$here" && npm install --no-audit --no-fund --silent)
cd "$root"
cargo build --release -q
bin="$root/target/release/battlecheck"
out="$root/target/ci-artifacts"
mkdir -p "$out"
rm -rf "$out/counterexamples"
"$bin" check --preset tiny --fault extra-defense-counter --save-counterexample "$out/counterexamples" >/dev/null || test $? -eq 1
trace="$out/counterexamples/tiny-defense-never-exceeds-printed.json"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$bin" explore --trace "$trace" --port "$port" > "$out/explore.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q '^Path of' "$out/explore.log" && break; sleep 0.2; done
url=$(sed -n 's/^Path of .*: //p' "$out/explore.log")
echo "counterexample URL: $url"
node "$here/explorer.test.mjs" "$url" "$out/explorer-counterexample.png"
