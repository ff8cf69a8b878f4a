// The short, seeded run of the kernel's differential fuzz (kernel-fuzz.mjs):
// the same cases every time. `npm run fuzz:wasm` runs it for longer, seed by seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runKernelFuzz } from './kernel-fuzz.mjs';
import { testedVariants } from './kernel-reference.mjs';

const variants = testedVariants();
test(`wasm kernel (${variants.join(', ')}) against double-precision attention: 300 seeded random cases`, async () => {
  const { cases, byBuild } = await runKernelFuzz({ seed: 1, cases: 300, variants });
  assert.equal(cases, 300);
  const [first, ...others] = variants;
  assert.ok(byBuild[first] > 150 && others.every((v) => byBuild[v] > 30 / others.length),
    `every build was exercised: ${JSON.stringify(byBuild)}`);
});
