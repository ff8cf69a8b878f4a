// Chapter figures in Chromium: one <attention-example>, many <attention-widget example>
// views and <attention-value>s; show, readonly and highlight. Fixture pages are served
// from the demo's origin with its CSP (figures-helpers.js).
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { figure, fixture, sharesRow, shownPanels, tabStops } from './figures-helpers.js';

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

const CHAPTER = { the: '0.09', cat: '0.67', sat: '0.24' };
// W_Q row 1, column 1 from 2 to 3: q_sat = [2, 1], sat's scores (1, 3, 1), shares 0.11 / 0.79 / 0.11.
const EDITED = { the: '0.11', cat: '0.79', sat: '0.11' };
const cell = (widget, name) => widget.getByRole('textbox', { name, exact: true });

test('an edit in one view changes every other view of the same example, and no view of another', async ({ page }) => {
  await fixture(page, `
    <attention-example id="cat" preset="cat-sat"></attention-example>
    <attention-example id="bank" preset="river-bank"></attention-example>
    <attention-widget id="cast" example="cat" show="cast reset"></attention-widget>
    <attention-widget id="grids" example="cat" show="grids"></attention-widget>
    <attention-widget id="mask" example="cat" show="causal"></attention-widget>
    <attention-widget id="other" example="bank" show="grids"></attention-widget>
    <attention-widget id="own" show="grids"></attention-widget>
    <p>sat pays <attention-value id="v" example="cat" of="share sat cat" format="percent">67%</attention-value>.</p>`);
  // The package's main entry (the page's one import) defined all three elements.
  expect(await page.evaluate(() => ['attention-example', 'attention-widget', 'attention-value']
    .map((tag) => typeof customElements.get(tag)))).toEqual(['function', 'function', 'function']);
  const [cast, grids, mask, other, own] = await Promise.all(
    ['cast', 'grids', 'mask', 'other', 'own'].map((id) => figure(page, id)));
  expect(await sharesRow(grids, 'sat')).toEqual(CHAPTER);
  const bankBefore = await sharesRow(other, 'bank');

  await cell(cast, 'W_Q row 1, column 1').fill('3');
  await expect.poll(() => sharesRow(grids, 'sat')).toEqual(EDITED);
  await expect(page.locator('#v')).toHaveText('79%');
  expect(await sharesRow(other, 'bank')).toEqual(bankBefore); // another example
  expect(await sharesRow(own, 'sat')).toEqual(CHAPTER);       // a widget with its own state

  // A switch in a third view: the mask reaches the grid figure, not the other example.
  await mask.getByRole('switch', { name: /Causal mask/ }).check();
  await expect.poll(() => sharesRow(grids, 'the')).toEqual({ the: '1.00', cat: '—', sat: '—' });
  expect(await sharesRow(other, 'bank')).toEqual(bankBefore);
  // Every view agrees on the whole state.
  const states = await page.evaluate(() => ['cast', 'grids', 'mask'].map((id) => JSON.stringify(document.getElementById(id).state)));
  expect(new Set(states).size).toBe(1);
  expect(states[0]).toBe(await page.evaluate(() => JSON.stringify(document.getElementById('cat').state)));

  // Reset in the cast figure restores every view.
  await cast.getByRole('button', { name: 'Reset to preset' }).click();
  await expect.poll(() => sharesRow(grids, 'sat')).toEqual(CHAPTER);
  await expect(mask.getByRole('switch', { name: /Causal mask/ })).not.toBeChecked();
  await expect(page.locator('#v')).toHaveText('67%');
});

