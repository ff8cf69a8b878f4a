// Hardening round 3 (docs/hardening.md) in Chromium under the demo's CSP: behaviour over time
// and in combination. Each test waits for a state or an event, never for a fixed time.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { figure, fixture } from './figures-helpers.js';
import { readout, waitForGrid } from './scale-helpers.js';

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

const RLO = '\u202E';

test('the scale lab shows the grid its sliders ask for after a quick flip there and back', async ({ page }) => {
  await page.goto('/web/scale.html');
  await waitForGrid(page);
  const lab = page.locator('attention-scale');
  await expect(lab.locator('canvas')).toHaveAttribute('data-n', '256');
  // 256 -> 4096 -> 256, the second change a task after the first (its request already sent).
  await page.evaluate(async () => {
    const el = document.querySelector('attention-scale');
    el.setAttribute('n', '4096');
    await new Promise((resolve) => setTimeout(resolve, 0));
    el.setAttribute('n', '256');
  });
  await expect.poll(() => readout(page, 'busy')).toBe('');
  await expect(lab.locator('canvas')).toHaveAttribute('data-n', '256');
  expect(await readout(page, 'n-value')).toBe('256');
  expect(await readout(page, 'entries-count')).toBe('65,536');
});

test('writing a widget\'s own state back, or syncing two both ways through config, ends', async ({ page }) => {
  await fixture(page, `<attention-widget id="a"></attention-widget><attention-widget id="b" preset="river-bank"></attention-widget>
    <attention-example id="ex"></attention-example>`);
  await figure(page, 'a');
  await figure(page, 'b');
  await page.waitForFunction(() => document.getElementById('ex').snapshot !== null);
  const counts = await page.evaluate(async () => {
    const [a, b, ex] = ['a', 'b', 'ex'].map((id) => document.getElementById(id));
    const counts = { a: 0, b: 0, ex: 0 };
    // Each handler gives up after 50 rounds, so a ping-pong ends and is counted, not hung.
    a.addEventListener('attention-change', () => { if (++counts.a < 50) b.config = a.state; });
    b.addEventListener('attention-change', () => { if (++counts.b < 50) a.config = b.state; });
    ex.addEventListener('attention-change', () => { if (++counts.ex < 50) ex.config = ex.state; });
    a.model.edit('wq', 0, 0, 3);
    ex.model.edit('wq', 0, 0, 3);
    // Every write-back is applied a microtask later: one task later, all of them are done.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { ...counts, same: JSON.stringify(a.state) === JSON.stringify(b.state) };
  });
  expect(counts).toEqual({ a: 1, b: 1, ex: 1, same: true });
});

