// Linked iframes: two embed.html?example=cat frames on the widget's origin, a parent page on
// another origin that loads attention-relay.js, and a frame on a third, foreign origin that
// tries to drive them. Edits travel frame -> parent -> frame; the foreign messages are ignored.
import { test, expect } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { watchConsole } from './console.js';
import { sharesRow } from './figures-helpers.js';
import { serveFolder } from '../package/serve-folder.mjs';
import { CSP } from '../../scripts/serve.mjs';
import { encodeState } from '../../web/model/share.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const CHAPTER = { the: '0.09', cat: '0.67', sat: '0.24' };
const EDITED = { the: '0.11', cat: '0.79', sat: '0.11' };
const FORGED = encodeState({ tokens: ['evil', 'forged', 'numbers'], embeddings: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  wq: [[9, 0, 0], [0, 9, 0]], wk: [[1, 0, 0], [0, 1, 0]], wv: [[1, 0, 0], [0, 1, 0]],
  causal: false, scaled: false, temperature: 1, asker: 0 });

// The foreign page: a state message to the parent, an apply message straight to every frame.
const evilPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>x</title></head>
<body><script>
  const payload = ${JSON.stringify(FORGED)};
  parent.postMessage({ type: 'attention-example:state', example: 'cat', payload, reason: 'edit' }, '*');
  for (let i = 0; i < parent.frames.length; i += 1)
    parent.frames[i].postMessage({ type: 'attention-example:apply', example: 'cat', payload }, '*');
  parent.postMessage({ type: 'evil-done' }, '*');
</script></body></html>`;

const parentPage = (widgets) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>A course page</title>
<meta name="attention-relay-origins" content="${widgets}">
<script type="module" src="${widgets}/web/attention-relay.js"></script></head>
<body><h1>Chapter</h1>
<iframe id="a" title="The cast" src="${widgets}/web/embed.html?example=cat&show=cast" style="width:100%;height:700px;border:0"></iframe>
<iframe id="b" title="The grids" src="${widgets}/web/embed.html?example=cat&show=grids%20causal&readonly&highlight=shares%20sat%20cat" style="width:100%;height:500px;border:0"></iframe>
<script>addEventListener('message', (e) => { if (e.data && e.data.type === 'evil-done') window.evilDone = true; });</script>
</body></html>`;

let servers = [];
let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  expect(problems).toEqual([]);
});

test('two iframes linked through the parent; a foreign origin cannot drive them', async ({ page }) => {
  // Three origins: the widget's files, the course page, a foreign page (all loopback, like a real site's three hosts).
  const widgets = await serveFolder(REPO, { cors: '*', csp: CSP });
  const foreign = await serveFolder('/nonexistent', { pages: { '/evil.html': evilPage } });
  const course = await serveFolder('/nonexistent', { pages: { '/': parentPage(widgets.origin) } });
  servers = [widgets, foreign, course];
  await page.goto(`${course.origin}/`);
  expect(new Set([course.origin, widgets.origin, foreign.origin]).size).toBe(3);

  const a = page.frameLocator('#a').locator('attention-widget');
  const b = page.frameLocator('#b').locator('attention-widget');
  await expect(a.getByRole('textbox', { name: 'W_Q row 1, column 1', exact: true })).toBeVisible();
  await expect(b.locator('table.grid-weights')).toBeVisible();
  // The query string made frame b a figure: two panels, display only, one cell marked.
  await expect(b.getByRole('switch', { name: /Causal mask/ })).toBeDisabled();
  await expect(b.locator('table.grid-scores')).toBeVisible();
  await expect(b.locator('.panel.cast')).toBeHidden();
  await expect(b.locator('.grid-weights [data-fig-mark]')).toHaveText('0.67');
  // Every state either frame shows from now on is recorded: what the foreign frame tries must never be one.
  const frames = page.frames().filter((f) => f.url().includes('embed.html?example=cat'));
  expect(frames).toHaveLength(2);
  for (const frame of frames) await frame.evaluate(() => {
    const w = document.querySelector('attention-widget');
    window.shown = [];
    w.addEventListener('attention-change', () => window.shown.push(w.state.tokens.join(' ')));
  });
  // Now that both frames listen, a frame from a foreign origin joins the page and tries.
  await page.evaluate((src) => document.body.insertAdjacentHTML('beforeend',
    `<iframe id="evil" title="An ad" src="${src}/evil.html?example=cat" style="width:10px;height:10px;border:0"></iframe>`),
  foreign.origin);
  await page.waitForFunction(() => window.evilDone === true);
  expect(await sharesRow(b, 'sat')).toEqual(CHAPTER);

  // A learner's edit in frame a shows in frame b. It left the parent after the foreign messages were
  // sent, so once b shows it, b has had them too: neither frame ever showed the forged state.
  await a.getByRole('textbox', { name: 'W_Q row 1, column 1', exact: true }).fill('3');
  await expect.poll(() => sharesRow(b, 'sat')).toEqual(EDITED);
  for (const frame of frames) {
    const shown = await frame.evaluate(() => window.shown);
    expect(shown.length).toBeGreaterThan(0); // it heard the edit (the record works)
    expect(shown).not.toContain('evil forged numbers');
  }
  await expect(a.locator('.cast-table')).not.toContainText('evil');
  await expect(b.locator('.grid-weights [data-fig-mark]')).toHaveText('0.79');

  // A frame that loads late joins the example as it is now.
  await page.evaluate((src) => document.body.insertAdjacentHTML('beforeend',
    `<iframe id="c" title="Late" src="${src}/web/embed.html?example=cat&show=grids" style="width:100%;height:500px;border:0"></iframe>`),
  widgets.origin);
  await page.locator('#c').scrollIntoViewIfNeeded(); // its widget renders when it comes near the viewport
  const c = page.frameLocator('#c').locator('attention-widget');
  await expect(c.locator('table.grid-weights')).toBeVisible();
  await expect.poll(() => sharesRow(c, 'sat')).toEqual(EDITED);
  expect(await sharesRow(b, 'sat')).toEqual(EDITED); // and did not reset the others
  // Chromium stops painting a cross-origin frame out of view: a viewport as tall as the page, and a
  // frame painted inside each widget frame, before the picture of the whole page.
  await page.setViewportSize({ width: 1280, height: await page.evaluate(() => document.documentElement.scrollHeight) });
  for (const frame of page.frames().filter((f) => f.url().includes('embed.html'))) {
    await frame.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
  await page.screenshot({ path: 'tests/browser/screenshots/figures-frames.png', fullPage: true });
});