test('views before the example, added late, removed and put back; an example that names nothing', async ({ page }) => {
  await fixture(page, `
    <attention-widget id="early" example="late" show="asker"></attention-widget>
    <attention-widget id="lost" example="nowhere" show="asker"></attention-widget>
    <attention-value id="lostValue" example="nowhere" of="share sat cat">?</attention-value>`);
  const early = page.locator('#early');
  await expect(early.getByRole('alert')).toHaveText('example="late" names no <attention-example id="late"> on this page.');
  await expect(early.getByRole('table')).toHaveCount(0); // no numbers of another example meanwhile
  await expect(page.locator('#lost').getByRole('alert')).toContainText('example="nowhere" names no <attention-example');
  await expect(page.locator('#lostValue')).toHaveText(/^\[example="nowhere" names no <attention-example id="nowhere">/);

  // The example arrives after its view.
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend',
    '<attention-example id="late" preset="it-vase"></attention-example>'));
  await expect(early.getByRole('table', { name: /it asks/ })).toBeVisible();
  await expect(early.getByRole('alert')).toBeHidden();

  // Removed, edited elsewhere meanwhile, put back: it shows the example as it is now.
  await page.evaluate(() => {
    window.parked = document.getElementById('early');
    window.parked.remove();
    document.body.insertAdjacentHTML('beforeend', '<attention-widget id="second" example="late" show="asker"></attention-widget>');
  });
  const second = await figure(page, 'second');
  await second.getByRole('combobox', { name: 'Asker' }).selectOption({ label: 'vase' });
  await page.evaluate(() => document.body.append(window.parked));
  await expect(early.getByRole('table', { name: /vase asks/ })).toBeVisible();
  // A view created now joins the example as it is: it does not make the example start over.
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend',
    '<attention-widget id="third" example="late" show="asker"></attention-widget>'));
  await expect((await figure(page, 'third')).getByRole('table', { name: /vase asks/ })).toBeVisible();
  await expect(early.getByRole('table', { name: /vase asks/ })).toBeVisible();

  // The example itself goes: its views say so and keep no numbers on screen.
  await page.evaluate(() => document.getElementById('late').remove());
  await expect(second.getByRole('alert')).toContainText('names no <attention-example id="late">');
  await expect(second.getByRole('table')).toHaveCount(0);
});

test('show renders exactly the named panels, with no hidden focus stops', async ({ page }) => {
  const cases = {
    a: ['asker', ['asker']],
    b: ['blend', ['blend']],
    c: ['cast reset', ['reset', 'cast']],
    d: ['formula grids', ['formula', 'grids']],
    e: ['causal scaled temperature', ['causal', 'scaled', 'temperature']],
    f: ['share title', ['title', 'share']],
    g: [null, ['title', 'causal', 'scaled', 'temperature', 'reset', 'cast', 'asker', 'blend', 'formula', 'grids', 'share']],
  };
  await fixture(page, `<attention-example id="cat"></attention-example>${Object.entries(cases).map(([id, [show]]) =>
    `<attention-widget id="${id}" example="cat"${show === null ? '' : ` show="${show}"`}></attention-widget>`).join('')}`);
  for (const [id, [show, panels]] of Object.entries(cases)) {
    const widget = await figure(page, id);
    expect(await shownPanels(widget), `show="${show}"`).toEqual(panels);
  }
  // Tab through the whole page: every stop is on screen, and every figure has some.
  const stops = await tabStops(page);
  expect(stops.filter((s) => !s.visible)).toEqual([]);
  for (const id of Object.keys(cases)) expect(stops.some((s) => s.host === id), id).toBe(true);
  // A figure of the switches only stops at the three switches.
  expect(stops.filter((s) => s.host === 'e').map((s) => s.tag)).toEqual(['input', 'input', 'input']);
  // The accessibility tree of a one-panel figure holds that panel only.
  const tree = await page.locator('#a').ariaSnapshot();
  expect(tree).toMatch(/One asker/);
  expect(tree).not.toMatch(/The cast|table "(Attention weights|Shares|Scores)"|Causal mask|Copy link|W_Q/);
  // An unknown name is named; the known ones still show.
  await page.locator('#b').evaluate((el) => el.setAttribute('show', 'blend arrows'));
  await expect(page.locator('#b').getByRole('alert')).toHaveText(/show: "arrows" is not a panel; use title, causal/);
  expect(await shownPanels(page.locator('#b'))).toEqual(['blend']);
});

