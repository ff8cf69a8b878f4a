#!/usr/bin/env bash
# The sanitizer tier of `npm test`:
#   1. the native GoogleTest suite built with clang under AddressSanitizer +
#      UndefinedBehaviorSanitizer (build/asan), no recovery: any report fails a test;
#   2. a short, repeatable fuzz run of the core (scripts/fuzz.sh --short).
# Ends with one line: "sanitize: passed ..." or "sanitize: FAILED ...".
set -uo pipefail
cd "$(dirname "$0")/.."

cxx=$(command -v clang++-14 || command -v clang++) || { echo "sanitize: clang++ is not installed" >&2; exit 1; }
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# Leaks count as failures too; a report stops the process at once.
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

build_asan() {
  if [ ! -f build/asan/CMakeCache.txt ]; then
    cmake -S . -B build/asan -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Debug \
      -DCMAKE_CXX_FLAGS="$sanitize -O1" -DCMAKE_EXE_LINKER_FLAGS="$sanitize" >/dev/null || return 1
  fi
  cmake --build build/asan -j"$(nproc)" >build/asan/build.log 2>&1 \
    || { cat build/asan/build.log >&2; echo "sanitize: ASan build failed" >&2; return 1; }
}

# Several test runs may share this tree: one build-and-test at a time here, so
# no run swaps the binary under another's ctest.
mkdir -p build/asan
exec 8>build/asan/.lock
flock 8
native=0
if build_asan; then
  echo "-- native suite under ASan + UBSan (build/asan)"
  ctest --test-dir build/asan --output-on-failure -j"$(nproc)" 2>&1 | tee build/asan/ctest.log
  native=${PIPESTATUS[0]}
  # Belt and braces: a report must never pass unnoticed, whatever the exit code.
  if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' build/asan/ctest.log; then native=1; fi
else
  native=1
fi
flock -u 8

echo "-- short fuzz run (scripts/fuzz.sh --short)"
bash scripts/fuzz.sh --short
fuzz=$?

if [ "$native" = 0 ] && [ "$fuzz" = 0 ]; then
  echo "sanitize: passed (native suite clean under ASan + UBSan, fuzzing found nothing)"
else
  echo "sanitize: FAILED (native suite under ASan + UBSan: $([ "$native" = 0 ] && echo ok || echo failed), fuzzing: $([ "$fuzz" = 0 ] && echo ok || echo failed))"
  exit 1
fi
