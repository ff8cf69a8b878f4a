// <attention-widget train> in Chromium: Train makes the target share rise and the
// loss fall while the violet cells change; Step is exactly one update; Pause, an
// edit, Reset; keyboard only; reduced motion; refusals; pictures at 1280 and 360 px.
import { test, expect } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { watchConsole } from './console.js';
import { CSP } from '../../scripts/serve.mjs';
import { gridCell } from './widget-helpers.js';

const DIR = 'tests/browser/screenshots';

// The page's clock (timers, frames) is installed: it runs as usual, and page.clock.runFor moves it on at
// once, so "nothing happens for a while" is checked by running the clock past every tick, not by sleeping.
async function trainWidget(page) {
  await page.clock.install();
  await page.goto('/#train');
  const widget = page.locator('#train attention-widget');
  await expect(widget.getByRole('region', { name: 'Train the violet grids' })).toBeVisible();
  await expect(widget.getByRole('status').filter({ hasText: 'of its attention to the' })).toBeVisible();
  return widget;
}

const panel = (widget) => widget.getByRole('region', { name: 'Train the violet grids' });
const button = (widget, name) => panel(widget).getByRole('button', { name, exact: true });
const stats = (widget) => panel(widget).locator('.stats');
const stepsShown = async (widget) => Number((await stats(widget).textContent()).match(/after (\d+) step/)[1]);
const lossShown = async (widget) => Number((await stats(widget).textContent()).match(/Loss (\d+\.\d+)/)[1]);
const violet = (widget) => widget.getByRole('textbox', { name: /^W_[QKV] row \d, column \d$/ });
const cellTexts = (widget) => violet(widget).evaluateAll((inputs) => inputs.map((i) => i.value));

// The gradient of the current goal at the widget's state, from the core, in the page.
function gradientInPage(widget, goalId) {
  return widget.evaluate(async (w, id) => {
    const { loadAttention } = await import('/wasm/attention.js');
    const { goalById } = await import('/web/views/train/goals.js');
    const core = await loadAttention({ training: true });
    const goal = goalById(id);
    const { pin } = goal.start(core, 0);
    return core.evaluateGoal({ ...w.state, examples: goal.examples(w.state, pin) }).gradients;
  }, goalId);
}

