// Less work per figure (issue 31): several views of one example compute once per change, and a
// figure builds only the panels it shows. Counted, not timed: the page wraps the teaching core's
// attend() before any element is defined (the same object every view gets from loadAttention),
// and the panels are looked for in each figure's shadow root.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

// One shared example, five figures of it on screen, three numbers in the text, and one figure
// far below the fold. Source modules: the counter must wrap the very core object the views use.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>count</title>
<script type="module">
  // Reads of the page's colour scheme from its root's style (each one a style recalculation).
  window.schemeReads = 0;
  const style = window.getComputedStyle;
  window.getComputedStyle = function (node, ...rest) {
    if (node === document.documentElement) window.schemeReads += 1;
    return style.call(this, node, ...rest);
  };
  // Listeners on the document, by event type.
  window.docListeners = {};
  const listen = document.addEventListener;
  document.addEventListener = function (type, ...rest) {
    window.docListeners[type] = (window.docListeners[type] ?? 0) + 1;
    return listen.call(this, type, ...rest);
  };
  // Number formats made (a page's first one loads the locale data: a long task on a phone).
  window.numberFormats = 0;
  Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
    construct(target, args) { window.numberFormats += 1; return new target(...args); },
    apply(target, self, args) { window.numberFormats += 1; return target(...args); },
  });
  const { loadAttention } = await import('/wasm/attention.js');
  const core = await loadAttention({ path: 'teaching' });
  const attend = core.attend.bind(core);
  window.attendCalls = 0;
  core.attend = (state) => { window.attendCalls += 1; return attend(state); };
  // Elements made while the module that defines the elements upgrades them (its own task), and
  // the examples looked up by id there and as the elements set up, each in a task of its own after
  // it (each view once: an attribute read as it was upgraded connected a value twice).
  const create = document.createElement;
  const byId = document.getElementById;
  let phase = 'upgrade';
  window.madeAtUpgrade = 0;
  window.lookups = { upgrade: 0, setUp: 0 };
  document.createElement = function (...args) { if (phase === 'upgrade') window.madeAtUpgrade += 1; return create.apply(this, args); };
  document.getElementById = function (...args) { window.lookups[phase] += 1; return byId.apply(this, args); };
  await import('/web/attention-widget.js');
  phase = 'setUp';
  // The set-ups were queued as the elements connected: a task queued now runs after them all.
  await new Promise((resolve) => setTimeout(resolve, 0));
  document.createElement = create;
  document.getElementById = byId;
  window.schemeReadsAtUpgrade = window.schemeReads;
  // Upgraded, not yet showing a number: no value has built anything.
  window.valuesBuiltAtUpgrade = [...document.querySelectorAll('attention-value')].filter((v) => v.shadowRoot).length;
  await import('/web/attention-scale.js');
</script></head><body>
<attention-example id="cat" preset="cat-sat"></attention-example>
<p>Share <attention-value example="cat" of="share asker cat" format="percent"></attention-value>,
  total <attention-value example="cat" of="total asker"></attention-value>,
  output <attention-value example="cat" of="output asker"></attention-value>.</p>
<attention-widget id="asker" example="cat" show="asker"></attention-widget>
<attention-widget id="two" example="cat" show="title asker" readonly></attention-widget>
<attention-widget id="blend" example="cat" show="blend"></attention-widget>
<attention-widget id="cast" example="cat" show="cast reset"></attention-widget>
<attention-widget id="grids" example="cat" show="grids causal"></attention-widget>
<div style="height: 20000px"></div>
<attention-widget id="far" example="cat" show="asker blend"></attention-widget>
<attention-scale id="far-scale" show="thermostat"></attention-scale>
</body></html>`;

const ON_SCREEN = ['asker', 'two', 'blend', 'cast', 'grids'];

// What each figure built: which of the widget's panels exist in its shadow root at all.
const built = (page, id) => page.locator(`#${id}`).evaluate((w) => ({
  cast: Boolean(w.shadowRoot.querySelector('.panel.cast')),
  asker: Boolean(w.shadowRoot.querySelector('.panel.asker')),
  blend: Boolean(w.shadowRoot.querySelector('.panel.blend-panel')),
  grids: Boolean(w.shadowRoot.querySelector('table.grid-weights')),
  formula: Boolean(w.shadowRoot.querySelector('.formula-box')),
}));

