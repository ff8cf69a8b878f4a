// <attention-scale> in Chromium under the demo's strict CSP: readouts, heat map,
// causal mask, thermostat, keyboard, bad attributes, the worker and its fallback.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { setAndWait, waitForGrid, readout, heatPixels, cssColour } from './scale-helpers.js';

const PAGE = '/web/scale.html';
let problems;

test.beforeEach(async ({ page }) => {
  problems = watchConsole(page);
});

test.afterEach(() => {
  expect(problems).toEqual([]);
});

test('loads in a worker and shows entries = n^2 exactly, time, memory and GFLOP/s', async ({ page }) => {
  await page.goto(PAGE);
  await waitForGrid(page);
  expect(await page.evaluate(() => document.querySelector('attention-scale').computeMode)).toBe('worker');

  const result = await setAndWait(page, { n: '1000' });
  expect(result.mode).toBe('worker');
  expect(await readout(page, 'entries-count')).toBe('1,000,000');
  expect(await readout(page, 'entries')).toBe('1,000 \u00d7 1,000 = 1,000,000 entries');
  expect(await readout(page, 'n-value')).toBe('1,000');
  expect(await readout(page, 'time')).toMatch(/^[\d.,]+ ms$/);
  expect(await readout(page, 'gflops')).toMatch(/^[\d.,]+ GFLOP\/s$/);
  // 1000^2 floats (4 MB) + Q, K, V, outputs at d_k = 64 (1.024 MB)
  expect(await readout(page, 'memory')).toBe('5.02 MB');
  // Chromium validates relaxed SIMD, so the lab runs the fused multiply-add build.
  expect(await readout(page, 'where')).toMatch(/^(worker|\d workers at once), wasm relaxed SIMD \(fused multiply-add\)/);
  expect(await readout(page, 'drawn')).toBe(
    '1,000 \u00d7 1,000 = 1,000,000 entries, drawn at 500 \u00d7 500: each pixel is the mean of a 2 \u00d7 2 block.');

  await setAndWait(page, { n: '4096' });
  expect(await readout(page, 'entries-count')).toBe('16,777,216');
  expect(await readout(page, 'drawn')).toBe(
    '4,096 \u00d7 4,096 = 16,777,216 entries, drawn at 512 \u00d7 512: each pixel is the mean of an 8 \u00d7 8 block.');
  // The time plot has a dot per measured n and the fitted c n^2 curve.
  const dots = await page.locator('attention-scale svg.time-plot circle.dot').evaluateAll(
    (els) => els.map((e) => Number(e.dataset.n)));
  expect(dots).toEqual(expect.arrayContaining([256, 1000, 4096]));
  expect(Number(await page.locator('attention-scale svg.time-plot polyline.fit').getAttribute('data-c'))).toBeGreaterThan(0);
});

test('the heat map changes with the input, and the causal switch blanks the upper triangle', async ({ page }) => {
  await page.goto(PAGE);
  await waitForGrid(page);
  await setAndWait(page, { n: '64', input: 'local' });
  const local = await heatPixels(page);
  expect(local.size).toBe(64);
  await setAndWait(page, { seed: '5', input: 'random' });
  const random = await heatPixels(page);
  expect(random.rgb).not.toEqual(local.rgb);

  await setAndWait(page, { causal: '' });
  const causal = await heatPixels(page);
  const masked = await cssColour(page, '--_masked');
  const at = (img, i, j) => img.rgb.slice((i * img.size + j) * 3, (i * img.size + j) * 3 + 3);
  for (let i = 0; i < 64; i++) {
    for (let j = 0; j < 64; j++) {
      if (j > i) expect(at(causal, i, j), `pixel ${i},${j} above the diagonal`).toEqual(masked);
      else expect(at(causal, i, j), `pixel ${i},${j} on or below the diagonal`).not.toEqual(masked);
    }
  }
  await expect(page.locator('attention-scale canvas')).toHaveAttribute('aria-label', /upper-right triangle is blanked/);
  await expect(page.locator('attention-scale .masked-key')).toBeVisible();
  // The switch mirrors the attribute.
  await expect(page.locator('attention-scale #causal')).toBeChecked();
});

