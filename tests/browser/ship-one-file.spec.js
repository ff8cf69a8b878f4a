// The one-file builds, copied alone onto a host as an author with one upload would: the widget's
// (dist/attention-widget.bundle.js) and the heads lab's (dist/attention-heads.bundle.js), each
// the only script on its page, under the README's CSP. The widget shows the chapter's numbers;
// the heads lab, which has no worker file to start, trains on the page's thread and says why.
import { test, expect } from '@playwright/test';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSP } from '../../scripts/serve.mjs';
import { serveFolder } from '../package/serve-folder.mjs';
import { watchConsole } from './console.js';

const page0 = (script, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>One file</title><script type="module" src="${script}"></script></head><body>${body}</body></html>`;

let dir, site;
test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'one-file-'));
  for (const name of ['attention-widget.bundle.js', 'attention-heads.bundle.js']) await copyFile(join('dist', name), join(dir, name));
  await writeFile(join(dir, 'widget.html'), page0('attention-widget.bundle.js', '<attention-widget preset="cat-sat"></attention-widget>'));
  await writeFile(join(dir, 'heads.html'), page0('attention-heads.bundle.js', '<attention-heads></attention-heads>'));
  site = await serveFolder(dir, { csp: CSP });
});
test.afterAll(async () => {
  await site?.close();
  await rm(dir, { recursive: true, force: true });
});

test('the widget\'s one file alone: the chapter\'s numbers, nothing else fetched', async ({ page }) => {
  const problems = watchConsole(page);
  const from = site.requests.length;
  await page.goto(`${site.origin}/widget.html`);
  await expect(page.locator('attention-widget').getByRole('table', { name: 'Shares', exact: true })).toContainText('0.67');
  expect(site.requests.slice(from).filter((r) => !/^\/(widget\.html|attention-widget\.bundle\.js)$/.test(r))).toEqual([]);
  expect(problems).toEqual([]);
});

test('the heads lab\'s one file alone: it trains on the page\'s thread and says why', async ({ page }) => {
  const problems = watchConsole(page);
  const from = site.requests.length;
  await page.goto(`${site.origin}/heads.html`);
  const lab = page.locator('attention-heads');
  await expect(lab.locator('.status')).toHaveText(/^Step 0/);
  await expect(lab.getByText('Training runs on the page itself (this one-file build has no worker file)')).toBeVisible();
  await lab.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(lab.locator('.status')).toHaveText(/^Step 25 .*held-out loss \d\.\d\d/);
  expect(await lab.evaluate((e) => e.computeMode)).toBe('main');
  expect(site.requests.slice(from).filter((r) => !/^\/(heads\.html|attention-heads\.bundle\.js)$/.test(r))).toEqual([]);
  expect(problems).toEqual([]);
});