test('readonly: every number shown, no editable cell, no focus stop on any cell', async ({ page }) => {
  await fixture(page, `<attention-example id="cat"></attention-example>
    <attention-widget id="ro" example="cat" readonly></attention-widget>
    <attention-widget id="rw" example="cat" show="grids"></attention-widget>`);
  const ro = await figure(page, 'ro');
  const rw = await figure(page, 'rw');
  const textboxes = ro.getByRole('textbox');
  expect(await textboxes.count()).toBe(9 + 6 * 3); // x for three tokens, three 2 × 3 grids
  for (const box of await textboxes.all()) await expect(box).toBeDisabled();
  await expect(cell(ro, 'W_Q row 1, column 1')).toHaveValue('2');
  await expect(ro.getByRole('combobox', { name: 'Asker' })).toBeDisabled();
  for (const s of await ro.getByRole('switch').all()) await expect(s).toBeDisabled();
  // Tab through the whole figure: no input, no arrow tip, no q/k/v cell on the way.
  const stops = (await tabStops(page)).filter((s) => s.host === 'ro');
  expect(stops.length).toBeGreaterThan(0); // the formula's chips and Copy link remain
  expect(stops.filter((s) => ['input', 'select', 'circle'].includes(s.tag) || /^\[/.test(s.name))).toEqual([]);
  expect(stops.map((s) => s.name)).not.toContain('Reset to preset');
  // The arrow tips cannot be dragged, and the cast no longer invites typing.
  const tip = ro.locator('.handle').first();
  const box = await tip.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 80, box.y - 60, { steps: 4 });
  await page.mouse.up();
  expect(await sharesRow(rw, 'sat')).toEqual(CHAPTER);
  await expect(ro.locator('.panel.cast > .lead')).not.toContainText('Type in any cell');
  await expect(ro.locator('.blend-panel .how')).toBeHidden();
  // Turned off again: editable.
  await ro.evaluate((el) => el.setAttribute('readonly', 'false'));
  await cell(ro, 'W_Q row 1, column 1').fill('3');
  await expect.poll(() => sharesRow(rw, 'sat')).toEqual(EDITED);
});

test('highlight marks the named cells, rows and columns, and names what it cannot find', async ({ page }) => {
  await fixture(page, `<attention-example id="cat"></attention-example>
    <attention-widget id="h" example="cat" highlight="shares sat cat; scores * the, cast sat q, wq 1 3, asker cat share"></attention-widget>`);
  const h = await figure(page, 'h');
  const shares = h.locator('table.grid-weights');
  await expect(shares.locator('[data-fig-mark]')).toHaveCount(1);
  await expect(shares.locator('[data-fig-mark]')).toHaveText('0.67');
  const scores = h.locator('table.grid-scores');
  await expect(scores.locator('td[data-fig-mark]')).toHaveText(['2.00', '−2.00', '0.00']); // the column "the"
  await expect(scores.locator('th[data-fig-mark]')).toHaveText(['the']);
  await expect(h.locator('table.cast-table [data-fig-mark]')).toHaveText(['[1, 1]']);
  await expect(h.locator('table.matrix[aria-label="W_Q"] [data-fig-mark] input')).toHaveValue('−1');
  await expect(h.locator('table.asker-table [data-fig-mark]')).toHaveText(['0.67']);
  // The mark follows a new highlight, and a target that does not fit is named.
  await h.evaluate((el) => el.setAttribute('highlight', 'shares the, wq 3 1, heat x'));
  await expect(shares.locator('td[data-fig-mark]')).toHaveText(['0.47', '0.47', '0.06']);
  await expect(h.locator('table.cast-table [data-fig-mark]')).toHaveCount(0);
  await expect(h.locator('.figure-error')).toHaveText(
    'highlight: "heat" is not a grid; use scores, shares, asker, cast, wq, wk, wv. highlight: wq row "3" should be a number from 1 to 2.');
});