async function open(page) {
  await page.setViewportSize({ width: 1280, height: 6000 }); // every figure but the far one on screen
  await page.route('**/web/__count.html', (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
  await page.goto('/web/__count.html');
  for (const id of ON_SCREEN)
    await expect(page.locator(`#${id}`).locator('.body')).toBeVisible();
  await expect.poll(() => page.locator('attention-value').evaluateAll((all) => all.every((v) => v.text !== ''))).toBe(true);
}

test('views of one example: one attend() for the example at load and one per change, however many views', async ({ page }) => {
  await open(page);
  // The example is checked once when the core arrives; no figure computes an example of its own.
  expect(await page.evaluate(() => window.attendCalls)).toBe(1);
  // A change of the example (its asker, then a switch), each waited for as its event.
  for (const [name, value] of [['asker', 'cat'], ['causal', '']]) {
    const before = await page.evaluate(() => window.attendCalls);
    await page.locator('#cat').evaluate((x, [n, v]) => new Promise((resolve) => {
      x.addEventListener('attention-change', () => resolve(), { once: true });
      x.setAttribute(n, v);
    }), [name, value]);
    await expect(page.locator('#asker').getByRole('table', { name: /cat asks/ })).toBeVisible();
    expect(await page.evaluate(() => window.attendCalls) - before, `one change (${name})`).toBe(1);
  }
});

test('the page\'s colour scheme is read once for all the elements that connect together', async ({ page }) => {
  await open(page);
  // Seven elements connect in the task of the module that defines them, the scale lab in the next
  // module's, and the three values as they first show a number (together, in one task): one read each.
  expect(await page.locator('attention-example, attention-widget, attention-value').count()).toBe(10);
  expect(await page.evaluate(() => window.schemeReads)).toBe(3);
  // None of them inside the upgrade: read there, it forced the page's style recalculation into that
  // task; read in the next frame's callbacks, it is the recalculation that frame does anyway.
  expect(await page.evaluate(() => window.schemeReadsAtUpgrade)).toBe(0);
  // A toggle later is still followed: every element reads it again (once, for all).
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expect.poll(() => page.locator('#asker').evaluate((w) => w.shadowRoot.adoptedStyleSheets.length)).toBeGreaterThan(4);
});

test('a value builds nothing as it is upgraded: its shadow root, language and theme come with its first number', async ({ page }) => {
  await open(page);
  expect(await page.evaluate(() => window.valuesBuiltAtUpgrade)).toBe(0);
  expect(await page.locator('attention-value').evaluateAll((all) => all.every((v) => v.shadowRoot))).toBe(true);
});

test('upgrading widgets makes no DOM of their own: each copies the page\'s one skeleton', async ({ page }) => {
  await open(page);
  // The page's one skeleton (its box and four lines): the six widgets copy it, and nothing else is
  // built as it is upgraded (the example's message line comes with its set-up; five each were thirty).
  expect(await page.evaluate(() => window.madeAtUpgrade)).toBe(5);
});

test('setting up looks each view\'s example up once, not once per attribute and again as it connects', async ({ page }) => {
  await open(page);
  // Three values and six figures name #cat: none looks it up as it is upgraded, each once as it sets up.
  expect(await page.evaluate(() => window.lookups)).toEqual({ upgrade: 0, setUp: 3 + 6 });
});

test('an English page writes its numbers without Intl (no locale data loaded at load)', async ({ page }) => {
  await open(page);
  // The percentage too: "67%" as numbers.js writes it.
  await expect(page.locator('attention-value').first()).toHaveText(/^\d+%$/);
  expect(await page.evaluate(() => window.numberFormats)).toBe(0);
});

test('the views that look for an example share one listener per example event, not one each', async ({ page }) => {
  await open(page);
  // Nine views (three numbers, six figures) follow #cat.
  const events = ['attention-example-connected', 'attention-example-renamed', 'attention-example-disconnected'];
  const counts = await page.evaluate((names) => names.map((name) => window.docListeners[name] ?? 0), events);
  expect(counts).toEqual([1, 1, 1]);
});

test('a figure builds the panels it shows, and one never scrolled to builds none', async ({ page }) => {
  await open(page);
  const none = { cast: false, asker: false, blend: false, grids: false, formula: false };
  expect(await built(page, 'asker')).toEqual({ ...none, asker: true });
  expect(await built(page, 'two')).toEqual({ ...none, asker: true });
  expect(await built(page, 'blend')).toEqual({ ...none, blend: true });
  expect(await built(page, 'cast')).toEqual({ ...none, cast: true });
  // The grids without the formula box: no formula built (it would be hidden).
  expect(await built(page, 'grids')).toEqual({ ...none, grids: true });
  expect(await built(page, 'far')).toEqual(none);
  // Still a live view of its example: its state and events do not wait for a scroll.
  expect(await page.locator('#far').evaluate((w) => w.model.result !== null)).toBe(true);
  // A scale-lab figure far below builds nothing either, until it comes near.
  expect(await page.locator('#far-scale').evaluate((s) => s.shadowRoot.querySelector('.thermo-table') !== null)).toBe(false);
  // A figure asked for more later builds it.
  await page.locator('#asker').evaluate((w) => w.setAttribute('show', 'asker blend'));
  await expect(page.locator('#asker').locator('.panel.blend-panel')).toBeVisible();
  await page.locator('#grids').evaluate((w) => w.setAttribute('show', 'grids causal formula'));
  await expect(page.locator('#grids').locator('.formula-box')).toBeVisible();
  expect(await built(page, 'grids')).toEqual({ ...none, grids: true, formula: true });
  await page.locator('#far').scrollIntoViewIfNeeded();
  await expect(page.locator('#far').locator('.panel.blend-panel')).toBeVisible();
  expect(await built(page, 'far')).toEqual({ ...none, asker: true, blend: true });
  await page.locator('#far-scale').scrollIntoViewIfNeeded();
  await expect(page.locator('#far-scale .thermo-table tbody tr')).toHaveCount(9);
});

// The heads lab (issue 31): upgrading it builds one box, not the lab; the lab is built when it
// comes near, and its first picture fills the blank grids it was built with instead of building
// them again. Counted on a page of one lab on screen and one far below.
const HEADS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>heads</title>
<script type="module">
  // Elements made while the module that defines the lab upgrades it (its own task).
  const create = document.createElement;
  window.madeAtUpgrade = 0;
  document.createElement = function (...args) { window.madeAtUpgrade += 1; return create.apply(this, args); };
  await import('/web/attention-heads.js');
  document.createElement = create;
  // Numbers written through the locale data (its first use is a long task on a phone).
  window.localeNumbers = 0;
  const toLocale = Number.prototype.toLocaleString;
  Number.prototype.toLocaleString = function (...args) { window.localeNumbers += 1; return toLocale.apply(this, args); };
  // Tables taken out of the near lab after it was built (a grid built twice).
  window.tablesRemoved = 0;
  new MutationObserver((records) => {
    for (const r of records) for (const node of r.removedNodes) if (node.nodeName === 'TABLE') window.tablesRemoved += 1;
  }).observe(document.getElementById('near').shadowRoot, { childList: true, subtree: true });
</script></head><body>
<attention-heads id="near"></attention-heads>
<div style="height: 20000px"></div>
<attention-heads id="far"></attention-heads>
</body></html>`;

test('the heads lab: built when near, not as it is upgraded; its first picture fills the grids it has', async ({ page }) => {
  await page.route('**/web/__heads.html', (route) => route.fulfill({ contentType: 'text/html', body: HEADS_PAGE }));
  await page.goto('/web/__heads.html');
  const near = page.locator('#near');
  await expect(near.locator('.status')).toHaveText(/^Step 0/);
  await expect(near.locator('.head tbody tr:first-child td:nth-child(2)')).toHaveText([/^\d\.\d\d$/, /^\d\.\d\d$/]);
  // One box each (the room the lab will take), no lab, no grid.
  expect(await page.evaluate(() => window.madeAtUpgrade)).toBe(2);
  expect(await page.locator('#far').evaluate((e) => [...e.shadowRoot.children].map((c) => c.className))).toEqual(['reserve']);
  expect(await page.evaluate(() => window.tablesRemoved)).toBe(0);
  expect(await page.evaluate(() => window.localeNumbers)).toBe(0);
});

// Style sheets are made once per page, however many elements adopt them: three examples here.
test('upgrading several examples makes each of their style sheets once', async ({ page }) => {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>sheets</title>
<script type="module">
  window.sheetsMade = 0;
  window.CSSStyleSheet = new Proxy(CSSStyleSheet, {
    construct(target, args) { window.sheetsMade += 1; return new target(...args); },
  });
  await import('/web/attention-widget.js');
  window.upgraded = true;
</script></head><body>
<attention-example id="a" preset="cat-sat"></attention-example>
<attention-example id="b" preset="cat-sat"></attention-example>
<attention-example id="c" preset="cat-sat"></attention-example>
</body></html>`;
  await page.route('**/web/__sheets.html', (route) => route.fulfill({ contentType: 'text/html', body }));
  await page.goto('/web/__sheets.html');
  await page.waitForFunction(() => window.upgraded);
  // The shared theme tokens and the example's own (its message line).
  expect(await page.evaluate(() => window.sheetsMade)).toBe(2);
});

