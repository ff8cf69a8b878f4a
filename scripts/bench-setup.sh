#!/usr/bin/env bash
# npm run bench only: installs what the benchmarks compare against and run (TensorFlow.js,
# onnxruntime-web, Lighthouse; about 200 MB) into bench/node_modules, from bench/package-lock.json.
# They are not in the top-level package.json, so `npm ci`, `npm test` and `npm start` never
# download them. Idempotent, like setup.sh.
set -euo pipefail
cd "$(dirname "$0")/../bench"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "bench-setup: npm ci in bench/ (TensorFlow.js, onnxruntime-web, Lighthouse)"
  npm ci --no-audit --no-fund --loglevel=error
fi
