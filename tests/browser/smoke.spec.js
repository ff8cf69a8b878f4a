// The browser tier from day one: the module loads in Chromium under the demo's
// strict CSP and computes a chapter number.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';

test('the core computes sat -> cat = 0.67 in Chromium under a strict CSP', async ({ page }) => {
  const problems = watchConsole(page);
  const response = await page.goto('/');
  expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  const share = await page.evaluate(async () => {
    const { loadAttention } = await import('/wasm/attention.js');
    const attn = await loadAttention();
    const r = attn.attend({
      embeddings: [[1, 0, 0], [0, 1, 0], [1, 1, 1]],
      wq: [[2, 0, -1], [0, 2, -1]], wk: [[1, 1, -2], [-1, 1, 1]], wv: [[0, 3, -2], [2, 1, -3]],
    });
    return { share: r.weights[2][1].toFixed(2), variant: attn.variant };
  });
  expect(share).toEqual({ share: '0.67', variant: 'relaxed' }); // Chromium validates relaxed SIMD
  expect(problems).toEqual([]);
});
