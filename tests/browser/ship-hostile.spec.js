// Hostile input through every door of <attention-widget>: attributes, the JSON child,
// the config property, the shared-link state in the URL, and typed cells. Each case:
// a clear message in the widget, the last good state kept, nothing injected (no new
// elements, window.__pwned never set), no console errors, no hang (the test timeout).
// widget-api / widget-edit specs cover the basic cases; these are the ones they do not.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { gridRow, widgetAt } from './widget-helpers.js';
import { encodeState } from '../../web/model/share.js';

// Token names are at most 40 characters, so the markup that must stay text is short; the
// attribute cases use the long form (a whole payload) too.
const EVIL = '<img src=x onerror="__pwned=1">';
const EVIL_LONG = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const MEGA = 'x'.repeat(1 << 20); // a 1 MB token name
const CHAPTER_SAT = { the: '0.09', cat: '0.67', sat: '0.24' };
const valid = { tokens: ['the', 'cat', 'sat'], embeddings: [[1, 0, 0], [0, 1, 0], [1, 1, 1]],
  wq: [[2, 0, -1], [0, 2, -1]], wk: [[1, 1, -2], [-1, 1, 1]], wv: [[0, 3, -2], [2, 1, -3]] };
const many = (n) => ({ ...valid, tokens: Array.from({ length: n }, (_, i) => `t${i}`),
  embeddings: Array.from({ length: n }, () => [1, 0, 0]) });

test.describe.configure({ mode: 'parallel' });

let problems;
test.beforeEach(async ({ page }) => {
  problems = watchConsole(page);
  page.on('dialog', (d) => { problems.push(`dialog: ${d.message()}`); d.dismiss(); });
  await page.goto('/web/embed.html'); // one widget, nothing else: fast to load
});
test.afterEach(async ({ page }) => {
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  expect(await injected(page)).toEqual({ img: 0, iframe: 0, object: 0, scripts: 1 });
  expect(problems).toEqual([]);
});

/** Elements that hostile text could have created, in the page and in every widget's shadow root. */
function injected(page) {
  return page.evaluate(() => {
    const roots = [document, ...[...document.querySelectorAll('attention-widget')].map((w) => w.shadowRoot)];
    const count = (sel) => roots.reduce((n, r) => n + r.querySelectorAll(sel).length, 0);
    return { img: count('img'), iframe: count('iframe'), object: count('object, embed'),
      scripts: count('script:not([type="application/json"])') };
  });
}

/** Asserts the widget shows `message`, keeps `before` (its state) and still shows the chapter's numbers. */
async function expectRefused(w, before, message) {
  await expect(w.locator('.widget-error')).toContainText(message);
  expect(await w.evaluate((el) => el.state)).toEqual(before);
  expect(await gridRow(w, 'Shares', 'sat')).toEqual(CHAPTER_SAT);
  // Messages quote at most a short piece of what they were given: no megabyte of text on screen.
  expect((await w.locator('.widget-error').textContent()).length).toBeLessThan(600);
}

test.describe('attributes', () => {
  const cases = [
    ['preset', EVIL_LONG, /preset "<img src=x onerror=.*" is unknown/],
    ['preset', MEGA, /preset "x{40}…" is unknown/],
    ['asker', EVIL_LONG, /asker "<img src=x onerror=.*" is not one of the tokens/],
    ['asker', MEGA, /asker "x{40}…" is not one of the tokens/],
    ['asker', '99999999999999999999', /is not one of the tokens/],
    ['temperature', 'NaN', /temperature must be a number above 0/],
    ['temperature', 'Infinity', /temperature must be a number above 0/],
    ['temperature', '1e308', /temperature must be a number above 0 and at most 100/],
    ['temperature', '-0', /temperature must be a number above 0/],
    ['temperature', MEGA, /temperature must be a number above 0/],
  ];
  // One page, case after case (each page load costs more than the cases): set, check, remove.
  test('each bad attribute is explained and refused', async ({ page }) => {
    const w = await widgetAt(page);
    const before = await w.evaluate((el) => el.state);
    for (const [name, value, message] of cases) {
      await test.step(`${name}=${JSON.stringify(value.slice(0, 24))}${value.length > 24 ? '…' : ''}`, async () => {
        await w.evaluate((el, [n, v]) => el.setAttribute(n, v), [name, value]);
        await expectRefused(w, before, message);
        await w.evaluate((el, n) => el.removeAttribute(n), name);
        await expect(w.locator('.widget-error')).toBeHidden();
      });
    }
  });
});

