// The theme that follows the page: all five elements go dark under each common site generator's
// toggle (with the system set to light, so the toggle alone decides), light under a light toggle
// with the system dark, and follow a toggle flipped after load; theme="light|dark|auto" on an
// element wins, a bad value is explained and the last good one kept. In both schemes every text
// in every element reads at WCAG AA (4.5:1) against what it is drawn on, computed from the
// elements' computed styles with the contrast formula written out here (WCAG 2.x relative
// luminance), not with the package's colour code. Screenshots: tests/browser/screenshots/theme-*.png.
import { test, expect } from '@playwright/test';
import { CSP } from '../../scripts/serve.mjs';
import { watchConsole } from './console.js';
import { waitForGrid } from './scale-helpers.js';
import { worstContrast } from './contrast.js';

const SHOTS = 'tests/browser/screenshots';

// Each generator's dark toggle, as its pages carry it, and the page colours its dark theme paints.
const TOGGLES = {
  vitepress: { html: 'class="dark"', body: '' },
  docusaurus: { html: 'data-theme="dark"', body: '' },
  'mkdocs-material': { html: '', body: 'data-md-color-scheme="slate"' },
  furo: { html: '', body: 'data-theme="dark"' },
};

// The page's own colours (a site's stylesheet): dark when the fixture says so. Served as a file: the CSP
// allows no inline style.
const PAGE_CSS = `html { background: #ffffff; color: #1b1b1f; font: 16px system-ui, sans-serif; }
html[data-page="dark"] { background: #1b1b1f; color: #dfdfd6; }
body { margin: 16px; }`;

function page0(html, body) {
  return `<!doctype html><html lang="en" ${html}><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Theme fixture</title><link rel="stylesheet" href="/web/__theme.css">
<script type="module" src="/web/attention-widget.js"></script>
<script type="module" src="/web/attention-scale.js"></script>
<script type="module" src="/web/attention-heads.js"></script></head>
<body ${body}>
<attention-example id="ex" preset="cat-sat"></attention-example>
<p>In the chapter, "sat" gives "cat" <attention-value example="ex" of="share sat cat" format="percent">67%</attention-value> of its attention.</p>
<attention-widget id="widget" preset="river-bank"></attention-widget>
<attention-scale id="lab-scale" n="64"></attention-scale>
<attention-heads id="lab-heads"></attention-heads>
</body></html>`;
}

async function open(page, { html = '', body = '', pageDark = false } = {}) {
  await page.route('**/web/__theme.css', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: PAGE_CSS }));
  await page.route('**/web/__theme.html', (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8',
    headers: { 'Content-Security-Policy': CSP },
    body: page0(`${html}${pageDark ? ' data-page="dark"' : ''}`, body) }));
  await page.goto('/web/__theme.html');
}

const TAGS = ['attention-widget', 'attention-scale', 'attention-heads', 'attention-example', 'attention-value'];

/** Each element's colour scheme as the browser resolved it: { tag: 'light' | 'dark' }. */
const schemes = (page) => page.evaluate((tags) => Object.fromEntries(tags.map((t) =>
  [t, getComputedStyle(document.querySelector(t)).colorScheme])), TAGS);
const all = (scheme) => Object.fromEntries(TAGS.map((t) => [t, scheme]));

