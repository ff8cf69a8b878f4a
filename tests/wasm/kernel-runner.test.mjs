// The kernel runner (wasm/kernel-runner.js) that the scale lab loads without the raw path's
// argument checks (loadKernelRunner in wasm/attention.js): the same build as loadAttention()
// picks, one instance shared with attendRaw, bit for bit attendRaw's numbers (whole grids,
// bands, results written into the caller's arrays), the kernel's own refusals for what it
// cannot run, and a failed load worded as loadAttention()'s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention, loadKernelRunner } from '../../wasm/attention.js';
import { testedVariants } from './kernel-reference.mjs';
import { mulberry32 } from '../../web/views/scale/inputs.js';

function randoms(count, seed) {
  const uniform = mulberry32(seed);
  return Float32Array.from({ length: count }, () => 2 * uniform() - 1);
}

test('a failed load is load_failed, worded as loadAttention()\'s, and nothing of it is kept', async () => {
  const { instantiate } = WebAssembly;
  WebAssembly.instantiate = () => Promise.reject(new RangeError('out of memory'));
  try {
    const words = await loadAttention({ variant: 'scalar', path: 'raw' }).catch((err) => err.message);
    assert.equal(words, 'the attention core could not load: RangeError: out of memory');
    await assert.rejects(loadKernelRunner('scalar'), { code: 'load_failed', message: words });
  } finally {
    WebAssembly.instantiate = instantiate;
  }
  assert.equal((await loadKernelRunner('scalar')).variant, 'scalar');
});

test("'best' is the build loadAttention() picks, and each build is one instance, shared with attendRaw", async () => {
  const best = await loadKernelRunner();
  assert.equal(best.variant, (await loadAttention({ path: 'raw' })).variant);
  assert.equal(best, await loadKernelRunner(best.variant));
  const attn = await loadAttention({ variant: 'simd', path: 'raw' });
  const runner = await loadKernelRunner('simd');
  const n = 300, d = 16, Q = randoms(n * d, 5);
  attn.attendRaw(Q, Q, Q, n, d);
  const { heapBytes, mallocBytes } = attn.memoryStats();
  assert.equal(mallocBytes, 4 * (4 * n * d + n * n), 'the workspace sized for that call');
  assert.deepEqual([runner.memoryUse(0), runner.memoryUse(1)], [heapBytes, mallocBytes], 'the raw path runs on the same instance');
});

for (const variant of testedVariants()) {
  test(`${variant}: run() gives attendRaw's and attendRawRows' numbers, bit for bit`, async () => {
    const attn = await loadAttention({ variant, path: 'raw' });
    const runner = await loadKernelRunner(variant);
    const n = 97, d = 24, Q = randoms(n * d, 1), K = randoms(n * d, 2), V = randoms(n * d, 3);
    for (const causal of [false, true]) {
      for (const scaled of [false, true]) {
        const whole = attn.attendRaw(Q, K, V, n, d, { causal, scaled });
        assert.deepEqual(runner.run(Q, K, V, { n, d, causal, scaled }), whole);
        const band = attn.attendRawRows(Q, K, V, n, d, { first: 32, count: 40, causal, scaled });
        assert.deepEqual(runner.run(Q, K, V, { n, d, first: 32, count: 40, causal, scaled }), band);
      }
      // Into arrays that held other numbers: the masked half is zeroed, nothing else is left over.
      const into = { weights: new Float32Array(n * n).fill(7), outputs: new Float32Array(n * d).fill(7) };
      const r = runner.run(Q, K, V, { n, d, causal }, into);
      assert.equal(r.weights, into.weights);
      assert.equal(r.outputs, into.outputs);
      assert.deepEqual(r, attn.attendRaw(Q, K, V, n, d, { causal }));
    }
    const outputsOnly = runner.run(Q, K, V, { n, d, weights: false });
    assert.equal(outputsOnly.weights, null);
    assert.deepEqual(outputsOnly.outputs, attn.attendRaw(Q, K, V, n, d, { weights: false }).outputs);
  });
}

test('what the kernel cannot run it refuses itself, with the core\'s codes, and the caller\'s arrays stay as they were', async () => {
  const runner = await loadKernelRunner('simd');
  const { maxRawWork } = (await loadAttention({ path: 'raw' })).limits;
  const d = 512, n = Math.ceil(Math.sqrt(maxRawWork / d)) + 1; // n * n * d over the cap
  const big = new Float32Array(n * d);
  assert.throws(() => runner.run(big, big, big, { n, d }), { code: 'too_large' });
  const small = randoms(4 * 2, 4);
  const bad = small.slice();
  bad[3] = NaN;
  const into = { weights: new Float32Array(16).fill(7), outputs: new Float32Array(8).fill(7) };
  assert.throws(() => runner.run(bad, small, small, { n: 4, d: 2 }, into), { code: 'non_finite' });
  assert.ok([...into.weights, ...into.outputs].every((x) => x === 7), 'nothing written by a failed call');
  assert.equal(runner.run(small, small, small, { n: 4, d: 2 }).outputs.length, 8, 'the next call works');
});