test.describe('config property', () => {
  const cases = [
    ['HTML in a token (accepted, shown as text)', { ...valid, tokens: ['the', EVIL, 'sat'] }, null],
    ['a 1 MB token', { ...valid, tokens: ['the', MEGA, 'sat'] }, /token 2 is 1048576 characters long; at most 40 fit/],
    ['2000 tokens', many(2000), /there are 2000 tokens; the widget shows at most 16/],
    ['NaN', { ...valid, wq: [[NaN, 0, -1], [0, 2, -1]] }, /wq row 1, column 1 is NaN/],
    ['Infinity', { ...valid, wk: [[1, 1, -2], [-1, Infinity, 1]] }, /wk row 2, column 2 is Infinity/],
    ['1e308', { ...valid, wv: [[0, 3, -2], [2, 1, 1e308]] }, /wv row 2, column 3 is 1e\+308; use a number between/],
    ['a ragged matrix', { ...valid, wq: [[2, 0, -1], [0, 2]] }, /wq|columns|numbers/],
    ['wrong widths', { ...valid, wk: [[1, 1], [-1, 1]] }, /wk is 2 x 2 but the embeddings have 3 numbers each/],
    ['a number as a token', { ...valid, tokens: ['the', 7, 'sat'] }, /token 2 must be a non-empty string/],
    ['an array', [1, 2, 3], /config must be an object/],
    ['a broken link payload', '1.!!!', /the shared state is damaged/],
    ['an object with getters that throw', 'getter', /config|tokens/],
  ];
  test('each bad config is explained and refused; HTML tokens and -0 are accepted as text and 0', async ({ page }) => {
    const w = await widgetAt(page);
    const before = await w.evaluate((el) => el.state);
    for (const [name, config, message] of cases.filter((c) => c[2])) {
      await test.step(name, async () => {
        await w.evaluate((el, c) => {
          el.config = c === 'getter' ? { get tokens() { throw new Error('config tokens getter'); } } : c;
        }, config);
        await expectRefused(w, before, message);
      });
    }
    // -0 is a number like any other: accepted, printed as 0.
    await w.evaluate((el, c) => { el.config = c; }, { ...valid, embeddings: [[1, -0, 0], [0, 1, 0], [1, 1, 1]] });
    await expect(w.locator('.widget-error')).toBeHidden();
    expect(await gridRow(w, 'Shares', 'sat')).toEqual(CHAPTER_SAT);
    await w.evaluate((el, c) => { el.config = c; }, cases[0][1]);
    await expect(w.getByRole('rowheader', { name: EVIL, exact: true }).first()).toBeVisible();
    await expect(w.locator('.title')).toHaveText(`the ${EVIL} sat`);
  });
});

