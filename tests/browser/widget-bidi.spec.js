// Token text never reorders the widget's sentences: each token is isolated (<bdi> in HTML,
// an isolated <tspan> in the arrow plot), so a right-to-left word keeps its place and the
// numbers beside it keep theirs; tokens carrying direction controls or nothing visible are
// refused, from a link as from a config.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { widgetAt } from './widget-helpers.js';
import { encodeState } from '../../web/model/share.js';

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => expect(problems).toEqual([]));

const chapter = { tokens: ['the', 'cat', 'sat'], embeddings: [[1, 0, 0], [0, 1, 0], [1, 1, 1]],
  wq: [[2, 0, -1], [0, 2, -1]], wk: [[1, 1, -2], [-1, 1, 1]], wv: [[0, 3, -2], [2, 1, -3]],
  causal: false, scaled: false, temperature: 1, asker: 2 };

test('right-to-left tokens are isolated in every sentence and label; the text reads the same', async ({ page }) => {
  await page.goto('/web/embed.html');
  const w = await widgetAt(page);
  await w.evaluate((el) => { el.config = { ...el.state, tokens: ['the', 'חתול', 'sat'] }; });
  await expect(w.locator('.story')).toHaveText('sat pays 67% of its attention to חתול, keeps 24% for itself and gives 9% to the.');
  const isolated = await w.evaluate((el) => {
    const root = el.shadowRoot;
    const tokensIn = (selector, tag) => [...root.querySelector(selector).querySelectorAll(tag)].map((n) => n.textContent);
    return {
      story: tokensIn('.story', 'bdi'), caption: tokensIn('.asker .table-title', 'bdi'), blend: tokensIn('.blend', 'bdi'),
      rounding: tokensIn('.rounding', 'bdi'), title: tokensIn('.title', 'bdi'),
      // The plot's labels keep the isolate characters (U+2068 … U+2069) around each token.
      labels: [...root.querySelectorAll('svg.plot text')].map((n) => n.textContent),
    };
  });
  expect(isolated).toEqual({ story: ['sat', 'חתול', 'the'], caption: ['sat'], blend: ['sat', 'the', 'חתול', 'sat', 'חתול'],
    rounding: ['חתול'], title: ['the', 'חתול', 'sat'], labels: expect.arrayContaining(['\u2068חתול\u2069', 'o(\u2068sat\u2069)']) });
  // The "67%" stays right after the word it belongs to, on screen: left of the Hebrew word in an LTR sentence.
  const order = await w.evaluate((el) => {
    const story = el.shadowRoot.querySelector('.story');
    const bdi = [...story.querySelectorAll('bdi')].find((n) => n.textContent === 'חתול');
    const range = document.createRange();
    const text = [...story.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.data.includes('67%'));
    const at = text.data.indexOf('67%');
    range.setStart(text, at);
    range.setEnd(text, at + 3);
    return { percentRight: range.getBoundingClientRect().right, wordLeft: bdi.getBoundingClientRect().left };
  });
  expect(order.percentRight).toBeLessThan(order.wordLeft);
  await w.locator('.panel.asker').screenshot({ path: 'tests/browser/screenshots/bidi-asker.png' });
});

test('a link whose token carries a direction override is refused, and the page keeps its own example', async ({ page }) => {
  const state = { ...chapter, tokens: ['the', 'c\u202Eat', 'sat'] };
  await page.goto(`/web/embed.html?preset=river-bank#aw=${encodeState(state)}`);
  const w = await widgetAt(page);
  await expect(w.locator('.widget-error')).toContainText('The shared link could not be restored: token 2 contains a '
    + 'direction control (U+202E), which would reorder the sentences around it; remove it.');
  expect(await w.evaluate((el) => el.state.tokens.at(-1))).toBe('bank');
  await expect(w.locator('.story')).toHaveText(/^bank /);
});

test('a token with no visible character (zero-width only) is refused', async ({ page }) => {
  await page.goto('/web/embed.html');
  const w = await widgetAt(page);
  await w.evaluate((el) => { el.config = { ...el.state, tokens: ['the', '\u200B\u200D', 'sat'] }; });
  await expect(w.locator('.widget-error')).toContainText('token 2 has no visible character');
  expect(await w.evaluate((el) => el.state.tokens)).toEqual(['the', 'cat', 'sat']);
});
