// While a run plays, a step repaints only the widget's panels near the screen (issue 27): the
// others go stale, and are painted as they come near or as the run pauses (web/views/widget/panels.js).
// The page's clock is installed and held: the trainer steps only when the test runs the clock, so
// "painted as it came near" cannot be the next step's repaint.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

const panelOf = (widget) => widget.getByRole('region', { name: 'Train the violet grids' });

// The Shares grid (the "everyone" panel) as printed, beside the model's shares at two decimals,
// read in one go; and where the grid's panel is against the viewport. `printing`: read inside the
// page's beforeprint, as the printout is laid out once it returns.
const sharesNow = (widget, { printing = false } = {}) => widget.evaluate((w, print) => {
  if (print) dispatchEvent(new Event('beforeprint'));
  // Compared as numbers: the grid prints 0.1 for 0.10 and a true minus sign.
  const cells = [...w.shadowRoot.querySelectorAll('.grid-weights td.heat')].map((td) => Number(td.textContent.trim().replace('−', '-')));
  const box = w.shadowRoot.querySelector('.panel.everyone').getBoundingClientRect();
  return { shown: cells.join(' '), model: w.model.result.weights.flat().map((x) => Number(x.toFixed(2))).join(' '),
    below: box.top - innerHeight };
}, printing);

// The demo's train widget on the two-layer goal, scrolled to its top, its clock held; Train
// pressed and one tick run: twelve steps (reduced motion; seed 0 meets the goal in 31).
async function playOneTick(page) {
  await page.clock.install();
  await page.goto('/#train');
  const widget = page.locator('#train attention-widget');
  await expect(panelOf(widget)).toBeVisible();
  await panelOf(widget).getByLabel('Goal').selectOption('it-two-layers');
  await expect(panelOf(widget).getByRole('table', { name: 'Layer 2 shares' })).toBeAttached();
  const top = () => widget.evaluate((w) => w.scrollIntoView({ block: 'start' }));
  await top();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  // Pressed without scrolling (a click() would bring the button, and maybe the grids, near).
  const play = panelOf(widget).locator('button.play');
  await play.dispatchEvent('click');
  await page.clock.runFor(300);
  const running = await sharesNow(widget);
  expect(running.below, 'the grids far below the screen').toBeGreaterThan(300);
  expect(running.shown, 'off screen, the grids keep an older step').not.toBe(running.model);
  return { widget, play, top };
}

test('a run leaves the grids off screen stale, painted as they come near and as it pauses', async ({ page }) => {
  test.setTimeout(60_000);
  const { widget, play, top } = await playOneTick(page);
  const toGrids = () => widget.evaluate((w) => w.shadowRoot.querySelector('.grid-weights').scrollIntoView({ block: 'center' }));

  // Scrolled near, with no step in between: painted as they came.
  await toGrids();
  await expect.poll(async () => { const s = await sharesNow(widget); return s.shown === s.model; }).toBe(true);

  // Away again, more steps, then Pause with the grids still off screen: painted as it pauses.
  await top();
  await expect.poll(async () => (await sharesNow(widget)).below).toBeGreaterThan(300);
  await page.clock.runFor(250); // twelve steps more
  expect((await sharesNow(widget)).shown).not.toBe((await sharesNow(widget)).model);
  await expect(play, 'still playing: the goal not met yet').toHaveText('Pause');
  await play.dispatchEvent('click');
  await expect(play).toHaveText('Train');
  // Painted after the next frame (the last step's task and frame are full), still off screen;
  // paused, the clock's frames and timers bring no step.
  await page.clock.runFor(100);
  await expect.poll(async () => { const s = await sharesNow(widget); return s.shown === s.model; },
    { message: 'paused, every panel shows the last step' }).toBe(true);
  expect((await sharesNow(widget)).below).toBeGreaterThan(300);
  await toGrids();
  const seen = await sharesNow(widget);
  expect(seen.shown).toBe(seen.model);
});

test('a print while a run plays shows every panel with the latest step', async ({ page }) => {
  test.setTimeout(60_000);
  const { widget, play } = await playOneTick(page);
  // The printout is laid out as soon as beforeprint returns: the stale grids are painted inside it.
  const printed = await sharesNow(widget, { printing: true });
  expect(printed.shown).toBe(printed.model);
  await expect(play, 'the print does not stop the run').toHaveText('Pause');
});
