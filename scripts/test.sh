#!/usr/bin/env bash
# Every test tier, in order of speed: native (GoogleTest via CTest), WebAssembly
# in node (node --test), the pages' pure modules, the demo server and the plots' SVG snapshots in node (web), package (node --test tests/package/), sanitize (the native suite under ASan + UBSan and a
# short libFuzzer run), browser (Playwright + Debian's Chromium). Runs set-up
# first, so a fresh clone needs nothing else. Ends with one summary line.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1

passed=0 failed=0 status=0
log=$(mktemp -d)

tier() { # name, command...
  local name=$1; shift
  echo "== $name"
  "$@" 2>&1 | tee "$log/$name.txt"
  local rc=${PIPESTATUS[0]}
  [ "$rc" = 0 ] || { status=1; echo "== $name FAILED (exit $rc)"; }
}

tier native ctest --test-dir build/native --output-on-failure
# Two test files at a time: node's default (cores - 1) is one file at a time on a 2-core machine,
# and most files wait on a core compiling or a child process (87 s -> 38 s for the wasm tier).
NODE_TEST=(node --test --test-concurrency=2)
tier wasm "${NODE_TEST[@]}" tests/wasm/ tests/guided/
tier web "${NODE_TEST[@]}" tests/web/ tests/snapshots/   # and every plot against its SVG snapshot
tier package "${NODE_TEST[@]}" tests/package/   # byte budget, manifest and types against the elements
tier sanitize bash scripts/sanitize.sh   # native suite under ASan + UBSan, short fuzz run
tier browser npx playwright test

# Sum what each runner reported.
count() { grep -Eo "$1" "$2" | grep -Eo '[0-9]+' | tail -1; }
n_total=$(count 'out of [0-9]+' "$log/native.txt"); n_fail=$(count '[0-9]+ tests failed' "$log/native.txt")
passed=$((passed + ${n_total:-0} - ${n_fail:-0})); failed=$((failed + ${n_fail:-0}))
# The sanitizer tier: its ctest line (every test again, under ASan + UBSan) and one per fuzz target.
s_total=$(count 'out of [0-9]+' "$log/sanitize.txt"); s_fail=$(count '[0-9]+ tests failed' "$log/sanitize.txt")
passed=$((passed + ${s_total:-0} - ${s_fail:-0})); failed=$((failed + ${s_fail:-0}))
f_pass=$(count '^fuzz: [0-9]+ targets passed' "$log/sanitize.txt"); f_fail=$(count 'targets passed, [0-9]+ failed' "$log/sanitize.txt")
passed=$((passed + ${f_pass:-0})); failed=$((failed + ${f_fail:-0}))
for t in wasm web package; do
  passed=$((passed + $(count '^# pass [0-9]+' "$log/$t.txt" || echo 0)))
  failed=$((failed + $(count '^# fail [0-9]+' "$log/$t.txt" || echo 0)))
done
passed=$((passed + $(count '[0-9]+ passed' "$log/browser.txt" || echo 0)))
failed=$((failed + $(count '[0-9]+ failed' "$log/browser.txt" || echo 0)))
rm -rf "$log"

echo
echo "all tiers: $passed passed, $failed failed"
exit $status