test('the thermostat plot shows the collapse without dividing by sqrt(d_k)', async ({ page }) => {
  await page.goto(PAGE);
  const table = page.locator('attention-scale .thermo-table tbody');
  await expect(table.locator('tr')).toHaveCount(9);
  const cell = async (dk, series) => Number(await table.locator(`tr[data-dk="${dk}"] td[data-series="${series}"]`).textContent());
  expect(await cell(512, 'unscaled-maxShare')).toBeGreaterThan(0.9);
  expect(await cell(512, 'unscaled-entropyBits')).toBeLessThan(0.5);
  for (const dk of [2, 8, 32, 128, 512]) expect(await cell(dk, 'scaled-maxShare')).toBeLessThan(0.5);
  expect(await cell(2, 'unscaled-maxShare')).toBeLessThan(await cell(64, 'unscaled-maxShare'));
  // The plotted points carry the same numbers.
  const plotted = await page.locator('attention-scale svg.thermo-plot .series.unscaled circle[data-dk="512"]').getAttribute('data-share');
  expect(Number(plotted)).toBeCloseTo(await cell(512, 'unscaled-maxShare'), 2);
  await expect(page.locator('attention-scale svg.thermo-plot')).toHaveAttribute('aria-label', /one winner takes nearly all/);
});

