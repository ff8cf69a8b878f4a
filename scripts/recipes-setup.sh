#!/usr/bin/env bash
# npm run test:recipes only: installs the site generators whose recipes it runs.
# Debian's MkDocs (with the Material theme) and Sphinx (apt-get, as root; one `apt-get update` first), and the npm
# generators (VitePress, Astro, Eleventy, Docusaurus, mystmd) into recipes/node_modules from
# recipes/package-lock.json; svelte + svelte-check into recipes/svelte/, Next.js into recipes/next/. None of them is in the top-level package.json, so `npm ci`,
# `npm test` and `npm start` never download them. Idempotent, like setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A NEED=(
  [mkdocs]=/usr/bin/mkdocs
  [mkdocs-material]=/usr/share/mkdocs/themes/material/base.html   # the Material theme's dark switch
  [python3-sphinx]=/usr/bin/sphinx-build
)
source scripts/debian-need.sh
install_needed recipes-setup

cd recipes
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "recipes-setup: npm ci in recipes/ (VitePress, Astro, Eleventy, Docusaurus, mystmd)"
  npm ci --no-audit --no-fund --loglevel=error
fi
# svelte-check for the Svelte types (recipes/svelte.spec.js): its own small folder.
cd svelte
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "recipes-setup: npm ci in recipes/svelte/ (svelte, svelte-check)"
  npm ci --no-audit --no-fund --loglevel=error
fi
# Next.js for attention-widget/react after server rendering (recipes/next.spec.js): its own folder.
cd ../next
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "recipes-setup: npm ci in recipes/next/ (next, react, react-dom, @lit/react)"
  npm ci --no-audit --no-fund --loglevel=error
fi
