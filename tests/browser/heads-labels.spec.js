// <attention-heads>: every label true of the grids it speaks of. Train until the lab pauses itself,
// then page through every held-out sentence with "Another sentence" and recompute each label's
// numbers here from the two-decimal cells on screen (the rows' roles read from the words, not from
// the lab): an oracle that shares no code with the lab. Zero head N changes the guesses and the
// held-out loss at once and turns back when pressed again; the pause sentence is true of the
// status line; with one head, its label says what it does.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { LONG_RUN } from './wait-helpers.js';

const PAGE = '/web/heads.html';
// Every test ends with a clean console on the page it used.
let problems;
test.afterEach(() => {
  expect(problems).toEqual([]);
});

const lab = (page) => page.locator('attention-heads');
const number = (text) => Number(text.replace('\u2212', '-'));

// The grammar, "the [ADJ] N1 , seeing the [ADJ] N2 , VERB", as the rows the labels name.
const ROW_PHRASES = {
  'the adjective': 'adjective', 'the first noun': 'first-noun', 'the first comma': 'first-comma', '“seeing”': 'seeing',
  'the second “the”': 'second-the', 'the animal seen': 'seen', 'the comma before the verb': 'verb-comma', 'the verb': 'verb',
};
function rolesOf(words) {
  return ['big', 'small', 'old'].includes(words[1])
    ? ['first-word', 'adjective', 'first-noun', 'first-comma', 'seeing', 'second-the', 'seen', 'verb-comma', 'verb']
    : ['first-word', 'first-noun', 'first-comma', 'seeing', 'second-the', 'adjective', 'seen', 'verb-comma', 'verb'];
}
const isPlural = (noun) => noun === 'mice' || noun.endsWith('s');

// The sentence on show and every head's grid as numbers (null where masked), read off the page.
function readSample(page) {
  return lab(page).evaluate((e) => {
    const root = e.shadowRoot;
    return {
      words: root.querySelector('.words').textContent.split(' '),
      grids: [...root.querySelectorAll('table.grid')].map((t) => [...t.tBodies[0].rows].map((r) =>
        [...r.cells].slice(1).map((c) => (c.classList.contains('masked') ? null : Number(c.textContent))))),
    };
  });
}

// Every held-out sentence, one press of Another sentence each, back to the first.
async function everySentence(page) {
  const samples = [];
  const words = lab(page).locator('.words');
  const count = Number(/over (\d+) sentences/.exec(await lab(page).locator('.status').textContent())[1]);
  for (let i = 0; i < count; i++) {
    const sample = await readSample(page);
    samples.push(sample);
    await lab(page).getByRole('button', { name: 'Another sentence' }).click();
    await expect(words).not.toHaveText(sample.words.join(' '));
  }
  expect((await readSample(page)).words).toEqual(samples[0].words);
  return samples;
}

// Means over every sentence, per head: on the previous word at each role and over every row with
// one; on the first noun from the comma before the verb, by the first noun's number.
function meansOf(samples, heads) {
  return Array.from({ length: heads }, (_, h) => {
    const byRole = {}, noun = { all: [], singular: [], plural: [] };
    let all = 0;
    for (const { words, grids } of samples) {
      const roles = rolesOf(words), grid = grids[h];
      for (let row = 1; row < words.length; row++) {
        byRole[roles[row]] = (byRole[roles[row]] ?? 0) + grid[row][row - 1] / samples.length;
        all += grid[row][row - 1] / samples.length / (words.length - 1);
      }
      const first = roles.indexOf('first-noun'), share = grid[roles.indexOf('verb-comma')][first];
      noun.all.push(share);
      noun[isPlural(words[first]) ? 'plural' : 'singular'].push(share);
    }
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    return { byRole, all, noun: mean(noun.all), singular: mean(noun.singular), plural: mean(noun.plural) };
  });
}