test.describe('with motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('Train: sat\'s share on "the" rises past 0.80, the loss falls, the violet cells change', async ({ page }) => {
    const problems = watchConsole(page);
    const widget = await trainWidget(page);
    const share = await gridCell(widget, 'Attention weights', 'sat', 'the');
    await expect(share).toHaveText('0.09');
    const before = await cellTexts(widget);
    const loss0 = await lossShown(widget);
    await button(widget, 'Train').click();
    await expect(button(widget, 'Pause')).toBeVisible();
    await expect(panel(widget).locator('.readout')).toHaveAttribute('aria-live', 'off'); // no flood while playing
    await expect(panel(widget).getByText(/^Goal met after \d+ steps\.$/)).toBeVisible();
    await expect(button(widget, 'Train')).toBeVisible(); // paused by itself
    await expect(panel(widget).locator('.readout')).toHaveAttribute('aria-live', 'polite');
    expect(Number(await share.textContent())).toBeGreaterThanOrEqual(0.8);
    expect(await lossShown(widget)).toBeLessThan(loss0);
    const after = await cellTexts(widget);
    expect(after).not.toEqual(before);
    // The cells read as the chapter prints, two decimals at most, though training moved them by thousandths.
    for (const text of after) expect(text).toMatch(/^−?\d+(\.\d{1,2})?$/);
    await expect(panel(widget).locator('.check')).toHaveClass(/met/);
    await expect(panel(widget).locator('.readout')).toHaveText(/^sat now gives 0\.\d{2,6} of its attention to the \(was 0\.09\)\.$/);
    // Each violet cell: which way the gradient pushes it and how far it moved.
    const wq11 = widget.getByRole('textbox', { name: 'W_Q row 1, column 1' });
    await expect(wq11).toHaveAttribute('aria-description', /^gradient −?\d\.\d\d, pushed (up|down); moved \+0\.\d\d since training began$/);
    expect(await panel(widget).locator('.loss-line').getAttribute('points')).toMatch(/^0,0 [\d.]+,[\d.]+ /);
    expect(problems).toEqual([]);
  });

  test('while training plays nothing flashes (every number moves every frame); a Step alone flashes', async ({ page }) => {
    const widget = await trainWidget(page);
    await page.evaluate(() => { // count every Web Animation started (the flashes are element.animate calls)
      window.animations = 0;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) { window.animations++; return animate.apply(this, args); };
    });
    const animations = () => page.evaluate(() => window.animations);
    await panel(widget).getByLabel('Learning rate').fill('0.001'); // slow: it plays for a while
    await button(widget, 'Train').click();
    await expect.poll(() => stepsShown(widget)).toBeGreaterThan(3);
    const [started, steps] = [await animations(), await stepsShown(widget)];
    await expect.poll(() => stepsShown(widget)).toBeGreaterThan(steps + 5);
    expect(await animations()).toBe(started);
    await button(widget, 'Pause').click();
    await page.clock.runFor(1000); // the run is over: a step now comes alone
    await button(widget, 'Step').click();
    await expect.poll(animations).toBeGreaterThan(started);
  });

  test('Pause stops it; an edit shows on the curve; Train carries on; Reset training restores the start', async ({ page }) => {
    const problems = watchConsole(page);
    const widget = await trainWidget(page);
    await panel(widget).getByLabel('Learning rate').fill('0.001'); // slow, so there is time to pause
    await button(widget, 'Train').click();
    await expect.poll(() => stepsShown(widget)).toBeGreaterThan(3);
    // Pause, and the count at that moment, in one go: a step that came after the press would show.
    const paused = await panel(widget).evaluate((p) => {
      [...p.querySelectorAll('button')].find((b) => b.textContent === 'Pause').click();
      return Number(p.querySelector('.stats').textContent.match(/after (\d+) step/)[1]);
    });
    await expect(button(widget, 'Train')).toBeVisible();
    await page.clock.runFor(1000); // every frame and tick of a second: a trainer still playing would step in them
    expect(await stepsShown(widget)).toBe(paused);
    const cell = widget.getByRole('textbox', { name: 'W_Q row 2, column 3' });
    await cell.fill('-3');
    await expect(panel(widget).locator('.curve .edit')).toHaveCount(1);
    await button(widget, 'Train').click();
    await expect.poll(() => stepsShown(widget)).toBeGreaterThan(paused);
    await button(widget, 'Pause').click();
    await button(widget, 'Reset training').click();
    await expect(stats(widget)).toHaveText('Loss 2.41 after 0 steps.');
    expect(await cellTexts(widget)).toEqual(['2', '0', '−1', '0', '2', '−1', '1', '1', '−2', '−1', '1', '1', '0', '3', '−2', '2', '1', '−3']);
    await expect(await gridCell(widget, 'Attention weights', 'sat', 'the')).toHaveText('0.09');
    expect(problems).toEqual([]);
  });
});

test('by hand first: one cell of W_Q turns the check green, and the readout says what changed', async ({ page }) => {
  const problems = watchConsole(page);
  const widget = await trainWidget(page);
  const check = panel(widget).locator('.check');
  await expect(check).toHaveText('✗ sat gives 0.09 of its attention to the: not yet above 0.80.');
  await expect(panel(widget).locator('.readout')).toHaveText('sat gives 0.09 of its attention to the.');
  await widget.getByRole('textbox', { name: 'W_Q row 2, column 3' }).fill('-3');
  await expect(check).toHaveText('✓ sat gives 0.84 of its attention to the: above 0.80: goal met.');
  await expect(check).toHaveClass(/met/);
  await expect(panel(widget).locator('.readout')).toHaveText('sat now gives 0.84 of its attention to the (was 0.09).');
  await expect(widget.getByRole('textbox', { name: 'W_Q row 2, column 3' }))
    .toHaveAttribute('aria-description', /moved −2\.00 since training began$/);
  await expect(stats(widget)).toHaveText('Loss 0.17 after 0 steps.');
  expect(problems).toEqual([]);
});

