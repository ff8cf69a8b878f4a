// <attention-heads> in Chromium under the demo's strict CSP: press Train, see a
// previous-word band grow in one head's grid and both labels appear (numbers
// from the core); Pause, Step, Reset, reseeding, keyboard, bad input, the
// main-thread fallback, zero console errors, screenshots at 1280 and 360 px.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { frames } from './wait-helpers.js';

const PAGE = '/web/heads.html';
const SHOTS = 'tests/browser/screenshots';
let problems;

test.beforeEach(async ({ page }) => {
  problems = watchConsole(page);
});

test.afterEach(() => {
  expect(problems).toEqual([]);
});

const lab = (page) => page.locator('attention-heads');
const label = (page, h) => lab(page).locator('.head .label').nth(h);

// Every visible cell of head h's grid as numbers (null where masked), with its headers.
async function readGrid(page, h) {
  return page.getByRole('table', { name: `Head ${h + 1} shares` }).evaluate((table) => ({
    keys: [...table.tHead.rows[0].cells].slice(1).map((c) => c.textContent),
    rows: [...table.tBodies[0].rows].map((r) => ({
      asker: r.cells[0].textContent,
      cells: [...r.cells].slice(1).map((c) => (c.classList.contains('masked') ? null : Number(c.textContent))),
      backgrounds: [...r.cells].slice(1).map((c) => c.style.background),
    })),
  }));
}

async function waitForModel(page) {
  await expect(lab(page).locator('.status')).toHaveText(/^Step 0/);
}

async function waitForLabels(page) {
  await expect(lab(page).locator('.head .label.specialised')).toHaveCount(2);
}

test('Train: one head moves its comma row onto the previous word (the band cell), both heads get labels', async ({ page }) => {
  await page.goto(PAGE);
  await waitForModel(page);
  // Before training (seed 1): neither job, and zeroing either head lowers the loss.
  for (const h of [0, 1]) {
    await expect(label(page, h)).toHaveText(new RegExp(`^Head ${h + 1}: neither job, not needed \\(zeroing costs \u2212\\d\\.\\d\\d\\)$`));
    await expect(label(page, h)).not.toHaveClass(/specialised/);
  }
  // Before training both grids are near uniform: row i gives about 1/(i+1) to each word.
  for (const h of [0, 1]) {
    const { rows } = await readGrid(page, h);
    rows.forEach(({ cells }, i) => cells.forEach((w, j) => {
      if (j > i) expect(w).toBeNull();
      else expect(Math.abs(w - 1 / (i + 1))).toBeLessThan(0.5 / (i + 1) + 0.01);
    }));
  }
  await page.screenshot({ path: `${SHOTS}/heads-1280-start.png`, fullPage: true });

  const train = page.getByRole('button', { name: 'Train' });
  await train.click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await waitForLabels(page);

  const labels = [await label(page, 0).textContent(), await label(page, 1).textContent()];
  const previous = labels.findIndex((t) => /the comma before the verb: \d\.\d\d on the previous word/.test(t));
  const noun = labels.findIndex((t) => /at the comma before the verb: \d\.\d\d on the first noun/.test(t));
  expect(previous).toBeGreaterThanOrEqual(0);
  expect(noun).toBe(1 - previous);
  const share = Number(/: (\d\.\d\d) on the previous word/.exec(labels[previous])[1]);
  expect(share).toBeGreaterThanOrEqual(0.8);

  // The band cell: in the previous-word head's grid, the comma's row (the one row whose next word
  // needs the previous word) puts the most on the word just before it, with a heat colour; cells
  // are two decimals. (Seed 1's first held-out sentence: "the owls , seeing the old birds , sing".)
  const { rows, keys } = await readGrid(page, previous);
  const job = rows.findIndex((r) => r.asker === ',' && rows.indexOf(r) > 3);
  const jobRow = rows[job].cells.slice(0, job + 1);
  expect(jobRow.indexOf(Math.max(...jobRow))).toBe(job - 1);
  expect(jobRow[job - 1]).toBeGreaterThanOrEqual(0.5);
  expect(keys[job - 1]).toMatch(/^(cat|dog|fox|owl|bird|frog|bee|mouse|cats|dogs|foxes|owls|birds|frogs|bees|mice)$/);
  expect(rows[job].backgrounds[job - 1]).not.toBe(rows[job].backgrounds[0]);
  const text = await page.getByRole('table', { name: `Head ${previous + 1} shares` }).locator('tbody td:not(.masked)').first().textContent();
  expect(text).toMatch(/^\d\.\d\d$/);

  // Ablation numbers and guesses are shown.
  await expect(lab(page).locator('.ablation').nth(previous)).toHaveText(/^Zeroing head \d raises the held-out loss by \d\.\d\d, to \d\.\d\d\.$/);
  await expect(lab(page).locator('.guesses tbody tr')).toHaveCount(4);
  await expect(lab(page).locator('.status')).toHaveText(/held-out loss \d\.\d\d/);

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Train' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/heads-1280-trained.png`, fullPage: true });
});

