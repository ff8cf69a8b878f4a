#!/usr/bin/env bash
# Builds the native tests (build/native) and the WebAssembly modules (dist/).
# Incremental: an up-to-date tree builds in about a second. BUILD_NATIVE=0 skips the
# native tests (scripts/prepack.sh: the package ships only dist/ and the sources).
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's emcc runs its JS optimizer with /usr/bin/node, which cannot find
# Debian's acorn (in /usr/share/nodejs) without this: "Cannot find module 'acorn'".
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# emcc's --closure (wasm/CMakeLists.txt) runs the pinned npm Closure Compiler;
# Debian's own closure-compiler is too old for emcc's output.
export EM_CLOSURE_COMPILER="$PWD/node_modules/.bin/google-closure-compiler"

# One build at a time: parallel test runs share build/ and dist/.
mkdir -p build
exec 9>build/.lock
flock 9

NATIVE=build/native/tests/native/attention_tests
if [ "${BUILD_NATIVE:-1}" = 0 ]; then
  NATIVE=
else
  if [ ! -f build/native/CMakeCache.txt ]; then
    cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  cmake --build build/native -j"$(nproc)" >build/native/build.log 2>&1 \
    || { cat build/native/build.log >&2; echo "build: native build failed" >&2; exit 1; }
fi

if [ ! -f build/wasm/CMakeCache.txt ]; then
  # emcmake's default emulator flag is rejected by node 20.
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release \
    '-DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node;--no-experimental-fetch' >/dev/null
fi
cmake --build build/wasm -j"$(nproc)" >build/wasm/build.log 2>&1 \
  || { cat build/wasm/build.log >&2; echo "build: wasm build failed" >&2; exit 1; }

# The modules of wasm/CMakeLists.txt that dist/ publishes.
MODULES="attention-core attention-core-train attention-kernel attention-kernel-relaxed attention-kernel-scalar attention-heads"

# Publish each module to dist/ only when it changed, by rename (atomic), so a
# test or page that is loading dist/ during a rebuild never reads half a file.
mkdir -p dist
for m in $MODULES; do
  built="build/wasm/modules/$m.mjs"
  [ -f "$built" ] || { echo "build: $built was not produced" >&2; exit 1; }
  if ! cmp -s "$built" "dist/$m.mjs"; then
    cp "$built" "dist/.$m.mjs.tmp" && mv -f "dist/.$m.mjs.tmp" "dist/$m.mjs"
  fi
done

# Fail loudly if a build did not produce what the tests and the page load.
for f in $(printf 'dist/%s.mjs ' $MODULES) $NATIVE; do
  [ -f "$f" ] || { echo "build: $f was not produced" >&2; exit 1; }
done

# Styles as modules, the hosted build (dist/browser/), the one-file bundle and worker.
node scripts/build-web.mjs
