// What a single-page course site does: create and remove elements over and over. Every
// listener, observer and timer an element adds on connect goes with it on disconnect, so
// after ten widgets and five scale labs (each painted, then removed) and a garbage collection
// the page's DOM nodes and listeners are back where they started.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { CSP } from '../../scripts/serve.mjs';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Route changes</title>
<script type="module" src="./attention-widget.js"></script>
<script type="module" src="./attention-scale.js"></script></head>
<body><main></main></body></html>`;

// The fewest cycles that still catch a leak. After three collections the counters come back
// exactly (difference 0), so the slack is small. A painted widget is about 750 nodes and 180
// listeners, a scale lab about 500 and 11: keeping one of either fails at once. Smaller leaks:
// one listener kept per widget is 10 >= 5, one per lab 5 >= 5; five nodes kept per
// widget is 10 x 5 = 50 >= 50, ten per lab 5 x 10 = 50 >= 50. All three presets are cycled.
const WIDGETS = 10;
const LABS = 5;
const NODE_SLACK = 50;
const LISTENER_SLACK = 5;

async function counters(cdp) {
  for (let i = 0; i < 3; i += 1) await cdp.send('HeapProfiler.collectGarbage');
  return cdp.send('Memory.getDOMCounters'); // { documents, nodes, jsEventListeners }
}

test('10 widgets and 5 scale labs created and removed leave no DOM nodes or listeners behind', async ({ page }) => {
  const problems = watchConsole(page);
  await page.route('**/web/route-changes.html', (route) => route.fulfill({
    status: 200, body: PAGE, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP } }));
  await page.goto('/web/route-changes.html');
  const cdp = await page.context().newCDPSession(page);
  // One of each first, so the modules, stylesheets and the core are loaded and cached.
  const cycle = (tag, count, ready) => page.evaluate(async ({ tag, count, ready }) => {
    const main = document.querySelector('main');
    for (let i = 0; i < count; i += 1) {
      const el = document.createElement(tag);
      if (tag === 'attention-widget') el.setAttribute('preset', ['cat-sat', 'river-bank', 'it-vase'][i % 3]);
      else el.setAttribute('n', '64');
      main.append(el);
      await new Promise((resolve) => el.addEventListener(ready, resolve, { once: true }));
      el.remove();
    }
  }, { tag, count, ready });
  await cycle('attention-widget', 1, 'attention-change');
  await cycle('attention-scale', 1, 'attention-scale-result');
  const before = await counters(cdp);
  await cycle('attention-widget', WIDGETS, 'attention-change');
  await cycle('attention-scale', LABS, 'attention-scale-result');
  const after = await counters(cdp);
  expect(after.nodes - before.nodes, JSON.stringify({ before, after })).toBeLessThan(NODE_SLACK);
  expect(after.jsEventListeners - before.jsEventListeners, JSON.stringify({ before, after })).toBeLessThan(LISTENER_SLACK);
  expect(problems).toEqual([]);
});
