// An LMS's frame: the hosted embed.html in <iframe sandbox="allow-scripts"> (no allow-same-origin:
// its document's origin is "null") on a course page of another origin, under the README's CSP
// with the widget host added to script-src and frame-src, sized by the shipped frame-height.js
// (no inline script). The demo server sends Access-Control-Allow-Origin: *, as a widget host must.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { gridRow } from './widget-helpers.js';
import { serveFolder } from '../package/serve-folder.mjs';
import { CSP } from '../../scripts/serve.mjs';

// The README's CSP for a page with the widget, with the widget's host allowed to be framed and to
// serve the one script the course page loads.
const courseCsp = (host, framed = []) => CSP.replace("script-src 'self'", `script-src 'self' ${host}`)
  + `; frame-src ${[host, ...framed].join(' ')}`;

const course = (host, frames) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A course in an LMS</title>
<script type="module" src="${host}/dist/browser/frame-height.js"></script></head>
<body><h1>Chapter 3</h1>
${frames}
</body></html>`;

const sandboxed = (host, id, query) => `<iframe id="${id}" sandbox="allow-scripts" title="Attention widget ${id}"
  src="${host}/dist/browser/embed.html${query}" width="600" height="154"></iframe>`;

let servers = [];
let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  expect(problems).toEqual([]);
});

async function open(page, host, frames, framed = []) {
  const site = await serveFolder('/nonexistent', { csp: courseCsp(host, framed), pages: { '/': course(host, frames) } });
  servers.push(site);
  expect(site.origin).not.toBe(host);
  await page.goto(`${site.origin}/`);
  return site;
}

// The frame's inner height (its border, 2 px each side by default, is outside what it is sized to).
const heightOf = (page, id) => page.locator(`#${id}`).evaluate((f) => f.clientHeight);
const contentHeight = (frame) => frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
const frameNamed = (page, id) => page.frames().find((f) => f.parentFrame() && f.name() === '' && f.url().includes(id));

test('sandboxed (origin "null"): the widget loads its modules and wasm with CORS, and frame-height.js sizes the frame', async ({ page, baseURL }) => {
  await open(page, baseURL, sandboxed(baseURL, 'lesson', '?preset=cat-sat&x=lesson'));
  const widget = page.frameLocator('#lesson').locator('attention-widget');
  await expect(widget.getByRole('table', { name: 'Shares', exact: true })).toBeVisible();
  expect(await gridRow(widget, 'Shares', 'sat')).toEqual({ the: '0.09', cat: '0.67', sat: '0.24' });
  const frame = frameNamed(page, 'x=lesson');
  expect(await frame.evaluate(() => self.origin)).toBe('null'); // really sandboxed
  // The page's preloads start the core's loader and .wasm beside its script, and the widget uses them:
  // one request each, made by the <link> (Chromium names a modulepreload's initiator "other", an
  // import "script"; a preload the loader could not use, say one in the wrong CORS mode, is fetched
  // a second time, by the script).
  expect(await frame.evaluate(() => ['attention-core.mjs', 'attention-core.wasm'].map((name) => performance
    .getEntriesByType('resource').filter((e) => e.name.endsWith(`/${name}`)).map((e) => `${name} by ${e.initiatorType}`))))
    .toEqual([['attention-core.mjs by other'], ['attention-core.wasm by link']]);
  await expect.poll(async () => (await heightOf(page, 'lesson')) === (await contentHeight(frame)) && (await contentHeight(frame)) > 600)
    .toBe(true);
});

test('a "null" height is taken only for the frame that sent it; other windows and hosts are ignored', async ({ page, baseURL }) => {
  const stranger = await serveFolder('/nonexistent', { pages: { '/': '<!doctype html><title>x</title><p>another host' } });
  servers.push(stranger);
  await open(page, baseURL, [sandboxed(baseURL, 'one', '?preset=cat-sat&x=one'), sandboxed(baseURL, 'two', '?preset=it-vase&x=two'),
    `<iframe id="three" sandbox="allow-scripts" src="${stranger.origin}/" width="300" height="100"></iframe>`].join('\n'),
  [stranger.origin]);
  const [one, two] = [frameNamed(page, 'x=one'), frameNamed(page, 'x=two')];
  // A widget builds as it comes near the viewport, and frame two may sit below the fold: bring it
  // into view, as a reader would, before asking for its table.
  await page.locator('#two').scrollIntoViewIfNeeded();
  await expect(page.frameLocator('#two').locator('attention-widget').getByRole('table', { name: 'Shares', exact: true })).toBeVisible();
  // Chromium pauses the rendering of a frame out of view (these inline frames sit on one baseline, so a
  // short one can be pushed below the fold), and with it the frame's ResizeObserver: as a reader would,
  // bring the frame into view, and its height follows.
  await expect.poll(async () => {
    await page.locator('#two').scrollIntoViewIfNeeded();
    return (await heightOf(page, 'two')) === (await contentHeight(two));
  }).toBe(true);
  const twoHeight = await heightOf(page, 'two');
  const post = (frame, height) => frame.evaluate((h) => parent.postMessage({ type: 'attention-widget:height', height: h }, '*'), height);

  await post(one, 333); // frame one's own window: it sizes frame one, and only frame one
  await expect.poll(() => heightOf(page, 'one')).toBe(333);
  expect(await heightOf(page, 'two')).toBe(twoHeight);
  // A frame on a host that is not the widget's (also "null", also sandboxed): ignored.
  const three = page.frames().find((f) => f.url().startsWith(stranger.origin));
  await post(three, 444);
  // The page itself, and heights that are not a widget's: ignored. A last good message shows the queue was read.
  await page.evaluate(() => window.postMessage({ type: 'attention-widget:height', height: 555 }, '*'));
  for (const bad of [0, -5, 1.5, 1e9, '300']) await post(one, bad);
  await post(one, 321);
  await expect.poll(() => heightOf(page, 'one')).toBe(321);
  expect(await heightOf(page, 'three')).toBe(100);
  expect(await heightOf(page, 'two')).toBe(twoHeight);
});
