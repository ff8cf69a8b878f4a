// wasm/parallel.js in Chromium with real module workers, under the demo's CSP:
// two workers give bit for bit one attendRaw call.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';

test('the worker pool gives exactly attendRaw\'s numbers in Chromium', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  const result = await page.evaluate(async () => {
    const { loadAttention } = await import('/wasm/attention.js');
    const { createAttentionPool } = await import('/wasm/parallel.js');
    const n = 300, d = 32;
    let s = 7;
    const random = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296) - 0.5;
    const [Q, K, V] = [0, 1, 2].map(() => Float32Array.from({ length: n * d }, random));
    const attn = await loadAttention();
    const pool = createAttentionPool({ workers: 2 });
    await pool.setKeysValues(K, V, n, d);
    const same = [];
    for (const causal of [false, true]) {
      const want = attn.attendRaw(Q, K, V, n, d, { causal });
      const got = await pool.attendRaw(Q, { causal });
      same.push(got.weights.every((x, i) => x === want.weights[i]) && got.outputs.every((x, i) => x === want.outputs[i]));
    }
    const workers = pool.workerCount;
    pool.close();
    return { same, workers };
  });
  expect(result).toEqual({ same: [true, true], workers: 2 });
  expect(problems).toEqual([]);
});
