#!/usr/bin/env bash
# Every test tier: native (GoogleTest via CTest), WebAssembly in node (node --test), the pages'
# pure modules, the demo server and the plots' SVG snapshots in node (web), package (node --test
# tests/package/), sanitize (the native suite under ASan + UBSan and a short libFuzzer run),
# browser (Playwright + Debian's Chromium). Runs set-up first, so a fresh clone needs nothing
# else. Ends with one summary line.
#
# The browser tier spends much of its time waiting on pages (frames, workers, loads), so the
# other tiers run beside it, one after another, and print when it ends: on 2 cores the whole run
# takes the browser tier's time plus a little, not the sum. Every tier's tests wait for states,
# never for times, so they hold on a machine this busy. TEST_TIERS_IN_TURN=1 runs them in turn.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1

passed=0 failed=0 status=0
log=$(mktemp -d)

run_tier() { # name, command...: its output to $log/name.txt, its exit code to $log/name.rc
  local name=$1; shift
  "$@" >"$log/$name.txt" 2>&1
  echo $? >"$log/$name.rc"
}
show_tier() { # name: prints what the tier printed and notes a failure
  echo "== $1"
  cat "$log/$1.txt"
  local rc; rc=$(cat "$log/$1.rc")
  [ "$rc" = 0 ] || { status=1; echo "== $1 FAILED (exit $rc)"; }
}

# Two test files at a time: node's default (cores - 1) is one file at a time on a 2-core machine,
# and most files wait on a core compiling or a child process (87 s -> 38 s for the wasm tier).
NODE_TEST=(node --test --test-concurrency=2)
node_tiers() {
  run_tier native ctest --test-dir build/native --output-on-failure
  run_tier wasm "${NODE_TEST[@]}" tests/wasm/ tests/guided/
  run_tier web "${NODE_TEST[@]}" tests/web/ tests/snapshots/   # and every plot against its SVG snapshot
  run_tier package "${NODE_TEST[@]}" tests/package/   # byte budget, manifest and types against the elements
  run_tier sanitize bash scripts/sanitize.sh   # native suite under ASan + UBSan, short fuzz run
}
NODE_TIERS=(native wasm web package sanitize)

if [ "${TEST_TIERS_IN_TURN:-0}" = 1 ]; then
  node_tiers
  for t in "${NODE_TIERS[@]}"; do show_tier "$t"; done
  echo "== browser"
  npx playwright test 2>&1 | tee "$log/browser.txt"; echo "${PIPESTATUS[0]}" >"$log/browser.rc"
else
  node_tiers & side=$!
  echo "== browser (native, wasm, web, package and sanitize run beside it and print after it)"
  npx playwright test 2>&1 | tee "$log/browser.txt"; echo "${PIPESTATUS[0]}" >"$log/browser.rc"
  wait "$side"
  for t in "${NODE_TIERS[@]}"; do show_tier "$t"; done
fi
rc=$(cat "$log/browser.rc"); [ "$rc" = 0 ] || { status=1; echo "== browser FAILED (exit $rc)"; }

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
