// <attention-widget guided> and `predict`: the chapter's recipe step by step, guesses
// before the reveals. The demo page's first widget opens in guided mode on "the cat sat".
import { test, expect } from '@playwright/test';
import { copyFile } from 'node:fs/promises';
import { watchConsole } from './console.js';
import { atStep, guidedWidget, measureFit, tourText, withPausedClock } from './guided-helpers.js';
import { animationsDone } from './wait-helpers.js';

// What each step is the first to show, in the chapter's order (the list).
const CHAPTER = [
  ['1 × 1 + 1 × 1 = 2', '1 × 1 + 1 × (−1) = 0', '1 × 0 + 1 × 1 = 1'],
  ['Scores'],
  ['7.39', '2.72', '11.11'],
  ['0.09', '0.67', '0.24', 'sum 1.00', 'the exact 0.665 prints as 0.67'],
  ['0.67 × v'],
  ['[2.24, 0.85]', 'cat\'s value [3, 1]'],
  ['q_sat = [1, 1]', '[2, 0, −1]'],
  ['0.47', '0.06', '0.01', '0.50'],
  ['0.98', '0.02'],
  ['1.41', '0.71', '0.14', '0.58', '0.28'],
  ['softmax(QKᵀ / √dk) V', 'o_sat ≈ [2.24, 0.85]'],
  ['sat gives more than 0.80 of its attention to “the”', 'Loss 2.41 after 0 steps.', '[0.00, 3.00, −2.00]'],
];
// Numbers that must not be on screen before their step (index into CHAPTER).
const NOT_BEFORE = [[2, '11.11'], [3, '0.67'], [5, '2.24'], [6, '[2, 0, −1]'], [7, '0.47'], [8, '0.98'], [9, '0.58']];

