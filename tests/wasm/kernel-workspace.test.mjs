// The kernel module's workspace (wasm/kernel_exports.cpp, Workspace): one block at the
// heap's base, laid out per call, grown in place, the module's only allocation (it links
// no allocator). What it must do: keep every buffer apart (the numbers of a call do not
// depend on the calls before it, checked in kernel-into.test.mjs), only grow, and when the
// engine refuses more memory say so, keep nothing half-sized, and work again after.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testedVariants } from './kernel-reference.mjs';
import { loadAttention } from '../../wasm/attention.js';
import { mulberry32 } from '../../web/views/scale/inputs.js';

// The kernel alone ({ path: 'raw' }), so memoryStats() counts its module only.
const builds = {};
for (const variant of testedVariants()) builds[variant] = await loadAttention({ variant, path: 'raw' });

function randoms(count, seed) {
  const uniform = mulberry32(seed);
  return Float32Array.from({ length: count }, () => 2 * uniform() - 1);
}

for (const [variant, attn] of Object.entries(builds)) {
  test(`${variant}: the workspace is the only allocation and only grows`, () => {
    const n = 256, d = 32, Q = randoms(n * d, 1);
    attn.attendRaw(Q, Q, Q, n, d);
    const grid = attn.memoryStats().mallocBytes;
    // Q, K, V, outputs (n x d each) and the n x n grid, nothing else.
    assert.equal(grid, 4 * (4 * n * d + n * n));
    attn.attendRaw(Q.subarray(0, 64 * d), Q.subarray(0, 64 * d), Q.subarray(0, 64 * d), 64, d, { weights: false });
    assert.equal(attn.memoryStats().mallocBytes, grid, 'a smaller call keeps the block as it is');
  });

  test(`${variant}: when the engine gives no more memory, attendRaw says so and the next call works`, () => {
    const n = 2048, d = 64, Q = randoms(n * d, 2); // a 16 MB grid: more than the module has yet
    const { heapBytes } = attn.memoryStats();
    const grow = WebAssembly.Memory.prototype.grow;
    WebAssembly.Memory.prototype.grow = () => { throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded'); };
    try {
      assert.ok(attn.memoryStats().mallocBytes + 4 * n * n > heapBytes, 'the call needs more memory');
      assert.throws(() => attn.attendRaw(Q, Q, Q, n, d), {
        code: 'too_large',
        message: `attendRaw: no memory left for n = ${n}, d = ${d} (the browser refused to grow the wasm memory)`,
      });
    } finally {
      WebAssembly.Memory.prototype.grow = grow;
    }
    const small = attn.attendRaw(Q.subarray(0, 8 * d), Q.subarray(0, 8 * d), Q.subarray(0, 8 * d), 8, d);
    assert.equal(small.outputs.length, 8 * d);
    const big = attn.attendRaw(Q, Q, Q, n, d, { weights: false });
    assert.ok(big.outputs.every(Number.isFinite));
  });
}