test('keyboard: Tab reaches the sliders and switches, arrow keys move them', async ({ page }) => {
  await page.goto(PAGE);
  await waitForGrid(page);
  const el = page.locator('attention-scale');
  await page.keyboard.press('Tab');
  await expect(el.locator('#n')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(el).toHaveAttribute('n', '257');
  await expect.poll(() => readout(page, 'entries-count')).toBe('66,049');
  await page.keyboard.press('Tab');
  await expect(el.locator('#dk')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(el).toHaveAttribute('dk', '63');
  await page.keyboard.press('Tab');
  await expect(el.locator('#scaled')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(el).toHaveAttribute('scaled', 'false');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(el).toHaveAttribute('causal', '');
  // Every control has a name a screen reader can read.
  for (const id of ['n', 'dk', 'scaled', 'causal', 'input', 'seed']) {
    await expect(el.locator(`#${id}`)).toHaveAccessibleName(/\w{3,}/);
  }
});

test('bad attributes give a clear message and never crash', async ({ page }) => {
  await page.goto(PAGE);
  await waitForGrid(page);
  const el = page.locator('attention-scale');
  const message = el.locator('.message');
  await expect(message).toBeHidden();

  await el.evaluate((e) => e.setAttribute('n', 'abc'));
  await expect(message).toHaveText('n="abc" is not a whole number; keeping n = 256.');
  expect(await readout(page, 'entries-count')).toBe('65,536');
  for (const raw of ['2.5', '1e3']) { // not whole numbers either: the last good n stays
    await el.evaluate((e, value) => e.setAttribute('n', value), raw);
    await expect(message).toHaveText(`n="${raw}" is not a whole number; keeping n = 256.`);
  }
  expect(await readout(page, 'entries-count')).toBe('65,536');

  await setAndWait(page, { n: '0' }, { expectN: 3 });
  await expect(message).toContainText('n="0" is below 3; using n = 3');
  expect(await readout(page, 'entries-count')).toBe('9');

  await el.evaluate((e) => { e.setAttribute('dk', '-1'); e.setAttribute('input', '<img src=x onerror=alert(1)>'); });
  await expect(message).toContainText('dk="-1" is below 2; using dk = 2');
  await expect(message).toContainText('input="<img src=x onerror=alert…" is not one of random, local, previous');
  expect(await el.locator('.message img').count()).toBe(0); // shown as text, never markup

  await setAndWait(page, { n: '9000', dk: '64', input: 'random' }, { expectN: 4096 });
  await expect(message).toContainText('n="9000" is above 4096; using n = 4096');
  expect(await readout(page, 'entries-count')).toBe('16,777,216');

  await setAndWait(page, { n: '300' });
  await expect(message).toBeHidden();
});

test('falls back to the main thread when asked to (no-worker), with a note', async ({ page }) => {
  await page.goto(PAGE);
  await waitForGrid(page);
  await page.evaluate(() => document.querySelector('attention-scale').setAttribute('no-worker', ''));
  const result = await setAndWait(page, { n: '500' });
  expect(result.mode).toBe('main');
  await expect(page.locator('attention-scale .note')).toContainText("main thread, because the no-worker attribute is set");
  expect(await readout(page, 'entries-count')).toBe('250,000');
  expect(await readout(page, 'where')).toMatch(/^page thread/);
});

test('removing no-worker goes back to the workers and takes the main-thread note away', async ({ page }) => {
  await page.goto(PAGE);
  await waitForGrid(page);
  const note = page.locator('attention-scale .note');
  await setAndWait(page, { 'no-worker': '', n: '300' });
  await expect(note).toBeVisible();
  const result = await setAndWait(page, { 'no-worker': null, n: '310' });
  expect(result.mode).toBe('worker');
  await expect(note).toBeHidden();
  expect(await readout(page, 'where')).toMatch(/^worker/);
});

test('the workers together draw exactly the heat map the page thread draws', async ({ page }) => {
  await page.goto(PAGE);
  await waitForGrid(page);
  const workers = await page.evaluate(() => navigator.hardwareConcurrency);
  for (const causal of [null, '']) {
    const pooled = await setAndWait(page, { n: '640', causal });
    expect(pooled.mode).toBe('worker');
    if (workers > 1) expect(await readout(page, 'where')).toMatch(/^\d workers at once/);
    const fromWorkers = await heatPixels(page);
    await setAndWait(page, { 'no-worker': '', n: '640' });
    const fromPage = await heatPixels(page);
    expect(fromWorkers.rgb).toEqual(fromPage.rgb);
    await page.evaluate(() => document.querySelector('attention-scale').removeAttribute('no-worker'));
  }
});

test('falls back to the main thread when the page cannot start a worker', async ({ page }) => {
  // What a cross-origin host does: the Worker constructor throws a SecurityError.
  await page.addInitScript(() => {
    window.Worker = class {
      constructor() { throw new DOMException('workers are refused here', 'SecurityError'); }
    };
  });
  await page.goto(PAGE);
  await waitForGrid(page);
  expect(await page.evaluate(() => document.querySelector('attention-scale').computeMode)).toBe('main');
  await expect(page.locator('attention-scale .note')).toContainText('cannot start a worker (SecurityError)');
  const result = await setAndWait(page, { n: '100', causal: '' });
  expect(result.mode).toBe('main');
  await expect(page.locator('attention-scale .thermo-table tbody tr')).toHaveCount(9);
});

test('stale requests are dropped: only the newest setting is drawn', async ({ page }) => {
  await page.goto(PAGE);
  await waitForGrid(page);
  const shown = await page.evaluate(async () => {
    const el = document.querySelector('attention-scale');
    const seen = [];
    el.addEventListener('attention-scale-result', (e) => seen.push(e.n));
    const done = new Promise((resolve) => el.addEventListener('attention-scale-result', (e) => {
      if (e.n === 3000) resolve();
    }));
    for (let n = 2000; n <= 3000; n += 100) {
      el.setAttribute('n', String(n));
      await new Promise((r) => setTimeout(r)); // a task each, like slider input events
    }
    await done;
    // One more request, after the newest: the lab computes one job at a time, so anything older
    // that were still to arrive would arrive before this one's result.
    const barrier = new Promise((resolve) => el.addEventListener('attention-scale-result', (e) => {
      if (e.n === 3001) resolve();
    }));
    el.setAttribute('n', '3001');
    await barrier;
    return seen;
  });
  expect(shown.slice(-2)).toEqual([3000, 3001]); // nothing older came after the newest
  expect(shown.length).toBeLessThan(12); // requests in between were skipped or discarded
  expect(await readout(page, 'entries-count')).toBe('9,006,001');
});

test('a long grid nobody wants any more is cut short: the newest setting shows soon after', async ({ page }) => {
  // Every job the page sends its workers, so the test knows when the long one is under way.
  await page.addInitScript(() => {
    window.posted = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message?.params?.n) window.posted.push(message.params.n);
      return post.call(this, message, ...rest);
    };
  });
  await page.goto(PAGE);
  await waitForGrid(page);
  const seen = await page.evaluate(async () => {
    const el = document.querySelector('attention-scale');
    const ns = [];
    el.addEventListener('attention-scale-result', (e) => ns.push(e.n));
    const small = new Promise((resolve) => el.addEventListener('attention-scale-result', (e) => {
      if (e.n === 10) resolve();
    }));
    el.setAttribute('dk', '512');
    el.setAttribute('n', '4096'); // seconds of work in the worker
    while (!window.posted.includes(4096)) await new Promise((r) => requestAnimationFrame(r)); // it is under way
    el.setAttribute('n', '10');   // the learner has moved on
    await small;
    return ns;
  });
  expect(seen).toEqual([10]); // the 4096 grid was never shown
  expect(await readout(page, 'entries-count')).toBe('100');
  const dots = await page.locator('attention-scale svg.time-plot circle.dot').evaluateAll((els) => els.map((e) => Number(e.dataset.n)));
  expect(dots).toEqual([10]); // and it was cut short, so it has no time either
});