let problems;
test.beforeEach(({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

test('Next step shows the chapter\'s numbers in the chapter\'s order, none before its step; Back returns', async ({ page }) => {
  await page.goto('/');
  const widget = await guidedWidget(page);
  const next = widget.getByRole('button', { name: 'Next step' });
  const texts = [];
  for (let k = 0; k < CHAPTER.length; k++) {
    await atStep(widget, k + 1);
    // Step 12 loads the core's training build first: wait for its run to be on screen.
    if (k === 11) await expect(widget.locator('.g-train-loss')).toHaveText('Loss 2.41 after 0 steps.');
    const text = await tourText(widget);
    texts.push(text);
    for (const expected of CHAPTER[k]) expect(text, `step ${k + 1}`).toContain(expected);
    if (k < CHAPTER.length - 1) await next.click();
  }
  await expect(next).toBeDisabled();
  for (const [step, number] of NOT_BEFORE)
    for (let k = 0; k < step; k++) expect(texts[k], `${number} already at step ${k + 1}`).not.toContain(number);
  await widget.getByRole('button', { name: 'Previous step' }).click();
  await atStep(widget, 11);
  expect(await tourText(widget)).toContain('o_sat ≈ [2.24, 0.85]');
  await widget.getByRole('combobox', { name: 'Jump to step' }).selectOption({ label: '3. Exponentiate' });
  await atStep(widget, 3);
  await expect(widget.getByRole('status')).toContainText('Total 11.11');
});

test('Play advances by itself and Pause stops it', async ({ page }) => {
  const widget = await withPausedClock(page, '/');
  await widget.getByRole('button', { name: 'Play' }).click();
  await page.clock.runFor(4000); // the dwell
  await atStep(widget, 2);
  const pause = widget.getByRole('button', { name: 'Pause' });
  await expect(pause).toBeVisible();
  // The page registers words of its own while it plays: every word is written again, Pause kept.
  await page.evaluate(async () => {
    const { registerMessages } = await import('/dist/browser/attention-widget.js');
    registerMessages('en', { 'tour.next': 'Onward' });
  });
  await expect(widget.getByRole('button', { name: 'Onward' })).toBeVisible();
  await expect(pause).toBeVisible();
  await pause.click();
  await page.clock.runFor(4500); // more than a dwell, paused
  await expect(widget.getByRole('button', { name: 'Play' })).toBeVisible();
  await atStep(widget, 2);
});

for (const [width, height] of [[1280, 800], [360, 740]]) {
  for (const preset of ['cat-sat', 'it-vase']) {
    test(`every step fits ${width} × ${height} with no sideways scrolling (${preset})`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto('/');
      const widget = await guidedWidget(page);
      if (preset !== 'cat-sat') await widget.evaluate((w, p) => w.setAttribute('preset', p), preset);
      if (preset !== 'cat-sat') await expect(widget.locator('.title')).toContainText('vase');
      for (let k = 0; k < 12; k++) {
        await atStep(widget, k + 1);
        await widget.scrollIntoViewIfNeeded();
        await widget.screenshot({ path: `tests/browser/screenshots/guided-${preset}-${width}-step${k + 1}.png` });
        const fit = await measureFit(page, widget);
        // Step 12 on a phone: its buttons, grids, bars and loss share one screen (guided-train.spec.js);
        // the sentence and the links under them may need a scroll.
        if (k === 11 && width < 600) fit.tooTall = 0;
        expect.soft(fit, `step ${k + 1}`).toEqual({ tooTall: 0, pageSideways: 0, innerSideways: [] });
        if (k < 11) await widget.getByRole('button', { name: 'Next step' }).click();
      }
    });
  }
}

test('keyboard only: step through, guess the shares with the arrow keys, lock in', async ({ page }) => {
  await page.goto('/');
  const widget = await guidedWidget(page);
  await widget.evaluate((w) => w.setAttribute('predict', ''));
  await widget.getByRole('button', { name: 'Play' }).focus();
  await page.keyboard.press('Tab'); // Next step
  for (let k = 0; k < 3; k++) await page.keyboard.press('Enter');
  await atStep(widget, 4);
  await expect(widget.getByRole('status')).toHaveText('Make your guess, or skip it, to see this step.');
  expect(await tourText(widget)).not.toContain('sat 0.24');
  // First the probe (its choices are buttons); focus moves on to the share bars.
  await widget.getByRole('button', { name: 'No, something else' }).focus();
  await page.keyboard.press('Enter');
  // Into the stage: the first slider is the's share; raise cat's share instead.
  const cat = widget.getByRole('slider', { name: 'Your guess for cat\'s share' });
  await cat.focus();
  for (let k = 0; k < 17; k++) await page.keyboard.press('ArrowRight');
  await expect(cat).toHaveAttribute('aria-valuetext', '0.50');
  await page.keyboard.press('Tab'); // sat's slider
  await page.keyboard.press('Tab'); // Lock in my guess
  await page.keyboard.press('Enter');
  await expect(widget.locator('.g-verdict')).toHaveText('For cat you said 0.50, it is 0.67.');
  await expect(widget.getByRole('button', { name: 'Next step' })).toBeFocused();
  await expect(widget.getByRole('status')).toContainText('sat pays 67% of its attention to cat');
});

test('reduced motion: no running animations; otherwise short ones that end', async ({ browser }) => {
  for (const reducedMotion of ['reduce', 'no-preference']) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    const seen = watchConsole(page);
    await page.goto('/');
    const widget = await guidedWidget(page);
    const running = () => widget.evaluate((w) => w.shadowRoot.getAnimations().filter((a) => a.playState === 'running').length);
    // Click and count in one go: on a loaded machine a round trip can outlast the 400 ms of motion.
    const during = await widget.evaluate((w) => {
      [...w.shadowRoot.querySelectorAll('.g-nav button')].find((b) => b.textContent === 'Next step').click();
      const motion = w.shadowRoot.getAnimations().filter((a) => a.playState === 'running');
      return { count: motion.length, longest: Math.max(0, ...motion.map((a) => a.effect.getComputedTiming().endTime)) };
    });
    if (reducedMotion === 'reduce') expect(during.count).toBe(0);
    else expect(during.count).toBeGreaterThan(0);
    expect(during.longest).toBeLessThanOrEqual(400); // every step's motion ends within 400 ms
    await animationsDone(widget);
    expect(await running()).toBe(0);
    expect(seen).toEqual([]);
    await context.close();
  }
});

test('predict: each guess is recorded with the truth and revealed beside it; skipping works', async ({ page }) => {
  await page.goto('/');
  const widget = await guidedWidget(page);
  await widget.evaluate((w) => {
    w.setAttribute('predict', '');
    window.guesses = [];
    w.addEventListener('attention-guess', (e) => window.guesses.push({ step: e.step, kind: e.kind, guess: e.guess, truth: e.truth, text: e.text }));
  });
  const go = (label) => widget.getByRole('combobox', { name: 'Jump to step' }).selectOption({ label });
  // Each step's misconception probe comes first (tests/browser/guided-probes.spec.js): skipped here.
  const skipProbe = () => widget.locator('.g-probe').getByRole('button', { name: 'Skip: just show me' }).click();
  // The shares: lock in the even guess.
  await go('4. Divide by the total');
  await skipProbe();
  await widget.getByRole('button', { name: 'Lock in my guess' }).click();
  await expect(widget.locator('.g-verdict')).toHaveText('For cat you said 0.33, it is 0.67.');
  // The blend: drop a pin by keyboard at [2, 1].
  await go('6. Tip to tail: the blend');
  expect(await tourText(widget)).not.toContain('2.24');
  await skipProbe();
  const plot = widget.getByRole('application');
  await plot.focus();
  for (let k = 0; k < 4; k++) await page.keyboard.press('Shift+ArrowRight');
  for (let k = 0; k < 2; k++) await page.keyboard.press('Shift+ArrowUp');
  await widget.getByRole('button', { name: 'Lock in my guess' }).click();
  await expect(widget.locator('.g-verdict')).toHaveText('You said [2.00, 1.00], it is [2.24, 0.85]: 0.29 away.');
  // The mask: pick two of the three cells and one that stays.
  await go('9. The causal mask');
  await skipProbe();
  for (const name of ['the looking at cat', 'the looking at sat', 'sat looking at the'])
    await widget.getByRole('button', { name, exact: true }).click();
  await widget.getByRole('button', { name: 'Lock in my guess' }).click();
  await expect(widget.locator('.g-verdict')).toHaveText('You picked 2 of the 3 masked cells and 1 that stays.');
  // The thermostat: skip.
  await go('10. The thermostat: divide by √d_k');
  await skipProbe();
  await widget.getByRole('button', { name: 'Skip: just show me' }).click();
  await expect(widget.locator('.g-verdict')).toHaveText('You skipped this guess.');
  await expect(widget.getByRole('status')).toContainText('0.67 → 0.58');
  const events = await page.evaluate(() => window.guesses);
  const probeKinds = ['rescaled', 'outside', 'renormalise', 'ranking'];
  expect(events.filter((g) => probeKinds.includes(g.kind)).map((g) => [g.step, g.kind, g.guess]))
    .toEqual([['shares', 'rescaled', null], ['blend', 'outside', null], ['mask', 'renormalise', null], ['thermostat', 'ranking', null]]);
  const guesses = events.filter((g) => !probeKinds.includes(g.kind));
  expect(guesses.map((g) => [g.step, g.kind])).toEqual([['shares', 'shares'], ['blend', 'pin'], ['mask', 'mask'], ['thermostat', 'trend']]);
  expect(guesses[0].guess.map((x) => x.toFixed(2))).toEqual(['0.33', '0.33', '0.33']);
  expect(guesses[0].truth.map((x) => x.toFixed(2))).toEqual(['0.09', '0.67', '0.24']);
  expect(guesses[1].truth.map((x) => x.toFixed(2))).toEqual(['2.24', '0.85']);
  expect(guesses[2].truth).toEqual(['0,1', '0,2', '1,2']);
  expect(guesses[3].guess).toBeNull();
  // A guess made stays: back at step 4 the reveal is shown, not the guess again.
  await go('4. Divide by the total');
  await expect(widget.locator('.g-verdict')).toHaveText('For cat you said 0.33, it is 0.67.');
});

test('editing a number during a step re-plays it with the new numbers; the asker choice is used', async ({ page }) => {
  await page.goto('/');
  const widget = await guidedWidget(page);
  await widget.getByText('Change the numbers').click();
  const cell = widget.getByRole('textbox', { name: 'W_Q row 1, column 1' });
  await cell.fill('3');
  await expect(widget.getByRole('status')).toContainText('sat\'s query [2, 1] meets each key');
  expect(await tourText(widget)).toContain('2 × 1 + 1 × 1 = 3');
  await cell.fill('2');
  await widget.getByRole('combobox', { name: 'Asker' }).selectOption('cat');
  await expect(widget.getByRole('status')).toContainText('cat\'s query [0, 2] meets each key');
});

for (const [width, height] of [[1280, 800], [360, 740]]) {
  test(`the guesses fit ${width} × ${height} too`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    const widget = await guidedWidget(page);
    await widget.getByRole('switch', { name: 'Guess first' }).check();
    await expect(widget).toHaveAttribute('predict', '');
    for (const label of ['4. Divide by the total', '6. Tip to tail: the blend', '9. The causal mask', '10. The thermostat: divide by √d_k']) {
      await widget.getByRole('combobox', { name: 'Jump to step' }).selectOption({ label });
      // The probe first (its own fit is measured in guided-probes.spec.js), then the guess.
      await widget.locator('.g-probe').getByRole('button', { name: 'Skip: just show me' }).click();
      await expect(widget.locator('.g-guess:not(.g-probe)').getByRole('button', { name: 'Skip: just show me' })).toBeVisible();
      await widget.scrollIntoViewIfNeeded();
      await widget.screenshot({ path: `tests/browser/screenshots/guided-guess-${width}-step${label.split('.')[0]}.png` });
      expect.soft(await measureFit(page, widget), label).toEqual({ tooTall: 0, pageSideways: 0, innerSideways: [] });
    }
  });
}

