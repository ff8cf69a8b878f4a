// Ten <attention-widget>s and one <attention-scale> on one page (served by the demo
// server, so under its strict CSP): edited in turn, each keeps only its own edits,
// and the page fetches the core module once.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { gridRow, widgetAt } from './widget-helpers.js';
import { CSP } from '../../scripts/serve.mjs';

const PRESETS = ['cat-sat', 'river-bank', 'cash-bank', 'it-vase'];
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Ten widgets</title>
<link rel="stylesheet" href="./demo.css">
<script type="module" src="./attention-widget.js"></script>
<script type="module" src="./attention-scale.js"></script></head>
<body><main>
${Array.from({ length: 10 }, (_, i) => `<attention-widget preset="${PRESETS[i % 4]}"></attention-widget>`).join('\n')}
<attention-scale n="128" dk="16"></attention-scale>
</main></body></html>`;

test('ten widgets and a scale lab: edited in turn they stay independent; each core module loads once per realm', async ({ page }) => {
  const problems = watchConsole(page);
  const coreRequests = [];
  page.on('request', (r) => { if (/\/dist\/attention-(core|kernel)[^/]*\.mjs$/.test(r.url())) coreRequests.push(r); });
  await page.route('**/web/ten-widgets.html', (route) => route.fulfill({
    status: 200, body: PAGE, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP } }));
  await page.addInitScript(() => { // count WebAssembly instances made in the page's realm
    window.__instances = 0;
    for (const name of ['instantiate', 'instantiateStreaming']) {
      const original = WebAssembly[name];
      if (original) WebAssembly[name] = (...args) => { window.__instances += 1; return original.apply(WebAssembly, args); };
    }
  });
  await page.goto('/web/ten-widgets.html');
  const widgets = [];
  for (let i = 0; i < 10; i += 1) widgets.push(await widgetAt(page, i));
  const initial = await Promise.all(widgets.map((w) => w.evaluate((el) => el.state)));

  // Widget i: a cell of its own (rows and columns vary), a value of its own, and every third one causal.
  const edits = widgets.map((_, i) => ({ matrix: ['wq', 'wk', 'wv'][i % 3], r: i % 2, c: i % 3, value: i + 2 }));
  const label = { wq: 'W_Q', wk: 'W_K', wv: 'W_V' };
  for (const [i, w] of widgets.entries()) {
    const { matrix, r, c, value } = edits[i];
    await w.getByRole('textbox', { name: `${label[matrix]} row ${r + 1}, column ${c + 1}`, exact: true }).fill(String(value));
    if (i % 3 === 0) await w.getByRole('switch', { name: /causal/i }).check();
  }
  const finals = await Promise.all(widgets.map((w) => w.evaluate((el) => el.state)));
  finals.forEach((state, i) => {
    const { matrix, r, c, value } = edits[i];
    const expected = structuredClone(initial[i]);
    expected[matrix][r][c] = value;
    expected.causal = i % 3 === 0;
    expect(state, `widget ${i}`).toEqual(expected);
  });
  // The numbers on screen follow each widget's own state: widget 1 (river-bank, causal off) vs widget 5
  // (the same preset, its own edit) differ, and widget 0's masked corner is its alone.
  expect(await gridRow(widgets[0], 'Shares', 'the')).toMatchObject({ cat: '—', sat: '—' });
  expect(await gridRow(widgets[4], 'Shares', 'the')).not.toMatchObject({ cat: '—' });

  // The scale lab, changed last, draws its own grid; no widget moves.
  const result = page.evaluate(() => new Promise((resolve) => {
    document.addEventListener('attention-scale-result', (e) => { if (e.n === 200) resolve(e.n); });
  }));
  await page.locator('attention-scale').evaluate((el) => el.setAttribute('n', '200'));
  expect(await result).toBe(200);
  expect(await Promise.all(widgets.map((w) => w.evaluate((el) => el.state)))).toEqual(finals);

  // The page's own realm fetched the teaching core once for all ten widgets (its resource
  // timeline), and no kernel; each of the scale lab's workers (one per core, at most 4) is a
  // realm of its own and fetches the kernel, the relaxed-SIMD build in Chromium, and only it.
  const core = '/dist/attention-core.mjs', kernel = '/dist/attention-kernel-relaxed.mjs';
  const pageFetches = await page.evaluate(() => performance.getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname).filter((p) => p.startsWith('/dist/')));
  expect(pageFetches).toEqual([core]);
  expect(await page.evaluate(() => window.__instances)).toBe(1); // one core instance, shared
  const workers = await page.evaluate(() => Math.min(4, navigator.hardwareConcurrency));
  expect(coreRequests.map((r) => new URL(r.url()).pathname).sort()).toEqual([core, ...Array(workers).fill(kernel)].sort());
  expect(problems).toEqual([]);
});