test('Step is exactly one update: each cell moves by −rate × the gradient it showed', async ({ page }) => {
  const problems = watchConsole(page);
  const widget = await trainWidget(page);
  const state = await widget.evaluate((w) => w.state);
  const gradient = await gradientInPage(widget, 'sat-the');
  await button(widget, 'Step').click();
  await expect(stats(widget)).toHaveText(/after 1 step\.$/);
  const after = await widget.evaluate((w) => w.state);
  for (const name of ['wq', 'wk', 'wv'])
    after[name].forEach((row, i) => row.forEach((x, j) => expect(x).toBe(state[name][i][j] - 0.01 * gradient[name][i][j])));
  expect(after.wv).toEqual(state.wv); // a share goal never moves W_V
  expect(after.embeddings).toEqual(state.embeddings);
  expect(problems).toEqual([]);
});

// Training repaints every cell each step (forced), but a cell whose text reads the same is not
// written again: each write re-lays out the cell. Counted: writes of the text an input already has.
test('a training step rewrites only the cells whose text changed', async ({ page }) => {
  const problems = watchConsole(page);
  const widget = await trainWidget(page);
  await widget.evaluate(() => {
    const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    window.inputWrites = { same: 0, changed: 0 };
    Object.defineProperty(HTMLInputElement.prototype, 'value', { ...value, set(text) {
      window.inputWrites[value.get.call(this) === String(text) ? 'same' : 'changed'] += 1;
      value.set.call(this, text);
    } });
  });
  const before = await cellTexts(widget);
  for (const n of [1, 2, 3]) {
    await button(widget, 'Step').click();
    await expect(stats(widget)).toHaveText(new RegExp(`after ${n} steps?\\.$`));
  }
  const changed = (await cellTexts(widget)).filter((text, k) => text !== before[k]).length;
  const writes = await widget.evaluate(() => window.inputWrites);
  expect(writes.same).toBe(0);
  expect(changed).toBeGreaterThan(0); // the steps moved some cells' text
  // The marks under the violet cells change text every step: each is laid out on its own.
  const contain = await panel(widget).page().locator('#train attention-widget .train-mark').first()
    .evaluate((mark) => getComputedStyle(mark).contain);
  expect(contain).toMatch(/strict|size.*layout/);
  expect(problems).toEqual([]);
});

test('keyboard only: pick the blend goal, move the pin, train, step and reset', async ({ page }) => {
  const problems = watchConsole(page);
  const widget = await trainWidget(page);
  await panel(widget).getByLabel('Goal').focus();
  await page.keyboard.press('ArrowDown'); // "match a target blend"
  await expect(panel(widget).locator('.target')).toHaveText(/^Goal: sat’s output lands on the pin/);
  const pin = widget.getByRole('button', { name: /^target pin at \[1\.00, 2\.00\]/ });
  await pin.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(widget.getByRole('button', { name: /^target pin at \[0\.00, 2\.00\]/ })).toBeVisible();
  // The check follows the pin at once (the squared error from [1, 2] was 2.87).
  await expect(panel(widget).locator('.check')).toHaveText('✗ Squared error 6.35: not yet below 0.01.');
  await panel(widget).getByLabel('Goal').focus();
  for (const expected of ['Seed', 'Train']) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => {
      const a = document.activeElement.shadowRoot.activeElement;
      return a.labels?.[0]?.textContent ?? a.textContent;
    })).toBe(expected);
  }
  await page.keyboard.press('Enter');
  await expect(panel(widget).getByText(/^Goal met after \d+ steps\.$/)).toBeVisible();
  await expect(panel(widget).locator('.readout')).toHaveText(/a squared error of 0\.0\d from the pin at \[0\.00, 2\.00\] \(was \d\.\d\d\)\.$/);
  await page.keyboard.press('Tab'); // Step
  await page.keyboard.press('Enter');
  const steps = await stepsShown(widget);
  await page.keyboard.press('Tab'); // Reset training
  await page.keyboard.press('Enter');
  await expect(stats(widget)).toHaveText(/after 0 steps\.$/);
  expect(steps).toBeGreaterThan(1);
  expect(problems).toEqual([]);
});