// Any config: the steps scale to n tokens (one token; sixteen, the widget's most) and any width of q, k, v.
for (const n of [1, 16]) {
  test(`any config: ${n} token${n > 1 ? 's' : ''}, every step renders and fits a phone`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const widget = await guidedWidget(page);
    await widget.evaluate((w, count) => {
      const row = (k) => [((k * 7) % 5) - 2, ((k * 3) % 4) - 1, 1];
      w.config = { tokens: Array.from({ length: count }, (_, k) => `w${k + 1}`),
        embeddings: Array.from({ length: count }, (_, k) => row(k)),
        wq: [[1, 0, 1], [0, 1, -1]], wk: [[1, 1, 0], [0, -1, 1]], wv: [[1, 0, 0], [0, 1, 1]], scaled: true };
    }, n);
    await expect(widget.getByRole('status')).toContainText(`w${n}'s query`);
    for (let k = 0; k < 12; k++) {
      await atStep(widget, k + 1);
      await expect(widget.getByRole('status')).not.toBeEmpty();
      await widget.screenshot({ path: `tests/browser/screenshots/guided-n${n}-360-step${k + 1}.png` });
      const fit = await measureFit(page, widget);
      if (k === 11) fit.tooTall = 0; // step 12 on a phone: see above
      expect.soft(fit, `step ${k + 1}`).toEqual({ tooTall: 0, pageSideways: 0, innerSideways: [] });
      if (k < 11) await widget.getByRole('button', { name: 'Next step' }).click();
    }
  });
}