test('printing right after load builds every figure of the chapter at once', async ({ page }) => {
  await page.goto('/web/chapter.html');
  // The core is in (the examples have numbers) and the first figure, near the top, is drawn.
  await page.waitForFunction(() => ['cat', 'river', 'cash'].every((id) => document.getElementById(id).snapshot));
  await expect(page.locator('#fig-river .aw > .body')).toBeVisible();
  // A figure far down waits to come near; with the core in, it does not say the core is loading.
  await expect(page.locator('#fig-all .status')).not.toHaveText(/Loading the attention core/);
  const printed = await page.evaluate(() => {
    dispatchEvent(new Event('beforeprint'));
    // Read in the same task as the beforeprint: the print lays the page out as soon as it returns.
    return [...document.querySelectorAll('attention-widget')].map((w) => {
      const root = w.shadowRoot;
      const status = root.querySelector('.status');
      return { id: w.id, status: status.hidden ? '' : status.textContent,
        body: !root.querySelector('.aw > .body').hidden, revealing: root.querySelectorAll('.revealing, [data-later]').length,
        // A table's cells, or (a figure of the blend alone builds no table) the plot's summary of its output.
        numbers: root.querySelectorAll('td').length > 0
          || /Output of \S+: \[/.test(root.querySelector('.blend-panel')?.textContent ?? '') };
    });
  });
  expect(printed).toHaveLength(9);
  for (const figureState of printed)
    expect(figureState).toEqual({ id: figureState.id, status: '', body: true, revealing: 0, numbers: true });
});

test('a readonly figure changes nothing: a row header click and Enter on a cell leave the asker', async ({ page }) => {
  await fixture(page, `<attention-example id="cat"></attention-example>
    <attention-widget id="ro" example="cat" show="grids" readonly></attention-widget>`);
  const ro = await figure(page, 'ro');
  const asker = () => page.evaluate(() => document.getElementById('cat').state.asker);
  expect(await asker()).toBe(2);
  await ro.locator('table.grid-weights').getByRole('rowheader', { name: 'the', exact: true }).click();
  expect(await asker()).toBe(2);
  await ro.locator('table.grid-scores tbody tr').first().locator('td').first().focus();
  await page.keyboard.press('Enter');
  expect(await asker()).toBe(2);
  await expect(ro.locator('.cell-explain')).not.toContainText('click a row');
  await expect(ro.getByRole('alert')).toBeHidden();
});

test('an <attention-value> error marker wraps on a narrow screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 700 });
  await fixture(page, `<attention-example id="cat"></attention-example>
    <p>sat pays <attention-value id="v" example="cat" of="share somebody nobody">67%</attention-value> of its attention.</p>`);
  await expect(page.locator('#v')).toHaveAttribute('data-error', '');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('removed figures leave nothing subscribed to an example that stays', async ({ page }) => {
  await fixture(page, '<attention-example id="cat"></attention-example>');
  await page.waitForFunction(() => document.getElementById('cat').snapshot !== null);
  const live = await page.evaluate(async () => {
    const model = document.getElementById('cat').model;
    let live = 0;
    const subscribe = model.subscribe.bind(model);
    model.subscribe = (listener) => {
      live += 1;
      const stop = subscribe(listener);
      let stopped = false;
      return () => { if (!stopped) live -= 1; stopped = true; stop(); };
    };
    const figures = Array.from({ length: 20 }, () => {
      const w = document.createElement('attention-widget');
      w.setAttribute('example', 'cat');
      w.setAttribute('show', 'asker');
      document.body.append(w);
      return w;
    });
    // Each sets itself up in a task of its own after it connects: a task queued now runs after them.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const added = live;
    figures.forEach((w) => w.remove());
    return { added, removed: live };
  });
  expect(live).toEqual({ added: 20, removed: 0 });
});

test('views follow their example\'s id: renamed, the old name finds nothing and the new one finds it', async ({ page }) => {
  await fixture(page, `<attention-example id="cat"></attention-example>
    <attention-widget id="old" example="cat" show="asker"></attention-widget>
    <attention-widget id="new" example="dog" show="asker"></attention-widget>
    <p><attention-value id="v" example="cat" of="share sat cat">?</attention-value></p>`);
  const old = await figure(page, 'old');
  await expect(page.locator('#v')).toHaveText('0.67');
  await expect(page.locator('#new').getByRole('alert')).toContainText('example="dog" names no <attention-example');
  await page.evaluate(() => { document.getElementById('cat').id = 'dog'; });
  await expect(old.getByRole('alert')).toHaveText('example="cat" names no <attention-example id="cat"> on this page.');
  await expect(old.getByRole('table')).toHaveCount(0);
  await expect(page.locator('#v')).toHaveText(/^\[example="cat" names no/);
  const renamed = await figure(page, 'new');
  await expect(renamed.getByRole('alert')).toBeHidden();
  await expect(renamed.getByRole('table', { name: /sat asks/ })).toBeVisible();
});

test('embed.html quotes a direction control in its query as \\u{202E}, never raw', async ({ page }) => {
  const q = encodeURIComponent;
  await page.goto(`/web/embed.html?show=${q(`${RLO}asker`)}&highlight=${q(`${RLO}shares`)}&causal=${q(`${RLO}on`)}`);
  const widget = page.locator('attention-widget');
  await expect(widget.locator('.figure-error')).toContainText('\\u{202E}asker');
  await expect(page.locator('.embed-error')).toContainText('\\u{202E}on');
  const texts = await page.evaluate(() => [document.querySelector('.embed-error').textContent,
    document.querySelector('attention-widget').shadowRoot.querySelector('.figure-error').textContent]);
  for (const text of texts) expect(text).not.toContain(RLO);
});