// The core arrives for every example of a page at once: each example's first attend() (and its
// views' paint) runs in a task of its own, not all in the one that received the core. Counted by
// animation frames: the tasks are a frame apart (near.js, queueRender), one task sees one frame.
test('examples that wait for the core compute one per task, not all in one', async ({ page }) => {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>tasks</title>
<script type="module">
  window.frames = 0;
  const tick = () => { window.frames += 1; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const { loadAttention } = await import('/wasm/attention.js');
  const core = await loadAttention({ path: 'teaching' });
  const attend = core.attend.bind(core);
  window.attendFrames = [];
  core.attend = (state) => { window.attendFrames.push(window.frames); return attend(state); };
  await import('/web/attention-widget.js');
</script></head><body>
<attention-example id="a" preset="cat-sat"></attention-example>
<attention-example id="b" preset="river-bank"></attention-example>
<attention-example id="c" preset="it-vase"></attention-example>
</body></html>`;
  await page.route('**/web/__tasks.html', (route) => route.fulfill({ contentType: 'text/html', body }));
  await page.goto('/web/__tasks.html');
  await expect.poll(() => page.evaluate(() => window.attendFrames?.length ?? 0)).toBe(3);
  const frames = await page.evaluate(() => window.attendFrames);
  expect(new Set(frames).size, `frames of the three first attend() calls: ${frames}`).toBe(3);
});

// The chapter page's first layout is the sections near the screen: those further down are skipped
// (content-visibility: auto in chapter.css) until they come near.
test('the chapter page lays out the sections near the screen, not the whole chapter', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/web/chapter.html');
  await expect(page.locator('#fig-river .aw > .body')).toBeVisible();
  const skipped = () => page.locator('.beat').evaluateAll((all) => all.map((beat) =>
    !beat.firstElementChild.checkVisibility({ contentVisibilityAuto: true })));
  const atLoad = await skipped();
  expect(atLoad[0]).toBe(false);
  expect(atLoad.filter(Boolean).length).toBeGreaterThanOrEqual(atLoad.length - 2);
  // Scrolled to, the last one is laid out.
  await page.locator('.beat').last().scrollIntoViewIfNeeded();
  await expect.poll(async () => (await skipped()).at(-1)).toBe(false);
});