// The README's pictures of the tour (docs/guided.png, docs/guided-predict.png), written only with
// UPDATE_DOCS=1 so that a test run never changes a tracked file.
test('pictures of the tour for the README', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.goto('/');
  const widget = await guidedWidget(page);
  await widget.getByRole('combobox', { name: 'Jump to step' }).selectOption({ label: '6. Tip to tail: the blend' });
  await expect(widget.getByRole('status')).toContainText('[2.24, 0.85]');
  await widget.screenshot({ path: 'tests/browser/screenshots/guided-readme.png' });
  await widget.getByRole('switch', { name: 'Guess first' }).check();
  await widget.getByRole('combobox', { name: 'Jump to step' }).selectOption({ label: '4. Divide by the total' });
  await widget.getByRole('button', { name: 'No, something else' }).click();
  await widget.getByRole('slider', { name: 'Your guess for cat\'s share' }).focus();
  await page.keyboard.press('Home');
  for (let k = 0; k < 5; k++) await page.keyboard.press('PageUp');
  await widget.getByRole('button', { name: 'Lock in my guess' }).click();
  await expect(widget.locator('.g-verdict')).toHaveText('For cat you said 0.50, it is 0.67.');
  await widget.screenshot({ path: 'tests/browser/screenshots/guided-predict-readme.png' });
  if (process.env.UPDATE_DOCS === '1') {
    await copyFile('tests/browser/screenshots/guided-readme.png', 'docs/guided.png');
    await copyFile('tests/browser/screenshots/guided-predict-readme.png', 'docs/guided-predict.png');
  }
});