test('the pin: a click on the plot drops it there, and a drag moves it; the check follows', async ({ page }) => {
  const problems = watchConsole(page);
  const widget = await trainWidget(page);
  await panel(widget).getByLabel('Goal').selectOption('blend');
  const plot = widget.getByRole('group', { name: 'Value arrows and the blend' });
  await plot.scrollIntoViewIfNeeded();
  const box = await plot.boundingBox();
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
  const pin = widget.getByRole('button', { name: /^target pin at/ });
  await expect(pin).not.toHaveAccessibleName(/\[1\.00, 2\.00\]/);
  const dropped = (await pin.getAttribute('aria-label')).match(/\[(.*?)\]/)[1];
  await expect(panel(widget).locator('.readout')).toContainText(`from the pin at [${dropped}]`);
  const at = await pin.boundingBox();
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width / 2 + 40, at.y + at.height / 2 - 30, { steps: 4 });
  await page.mouse.up();
  await expect(pin).not.toHaveAccessibleName(new RegExp(`\\[${dropped.replace(/[.\[\]]/g, '\\$&')}\\]`));
  const moved = (await pin.getAttribute('aria-label')).match(/\[(.*?)\]/)[1];
  await expect(panel(widget).locator('.readout')).toContainText(`from the pin at [${moved}]`);
  await expect(plot).toHaveAttribute('aria-describedby', /.+/);
  expect(problems).toEqual([]);
});

test('reduced motion: a few repaints a second, several steps each, and it still gets there', async ({ page }) => {
  const problems = watchConsole(page);
  const widget = await trainWidget(page);
  expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
  // Every step count the panel ever shows, recorded as it changes.
  await widget.evaluate((w) => {
    const stats = w.shadowRoot.querySelector('.train .stats');
    window.shownSteps = [];
    new MutationObserver(() => window.shownSteps.push(Number(stats.textContent.match(/after (\d+) step/)[1])))
      .observe(stats, { childList: true, characterData: true, subtree: true });
  });
  await button(widget, 'Train').click();
  await expect(panel(widget).getByText(/^Goal met after \d+ steps\.$/)).toBeVisible();
  const shown = [...new Set(await page.evaluate(() => window.shownSteps))];
  const last = await stepsShown(widget);
  // Twelve steps per repaint; only the last repaint stops early, where the goal was met.
  expect(shown.filter((k) => k !== last).every((k) => k % 12 === 0)).toBe(true);
  expect(shown.length).toBeLessThan(last / 6);
  expect(problems).toEqual([]);
});

test('pronouns find their noun: the held-out sentence, read whole, from random grids; nothing resolved yet', async ({ page }) => {
  const problems = watchConsole(page);
  const widget = await trainWidget(page);
  await panel(widget).getByLabel('Goal').selectOption('pronouns');
  await expect(widget.locator('.title')).toHaveText('the bird knocked over the plate because it was hungry');
  expect(await widget.evaluate((w) => w.state.causal)).toBe(false);
  await expect(panel(widget).locator('.held-out')).toHaveText('Held-out sentences (noun pairs never trained on): '
    + '“it” gives its noun its largest share in 0 of 16, and more than the other noun in 8 of 16.');
  await expect(panel(widget).locator('.check')).toHaveText('✗ In 0 of 80 training sentences “it” gives its noun more than 0.80 of its attention.');
  await button(widget, 'Step').click();
  await expect(panel(widget).locator('.readout')).toHaveText(/^In the sentence on screen, “it” now gives 0\.\d\d of its attention to “bird” \(was 0\.\d\d\)\.$/);
  expect(problems).toEqual([]);
});