test('<attention-value> follows every edit, prints vectors, and reports a bad of', async ({ page }) => {
  await page.addInitScript(() => {
    window.errors = [];
    document.addEventListener('attention-error', (e) => window.errors.push(`${e.target.id}:${e.code}`));
  });
  await fixture(page, `<attention-example id="cat"></attention-example>
    <attention-widget id="w" example="cat" show="cast"></attention-widget>
    <p id="p">sat pays <attention-value id="pct" example="cat" of="share sat cat" format="percent">67%</attention-value>
      and ends at <attention-value id="out" example="cat" of="output sat">[2.24, 0.85]</attention-value>;
      q = <attention-value id="q" example="cat" of="query sat" format="compact">[1, 1]</attention-value>;
      <attention-value id="bad" example="cat" of="share sat dog"></attention-value>
      <attention-value id="fmt" example="cat" of="score sat cat" format="percent"></attention-value>
      <attention-value id="evil" example="cat" of="share <img src=x onerror=alert(1)> cat"></attention-value></p>`);
  const w = await figure(page, 'w');
  await expect(page.locator('#pct')).toHaveText('67%');
  await expect(page.locator('#out')).toHaveText('[2.24, 0.85]');
  await expect(page.locator('#q')).toHaveText('[1, 1]');
  await expect(page.locator('#bad')).toHaveText('[key "dog" is not one of the tokens (the, cat, sat) nor a position from 0 to 2]');
  await expect(page.locator('#fmt')).toHaveText('[format="percent" is for shares only]');
  // Hostile text in the attribute comes back as text.
  await expect(page.locator('#evil')).toHaveText(/^\[asker "<img" is not one of the tokens|^\["share" takes ASKER KEY/);
  expect(await page.locator('#p img').count()).toBe(0);
  expect((await page.evaluate(() => window.errors)).sort()).toEqual(['bad:bad_of', 'evil:bad_of', 'fmt:bad_format']);

  await cell(w, 'W_Q row 1, column 1').fill('3');
  await expect(page.locator('#pct')).toHaveText('79%');
  await expect(page.locator('#q')).toHaveText('[2, 1]');
  // Inline text in the paragraph's font, announced politely.
  const style = await page.locator('#pct').evaluate((el) => {
    const s = getComputedStyle(el);
    const p = getComputedStyle(el.parentElement);
    return { display: s.display, same: s.fontFamily === p.fontFamily && s.fontSize === p.fontSize, live: el.getAttribute('aria-live') };
  });
  expect(style).toEqual({ display: 'inline', same: true, live: 'polite' });
  // A corrected of shows its number.
  await page.locator('#bad').evaluate((el) => el.setAttribute('of', 'share sat the'));
  await expect(page.locator('#bad')).toHaveText('0.11');
});

test('the example reads a widget\'s sources (JSON child, config, attributes, share link), and a figure\'s link restores it', async ({ page }) => {
  await fixture(page, `
    <attention-example id="json" temperature="2"><script type="application/json">
      {"tokens": ["a", "b"], "embeddings": [[1, 0], [0, 1]], "wq": [[1, 0], [0, 1]], "wk": [[1, 0], [0, 1]],
       "wv": [[1, 0], [0, 1]], "asker": "b"}</script></attention-example>
    <attention-example id="cat" preset="cat-sat" causal></attention-example>
    <attention-widget id="j" example="json" show="grids"></attention-widget>
    <attention-widget id="c" example="cat" show="grids share"></attention-widget>`);
  const j = await figure(page, 'j');
  const c = await figure(page, 'c');
  // JSON child with the temperature attribute on top: scores 1 and 0, T = 2 -> e^0.5 / (e^0.5 + 1) = 0.62.
  expect(await sharesRow(j, 'a')).toEqual({ a: '0.62', b: '0.38' });
  expect(await sharesRow(c, 'the')).toEqual({ the: '1.00', cat: '—', sat: '—' }); // causal attribute
  // config replaces the example under every view; the temperature attribute still applies on top (as on a widget).
  await page.evaluate(() => { document.getElementById('json').config = { ...document.getElementById('cat').state, causal: false }; });
  await expect.poll(() => sharesRow(j, 'sat')).toEqual({ the: '0.19', cat: '0.51', sat: '0.31' });

  // A figure's Copy link names the example, and following it restores every view of it.
  await page.evaluate(() => { const cat = document.getElementById('cat'); cat.config = { ...cat.state, causal: false, temperature: 0.5 }; });
  await expect.poll(() => sharesRow(c, 'sat')).not.toEqual(CHAPTER);
  const edited = await sharesRow(c, 'sat');
  await c.getByRole('button', { name: 'Copy link' }).click();
  const link = await c.locator('.share-link').inputValue();
  expect(new URL(link).hash).toMatch(/^#aw\.cat=1\./);
  await page.evaluate(() => { document.getElementById('cat').config = { ...document.getElementById('cat').state, temperature: 1 }; });
  await expect.poll(() => sharesRow(c, 'sat')).toEqual(CHAPTER);
  await page.evaluate((hash) => { location.hash = hash; }, new URL(link).hash);
  await expect.poll(() => sharesRow(c, 'sat')).toEqual(edited);
});

test('the snippet in docs/figures.md works as written', async ({ page }) => {
  const doc = readFileSync(new URL('../../docs/figures.md', import.meta.url), 'utf8');
  const snippet = doc.match(/```html\n([\s\S]*?)```/)[1];
  const [script, ...body] = snippet.split('\n');
  expect(script).toBe('<script type="module" src="/node_modules/attention-widget/web/attention-widget.js"></script>');
  await fixture(page, body.join('\n')); // the fixture page loads the same module from this repository
  const value = page.locator('attention-value');
  await expect(value).toHaveText('67%');
  const figures = page.locator('attention-widget');
  for (const k of [0, 1]) await figures.nth(k).scrollIntoViewIfNeeded(); // rendered when near the viewport
  await expect(figures.nth(0).locator('.asker-table [data-fig-mark]')).toHaveText('0.67');
  await figures.nth(1).getByRole('textbox', { name: 'W_Q row 1, column 1', exact: true }).fill('3');
  await expect(value).toHaveText('79%');
  await expect(figures.nth(0).locator('.asker-table [data-fig-mark]')).toHaveText('0.79');
});

test('training in one view updates every view of the same example (issue 13 with figures)', async ({ page }) => {
  await fixture(page, `
    <attention-example id="cat" preset="cat-sat"></attention-example>
    <attention-widget id="trainer" example="cat" train></attention-widget>
    <attention-widget id="grids" example="cat" show="grids" readonly></attention-widget>
    <p>sat gives <attention-value id="v" example="cat" of="share sat the">0.09</attention-value> to the.</p>`);
  const [trainer, grids] = await Promise.all(['trainer', 'grids'].map((id) => figure(page, id)));
  const panel = trainer.getByRole('region', { name: 'Train the violet grids' });
  await expect(panel).toBeVisible();
  expect((await sharesRow(grids, 'sat')).the).toBe('0.09');
  const wqOf = (id) => page.evaluate((i) => document.getElementById(i).state.wq, id);
  const start = await wqOf('grids');
  const shareOf = () => page.evaluate(() => document.getElementById('grids').model.result.weights[2][0]);
  const before = await shareOf();
  const step = panel.getByRole('button', { name: 'Step', exact: true });
  await step.scrollIntoViewIfNeeded();
  // The other view is far off screen (past the 25% margin the trainer's own panels wait behind):
  // a step of someone else's run is painted there at once, not left for when it comes near.
  expect(await grids.evaluate((el) => el.getBoundingClientRect().top / innerHeight)).toBeGreaterThan(1.25);
  await step.click();
  // One step of gradient descent: the other view's grids and the prose follow the trainer's.
  await expect.poll(() => wqOf('grids')).not.toEqual(start);
  expect(await wqOf('grids')).toEqual(await wqOf('trainer'));
  const share = await shareOf();
  expect(share).toBeGreaterThan(before);
  await expect.poll(async () => (await sharesRow(grids, 'sat')).the).toBe(share.toFixed(2));
  await expect(page.locator('#v')).toHaveText(share.toFixed(2));
});
