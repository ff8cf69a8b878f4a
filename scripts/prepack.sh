#!/usr/bin/env bash
# Runs before `npm pack` / `npm publish`: builds dist/ (the WebAssembly, inlined into
# the two .mjs modules) so the tarball is self-contained, then checks every file the
# package's "exports" point at is there. Needs the toolchain (`bash scripts/setup.sh`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
node scripts/check-exports.mjs