// Every element drawn: the widget's panels, the lab's first grid, the heads lab's first picture.
async function drawn(page) {
  const widget = page.locator('#widget');
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.locator('.aw > .body')).toBeVisible();
  await expect(widget.locator('.revealing')).toHaveCount(0);
  await page.locator('#lab-scale').scrollIntoViewIfNeeded();
  await waitForGrid(page, '#lab-scale');
  await page.locator('#lab-heads').scrollIntoViewIfNeeded();
  await expect(page.locator('#lab-heads .lab.loading')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function expectAA(page, label) {
  const contrast = await worstContrast(page, TAGS);
  expect(contrast.count, `${label}: texts checked`).toBeGreaterThan(100);
  expect(contrast.min, `${label}: the lowest contrasts\n${contrast.worst.join('\n')}`).toBeGreaterThanOrEqual(4.5);
}

for (const [name, toggle] of Object.entries(TOGGLES)) {
  test(`dark under ${name}'s toggle with the system light; every text at AA`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, { ...toggle, pageDark: true });
    await expect.poll(() => schemes(page)).toEqual(all('dark'));
    await drawn(page);
    await expectAA(page, name);
    await page.screenshot({ path: `${SHOTS}/theme-${name}-dark.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
}

test('light with no toggle and the system light; every text at AA', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page);
  await expect.poll(() => schemes(page)).toEqual(all('light'));
  await drawn(page);
  await expectAA(page, 'light');
  await page.screenshot({ path: `${SHOTS}/theme-light.png`, fullPage: true });
});

test('no toggle: the system setting decides, and a change of it is followed', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await open(page, { pageDark: true });
  await expect.poll(() => schemes(page)).toEqual(all('dark'));
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => schemes(page)).toEqual(all('light'));
});

test('a light toggle wins over a dark system (Docusaurus, MkDocs Material, Furo)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const light of [{ html: 'data-theme="light"' }, { body: 'data-md-color-scheme="default"' }, { body: 'data-theme="light"' }]) {
    await open(page, light);
    await expect.poll(() => schemes(page), JSON.stringify(light)).toEqual(all('light'));
  }
  await open(page, { body: 'data-theme="auto"' }); // Furo's auto: the system decides
  await expect.poll(() => schemes(page)).toEqual(all('dark'));
});

test('a toggle flipped after load is followed by every element, the heat maps repainted', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page);
  await drawn(page);
  const cell = () => page.locator('#widget').evaluate((el) => getComputedStyle(el.shadowRoot.querySelector('td.heat')).backgroundColor);
  const lightCell = await cell();
  const pixel = () => page.locator('#lab-scale').evaluate((el) => { // the top-right corner: blanked when causal
    const canvas = el.shadowRoot.querySelector('canvas');
    return [...canvas.getContext('2d').getImageData(canvas.width - 1, 0, 1, 1).data.slice(0, 3)].join(',');
  });
  await page.evaluate(() => { document.querySelector('#lab-scale').setAttribute('causal', ''); });
  await expect.poll(pixel).toBe('212,212,216'); // the blanked corner, light: #d4d4d8
  await page.evaluate(() => document.documentElement.classList.add('dark')); // VitePress's switch
  await expect.poll(() => schemes(page)).toEqual(all('dark'));
  await expect.poll(cell).not.toBe(lightCell);
  await expect.poll(pixel).toBe('91,91,102'); // dark: #5b5b66
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await expect.poll(() => schemes(page)).toEqual(all('light'));
  await expect.poll(cell).toBe(lightCell);
});

test('theme="dark|light" wins over the page; a bad value is explained and the last good one kept', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page);
  await expect.poll(() => schemes(page)).toEqual(all('light'));
  const set = (value) => page.evaluate((v) => { for (const el of document.querySelectorAll('attention-widget, attention-scale')) el.setAttribute('theme', v); }, value);
  const errors = page.evaluate(() => new Promise((resolve) => {
    const seen = [];
    document.addEventListener('attention-error', (e) => { if (/theme/.test(e.message)) seen.push(e.message); if (seen.length === 2) resolve(seen); });
  }));
  await set('dark');
  await expect.poll(() => schemes(page)).toEqual({ ...all('light'), 'attention-widget': 'dark', 'attention-scale': 'dark' });
  // Its own background: the page behind it is light.
  expect(await page.locator('#lab-scale').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(21, 23, 28)');
  await set('purple');
  await expect(page.locator('#widget .widget-error')).toHaveText('theme="purple" is not light, dark or auto (kept dark).');
  await expect(page.locator('#lab-scale .message')).toContainText('theme="purple" is not light, dark or auto (kept dark).');
  expect(await errors).toHaveLength(2);
  expect((await schemes(page))['attention-widget']).toBe('dark');
  await set('auto');
  await expect.poll(() => schemes(page)).toEqual(all('light'));
  await expect(page.locator('#widget .widget-error')).toBeHidden();
  await page.evaluate(() => document.body.setAttribute('data-md-color-scheme', 'slate'));
  await page.evaluate(() => document.querySelector('#widget').setAttribute('theme', 'light'));
  await expect.poll(() => schemes(page)).toEqual({ ...all('dark'), 'attention-widget': 'light' });
});
