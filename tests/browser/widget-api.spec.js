// The element's API: attributes, the config property, a JSON child, state,
// events, independence of several widgets, hostile token text, presets, contrast.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { askerRows, gridRow, widgetAt } from './widget-helpers.js';
import { frames } from './wait-helpers.js';

let problems;
test.beforeEach(async ({ page }) => {
  problems = watchConsole(page);
  await page.goto('/');
});
test.afterEach(() => expect(problems).toEqual([]));


test('several widgets on one page stay independent', async ({ page }) => {
  const first = await widgetAt(page, 0);
  const river = await widgetAt(page, 1);
  const cash = await widgetAt(page, 2);
  const before = await cash.evaluate((el) => el.state);
  await first.getByRole('switch', { name: /causal/i }).check();
  await river.getByRole('textbox', { name: 'W_V row 1, column 1', exact: true }).fill('5');
  expect(await cash.evaluate((el) => el.state)).toEqual(before);
  expect(await river.evaluate((el) => el.state.causal)).toBe(false);
  expect(await gridRow(river, 'Shares', 'bank')).not.toHaveProperty('bank', '—');
  expect(await cash.getByRole('switch', { name: /causal/i }).isChecked()).toBe(false);
  // One core for the whole page: every widget's module import resolved to the same cached promise.
  expect(await page.evaluate(async () => {
    const { loadAttention } = await import('/wasm/attention.js');
    return loadAttention() === loadAttention();
  })).toBe(true);
});

test('attribute changes are batched into one render, unchanged values are skipped, bad values are explained', async ({ page }) => {
  const w = await widgetAt(page);
  expect(await w.evaluate(async (el) => {
    let n = 0;
    // Heard at the document (it bubbles out, composed); other widgets' first renders are not this one's.
    document.addEventListener('attention-change', (e) => { if (e.composed && e.bubbles && e.target === el) n += 1; });
    el.setAttribute('causal', '');
    el.setAttribute('scaled', '');
    el.setAttribute('temperature', '2');
    el.setAttribute('asker', 'cat');
    await new Promise((resolve) => setTimeout(resolve)); // a task later: the microtask's batch has run
    return n;
  })).toBe(1);
  // divisor √2 · 2 ≈ 2.83: cat's row (−2, 2) / 2.83 -> shares 0.20 / 0.80, sat masked.
  expect(await gridRow(w, 'Shares', 'cat')).toEqual({ the: '0.20', cat: '0.80', sat: '—' });
  await expect(w.locator('.story')).toHaveText(/^cat keeps 80% of its attention for itself and gives 20% to the\.$/);
  expect(await w.evaluate(async (el) => {
    let n = 0;
    el.addEventListener('attention-change', () => { n += 1; });
    el.setAttribute('temperature', '2'); // unchanged: skipped
    await new Promise((resolve) => setTimeout(resolve)); // a task later: the microtask's batch has run
    return n;
  })).toBe(0);

  await w.evaluate((el) => el.setAttribute('temperature', 'abc'));
  const error = w.locator('.widget-error');
  await expect(error).toHaveText(/temperature must be a number above 0/);
  expect(await w.evaluate((el) => el.state.temperature)).toBe(2);
  await w.evaluate((el) => el.setAttribute('preset', 'nope'));
  await expect(error).toHaveText(/preset "nope" is unknown; use one of cat-sat, river-bank, cash-bank, it-vase/);
  expect(await w.evaluate((el) => el.state.tokens)).toEqual(['the', 'cat', 'sat']);

  await w.evaluate((el) => {
    el.removeAttribute('causal');
    el.removeAttribute('scaled');
    el.removeAttribute('temperature');
    el.setAttribute('preset', 'it-vase');
    el.setAttribute('asker', 'it');
  });
  await expect(error).toBeHidden();
  await expect(w.locator('.story')).toHaveText(/^it pays \d+% of its attention to vase/);
  expect(await w.evaluate((el) => el.state)).toMatchObject({ causal: false, scaled: false, temperature: 1, asker: 7 });
});