test('refusals: a bad learning rate, a frozen recipe, a diverging run; the last good grids stay', async ({ page }) => {
  const problems = watchConsole(page);
  const widget = await trainWidget(page);
  const errors = [];
  await widget.evaluate((w) => w.addEventListener('attention-error', (e) => { window.trainErrors ??= []; window.trainErrors.push(e.code); }));
  const start = await cellTexts(widget);
  const message = panel(widget).getByRole('alert');
  const rate = panel(widget).getByLabel('Learning rate');

  await rate.fill('0');
  await button(widget, 'Step').click();
  await expect(message).toHaveText('the learning rate must be a number above 0 and at most 100 (got 0)');
  await rate.fill('abc');
  await expect(message).toHaveText('The learning rate is "abc", not a number: type one like 2 or −0.5.');
  await button(widget, 'Step').click();
  expect(await cellTexts(widget)).toEqual(start);

  await rate.fill('0.01');
  for (const name of ['W_Q', 'W_K']) await panel(widget).getByRole('checkbox', { name }).uncheck();
  await button(widget, 'Train').click();
  await expect(message).toHaveText(/^Only W_V is training, and its gradient for this goal is exactly 0: W_V changes what each word hands over, never who gets attention/);
  await expect(button(widget, 'Train')).toBeVisible();
  expect(await cellTexts(widget)).toEqual(start);

  await panel(widget).getByLabel('Goal').selectOption('blend');
  for (const name of ['W_Q', 'W_K']) await panel(widget).getByRole('checkbox', { name }).check();
  await rate.fill('50');
  await button(widget, 'Train').click();
  await expect(message).toHaveText(/^training stopped: this step would move w[qkv] row \d, column \d to −?[\d.]+, past the limit of ±1000; lower the learning rate$/);
  const state = await widget.evaluate((w) => w.state);
  for (const name of ['wq', 'wk', 'wv']) expect(state[name].flat().every((x) => Math.abs(x) <= 1000)).toBe(true);
  errors.push(...await page.evaluate(() => window.trainErrors));
  expect(errors).toEqual(expect.arrayContaining(['bad_learning_rate', 'stalled', 'diverged']));
  expect(problems).toEqual([]);
});

test('the train attribute: off removes the panel and its marks; a word that does not read says so', async ({ page }) => {
  const problems = watchConsole(page);
  const widget = await trainWidget(page);
  await panel(widget).getByLabel('Goal').selectOption('blend');
  await expect(widget.getByRole('button', { name: /^target pin at/ })).toBeVisible();
  await widget.evaluate((w) => w.setAttribute('train', 'off'));
  await expect(panel(widget)).toHaveCount(0);
  await expect(widget.getByRole('button', { name: /^target pin at/ })).toBeHidden();
  await expect(widget.locator('.train-mark:visible')).toHaveCount(0);
  await widget.evaluate((w) => w.setAttribute('train', 'maybe'));
  await expect(widget.locator('.widget-error')).toHaveText('train="maybe" is not true or false; using train = false.');
  await widget.evaluate((w) => w.setAttribute('train', ''));
  await expect(panel(widget)).toBeVisible();
  await expect(panel(widget).getByLabel('Goal')).toHaveValue('sat-the');
  expect(problems).toEqual([]);
});

test('removed from the page while training, it stops; put back, it trains again', async ({ page }) => {
  const problems = watchConsole(page);
  const widget = await trainWidget(page);
  await panel(widget).getByLabel('Learning rate').fill('0.001');
  await button(widget, 'Train').click();
  await expect.poll(() => stepsShown(widget)).toBeGreaterThan(0);
  const before = await page.evaluate(() => {
    const w = document.querySelector('#train attention-widget');
    window.parked = { w, parent: w.parentNode };
    w.remove();
    return JSON.stringify(w.state);
  });
  await page.clock.runFor(2000); // every frame and tick of two seconds
  expect(await page.evaluate(() => JSON.stringify(window.parked.w.state))).toBe(before); // no step while detached
  await page.evaluate(() => window.parked.parent.append(window.parked.w));
  const steps = await stepsShown(widget);
  await button(widget, 'Step').click();
  await expect.poll(() => stepsShown(widget)).toBe(steps + 1);
  expect(problems).toEqual([]);
});

