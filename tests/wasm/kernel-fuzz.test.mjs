// The short, seeded run of the kernel's differential fuzz (kernel-fuzz.mjs):
// the same cases every time. `npm run fuzz:wasm` runs it for longer, seed by seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runKernelFuzz } from './kernel-fuzz.mjs';

test('wasm kernel (SIMD and scalar) against double-precision attention: 300 seeded random cases', async () => {
  const { cases, byBuild } = await runKernelFuzz({ seed: 1, cases: 300 });
  assert.equal(cases, 300);
  assert.ok(byBuild.simd > 150 && byBuild.scalar > 30, `both builds were exercised: ${JSON.stringify(byBuild)}`);
});
