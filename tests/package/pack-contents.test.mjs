// What `npm pack` ships, read from `npm pack --dry-run --json` (no tarball written, no network):
// every file package.json's exports, types and customElements name is in it, every folder
// pattern of exports has files behind it, and nothing of the workshop (tests, build trees, C++
// sources, benchmarks, scripts) is. Also: `npm publish --dry-run` prints no warning about the
// package's fields (against an unreachable registry with a dummy token, so nothing leaves the
// machine), and prepack builds only what ships. Runs after scripts/build.sh, as the tier does.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO } from './pack.mjs';

const run = promisify(execFile);
const pkg = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8'));

async function packedFiles() {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'],
    { cwd: REPO, maxBuffer: 16 << 20 });
  const [info] = JSON.parse(stdout);
  return new Set(info.files.map((f) => f.path));
}
const files = await packedFiles();

/** Every path an export condition names (nested conditions flattened), without "./". */
function exportTargets(exports) {
  const out = [];
  const visit = (value) => {
    if (typeof value === 'string') out.push(value.replace(/^\.\//, ''));
    else for (const inner of Object.values(value)) visit(inner);
  };
  visit(exports);
  return out;
}

test('every file the exports, types and customElements name is in the tarball', () => {
  const named = [...exportTargets(pkg.exports), pkg.types.replace(/^\.\//, ''), pkg.customElements,
    pkg.main.replace(/^\.\//, ''), pkg.module.replace(/^\.\//, '')];
  const missing = named.filter((path) => !path.includes('*') && !files.has(path));
  assert.deepEqual(missing, [], `exports name files the tarball lacks: ${missing.join(', ')}`);
  for (const pattern of named.filter((path) => path.includes('*'))) {
    const prefix = pattern.slice(0, pattern.indexOf('*'));
    assert.ok([...files].some((f) => f.startsWith(prefix)), `export pattern ${pattern} matches no packed file`);
  }
});

test('the tarball carries the hosted files, the README, the licence and the changelog', () => {
  for (const path of ['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json', 'dist/browser/attention-widget.js',
    'dist/browser/attention-scale.js', 'dist/browser/attention-core.wasm', 'dist/attention-widget.bundle.js'])
    assert.ok(files.has(path), `the tarball lacks ${path}`);
});

test('nothing of the workshop ships: no tests, build trees, C++ sources, benchmarks or scripts', () => {
  const WORKSHOP = /^(tests|build|core|bench|scripts|recipes|node_modules|\.ci|docs)\/|\.(cpp|hpp|h|cmake)$|CMakeLists\.txt$|\.(test|spec)\.m?js$|\.tmp$/;
  const leaked = [...files].filter((path) => WORKSHOP.test(path));
  assert.deepEqual(leaked, [], `the tarball ships ${leaked.join(', ')}`);
});

test('the fields a registry shows are set, and none is a placeholder', () => {
  for (const field of ['name', 'version', 'description', 'license'])
    assert.ok(typeof pkg[field] === 'string' && pkg[field].length > 0, `package.json has ${field}`);
  assert.ok(Array.isArray(pkg.keywords) && pkg.keywords.length >= 3, 'package.json has keywords');
  // No public repository exists yet: the field stays out until one does, never a made-up URL.
  const urls = JSON.stringify([pkg.repository, pkg.homepage, pkg.bugs].filter(Boolean));
  assert.doesNotMatch(urls, /example\.(com|org)|TODO|your-?(org|name)|localhost/i, 'no placeholder URL');
});

test('npm publish --dry-run warns about nothing, without the network', async () => {
  // Offline, against an unreachable registry (port 9, discard) with a dummy token: a dry run never sends, and
  // without a token npm would warn about logging in, which is not a field problem.
  const { stderr } = await run('npm', ['publish', '--dry-run', '--ignore-scripts', '--offline', '--no-update-notifier', '--registry=http://127.0.0.1:9/',
    '--//127.0.0.1:9/:_authToken=offline-dry-run'], { cwd: REPO, maxBuffer: 16 << 20 });
  const warnings = stderr.split('\n').filter((line) => /\bwarn\b|\bERR!/i.test(line));
  assert.deepEqual(warnings, [], 'npm publish --dry-run warned');
});

test('prepack builds only what ships: the wasm and web build, not the native tests', async () => {
  assert.equal(pkg.scripts.prepack, 'bash scripts/prepack.sh');
  const script = await readFile(join(REPO, 'scripts/prepack.sh'), 'utf8');
  const commands = script.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
  assert.ok(commands.includes('BUILD_NATIVE=0 bash scripts/build.sh'), 'prepack builds with BUILD_NATIVE=0');
  assert.doesNotMatch(commands.join('\n'), /sanitize|fuzz|bench|ctest|npm test/, 'prepack runs no test or sanitizer');
  // build.sh honours it: with BUILD_NATIVE=0 no cmake call touches build/native.
  const build = await readFile(join(REPO, 'scripts/build.sh'), 'utf8');
  assert.match(build, /if \[ "\$\{BUILD_NATIVE:-1\}" = 0 \]; then\n\s+NATIVE=\nelse\n(?:.*\n)*?\s+cmake --build build\/native/,
    'build.sh skips the native build when BUILD_NATIVE=0');
});
