#!/usr/bin/env bash
# Set-up, idempotent: install what is missing, then build what is stale.
# Called by `npm start` and `npm test`, so a fresh clone needs nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages this project needs, each with the file that proves it is there.
declare -A NEED=(
  [emscripten]=/usr/bin/emcc
  [chromium]=/usr/bin/chromium
  [fonts-wqy-microhei]=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc   # Chinese text in the screenshots (1.6 MB)
  [cmake]=/usr/bin/cmake
  [g++]=/usr/bin/g++
  [libgtest-dev]=/usr/include/gtest/gtest.h
  [libgmock-dev]=/usr/include/gmock/gmock.h
  [libbenchmark-dev]=/usr/include/benchmark/benchmark.h   # npm run bench: the native core
  [clang-14]=/usr/bin/clang++-14   # the sanitizer tier and libFuzzer (scripts/sanitize.sh, fuzz.sh)
  [libclang-rt-14-dev]=/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a
)
source scripts/debian-need.sh
install_needed setup

# npm packages: reinstall when the lock file is newer than what is installed.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi

bash scripts/build.sh
