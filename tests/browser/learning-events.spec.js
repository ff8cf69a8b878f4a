// The events learning records are made from (web/xapi.js), fired by the elements in Chromium:
// attention-tour-step, attention-goal, attention-heads-trained. Each fires once per real change and
// not for a change that changes nothing: a repaint of the same step, training on while a goal stays
// met, a head zeroed (measured again, nothing trained). Their statements: tests/web/xapi.test.mjs.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { guidedWidget } from './guided-helpers.js';
import { frames, LONG_RUN } from './wait-helpers.js';

// Records every `name` event that reaches the document (they bubble and are composed), from the
// page's first script on, with the fields `fields` in window.seen[name].
function recordEvents(page, names) {
  return page.addInitScript((list) => {
    window.seen = {};
    for (const [name, fields] of Object.entries(list)) {
      window.seen[name] = [];
      document.addEventListener(name, (e) => window.seen[name].push(Object.fromEntries(fields.map((f) => [f, e[f]]))));
    }
  }, names);
}
const seen = (page, name) => page.evaluate((n) => window.seen[n], name);

test('attention-tour-step: one per step shown, none for a repaint of the same step; the last says so', async ({ page }) => {
  const problems = watchConsole(page);
  await recordEvents(page, { 'attention-tour-step': ['step', 'index', 'of', 'title', 'last'], 'attention-change': ['reason'] });
  await page.goto('/');
  const widget = await guidedWidget(page);
  await expect.poll(() => seen(page, 'attention-tour-step'))
    .toEqual([{ step: 'score', index: 1, of: 12, title: 'The query meets each key', last: false }]);
  await widget.getByRole('button', { name: 'Next step' }).click();
  await expect.poll(async () => (await seen(page, 'attention-tour-step')).length).toBe(2);
  // An edit repaints step 2 with new numbers: the tour did not move, so no event.
  const changes = (await seen(page, 'attention-change')).length;
  await widget.evaluate((w) => w.setAttribute('temperature', '2'));
  await expect.poll(async () => (await seen(page, 'attention-change')).length).toBeGreaterThan(changes);
  await frames(page);
  await widget.getByRole('combobox', { name: 'Jump to step' }).selectOption({ label: '12. Let training choose the grids' });
  await expect.poll(async () => (await seen(page, 'attention-tour-step')).length).toBe(3);
  const steps = await seen(page, 'attention-tour-step');
  expect(steps.map((s) => [s.step, s.index, s.last])).toEqual([['score', 1, false], ['bars', 2, false], ['train', 12, true]]);
  expect(problems).toEqual([]);
});

test('attention-goal: met once when training meets it, nothing while it stays met, not met after Reset training', async ({ page }) => {
  const problems = watchConsole(page);
  await recordEvents(page, { 'attention-goal': ['goal', 'name', 'met'] });
  await page.goto('/#train');
  const widget = page.locator('#train attention-widget');
  const panel = widget.getByRole('region', { name: 'Train the violet grids' });
  const stats = panel.locator('.stats');
  await expect(stats).toHaveText('Loss 2.41 after 0 steps.');
  expect(await seen(page, 'attention-goal')).toEqual([]); // measured, not met: nothing changed
  await panel.getByLabel('Learning rate').fill('0.05'); // the same goal in fewer steps
  await panel.getByRole('button', { name: 'Train', exact: true }).click();
  await expect(panel.getByText(/^Goal met after \d+ steps\.$/)).toBeVisible(LONG_RUN);
  expect(await seen(page, 'attention-goal')).toEqual([{ goal: 'sat-the', name: 'sat attends to the', met: true }]);
  // One more step: the goal stays met (the share only grows), so no event.
  const before = await stats.textContent();
  await panel.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(stats).not.toHaveText(before);
  await frames(page);
  expect((await seen(page, 'attention-goal')).length).toBe(1);
  await panel.getByRole('button', { name: 'Reset training', exact: true }).click();
  await expect(stats).toHaveText('Loss 2.41 after 0 steps.');
  expect(await seen(page, 'attention-goal')).toEqual([{ goal: 'sat-the', name: 'sat attends to the', met: true },
    { goal: 'sat-the', name: 'sat attends to the', met: false }]);
  expect(problems).toEqual([]);
});

test('attention-heads-trained: after a Step and after a Pause, with the measured jobs; none for zeroing a head', async ({ page }) => {
  const problems = watchConsole(page);
  await recordEvents(page, { 'attention-heads-trained': ['reason', 'steps', 'heads', 'heldOutLoss', 'jobs'] });
  await page.goto('/web/heads.html');
  const lab = page.locator('attention-heads');
  const status = lab.locator('.status');
  await expect(status).toHaveText(/^Step 0/);
  await lab.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(status).toHaveText(/^Step 25\b/);
  await expect.poll(async () => (await seen(page, 'attention-heads-trained')).length).toBe(1);
  const [stepped] = await seen(page, 'attention-heads-trained');
  expect(stepped).toMatchObject({ reason: 'step', steps: 25, heads: 2 });
  expect(stepped.heldOutLoss).toBeGreaterThan(0);
  expect(stepped.jobs).toHaveLength(2);
  for (const job of stepped.jobs) expect(['previous-word', 'first-noun', 'none']).toContain(job);
  // Zeroing a head measures again but trains nothing: no event.
  await lab.getByRole('button', { name: 'Zero head 1' }).click();
  await expect(lab.locator('.zeroed')).toBeVisible();
  await lab.getByRole('button', { name: 'Zero head 1' }).click();
  await expect(lab.locator('.zeroed')).toBeHidden();
  await frames(page);
  expect((await seen(page, 'attention-heads-trained')).length).toBe(1);
  await lab.getByRole('button', { name: 'Train', exact: true }).click();
  await expect(status).not.toHaveText(/^Step 25\b/, LONG_RUN);
  await lab.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(lab.getByRole('button', { name: 'Train', exact: true })).toBeVisible();
  await expect.poll(async () => (await seen(page, 'attention-heads-trained')).length).toBe(2);
  const paused = (await seen(page, 'attention-heads-trained'))[1];
  expect(paused.reason).toBe('paused');
  expect(paused.steps).toBeGreaterThan(25);
  expect(problems).toEqual([]);
});
