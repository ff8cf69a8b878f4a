#!/usr/bin/env bash
# Runs before `npm pack` / `npm publish`: builds only what ships. The WebAssembly modules
# (dist/, the wasm inlined into the .mjs modules), the styles as modules and the hosted files
# (scripts/build-web.mjs); not the native tests, the sanitizers or the benchmarks, which
# never reach the tarball. Then checks every file the package's "exports" point at is
# there. Needs the toolchain (`bash scripts/setup.sh`).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_NATIVE=0 bash scripts/build.sh
node scripts/check-exports.mjs