test('hostile, long tokens: shown as text, cut with an ellipsis, never a sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const widget = await guidedWidget(page);
  await widget.evaluate((w) => {
    w.config = { tokens: ['<img src=x onerror=alert(1)>', 'Pneumonoultramicroscopicsilicovolcanoco', 'x'.repeat(40)],
      embeddings: [[1, 0, 0], [0, 1, 0], [1, 1, 1]], wq: [[2, 0, -1], [0, 2, -1]], wk: [[1, 1, -2], [-1, 1, 1]],
      wv: [[0, 3, -2], [2, 1, -3]] };
  });
  await expect(widget.getByRole('status')).toContainText('xxxx');
  for (let k = 0; k < 12; k++) {
    await atStep(widget, k + 1);
    expect(await widget.evaluate((w) => w.shadowRoot.querySelectorAll('img').length)).toBe(0);
    const fit = await measureFit(page, widget);
    expect.soft({ pageSideways: fit.pageSideways, innerSideways: fit.innerSideways }, `step ${k + 1}`)
      .toEqual({ pageSideways: 0, innerSideways: [] });
    if (k < 11) await widget.getByRole('button', { name: 'Next step' }).click();
  }
});

test('touch: tap through the steps, tap a pin onto the picture', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const seen = watchConsole(page);
  await page.goto('/');
  const widget = await guidedWidget(page);
  await widget.getByRole('switch', { name: 'Guess first' }).tap();
  for (let k = 0; k < 5; k++) await widget.getByRole('button', { name: 'Next step' }).tap();
  await atStep(widget, 6);
  await widget.getByRole('button', { name: 'No, it stays among them' }).tap();
  const plot = widget.getByRole('application');
  const box = await plot.boundingBox();
  await plot.tap({ position: { x: box.width * 0.6, y: box.height * 0.5 } });
  await expect(widget.getByText(/^Your pin: \[/)).toBeVisible();
  await widget.getByRole('button', { name: 'Lock in my guess' }).tap();
  await expect(widget.locator('.g-verdict')).toHaveText(/^You said \[.*\], it is \[2\.24, 0\.85\]: .* away\.$/);
  expect(seen).toEqual([]);
  await context.close();
});

test('guided="maybe" is explained and leaves the full widget; Play stops when the widget leaves the page', async ({ page }) => {
  const widget = await withPausedClock(page, '/');
  await widget.getByRole('button', { name: 'Play' }).click();
  await page.clock.runFor(100); // less than a dwell
  await expect(widget.getByRole('button', { name: 'Pause' })).toBeVisible();
  // Off the page mid-Play, back after more than one dwell: still on step 1, not playing.
  await page.evaluate(() => { const w = document.querySelector('attention-widget'); window.parked = w; w.remove(); });
  await page.clock.runFor(4500);
  await page.evaluate(() => document.querySelector('#cat-sat').append(window.parked));
  await page.clock.resume();
  await atStep(widget, 1);
  await expect(widget.getByRole('button', { name: 'Play' })).toBeVisible();
  const errors = await widget.evaluate((w) => new Promise((resolve) => {
    w.addEventListener('attention-error', (e) => resolve([e.code, e.message]), { once: true });
    w.setAttribute('guided', 'maybe');
  }));
  expect(errors).toEqual(['bad_attribute', 'guided="maybe" is not true or false; using guided = false.']);
  await expect(widget.locator('.widget-error')).toHaveText('guided="maybe" is not true or false; using guided = false.');
  await expect(widget.getByRole('table', { name: 'Shares', exact: true })).toBeVisible();
  await expect(widget.locator('.guided')).toHaveCount(0);
});
