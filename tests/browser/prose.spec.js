// Prose that cannot go stale: <attention-value of="asker"> and of="top TOKEN", <attention-if when="…">,
// and the chapter page using them: after picking "cat" as the asker in any figure, no sentence or
// caption on the page names "sat" as the asker (every visible text node walked).
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';

let problems;
test.beforeEach(({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

// Ways a sentence names its asker (the text as read: <q> adds its quotes in CSS only).
const NAMES_ASKER = (w) => [new RegExp(`\\b${w} as the asker`), new RegExp(`\\bFor ${w}\\b`),
  new RegExp(`\\brow (of|for) ${w}\\b`), new RegExp(`\\b${w} pays\\b`), new RegExp(`\\bscore of ${w}\\b`),
  new RegExp(`\\b${w} asks\\b`)];

// Every visible text node of the page and of every open shadow root, joined per block.
const visibleBlocks = (page) => page.evaluate(() => {
  const blocks = new Map();
  const walk = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.ELEMENT_NODE && node.shadowRoot) walk(node.shadowRoot);
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const parent = node.parentElement ?? node.parentNode.host;
      if (!parent || !parent.checkVisibility() || ['STYLE', 'SCRIPT'].includes(parent.tagName)) continue;
      const block = parent.closest('p, figcaption, li, h1, h2, h3, td, th, caption, label, button, option') ?? parent;
      blocks.set(block, `${blocks.get(block) ?? ''}${node.textContent}`);
    }
  };
  walk(document.body);
  return [...blocks.values()].map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
});

const askerNamed = (blocks, w) => blocks.filter((t) => NAMES_ASKER(w).some((re) => re.test(t)));

test('the chapter page: pick "cat" as the asker, and no sentence or caption names "sat" as the asker', async ({ page }) => {
  await page.goto('/web/chapter.html');
  const figure = page.locator('#fig-asker');
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.getByRole('combobox', { name: 'Asker' })).toBeVisible();
  await expect(page.locator('attention-value[of="asker"]').first()).toHaveText('sat');
  // Before: the chapter's sentences name sat as the asker (the check can fail).
  const before = await visibleBlocks(page);
  expect(askerNamed(before, 'sat').length).toBeGreaterThan(2);
  await expect(page.locator('attention-if[when="asker is sat"]')).toBeVisible();
  await expect(page.locator('attention-if[when="asker is not sat"]')).toBeHidden();

  await figure.getByRole('combobox', { name: 'Asker' }).selectOption('cat');
  // Their text, not innerText: a section off screen is not laid out (content-visibility, chapter.css).
  await expect.poll(async () => [...new Set(await page.locator('attention-value[of="asker"]').allTextContents())])
    .toEqual(['cat']);
  await expect(page.locator('attention-if[when="asker is sat"]')).toBeHidden();
  await expect(page.locator('attention-if[when="asker is not sat"]')).toHaveText(
    'Said out loud: cat pays most of its attention to cat and sat: the largest share in its row.');
  // Every figure on the page, scrolled to (they build near the viewport), then every text node read.
  for (const fig of await page.locator('.fig').all()) await fig.scrollIntoViewIfNeeded();
  await expect(page.locator('#fig-asker').getByRole('table', { name: /cat asks/ })).toBeVisible();
  const after = await visibleBlocks(page);
  expect(askerNamed(after, 'sat')).toEqual([]);
  expect(askerNamed(after, 'cat').length).toBeGreaterThan(2);
  // Back to sat: the chapter's own sentence returns.
  await figure.getByRole('combobox', { name: 'Asker' }).selectOption('sat');
  await expect(page.locator('attention-if[when="asker is sat"]')).toContainText('sat pays 67% of its attention to cat');
});

test('of="asker" and of="top sat" follow edits; <attention-if> appears and disappears; a bad when hides nothing', async ({ page }) => {
  await page.goto('/web/chapter.html');
  await page.evaluate(() => {
    const box = document.createElement('p');
    box.id = 'probe';
    box.innerHTML = '<attention-value example="cat" of="asker">?</attention-value> / '
      + '<attention-value example="cat" of="top sat">?</attention-value> / '
      + '<attention-if example="cat" when="top sat is cat">cat leads</attention-if>'
      + '<attention-if example="cat" when="asker was sat">bad</attention-if>';
    window.errors = [];
    box.addEventListener('attention-error', (e) => window.errors.push([e.code, e.message]));
    document.querySelector('main').prepend(box);
  });
  const probe = page.locator('#probe');
  await expect(probe.locator('attention-value').first()).toHaveText('sat');
  await expect(probe.locator('attention-value').nth(1)).toHaveText('cat');
  await expect(probe.locator('attention-if').first()).toBeVisible();
  // A bad condition: its text stays, with the message; one attention-error.
  const bad = probe.locator('attention-if').nth(1);
  await expect(bad).toBeVisible();
  await expect(bad).toHaveAttribute('data-error', '');
  await expect.poll(() => page.evaluate(() => window.errors)).toEqual([['bad_when',
    '"asker was sat" is not a condition; use "asker is TOKEN", "asker is not TOKEN", "top ASKER is KEY", '
    + '"top ASKER is not KEY", "causal on|off" or "scaled on|off", joined with "and"']]);
  expect(await bad.evaluate((el) => el.shadowRoot.querySelector('.marker').textContent)).toContain('is not a condition');
  // An edit: every word the same embedding, a three-way tie.
  await page.evaluate(() => {
    const ex = document.getElementById('cat');
    ex.config = { ...ex.config, embeddings: [[1, 0, 0], [1, 0, 0], [1, 0, 0]] };
  });
  await expect(probe.locator('attention-value').nth(1)).toHaveText('the, cat and sat');
  await expect(probe.locator('attention-if').first()).toBeVisible(); // cat is in the tie
  await page.evaluate(() => {
    const ex = document.getElementById('cat');
    ex.config = { ...ex.config, embeddings: [[1, 0, 0], [0, 1, 0], [1, 1, 1]], wq: [[-2, 0, 1], [0, -2, 1]] };
  });
  await expect(probe.locator('attention-value').nth(1)).not.toHaveText(/cat/);
  await expect(probe.locator('attention-if').first()).toBeHidden();
});