test.describe('config property, values only a script can make', () => {
  // Built in the page: getters that throw anything, BigInt, circular, null-prototype and function entries.
  const cases = [
    ['a getter that throws null', 'throw-null', /^the config could not be read: reading it threw null/],
    ['a getter that throws undefined', 'throw-undefined', /^the config could not be read: reading it threw undefined/],
    ['a getter that throws a string', 'throw-string', /^the config could not be read: reading it threw "nope"/],
    ['a getter that throws a number', 'throw-number', /^the config could not be read: reading it threw 42/],
    ['a BigInt entry', 'bigint', /^wq row 1, column 2 is 1000+…n \(a BigInt\); use a number/],
    ['a circular entry', 'circular', /^wq row 1, column 2 is an array of 3; use a number/],
    ['a null-prototype entry', 'null-proto', /^wq row 1, column 2 is an object; use a number/],
    ['a function entry', 'function', /^wq row 1, column 2 is a function; use a number/],
    ['a 1 MB string entry', 'mega', /^wq row 1, column 2 is "x{24}…"; use a number/],
  ];
  test('each is explained in a short message, never an uncaught TypeError or the engine\'s words', async ({ page }) => {
    const w = await widgetAt(page);
    const before = await w.evaluate((el) => el.state);
    for (const [name, kind, message] of cases) {
      await test.step(name, async () => {
        await w.evaluate((el, [kind, valid]) => {
          const entry = (x) => { const c = structuredClone(valid); c.wq[0][1] = x; return c; };
          const throwing = (value) => ({ ...valid, get wk() { throw value; } });
          const circular = [1, 2];
          circular.push(circular);
          el.config = {
            'throw-null': () => throwing(null), 'throw-undefined': () => throwing(undefined),
            'throw-string': () => throwing('nope'), 'throw-number': () => throwing(42),
            bigint: () => entry(10n ** 400n), circular: () => entry(circular), 'null-proto': () => entry(Object.create(null)),
            function: () => entry(function secret() { return 'source'; }), mega: () => entry('x'.repeat(1 << 20)),
          }[kind]();
        }, [kind, valid]);
        await expectRefused(w, before, message);
        const text = await w.locator('.widget-error').textContent();
        expect(text.length).toBeLessThan(200);
        expect(text).not.toMatch(/TypeError|Cannot (read|convert)|serialize a BigInt|circular structure|secret|source/);
      });
    }
  });
});

test.describe('JSON child', () => {
  const cases = [
    ['malformed JSON', '{ "tokens": ["a", }', /the JSON config inside the widget is not valid JSON/],
    ['JSON that is not an object', '"just text"', /config must be an object/],
    ['a 1 MB token', JSON.stringify({ ...valid, tokens: ['the', MEGA, 'sat'] }), /token 2 is 1048576 characters long/],
    ['2000 tokens', JSON.stringify(many(2000)), /there are 2000 tokens; the widget shows at most 16/],
    ['1e308', JSON.stringify({ ...valid, wq: [[1e308, 0, -1], [0, 2, -1]] }), /wq row 1, column 1 is 1e\+308/],
    ['a 1 MB matrix entry', JSON.stringify({ ...valid, wk: [[MEGA, 1, -2], [-1, 1, 1]] }), /: wk row 1, column 1 is "x{24}…"; use a number/],
    ['a closing script tag in a token', JSON.stringify({ ...valid, tokens: ['</script><img src=x>', 'b', 'c'] }), null],
  ];
  test('each bad JSON child is explained; the widget shows the chapter instead', async ({ page }) => {
    for (const [name, json, message] of cases) await test.step(name, async () => {
      // A new widget with the JSON child: the page's example is what it starts from when the child is bad.
      await page.evaluate((text) => {
        document.querySelectorAll('attention-widget.json-case').forEach((old) => old.remove());
        const widget = document.createElement('attention-widget');
        widget.className = 'json-case';
        const child = document.createElement('script');
        child.type = 'application/json';
        child.textContent = text;
        widget.append(child);
        document.body.prepend(widget);
      }, json);
      const w = await widgetAt(page, 0);
      if (!message) {
        await expect(w.getByRole('rowheader', { name: '</script><img src=x>', exact: true }).first()).toBeVisible();
        return;
      }
      await expect(w.locator('.widget-error')).toContainText(message);
      expect((await w.locator('.widget-error').textContent()).length).toBeLessThan(600); // a short, cut piece
      expect(await gridRow(w, 'Shares', 'sat')).toEqual(CHAPTER_SAT);
    });
  });
});