test('keyboard: Tab reaches the controls, Enter trains and pauses, Step and Reset work', async ({ page }) => {
  await page.goto(PAGE);
  await waitForModel(page);
  const focused = () => page.evaluate(() => document.querySelector('attention-heads').shadowRoot.activeElement?.textContent ?? '');
  await page.keyboard.press('Tab'); // the page's first link or the lab; walk to Train
  for (let i = 0; i < 10 && (await focused()) !== 'Train'; i++) await page.keyboard.press('Tab');
  expect(await focused()).toBe('Train');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Train' })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('Step');
  const before = await lab(page).locator('.status').textContent();
  await page.keyboard.press('Space');
  await expect(lab(page).locator('.status')).not.toHaveText(before);
  const steps = Number(/^Step (\d+)/.exec(await lab(page).locator('.status').textContent())[1]);
  await page.keyboard.press('Space');
  await expect(lab(page).locator('.status')).toHaveText(new RegExp(`^Step ${steps + 25}\\b`));
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('Reset');
  await page.keyboard.press('Enter');
  await expect(lab(page).locator('.status')).toHaveText(/^Step 0/);
});

test('a new seed or head count starts again; typed seeds are read as the attribute reads them', async ({ page }) => {
  await page.goto(PAGE);
  await waitForModel(page);
  await page.getByRole('button', { name: 'Step' }).click();
  await expect(lab(page).locator('.status')).toHaveText(/^Step 25\b/);

  // Not a whole number: a message, the model kept (the field goes to the attribute as typed).
  const seed = page.getByLabel('Seed');
  await seed.fill('2.5');
  await seed.press('Enter');
  await expect(lab(page).locator('.message')).toHaveText('seed="2.5" is not a whole number; keeping seed = 1.');
  await expect(lab(page).locator('.status')).toHaveText(/^Step 25\b/);
  expect(await lab(page).getAttribute('seed')).toBe('2.5');

  await seed.fill('<img src=x onerror=alert(1)>');
  await seed.press('Enter');
  await expect(lab(page).locator('.message')).toContainText('seed="<img src=x onerror=');
  expect(await lab(page).evaluate((e) => e.shadowRoot.querySelectorAll('img').length)).toBe(0);
  await expect(lab(page).locator('.status')).toHaveText(/^Step 25\b/);

  // Out of range: the range's end, with a message, and a new model.
  await seed.fill('-3');
  await seed.press('Enter');
  await expect(lab(page).locator('.message')).toHaveText('seed="-3" is below 0; using seed = 0 (allowed: 0 to 4294967295).');
  await expect(lab(page).locator('.status')).toHaveText(/^Step 0/);

  await seed.fill('7');
  await seed.press('Enter');
  await expect(lab(page).locator('.message')).toBeHidden();
  await expect(lab(page).locator('.status')).toHaveText(/^Step 0/);
  expect(await lab(page).getAttribute('seed')).toBe('7');

  await page.getByLabel('Heads').selectOption('3');
  await expect(page.getByRole('table', { name: 'Head 3 shares' })).toBeVisible();
  await expect(lab(page).locator('.head')).toHaveCount(3);

  const errors = [];
  await page.exposeFunction('noteError', (code) => errors.push(code));
  await lab(page).evaluate((e) => e.addEventListener('attention-error', (ev) => window.noteError(ev.code)));
  await lab(page).evaluate((e) => e.setAttribute('heads', 'nine'));
  await expect(lab(page).locator('.message')).toHaveText('heads="nine" is not a whole number; keeping heads = 3.');
  await expect(lab(page).locator('.head')).toHaveCount(3);
  await lab(page).evaluate((e) => e.setAttribute('heads', '9'));
  await expect(lab(page).locator('.message')).toHaveText('heads="9" is above 4; using heads = 4 (allowed: 1 to 4).');
  await expect(lab(page).locator('.head')).toHaveCount(4);
  expect(errors).toEqual(['bad_attribute', 'bad_attribute']);
  await lab(page).evaluate((e) => e.removeAttribute('heads')); // absent: the default
  await expect(lab(page).locator('.message')).toBeHidden();
  await expect(lab(page).locator('.head')).toHaveCount(2);
});