test('a JSON child configures a custom example; hostile token text stays text', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (d) => { dialogs += 1; d.dismiss(); });
  await page.evaluate(() => {
    const el = document.createElement('attention-widget');
    el.id = 'custom';
    const json = document.createElement('script');
    json.type = 'application/json';
    json.textContent = JSON.stringify({
      tokens: ['<img src=x onerror=alert(1)>', '<b>bold</b>', 'plain'],
      embeddings: [[1, 0], [0, 1], [1, 1]],
      wq: [[1, 0], [0, 1]], wk: [[1, 0], [0, 1]], wv: [[1, 0], [0, 1]],
      causal: true, asker: 'plain',
    });
    el.append(json);
    document.querySelector('main').prepend(el);
  });
  const w = page.locator('#custom');
  await expect(w.getByRole('table', { name: 'Scores', exact: true })).toBeVisible();
  await expect(w.getByRole('rowheader', { name: '<img src=x onerror=alert(1)>', exact: true }).first()).toBeVisible();
  expect(await gridRow(w, 'Scores', 'plain')).toEqual({ '<img src=x onerror=alert(1)>': '1.00', '<b>bold</b>': '1.00', plain: '2.00' });
  expect(await gridRow(w, 'Shares', '<b>bold</b>')).toMatchObject({ plain: '—' });
  expect(await w.evaluate((el) => [el.shadowRoot.querySelectorAll('img, b').length, document.querySelectorAll('img').length]))
    .toEqual([0, 0]);
  expect(await w.evaluate((el) => el.state)).toMatchObject({ causal: true, asker: 2 });
  await frames(page); // no element was made of the markup (above), so no handler can run later
  expect(dialogs).toBe(0);
});

test('config and state: a plain object round-trips; a bad config is explained and the last good state kept', async ({ page }) => {
  const a = await widgetAt(page, 0);
  const b = await widgetAt(page, 3);
  const state = await a.evaluate((el) => {
    el.setAttribute('scaled', '');
    return el.state;
  });
  await page.waitForFunction(() => document.querySelector('attention-widget').state.scaled === true);
  const copied = await b.evaluate(async (el, s) => {
    el.config = JSON.parse(JSON.stringify(s));
    await new Promise((resolve) => setTimeout(resolve)); // a task later: the microtask's batch has run
    return el.state;
  }, await a.evaluate((el) => el.state));
  expect(copied).toEqual({ ...state, scaled: true });
  expect(await gridRow(b, 'Shares', 'sat')).toEqual({ the: '0.14', cat: '0.58', sat: '0.28' });

  await b.evaluate((el) => {
    el.config = { tokens: ['a', 'b'], embeddings: [[1, 2], [3, 4]], wq: [[1]], wk: [[1, 2]], wv: [[1, 2]] };
  });
  await expect(b.locator('.widget-error')).toContainText('wq');
  await b.evaluate((el) => { el.config = { tokens: 'the cat' }; });
  await expect(b.locator('.widget-error')).toHaveText(/tokens must be a non-empty array of strings/);
  await b.evaluate((el) => { el.config = { ...el.state, embeddings: [[1, 0, 0], [0, 1, 0], [1, NaN, 1]] }; });
  await expect(b.locator('.widget-error')).toHaveText(/embeddings row 3, column 2 is NaN; use a number between −1000 and 1000/);
  expect(await b.evaluate((el) => el.state.tokens)).toEqual(['the', 'cat', 'sat']);
  expect(await gridRow(b, 'Shares', 'sat')).toEqual({ the: '0.14', cat: '0.58', sat: '0.28' });
});

test('presets show what they exist for: bank blends toward its company; "it" finds the vase', async ({ page }) => {
  const river = await widgetAt(page, 1);
  const cash = await widgetAt(page, 2);
  const vase = await widgetAt(page, 3);
  const facts = await page.evaluate(async () => {
    const { presetState } = await import('/web/model/presets.js');
    const { loadAttention } = await import('/wasm/attention.js');
    const attn = await loadAttention();
    const run = (name, asker) => {
      const s = presetState(name);
      const r = attn.attend(s);
      const i = s.tokens.indexOf(asker);
      const top = r.weights[i].indexOf(Math.max(...r.weights[i]));
      return { embedding: s.embeddings[i], top: s.tokens[top], output: r.outputs[i], asker: s.asker === i };
    };
    return { river: run('river-bank', 'bank'), cash: run('cash-bank', 'bank'), it: run('it-vase', 'it') };
  });
  expect(facts.river.embedding).toEqual(facts.cash.embedding); // one frozen arrow for "bank"
  expect(facts.river.top).toBe('river');
  expect(facts.cash.top).toBe('cash');
  expect(facts.river.output[0]).toBeGreaterThan(2 * facts.river.output[1]); // toward river-ness
  expect(facts.cash.output[1]).toBeGreaterThan(2 * facts.cash.output[0]);   // toward money-ness
  expect(facts.it.top).toBe('vase');
  expect(facts.river.asker && facts.cash.asker && facts.it.asker).toBe(true);
  // And the widgets say so, in words and in the shares column.
  await expect(river.locator('.story')).toHaveText(/^bank pays \d+% of its attention to river/);
  await expect(cash.locator('.story')).toHaveText(/^bank pays \d+% of its attention to cash/);
  await expect(vase.locator('.story')).toHaveText(/^it pays \d+% of its attention to vase/);
  const shares = await askerRows(vase);
  const best = Object.entries(shares).filter(([k]) => k !== 'total').sort((x, y) => Number(y[1].share) - Number(x[1].share))[0];
  expect(best[0]).toBe('vase');
});

