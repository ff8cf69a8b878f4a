// Misconception probes in the guided tour (`predict`): each of the six questions with its
// choices, the verdict and the highlighted counterexample, one attention-guess per answer with
// its own kind and the truth; after an edit that removes a counterexample, the probe says so.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { guidedWidget, measureFit } from './guided-helpers.js';

let problems;
test.beforeEach(({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

// step label, question, the choice clicked (the intuitive one), the truth, the verdict's numbers,
// the highlighted bar rows (data-key) or cells (data-cell).
const PROBES = [
  ['4. Divide by the total', 'rescaled', /scores are 0, 2 and 1\. Will the shares be each score ÷ their total \(0\.00, 0\.67 and 0\.33\)\?/,
    'Yes, just rescaled', 'no', /not so\. The shares are the 0\.09, cat 0\.67 and sat 0\.24/, { keys: ['0'] }],
  ['5. Scale each value by its share', 'values', /every value were doubled.*sat's share for cat \(0\.67\) change\?/,
    'Yes, it changes', 'same', /still 0\.09, 0\.67 and 0\.24; only the arrows grow \(v_cat \[3, 1\] → \[6, 2\]\)/, { keys: [] }],
  ['6. Tip to tail: the blend', 'outside', /Can o_sat land outside the values it blends/,
    'Yes, it can overshoot', 'no', /2\.24 lies between 0\.00 and 3\.00/, { keys: [] }],
  ['8. Everyone asks at once', 'symmetric', /Does cat give the as much attention as the gives cat\?/,
    'Yes, the same', 'differs', /the gives cat 0\.47, but cat gives the 0\.01/, { cells: ['0,1', '1,0'] }],
  ['9. The causal mask', 'renormalise', /cat's share for itself, 0\.50 without the mask\?/,
    'It stays 0.50', 'rises', /goes 0\.50 → 0\.98/, { cells: ['1,1'] }],
  ['10. The thermostat: divide by √d_k', 'ranking', /can it change which key gets sat's largest share\?/,
    'Yes, the winner can change', 'no', /cat keeps the top: 0\.67 → 0\.58/, { keys: ['1'] }],
];

async function predictOn(page) {
  await page.goto('/');
  const widget = await guidedWidget(page);
  await widget.evaluate((w) => {
    w.setAttribute('predict', '');
    window.events = [];
    w.addEventListener('attention-guess', (e) => window.events.push({ step: e.step, kind: e.kind, guess: e.guess,
      truth: e.truth, error: e.error, text: e.text }));
  });
  return widget;
}

test('the six probes: question, choices, verdict, highlighted counterexample, one event each', async ({ page }) => {
  const widget = await predictOn(page);
  for (const [label, kind, question, intuitive, truth, verdict, highlight] of PROBES) {
    await widget.getByRole('combobox', { name: 'Jump to step' }).selectOption({ label });
    const probe = widget.locator(`.g-probe[data-probe="${kind}"]`);
    await expect(probe.locator('.g-prompt')).toHaveText(question);
    await expect(probe.getByRole('button')).toHaveCount(label.startsWith('9.') ? 4 : 3); // choices and a skip
    await probe.getByRole('button', { name: intuitive, exact: true }).click();
    // The guess of the same step (if any) is skipped, to see the reveal.
    const guess = widget.locator('.g-guess:not(.g-probe)');
    if (await guess.count()) await guess.getByRole('button', { name: 'Skip: just show me' }).click();
    const line = widget.locator(`.g-probe-verdict[data-probe="${kind}"]`);
    await expect(line).toHaveText(verdict);
    await expect(line).toContainText(`You said “${intuitive}”: not so.`);
    const hits = await widget.evaluate((w) => [...w.shadowRoot.querySelectorAll('.g-probe-hit')]
      .map((n) => n.dataset.key ?? n.dataset.cell));
    const want = highlight.keys ?? highlight.cells;
    expect(new Set(hits), kind).toEqual(new Set(want));
    const events = await page.evaluate(() => window.events);
    const mine = events.filter((e) => e.kind === kind);
    expect(mine, kind).toHaveLength(1);
    expect(mine[0]).toMatchObject({ guess: expect.any(String), truth, error: 1 });
  }
  // Only the six probe kinds and the guesses' own kinds were fired.
  const kinds = (await page.evaluate(() => window.events)).map((e) => e.kind);
  expect(kinds.filter((k) => !['shares', 'pin', 'mask', 'trend'].includes(k)))
    .toEqual(['rescaled', 'values', 'outside', 'symmetric', 'renormalise', 'ranking']);
});

test('after an edit that removes the counterexample, the probe says so; the answer kept is re-judged', async ({ page }) => {
  const widget = await predictOn(page);
  await widget.getByRole('combobox', { name: 'Jump to step' }).selectOption({ label: '8. Everyone asks at once' });
  await widget.getByRole('button', { name: 'No, it can differ' }).click();
  await expect(widget.locator('.g-probe-verdict')).toContainText('right. the gives cat 0.47, but cat gives the 0.01');
  // Every word the same embedding: every row of Shares is the same, every pair gives each other 0.33.
  await widget.evaluate((w) => { w.config = { ...w.config, embeddings: [[1, 0, 0], [1, 0, 0], [1, 0, 0]] }; });
  await expect(widget.locator('.g-probe-verdict')).toHaveText(
    /^You said “No, it can differ”: not so\. Here they print the same, 0\.33 each, and so does every other pair: these numbers remove the counterexample\./);
  // The question on a fresh visit asks about the learner's numbers.
  await widget.evaluate((w) => { w.removeAttribute('predict'); });
  await expect(widget.locator('.g-probe-verdict')).toHaveCount(0);
});

for (const [width, height] of [[1280, 800], [360, 740]]) {
  test(`the probes fit ${width} × ${height}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const widget = await predictOn(page);
    for (const [label, kind] of PROBES) {
      await widget.getByRole('combobox', { name: 'Jump to step' }).selectOption({ label });
      await expect(widget.locator(`.g-probe[data-probe="${kind}"]`)).toBeVisible();
      await widget.scrollIntoViewIfNeeded();
      await widget.screenshot({ path: `tests/browser/screenshots/guided-probe-${width}-${kind}.png` });
      expect.soft(await measureFit(page, widget), kind).toEqual({ tooTall: 0, pageSideways: 0, innerSideways: [] });
      // The reveal with its verdict, the step's own guess skipped.
      await widget.locator(`.g-probe[data-probe="${kind}"]`).getByRole('button', { name: 'Skip: just show me' }).click();
      const guess = widget.locator('.g-guess:not(.g-probe)');
      if (await guess.count()) await guess.getByRole('button', { name: 'Skip: just show me' }).click();
      await expect(widget.locator(`.g-probe-verdict[data-probe="${kind}"]`)).toBeVisible();
      await widget.screenshot({ path: `tests/browser/screenshots/guided-probe-${width}-${kind}-reveal.png` });
      expect.soft(await measureFit(page, widget), `${kind} revealed`).toEqual({ tooTall: 0, pageSideways: 0, innerSideways: [] });
    }
  });
}
