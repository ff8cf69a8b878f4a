#!/usr/bin/env bash
# Fuzzes the C++ core with libFuzzer (clang; AddressSanitizer + UndefinedBehaviorSanitizer).
#
#   bash scripts/fuzz.sh            # the long run (`npm run fuzz`): FUZZ_SECONDS per target, default 600
#   bash scripts/fuzz.sh --short    # the test tier: a few seconds per target, fresh corpus, fixed seed
#
# Environment: FUZZ_SECONDS (per target), FUZZ_SEED (default 1), FUZZ_TARGETS
# (default "fuzz_attend fuzz_attend_raw"). The long run keeps its corpus in
# build/fuzz/corpus/<target> so each run starts where the last one stopped;
# the short run starts from the committed seeds only, so it repeats.
# A crash, a sanitizer report or a broken invariant saves the input under
# build/fuzz/artifacts/<target>/ and makes this script fail.
# Ends with one line: "fuzz: N targets passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."

short=0
[ "${1:-}" = "--short" ] && short=1
seconds=${FUZZ_SECONDS:-$([ $short = 1 ] && echo 12 || echo 600)}
seed=${FUZZ_SEED:-1}
targets=${FUZZ_TARGETS:-fuzz_attend fuzz_attend_raw}
cxx=$(command -v clang++-14 || command -v clang++) || { echo "fuzz: clang++ is not installed" >&2; exit 1; }

# Several test runs may share this tree: build one at a time, then run private
# copies of the binaries (a rebuild by another run cannot touch them) with
# private logs.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

build_targets() {
  mkdir -p build/fuzz
  exec 7>build/fuzz/.lock
  flock 7
  if [ ! -f build/fuzz/CMakeCache.txt ]; then
    cmake -S . -B build/fuzz -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DATTENTION_FUZZ=ON >/dev/null || return 1
  fi
  # shellcheck disable=SC2086  # targets is a word list
  cmake --build build/fuzz -j"$(nproc)" --target $targets >build/fuzz/build.log 2>&1 \
    || { cat build/fuzz/build.log >&2; echo "fuzz: build failed" >&2; flock -u 7; return 1; }
  for t in $targets; do cp "build/fuzz/tests/fuzz/$t" "$work/$t" || return 1; done
  flock -u 7
}

# Prints "target: N runs in S s (X exec/s), coverage C edges, corpus K inputs, 0 crashes".
run_target() { # target
  local t=$1 corpus artifacts=build/fuzz/artifacts/$1/ log=$work/$1.log
  if [ $short = 1 ]; then
    corpus=$work/corpus-$t  # fresh each time, so a short run repeats
  else
    corpus=build/fuzz/corpus/$t
  fi
  mkdir -p "$corpus" "$artifacts"
  # Detect leaks too; stop at the first report of any kind.
  ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$work/$t" "$corpus" "tests/fuzz/corpus/${t#fuzz_}" \
    -seed="$seed" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$artifacts" >"$log" 2>&1
  local rc=$?
  [ $short = 1 ] || cp "$log" "build/fuzz/$t.last.log"  # the long run's log, for reading later
  local runs cov speed size
  runs=$(grep -aEo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -aEo '[0-9]+$')
  speed=$(grep -aEo 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -aEo '[0-9]+$')
  cov=$(grep -aEo 'cov: [0-9]+' "$log" | tail -1 | grep -aEo '[0-9]+')
  size=$(grep -aEo 'corp: [0-9]+' "$log" | tail -1 | grep -aEo '[0-9]+')
  if [ $rc = 0 ] && ! grep -aqE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:' "$log"; then
    echo "$t: ${runs:-?} runs in ${seconds} s (${speed:-?} exec/s), coverage ${cov:-?} edges, corpus ${size:-?} inputs, 0 crashes"
    return 0
  fi
  grep -aE 'INVARIANT BROKEN|ERROR:|runtime error:|SUMMARY|Test unit written' "$log" | head -20
  cp "$log" "build/fuzz/$t.failed.log"
  echo "$t: FAILED after ${runs:-?} runs (exit $rc); full log: build/fuzz/$t.failed.log; input saved under $artifacts"
  return 1
}

build_targets || { echo "fuzz: 0 targets passed, 1 failed (build)"; exit 1; }
passed=0 failed=0
for t in $targets; do
  if run_target "$t"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "fuzz: $passed targets passed, $failed failed"
[ $failed = 0 ]
