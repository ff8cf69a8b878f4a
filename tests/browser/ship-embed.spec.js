// The iframe page, web/embed.html, inside a parent page on ANOTHER origin (a second
// server on a free port): settings from the query string, the height posted to the
// parent, bad values explained, a copied link that restores inside the iframe.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { gridRow, widgetAt } from './widget-helpers.js';
import { serveFolder } from '../package/serve-folder.mjs';
import { encodeState } from '../../web/model/share.js';

// The parent-side snippet from the README ("Embed it in a course site"), with the widget's origin filled in.
const parentPage = (widgetOrigin, src) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A course platform</title></head>
<body><h1>Chapter 3</h1>
<iframe id="attention" src="${widgetOrigin}${src}" title="Attention widget" width="100%" allow="clipboard-write"
  style="border: 0; width: 100%"></iframe>
<script>
  window.heights = [];
  addEventListener('message', (event) => {
    const frame = document.getElementById('attention');
    if (event.origin !== '${widgetOrigin}' || event.source !== frame.contentWindow) return;
    const { type, height } = event.data ?? {};
    if (type === 'attention-widget:height' && Number.isFinite(height)) {
      frame.style.height = height + 'px';
      window.heights.push(height);
    }
  });
</script></body></html>`;

let parent;
let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(async () => {
  await parent?.close();
  parent = null;
  expect(problems).toEqual([]);
});

/** Serves a parent page on another origin that frames embed.html?query; the frame's widget. */
async function framed(page, baseURL, query = '') {
  parent = await serveFolder('/nonexistent', { pages: { '/': parentPage(baseURL, `/web/embed.html${query}`) } });
  expect(new URL(parent.origin).origin).not.toBe(new URL(baseURL).origin);
  await page.goto(`${parent.origin}/`);
  const frame = page.frameLocator('#attention');
  const widget = frame.locator('attention-widget');
  await expect(widget.getByRole('table', { name: 'Shares', exact: true })).toBeVisible();
  return { frame, widget };
}

const frameHeight = (page) => page.locator('#attention').evaluate((f) => f.getBoundingClientRect().height);

test('the iframe renders the chapter numbers and the parent sizes it from the posted height', async ({ page, baseURL }) => {
  const { widget } = await framed(page, baseURL);
  expect(await gridRow(widget, 'Shares', 'sat')).toEqual({ the: '0.09', cat: '0.67', sat: '0.24' });
  await expect.poll(async () => {
    const heights = await page.evaluate(() => window.heights);
    const content = await page.frames()[1].evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    return heights.at(-1) === content && content > 600 && Math.round(await frameHeight(page)) === content;
  }).toBe(true);
  // No page chrome: the widget is the page.
  expect(await page.frames()[1].evaluate(() => [...document.body.children]
    .filter((n) => !n.hidden).map((n) => n.localName))).toEqual(['attention-widget']);

  // A narrower parent: the widget stacks its panels, grows taller, and says so again.
  const before = (await page.evaluate(() => window.heights)).at(-1);
  await page.setViewportSize({ width: 420, height: 900 });
  await expect.poll(async () => (await page.evaluate(() => window.heights)).at(-1)).toBeGreaterThan(before);
  await expect.poll(async () => Math.round(await frameHeight(page))).toBe((await page.evaluate(() => window.heights)).at(-1));
});

test('settings from the query string: preset, causal, scaled, temperature, asker', async ({ page, baseURL }) => {
  const { widget } = await framed(page, baseURL, '?preset=river-bank&causal=1&scaled=0&temperature=0.5&asker=river');
  expect(await widget.evaluate((el) => el.state)).toMatchObject({ causal: true, scaled: false, temperature: 0.5, asker: 4 });
  expect(await widget.evaluate((el) => el.state.tokens.at(-1))).toBe('bank');
  expect(await gridRow(widget, 'Shares', 'we')).toMatchObject({ fished: '—' });
  await expect(widget.locator('.widget-error')).toBeHidden();
});

test('custom numbers in w= (the share link encoding) restore exactly', async ({ page, baseURL }) => {
  const state = { tokens: ['a', 'b'], embeddings: [[1, 0.125], [-0.5, 3]], wq: [[1, 2]], wk: [[0.3, -1]], wv: [[2, 2], [1e-3, 7]],
    causal: false, scaled: true, temperature: 2.5, asker: 0 };
  const { widget } = await framed(page, baseURL, `?w=${encodeState(state)}`);
  expect(await widget.evaluate((el) => el.state)).toEqual(state);
});

// About the largest state the widget takes (13,400 characters as a payload): 16 tokens of 40
// three-byte characters, 8 x 8 matrices of the longest numbers JSON writes (−1.1234567890131375e-101).
function largestState() {
  const number = (i) => Number(`-1.${1234567890123456 + i * 7919}e-${100 + (i % 200)}`);
  const matrix = (rows, cols, salt) => Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => number(salt + r * cols + c)));
  return { tokens: Array.from({ length: 16 }, (_, i) => `${'語'.repeat(39)}${String.fromCharCode(0x3041 + i)}`),
    embeddings: matrix(16, 8, 1), wq: matrix(8, 8, 300), wk: matrix(8, 8, 500), wv: matrix(8, 8, 700),
    causal: true, scaled: true, temperature: 0.123456789012345, asker: 11 };
}

test('a payload near the cap: w= in the query (served, no 431) and #w= in the fragment both restore', async ({ page, baseURL }) => {
  const state = largestState();
  const payload = encodeState(state);
  expect(payload.length).toBeGreaterThan(13_000);
  const inQuery = await framed(page, baseURL, `?w=${payload}`);
  expect(await inQuery.widget.evaluate((el) => el.state)).toEqual(state);
  await parent.close();
  // The fragment never reaches a server; a w there wins over one in the query.
  const inFragment = await framed(page, baseURL, `?preset=river-bank&w=2.ignored#w=${payload}`);
  expect(await inFragment.widget.evaluate((el) => el.state)).toEqual(state);
  await expect(inFragment.widget.locator('.widget-error')).toBeHidden();
});