// A two-decimal number on screen against the mean of two-decimal cells: each is within 0.005 of
// the true mean.
function agrees(shown, mean, what) {
  expect(Math.abs(shown - mean), `${what}: ${shown} on screen, ${mean.toFixed(4)} from the grids`).toBeLessThanOrEqual(0.0101);
}

// Checks one label against the grids; returns what kind it was.
function checkLabel(text, means) {
  const h = Number(/^Head (\d)/.exec(text)[1]) - 1, m = means[h];
  let x = /^Head \d: at (.+?): (\d\.\d\d) on the previous word(?:, the animal just seen)?; (\d\.\d\d) over all 8 rows that have one/.exec(text);
  if (x) {
    const roles = x[1].split(/, | and /).map((phrase) => ROW_PHRASES[phrase]);
    expect(roles, text).not.toContain(undefined);
    agrees(number(x[2]), roles.reduce((a, r) => a + m.byRole[r], 0) / roles.length, `${text}: the rows it names`);
    for (const r of roles) expect(m.byRole[r], `${text}: at ${r}`).toBeGreaterThanOrEqual(0.795 - 0.005);
    agrees(number(x[3]), m.all, `${text}: every row`);
    return 'previous-word';
  }
  x = /^Head \d: (\d\.\d\d) on the previous word at every row that has one/.exec(text);
  if (x) {
    agrees(number(x[1]), m.all, text);
    return 'previous-word';
  }
  x = /^Head \d: at the comma before the verb: (\d\.\d\d) on the first noun(?: \((\d\.\d\d) when it is (singular|plural), (\d\.\d\d) when (singular|plural)\))?/.exec(text);
  if (x) {
    agrees(number(x[1]), m.noun, text);
    if (x[2]) {
      agrees(number(x[2]), m[x[3]], `${text}: ${x[3]}`);
      agrees(number(x[4]), m[x[5]], `${text}: ${x[5]}`);
    }
    return 'first-noun';
  }
  expect(text).toMatch(/^Head \d: (needed, job not one of these two|neither job, not needed) \(zeroing costs [+\u2212]\d\.\d\d\)$/);
  return 'other';
}

async function trainUntilPaused(page) {
  await expect(lab(page).locator('.status')).toHaveText(/^Step 0/);
  await lab(page).getByRole('button', { name: 'Train' }).click();
  await expect(lab(page).locator('.finished')).toHaveText(/^Training paused itself at step/, LONG_RUN);
}

// The pause sentence's numbers are the status line's: its step, and "now" is the held-out loss shown.
async function checkPauseSentence(page) {
  const paused = await lab(page).locator('.finished').textContent();
  const status = await lab(page).locator('.status').textContent();
  const [, step, best, now] = /at step ([\d,]+): in the last 1,000 steps .* \(best (\d\.\d\d), now (\d\.\d\d)\)/.exec(paused);
  expect(status).toMatch(new RegExp(`^Step ${step.replace(',', '')} .* held-out loss ${now} `));
  expect(number(now) - number(best)).toBeLessThanOrEqual(0.01 + 0.01); // never on a spike (each rounded)
}

// "With head N zeroed the held-out loss is X (Y with every head)."
async function zeroedLosses(page) {
  const text = await lab(page).locator('.zeroed').textContent();
  const [, x, y] = /the held-out loss is (\d\.\d\d) \((\d\.\d\d) with every head\)/.exec(text);
  return { zeroed: number(x), whole: number(y) };
}

const guesses = (page) => lab(page).locator('.guesses tbody').innerText();