test.describe('URL state (#aw=)', () => {
  const raw = (value) => `1.${Buffer.from(JSON.stringify(value)).toString('base64url')}`;
  const payload = (state) => encodeState({ causal: false, scaled: false, temperature: 1, asker: 2, ...state });
  const cases = [
    ['HTML in a token (restored, shown as text)', () => payload({ ...valid, tokens: ['the', EVIL, 'sat'] }), null],
    ['not base64url', () => '1.<script>alert(1)</script>', /the shared state is damaged/],
    ['an unknown version', () => '9.eyJ0IjpbXX0', /should start with "1\."/],
    ['an oversized payload', () => `1.${'A'.repeat(200_000)}`, /200002 characters long; at most 16000 are read/],
    ['2000 tokens', () => payload(many(2000)), /at most 16000 are read|there are 2000 tokens/],
    ['1e308 in a cell', () => payload({ ...valid, wv: [[1e308, 3, -2], [2, 1, -3]] }), /wv row 1, column 1 is 1e\+308/],
    ['an asker out of range', () => payload({ ...valid, asker: 7 }), /asker is 7; it must be a token index from 0 to 2/],
    ['a switch that is not 0 or 1', () => raw({ t: valid.tokens, x: valid.embeddings, q: valid.wq, k: valid.wk,
      v: valid.wv, c: '<b>', s: 0, T: 1, a: 2 }), /switch "c" is "<b>"; it must be 0 or 1/],
    // Shapes are the core's to judge, once it has loaded: its own message, and the chapter's example.
    ['wrong shapes', () => raw({ t: ['a'], x: [[1, 2]], q: [[1]], k: [[1, 2]], v: [[1, 2]] }), /wq is 1 x 1/, 'core'],
    ['JSON that is an array', () => raw([1, 2]), /not an object/],
  ];
  test('each bad link is explained; the page\'s own example shows', async ({ page }) => {
    for (const [i, [name, make, message, judge]] of cases.entries()) await test.step(name, async () => {
      await page.goto(`/web/embed.html?case=${i}#aw=${make()}`); // a new document, not a hash change
      const w = await widgetAt(page);
      if (!message) {
        await expect(w.getByRole('rowheader', { name: EVIL, exact: true }).first()).toBeVisible();
        return;
      }
      if (judge !== 'core') await expect(w.locator('.widget-error')).toContainText('The shared link could not be restored');
      await expectRefused(w, { ...valid, causal: false, scaled: false, temperature: 1, asker: 2 }, message);
    });
  });
});

test.describe('typed cells', () => {
  test('markup and odd numerals are refused with a message; -0 is a number', async ({ page }) => {
    const w = await widgetAt(page);
    const before = await w.evaluate((el) => el.state);
    const input = w.getByRole('textbox', { name: 'W_Q row 1, column 1', exact: true });
    for (const [i, text] of [EVIL, '1e308', '-1e-400x', '0x10', '١٢'].entries()) {
      await test.step(JSON.stringify(text), async () => {
        await input.fill(text);
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        const alert = w.getByRole('alert').filter({ hasText: 'W_Q row 1, column 1' });
        await expect(alert).toContainText(i === 1 ? 'out of range' : 'not a number');
        expect(await w.evaluate((el) => el.state)).toEqual(before);
      });
    }
    await input.fill('2');
    await expect(input).not.toHaveAttribute('aria-invalid');
    const zero = w.getByRole('textbox', { name: 'W_Q row 1, column 2', exact: true });
    await zero.fill('-0');
    await expect(zero).not.toHaveAttribute('aria-invalid');
    await expect(input).not.toHaveAttribute('aria-invalid');
    expect(await gridRow(w, 'Shares', 'sat')).toEqual(CHAPTER_SAT);
  });
});
