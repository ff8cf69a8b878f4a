// The example model's rules as a page sees them (issue 10's defects 3, 8, 13, 16): a link
// or JSON child the core refuses keeps the page's own example, removing an attribute
// restores the example's own value and Reset keeps it, `config = other.state` keeps the
// asker when tokens are numerals, and a refused attribute fires no attention-change.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { widgetAt } from './widget-helpers.js';
import { frames } from './wait-helpers.js';
import { CSP } from '../../scripts/serve.mjs';

const OWN = { tokens: ['a', 'b', 'c'], embeddings: [[1, 0], [0, 1], [1, 1]], wq: [[1, 0], [0, 1]],
  wk: [[1, 0], [0, 1]], wv: [[2, 0], [0, 2]], causal: true, scaled: true, temperature: 2, asker: 0 };
// Reads (shapes are the core's to judge), but the core refuses it: wq has 1 column, the embeddings 2.
const REFUSED = { ...OWN, wq: [[1]], wk: [[1]], wv: [[1]] };
const payload = (s) => `1.${Buffer.from(JSON.stringify({ t: s.tokens, x: s.embeddings, q: s.wq, k: s.wk, v: s.wv,
  c: s.causal ? 1 : 0, s: s.scaled ? 1 : 0, T: s.temperature, a: s.asker })).toString('base64url')}`;

let problems;
test.beforeEach(async ({ page }) => {
  problems = watchConsole(page);
  await page.route((url) => url.pathname === '/web/model-page.html', (route) => {
    const body = new URL(route.request().url()).searchParams.get('body');
    route.fulfill({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>t</title>
<script type="module" src="./attention-widget.js"></script></head><body><main>${body}</main></body></html>` });
  });
});
test.afterEach(() => expect(problems).toEqual([]));

const open = (page, body, hash = '') => page.goto(`/web/model-page.html?body=${encodeURIComponent(body)}${hash}`);

test('a link the core refuses keeps the page\'s own example and says so; so does a refused JSON child', async ({ page }) => {
  await open(page, '<attention-widget preset="river-bank"></attention-widget>', `#aw=${payload(REFUSED)}`);
  let w = await widgetAt(page);
  await expect(w.locator('.widget-error')).toHaveText(/^The shared link could not be restored: wq is 1 x 1/);
  expect(await w.evaluate((el) => el.state.tokens)).toEqual(['we', 'fished', 'from', 'the', 'river', 'bank']);

  await open(page, `<attention-widget preset="it-vase"><script type="application/json">${JSON.stringify(REFUSED)}</script></attention-widget>`);
  w = await widgetAt(page);
  await expect(w.locator('.widget-error')).toHaveText(/^The JSON config inside the widget could not be used: wq is 1 x 1/);
  expect(await w.evaluate((el) => el.state.tokens)).toContain('vase');
});

test('removing an attribute restores the JSON child\'s own value, and Reset keeps its own switches and asker', async ({ page }) => {
  await open(page, `<attention-widget><script type="application/json">${JSON.stringify(OWN)}</script></attention-widget>`);
  const w = await widgetAt(page);
  const flags = () => w.evaluate((el) => [el.state.causal, el.state.scaled, el.state.temperature, el.state.asker]);
  expect(await flags()).toEqual([true, true, 2, 0]);
  await w.evaluate((el) => { el.setAttribute('causal', 'false'); el.setAttribute('temperature', '0.5'); el.setAttribute('asker', 'c'); });
  await expect.poll(flags).toEqual([false, true, 0.5, 2]);
  await w.evaluate((el) => { el.removeAttribute('causal'); el.removeAttribute('temperature'); el.removeAttribute('asker'); });
  await expect.poll(flags).toEqual([true, true, 2, 0]);
  await w.getByRole('switch', { name: /causal/i }).uncheck();
  await w.getByRole('button', { name: 'Reset to preset' }).click();
  await expect.poll(flags).toEqual([true, true, 2, 0]);
});

test('config = other.state keeps the asker when the tokens are numerals', async ({ page }) => {
  const numerals = { ...OWN, tokens: ['1', '0', '2'], asker: 0 };
  await open(page, `<attention-widget id="a"></attention-widget><attention-widget id="b"><script type="application/json">${
    JSON.stringify(numerals)}</script></attention-widget>`);
  const a = await widgetAt(page, 0);
  await widgetAt(page, 1);
  for (const asker of [0, 1, 2]) {
    await page.evaluate((i) => {
      const b = document.getElementById('b');
      b.shadowRoot.querySelector('select').value = String(i);
      b.shadowRoot.querySelector('select').dispatchEvent(new Event('change'));
      document.getElementById('a').config = b.state;
    }, asker);
    await expect.poll(() => a.evaluate((el) => el.state.asker)).toBe(asker);
  }
});

test('a refused attribute fires no attention-change and leaves an open "Copy link" field open', async ({ page }) => {
  await open(page, '<attention-widget></attention-widget>');
  const w = await widgetAt(page);
  await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError')); });
  await w.getByRole('button', { name: /copy link/i }).click();
  const field = w.getByRole('textbox', { name: 'Link to this state' });
  await expect(field).toBeVisible();
  const events = await w.evaluate(async (el) => {
    const seen = [];
    el.addEventListener('attention-change', (e) => seen.push(e.reason));
    el.addEventListener('attention-error', (e) => seen.push(`error ${e.code}`));
    for (const [name, value] of [['temperature', 'abc'], ['asker', 'nobody'], ['temperature', '0'], ['causal', 'maybe']]) {
      el.setAttribute(name, value);
      await new Promise((resolve) => setTimeout(resolve)); // a task later: the microtask's batch has run
    }
    return seen;
  });
  expect(events).toEqual(['error bad_attribute', 'error bad_attribute', 'error bad_attribute', 'error bad_attribute']);
  await expect(field).toBeVisible();
  await expect(w.locator('.widget-error')).toContainText('causal="maybe" is not true or false');
  await frames(page); // a late message or console error would come by now
});

test('another view subscribes to widget.model; a proposed state repaints the widget, which says why', async ({ page }) => {
  await open(page, '<attention-widget></attention-widget>');
  const w = await widgetAt(page);
  const seen = await w.evaluate(async (el) => {
    const views = [];
    const reasons = [];
    el.addEventListener('attention-change', (e) => reasons.push(e.reason));
    const stop = el.model.subscribe(({ reason, state, result }) => views.push([reason, state.temperature, result.weights[2].length]));
    el.shadowRoot.querySelector('input[aria-label="W_Q row 1, column 1"]').value = '3';
    el.shadowRoot.querySelector('input[aria-label="W_Q row 1, column 1"]').dispatchEvent(new Event('input'));
    const outcome = el.model.propose({ ...el.model.state, temperature: 2 }, 'step');
    stop();
    el.model.propose({ ...el.model.state, temperature: 0.5 }, 'train');
    return { views, reasons, ok: outcome.ok, slider: el.shadowRoot.querySelector('input[type="range"]').value };
  });
  expect(seen).toEqual({ views: [['edit', 1, 3], ['step', 2, 3]], reasons: ['edit', 'step', 'train'], ok: true, slider: '0.5' });
});