test('heat-map and role-coloured text meets WCAG AA contrast, in light and dark themes', async ({ page }) => {
  const worst = () => page.evaluate(() => {
    const rgb = (s) => s.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lum = (c) => {
      const [r, g, b] = c.map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    let min = Infinity;
    let read = 0;
    for (const w of document.querySelectorAll('attention-widget')) {
      const root = w.shadowRoot;
      // A widget built ahead of its core is hidden until its numbers are painted, and panels not
      // on screen (behind a guided tour, or a reveal's later frame) are painted when they come:
      // only what is shown is read.
      if (root.querySelector('.body')?.hidden) continue;
      for (const cell of root.querySelectorAll('td.heat:not(.masked)')) {
        if (!cell.checkVisibility()) continue;
        read += 1;
        const s = getComputedStyle(cell);
        min = Math.min(min, ratio(rgb(s.color), rgb(s.backgroundColor)));
      }
      for (const v of root.querySelectorAll('.vec')) {
        if (!v.checkVisibility()) continue;
        const s = getComputedStyle(v);
        min = Math.min(min, ratio(rgb(s.color), rgb(s.backgroundColor)));
      }
    }
    if (read < 9) throw new Error(`only ${read} heat cells on screen to check`);
    return min;
  });
  await widgetAt(page, 3);
  expect(await worst()).toBeGreaterThanOrEqual(4.5);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => {
    const cell = document.querySelector('attention-widget').shadowRoot.querySelector('td.heat');
    return getComputedStyle(cell).backgroundColor !== 'rgb(247, 251, 255)' && !!cell;
  });
  // Every widget repaints in the new colours, the first above being one; then every cell reads at 4.5:1 or more.
  await expect.poll(worst).toBeGreaterThanOrEqual(4.5);
});

test('exponentials too large for a number print as "too large to print", never "Infinity"', async ({ page }) => {
  const w = await widgetAt(page, 0);
  await w.evaluate((el) => {
    el.config = {
      tokens: ['big', 'small'], embeddings: [[1000, 0], [0, 1]],
      wq: [[1000, 0], [0, 1]], wk: [[1000, 0], [0, 1]], wv: [[1, 0], [0, 1]], asker: 'big',
    };
  });
  await expect(w.locator('.story')).toHaveText('big keeps 100% of its attention for itself.');
  const rows = await askerRows(w);
  expect(rows.big['e^score']).toContain('is too large to print');
  expect(rows.total).toContain('too large to print');
  expect(rows.big.share).toBe('1.00');
  expect(await w.evaluate((el) => el.shadowRoot.querySelector('.aw').textContent)).not.toContain('Infinity');
});

test('a config the core refuses changes nothing, and Reset still restores the last good example', async ({ page }) => {
  const w = await widgetAt(page, 0);
  await w.getByRole('textbox', { name: 'W_Q row 1, column 1', exact: true }).fill('3');
  await w.evaluate((el) => {
    el.config = { tokens: ['a', 'b'], embeddings: [[1, 2], [3, 4]], wq: [[1]], wk: [[1, 2]], wv: [[1, 2]] };
  });
  await expect(w.locator('.widget-error')).toContainText('wq');
  expect(await w.evaluate((el) => el.state.wq[0][0])).toBe(3);
  await w.getByRole('button', { name: 'Reset to preset' }).click();
  await expect(w.locator('.widget-error')).toBeHidden();
  expect(await w.evaluate((el) => el.state.wq)).toEqual([[2, 0, -1], [0, 2, -1]]);
  await expect(w.locator('.chapter-note')).toBeVisible();
});