test('bad query values: a clear message, the defaults kept, nothing injected', async ({ page, baseURL }) => {
  const evil = '<img src=x onerror="parent.__pwned=1;window.__pwned=1">';
  const query = `?preset=nope&temperature=abc&causal=maybe&asker=${encodeURIComponent(evil)}&w=2.garbage`;
  const { frame, widget } = await framed(page, baseURL, query);
  const error = widget.locator('.widget-error');
  await expect(error).toContainText('should start with "1."');
  await expect(error).toContainText('temperature must be a number above 0');
  await expect(frame.locator('.embed-error')).toHaveText(/causal="maybe" is not understood; use causal=1 or causal=0/);
  expect(await widget.evaluate((el) => el.state)).toMatchObject({ tokens: ['the', 'cat', 'sat'], causal: false, temperature: 1 });
  expect(await gridRow(widget, 'Shares', 'sat')).toEqual({ the: '0.09', cat: '0.67', sat: '0.24' });
  expect(await widget.evaluate((el) => el.shadowRoot.querySelectorAll('img').length)).toBe(0);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  expect(await page.frames()[1].evaluate(() => window.__pwned)).toBeUndefined();

  // Each bad value alone is named in the widget.
  await parent.close();
  const one = await framed(page, baseURL, `?preset=${encodeURIComponent(evil)}`);
  await expect(one.widget.locator('.widget-error')).toContainText('is unknown; use one of cat-sat');
  await expect(one.widget.locator('.widget-error')).toContainText('<img src=x');
});

test('a link copied inside the iframe opens embed.html with the same state', async ({ page, context, baseURL }) => {
  const { widget } = await framed(page, baseURL, '?preset=it-vase');
  await widget.getByRole('textbox', { name: 'W_V row 2, column 2', exact: true }).fill('3');
  await widget.getByRole('button', { name: 'Copy link' }).click();
  const link = await widget.getByRole('textbox', { name: 'Link to this state' }).inputValue();
  expect(link).toMatch(/\/web\/embed\.html\?preset=it-vase#aw=1\./);
  const state = await widget.evaluate((el) => el.state);
  const direct = await context.newPage();
  const directProblems = watchConsole(direct);
  await direct.goto(link);
  expect(await (await widgetAt(direct)).evaluate((el) => el.state)).toEqual(state);
  expect(directProblems).toEqual([]);
});
