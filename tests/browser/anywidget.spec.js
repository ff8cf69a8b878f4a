// web/anywidget.js through anywidget's front-end contract, in Chromium: the module imported by
// its URL, render({ model, el }) with a model as anywidget hands one over (get, set, on, off,
// save_changes) and `el` inside a shadow root (as MyST's {anywidget} directive mounts it). The
// traits set the element, their changes follow, the state is written back, the cleanup removes
// everything; nothing is fetched from a data: URL.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { CSP } from '../../scripts/serve.mjs';

// A page of the demo's origin, under its CSP, with nothing on it.
async function blank(page) {
  await page.route('**/web/__blank.html', (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8',
    headers: { 'Content-Security-Policy': CSP }, body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>notebook</title></head><body></body></html>' }));
  await page.goto('/web/__blank.html');
}

// The page side: a stand-in for anywidget's model and the mounting, kept on window for the test.
async function mount(page, traits, module = '/web/anywidget.js') {
  return page.evaluate(async ([initial, url]) => {
    const values = { ...initial };
    const handlers = new Map();
    const model = {
      get: (name) => values[name],
      set: (name, value) => { values[name] = value; },
      save_changes: () => { window.saved += 1; },
      on: (name, callback) => handlers.set(name, [...(handlers.get(name) ?? []), callback]),
      off: (name, callback) => handlers.set(name, (handlers.get(name) ?? []).filter((c) => c !== callback)),
    };
    window.saved = 0;
    window.values = values;
    window.change = (name, value) => { values[name] = value; for (const c of handlers.get(`change:${name}`) ?? []) c(); };
    window.listening = () => [...handlers.values()].flat().length;
    const host = document.createElement('div');
    document.body.append(host);
    const el = document.createElement('div');
    host.attachShadow({ mode: 'open' }).append(el);
    const widget = (await import(url)).default;
    window.cleanup = await widget.render({ model, el });
    window.el = el;
  }, [traits, module]);
}

const mounted = (page) => page.evaluateHandle(() => window.el.lastElementChild);

test('the widget from traits: attributes and config set and followed, state written back, cleaned up', async ({ page }) => {
  const problems = watchConsole(page);
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await blank(page);
  const config = { tokens: ['a', 'b'], embeddings: [[1, 0], [0, 1]], wq: [[1, 0], [0, 1]], wk: [[1, 0], [0, 1]],
    wv: [[1, 0], [0, 1]], causal: false, scaled: true, temperature: 1, asker: 1 };
  await mount(page, { config, causal: true, theme: 'dark', show: 'grids', state: null });
  const widget = await mounted(page);
  expect(await widget.evaluate((w) => [w.localName, w.hasAttribute('causal'), w.getAttribute('theme'), w.getAttribute('show')]))
    .toEqual(['attention-widget', true, 'dark', 'grids']);
  await expect.poll(() => page.evaluate(() => window.values.state?.tokens)).toEqual(['a', 'b']);
  expect(await page.evaluate(() => window.values.state.causal)).toBe(true);
  expect(await page.evaluate(() => window.saved)).toBeGreaterThan(0);
  // Changes from the kernel side follow.
  await page.evaluate(() => window.change('causal', false));
  expect(await widget.evaluate((w) => w.hasAttribute('causal'))).toBe(false);
  await expect.poll(() => page.evaluate(() => window.values.state.causal)).toBe(false);
  await page.evaluate((c) => window.change('config', { ...c, tokens: ['x', 'y'] }), config);
  await expect.poll(() => page.evaluate(() => window.values.state.tokens)).toEqual(['x', 'y']);
  // The cleanup: the element goes, every listener on the model with it.
  await page.evaluate(() => window.cleanup());
  expect(await page.evaluate(() => [window.el.childElementCount, window.listening()])).toEqual([0, 0]);
  expect(requests.filter((url) => url.startsWith('data:'))).toEqual([]);
  // The core, found beside the modules from the module's own URL (the source modules' core has its wasm inside).
  expect(requests.some((url) => /\/dist\/attention-core\.mjs$/.test(url))).toBe(true);
  expect(problems).toEqual([]);
});

test('kind picks the lab; a kind it does not know shows the widget, with a message', async ({ page }) => {
  await blank(page);
  await mount(page, { kind: 'scale', n: 64, show: 'grid' });
  expect(await (await mounted(page)).evaluate((e) => [e.localName, e.getAttribute('n')])).toEqual(['attention-scale', '64']);
  await page.evaluate(() => window.cleanup());
  await mount(page, { kind: 'chart' });
  expect(await page.evaluate(() => [...window.el.children].map((e) => e.localName))).toEqual(['p', 'attention-widget']);
  await expect(page.getByRole('alert').filter({ hasText: 'kind "chart" is not widget, scale or heads' })).toHaveCount(1);
});

test('the one-file build (dist/anywidget.js, for MyST books): the widget from its traits; a lab says it is not in it', async ({ page }) => {
  const problems = watchConsole(page);
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await blank(page);
  const before = requests.length;
  await mount(page, { preset: 'it-vase', state: null }, '/dist/anywidget.js');
  await expect.poll(() => page.evaluate(() => window.values.state?.tokens.includes('vase'))).toBe(true);
  expect(requests.slice(before)).toEqual(['/dist/anywidget.js']); // one file: the core inside
  await page.evaluate(() => window.cleanup());
  const missing = [];
  page.on('response', (r) => r.status() === 404 && missing.push(new URL(r.url()).pathname));
  await mount(page, { kind: 'heads' }, '/dist/anywidget.js');
  await expect(page.getByRole('alert').filter({ hasText: 'The heads lab could not load here' })).toHaveCount(1);
  // The lab's module is not beside the one file: that one request fails, and is the only problem.
  expect(missing).toEqual(['/dist/attention-heads.js']);
  expect(problems.filter((p) => !p.includes('404 (Not Found)'))).toEqual([]);
});