// The two-head tests read one trained lab: training until it pauses is most of their time. The
// first pages through every sentence back to the first and the second turns each zero back off,
// so each leaves the lab as training left it.
test.describe('two heads, trained once', () => {
  test.describe.configure({ mode: 'serial' });
  let page;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    page = await browser.newPage();
    problems = watchConsole(page);
    await page.goto(PAGE);
    await trainUntilPaused(page);
  });
  test.afterAll(() => page.close());

  test('every label\'s number is the mean over the rows it names, in the grids of every held-out sentence', async () => {
    test.setTimeout(240_000);
    await checkPauseSentence(page);
    const labels = await lab(page).locator('.head .label').allTextContents();
    const means = meansOf(await everySentence(page), labels.length);
    const kinds = labels.map((text) => checkLabel(text, means));
    expect(kinds.sort()).toEqual(['first-noun', 'previous-word']);
  });

  test('Zero head N changes the guesses and the held-out loss at once; pressed again, both come back', async () => {
    test.setTimeout(120_000);
    // A sentence whose first noun is singular: seed 1's first-noun head looks at it only then (its
    // label says so), so zeroing either head changes the guess for the verb.
    const firstNoun = ({ words }) => words[rolesOf(words).indexOf('first-noun')];
    while (isPlural(firstNoun(await readSample(page)))) {
      const words = await lab(page).locator('.words').textContent();
      await lab(page).getByRole('button', { name: 'Another sentence' }).click();
      await expect(lab(page).locator('.words')).not.toHaveText(words);
    }
    const before = { guesses: await guesses(page), status: await lab(page).locator('.status').textContent() };
    const whole = number(/held-out loss (\d\.\d\d)/.exec(before.status)[1]);
    for (const h of [1, 2]) {
      const button = lab(page).getByRole('button', { name: `Zero head ${h}` });
      await expect(button).toHaveAttribute('aria-pressed', 'false');
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await expect(lab(page).locator('.zeroed')).toBeVisible();
      await expect(lab(page).locator('.answer')).toContainText(`with head ${h} zeroed`);
      expect(await guesses(page)).not.toBe(before.guesses);
      const losses = await zeroedLosses(page);
      expect(losses.whole).toBe(whole);
      // zeroing a head that does a job costs what its label and its ablation line say
      const ablation = await lab(page).locator('.ablation').nth(h - 1).textContent();
      expect(ablation).toContain(`to ${losses.zeroed.toFixed(2)}`);
      expect(losses.zeroed).toBeGreaterThan(whole);
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'false');
      await expect(lab(page).locator('.zeroed')).toBeHidden();
      await expect(lab(page).locator('.answer')).not.toContainText('zeroed');
      expect(await guesses(page)).toBe(before.guesses);
      await expect(lab(page).locator('.status')).toHaveText(before.status);
    }
    // Both at once: two presses in one task (a pointer click aims where a button was; the line that
    // appears after the first press may move the second).
    await lab(page).evaluate((l) => ['Zero head 1', 'Zero head 2'].forEach((name) =>
      [...l.shadowRoot.querySelectorAll('button.zero')].find((b) => b.textContent === name).click()));
    await expect(lab(page).locator('.zeroed')).toHaveText(/^With heads 1 and 2 zeroed the held-out loss is/);
    await page.screenshot({ path: 'tests/browser/screenshots/heads-1280-zeroed.png', fullPage: true });
  });
});

test('one head: the run pauses on a plateau and the head\'s label says what it does, never "not yet specialised"', async ({ page }) => {
  test.setTimeout(120_000);
  problems = watchConsole(page);
  await page.goto(PAGE);
  await lab(page).evaluate((e) => e.setAttribute('heads', '1'));
  await expect(lab(page).locator('.head')).toHaveCount(1);
  await trainUntilPaused(page);
  await checkPauseSentence(page);
  const text = await lab(page).locator('.head .label').textContent();
  expect(text).not.toMatch(/not yet specialised|not needed|neither job/);
  // Seed 1's one head looks back at the previous word at some rows only: needed, but neither job.
  const cost = /zeroing costs \+(\d\.\d\d)/.exec(text);
  if (cost) {
    await lab(page).getByRole('button', { name: 'Zero head 1' }).click();
    await expect(lab(page).locator('.zeroed')).toHaveText(/^With head 1 zeroed/);
    const { zeroed, whole } = await zeroedLosses(page);
    agrees(number(cost[1]), zeroed - whole, `${text}: what zeroing costs`);
  }
});
