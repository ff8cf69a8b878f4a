// The default install stays small: the benchmark's comparison libraries (TensorFlow.js,
// onnxruntime-web, ~200 MB) live in bench/package.json, installed only by `npm run bench`
// (scripts/bench-setup.sh), so a fresh clone's `npm ci`, `npm test` and `npm start` never
// download them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

const json = async (path) => JSON.parse(await readFile(new URL(`../../${path}`, import.meta.url), 'utf8'));

test('no bench-only package is in the top-level package.json or its lock file', async () => {
  const [root, lock, bench] = await Promise.all([json('package.json'), json('package-lock.json'), json('bench/package.json')]);
  const benchOnly = Object.keys(bench.dependencies);
  assert.ok(benchOnly.includes('onnxruntime-web') && benchOnly.includes('@tensorflow/tfjs-core'));
  const declared = { ...root.dependencies, ...root.devDependencies, ...root.optionalDependencies };
  for (const name of benchOnly) {
    assert.equal(declared[name], undefined, `${name} is declared at the top level`);
    assert.equal(lock.packages[`node_modules/${name}`], undefined, `${name} is in package-lock.json`);
  }
  assert.match(root.scripts.bench, /bench-setup\.sh/, 'npm run bench installs them itself');
});