test('10 training widgets, each stepped while playing and removed, leave no DOM nodes or listeners behind', async ({ page }) => {
  const problems = watchConsole(page);
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Train</title>'
    + '<script type="module" src="./attention-widget.js"></script></head><body><main></main></body></html>';
  await page.route('**/web/train-cycle.html', (route) => route.fulfill({
    status: 200, body: html, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP } }));
  await page.clock.install();
  await page.goto('/web/train-cycle.html');
  const cdp = await page.context().newCDPSession(page);
  const counters = async () => {
    for (let i = 0; i < 3; i += 1) await cdp.send('HeapProfiler.collectGarbage');
    return cdp.send('Memory.getDOMCounters');
  };
  const cycle = (count) => page.evaluate(async (count) => {
    for (let i = 0; i < count; i += 1) {
      const w = document.createElement('attention-widget');
      w.setAttribute('train', '');
      document.querySelector('main').append(w);
      await new Promise((resolve) => w.addEventListener('attention-change', resolve, { once: true }));
      // The panel's code and the training build load on first use.
      while (!w.shadowRoot.querySelector('.train button')) await new Promise((resolve) => requestAnimationFrame(resolve));
      const buttons = [...w.shadowRoot.querySelectorAll('.train button')];
      buttons.find((b) => b.textContent === 'Step').click();
      buttons.find((b) => b.textContent === 'Train').click(); // playing when it is removed
      await new Promise((resolve) => requestAnimationFrame(resolve));
      w.remove();
    }
  }, count);
  await cycle(1);
  const before = await counters();
  // After three collections the counters come back exactly to where they started, so the slack is
  // small and ten cycles are enough: one listener kept per panel is 10 (>= 5), five nodes kept per
  // widget 50 (>= 50); a kept widget is hundreds of nodes.
  await cycle(10);
  await page.clock.runFor(1000); // a removed panel's last scheduled tick (250 ms under reduced motion) has run
  const after = await counters();
  expect(after.nodes - before.nodes, JSON.stringify({ before, after })).toBeLessThan(50);
  expect(after.jsEventListeners - before.jsEventListeners, JSON.stringify({ before, after })).toBeLessThan(5);
  expect(problems).toEqual([]);
});

for (const width of [1280, 360]) {
  test(`train panel at ${width} px: after training, nothing wider than the page`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const widget = await trainWidget(page);
    await panel(widget).getByLabel('Learning rate').fill('0.05');
    await button(widget, 'Train').click();
    await expect(panel(widget).getByText(/^Goal met after \d+ steps\.$/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const overflowing = await widget.evaluate((w) =>
      [...w.shadowRoot.querySelectorAll('.panel')].filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.className));
    expect(overflowing).toEqual([]);
    await mkdir(DIR, { recursive: true });
    // A picture taller than the window: the widgets above, skipped off screen (content-visibility),
    // would take their size while it is taken and move it out of the picture. They paint first.
    await page.evaluate(() => document.querySelectorAll('attention-widget, attention-scale')
      .forEach((w) => { w.style.contentVisibility = 'visible'; }));
    await widget.screenshot({ path: `${DIR}/train-${width}.png` });
    expect(problems).toEqual([]);
  });

  test(`the two-layer goal at ${width} px: both tables, layer 2's grids, nothing wider than the page`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const widget = await trainWidget(page);
    await panel(widget).getByLabel('Goal').selectOption('it-two-layers');
    for (let k = 1; k <= 5; k++) {
      await button(widget, 'Step').click();
      await expect(stats(widget)).toHaveText(new RegExp(`after ${k} steps?\\.`));
    }
    await panel(widget).getByText('Layer 2’s violet grids (the cast is layer 1)').click();
    await expect(panel(widget).getByRole('table', { name: 'Layer 2 W_V' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const overflowing = await widget.evaluate((w) =>
      [...w.shadowRoot.querySelectorAll('.panel')].filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.className));
    expect(overflowing).toEqual([]);
    await mkdir(DIR, { recursive: true });
    await panel(widget).screenshot({ path: `${DIR}/train-two-layers-${width}.png` });
    expect(problems).toEqual([]);
  });
}