test('without a worker it trains on the page and says so; no-worker reads the boolean words', async ({ page }) => {
  await page.goto(PAGE);
  await lab(page).evaluate((e) => e.setAttribute('no-worker', 'maybe'));
  await expect(lab(page).locator('.message')).toHaveText('no-worker="maybe" is not true or false; using no-worker = false.');
  expect(await lab(page).evaluate((e) => e.computeMode)).toBe('worker');
  await lab(page).evaluate((e) => e.setAttribute('no-worker', 'off'));
  await expect(lab(page).locator('.message')).toBeHidden();
  expect(await lab(page).evaluate((e) => e.computeMode)).toBe('worker');
  await lab(page).evaluate((e) => e.setAttribute('no-worker', ''));
  await expect(lab(page).locator('.mode')).toBeVisible();
  expect(await lab(page).evaluate((e) => e.computeMode)).toBe('main');
  await waitForModel(page);
  await page.getByRole('button', { name: 'Step' }).click();
  await expect(lab(page).locator('.status')).toHaveText(/^Step 25\b/);
});

test('at 360 px the grids fit or scroll inside their box, labels readable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(PAGE);
  await waitForModel(page);
  await page.getByRole('button', { name: 'Train' }).click();
  await waitForLabels(page);
  await page.getByRole('button', { name: 'Pause' }).click();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/heads-360-trained.png`, fullPage: true });
});

test('removed while training it stops; put back it starts a fresh model', async ({ page }) => {
  // Every worker the page starts, and whether it was stopped: "it stops" is a state, not a quiet spell.
  await page.addInitScript(() => {
    const Native = window.Worker;
    window.workers = [];
    window.Worker = class extends Native {
      constructor(...args) { super(...args); this.stopped = false; window.workers.push(this); }
      terminate() { this.stopped = true; super.terminate(); }
    };
  });
  await page.goto(PAGE);
  await waitForModel(page);
  await page.getByRole('button', { name: 'Train' }).click();
  await expect(lab(page).locator('.status')).toHaveText(/^Step [1-9]/);
  const status = () => page.evaluate(() => window.parked.shadowRoot.querySelector('.status').textContent);
  const removed = await page.evaluate(() => {
    const e = document.querySelector('attention-heads');
    window.parked = e;
    window.home = e.parentNode;
    e.remove();
    return { workers: window.workers.length, stopped: window.workers.every((w) => w.stopped),
      mode: e.computeMode, button: e.shadowRoot.querySelector('button.primary').textContent };
  });
  expect(removed).toEqual({ workers: 1, stopped: true, mode: null, button: 'Train' });
  // Progress already on its way when it stopped is dropped: frames later, the status is as it was.
  const before = await status();
  await frames(page, 3);
  expect(await status()).toBe(before);
  await page.evaluate(() => window.home.append(window.parked));
  await waitForModel(page);
});

// The one start-up policy: a heads lab far down a page starts its worker (and its core) only when
// it comes near, stops when removed, and starts again at once when put back.
test('off screen the lab does not start its worker; near, it does; removed, it stops; put back, it starts again', async ({ page }) => {
  await page.goto(PAGE);
  await waitForModel(page); // the lab at the top started: it came near
  await page.evaluate(() => {
    const far = Object.assign(document.createElement('attention-heads'), { id: 'far' });
    document.body.append(Object.assign(document.createElement('div'), { style: 'height: 5000px' }), far);
    const near = Object.assign(document.createElement('attention-heads'), { id: 'near' });
    document.body.prepend(near); // added with it, at the top: near at once
  });
  const mode = (id) => page.evaluate((which) => document.getElementById(which).computeMode, id);
  await page.waitForFunction(() => document.getElementById('near').computeMode !== null); // near: started
  expect(await mode('far')).toBeNull(); // connected in the same task, but not near: not started
  const far = page.locator('#far');
  expect(await far.evaluate((e) => e.shadowRoot.querySelector('.lab'))).toBeNull(); // nor built
  await far.scrollIntoViewIfNeeded();
  await expect(far.locator('.status')).toHaveText(/^Step 0/);
  expect(await mode('far')).toBe('worker');
  expect(await page.evaluate(() => {
    const lab = document.getElementById('far');
    lab.remove();
    const stopped = lab.computeMode;
    document.body.append(lab); // back, near once already: at once
    return [stopped, lab.computeMode];
  })).toEqual([null, 'worker']);
});
