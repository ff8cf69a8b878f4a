// The scale lab's first render comes in parts, so no one task styles and lays out the whole lab
// (issue 14: no long task on a phone): the controls and the heat map first, then the readouts,
// the time plot, the thermostat plot and its table, each in a later task; the lab holds a screen's height meanwhile, so
// nothing moves (no layout shift). A figure of one part (show=) appears whole. Task lengths
// themselves are a benchmark's, not a test's (npm run bench -- load --page=/web/scale.html).
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { waitForGrid } from './scale-helpers.js';
import { layoutShifts, recordShifts } from './wait-helpers.js';

// After each task (a MutationObserver's callback runs at the end of the task that changed the lab):
// which parts of the first lab are still hidden (data-later), and every layout shift of the page,
// from the very first frame. Per task, not per frame: where frames come late (a busy machine) the
// queue's fallback may run two parts before one frame (web/shared/near.js), which is still two tasks.
async function watchParts(page) {
  await recordShifts(page);
  await page.addInitScript(() => {
    window.partLog = [];
    const log = (root) => {
      const lab = root.querySelector('.lab');
      if (!lab?.querySelector('form')) return; // built (in a task after its connection)
      const later = [...root.querySelectorAll('[data-later]')].map((node) => node.classList[0] ?? node.localName).join(' ');
      const state = `${later || 'none'}${lab.classList.contains('revealing') ? ' (revealing)' : ''}`;
      if (window.partLog.at(-1) !== state) window.partLog.push(state);
    };
    const attach = () => {
      const root = document.querySelector('attention-scale')?.shadowRoot;
      if (!root) return void requestAnimationFrame(attach);
      new MutationObserver(() => log(root)).observe(root, { subtree: true, childList: true, attributes: true,
        attributeFilter: ['data-later', 'class'] });
      log(root);
    };
    attach();
  });
}

for (const viewport of [{ width: 412, height: 823 }, { width: 1280, height: 900 }]) {
  test(`the lab appears in parts, a task each, and nothing moves (${viewport.width} px)`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize(viewport);
    await watchParts(page);
    await page.goto('/web/scale.html');
    await waitForGrid(page);
    await expect(page.locator('attention-scale .thermo-table tbody tr')).toHaveCount(9);
    await expect.poll(() => page.evaluate(() => window.partLog.at(-1))).toBe('none');
    // Each state came in a task of its own, in this order.
    expect(await page.evaluate(() => window.partLog)).toEqual([
      'readouts time-panel thermo-panel details (revealing)', 'time-panel thermo-panel details (revealing)',
      'thermo-panel details (revealing)', 'details (revealing)', 'none (revealing)', 'none']);
    // The heat map's caption, the time plot and the thermostat filled in without moving anything.
    expect(await layoutShifts(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test('a figure of one part (show=) appears whole in its first task', async ({ page }) => {
  const problems = watchConsole(page);
  await watchParts(page);
  await page.route('**/web/one-part.html', (route) => route.fulfill({ status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Figure</title>'
      + '<script type="module" src="./attention-scale.js"></script></head>'
      + '<body><attention-scale show="thermostat"></attention-scale><p id="below">Below the figure.</p></body></html>' }));
  await page.goto('/web/one-part.html');
  await expect(page.locator('attention-scale .thermo-table tbody tr')).toHaveCount(9);
  expect(await page.evaluate(() => window.partLog)).toEqual(['none']);
  expect(problems).toEqual([]);
});

// Starting the workers is a task's worth on a phone: the first job is sent in a later task.
test('the lab starts its workers in one task and sends its first job in a later one', async ({ page }) => {
  const problems = watchConsole(page);
  await page.addInitScript(() => {
    const Native = window.Worker;
    window.workerLog = [];
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        window.workerLog.push('started');
        setTimeout(() => window.workerLog.push('a task later'));
      }
      postMessage(...args) {
        window.workerLog.push('job sent');
        return super.postMessage(...args);
      }
    };
  });
  await page.goto('/web/scale.html');
  await waitForGrid(page);
  const log = await page.evaluate(() => window.workerLog);
  expect(log.indexOf('a task later')).toBeGreaterThan(log.indexOf('started'));
  expect(log.indexOf('a task later')).toBeLessThan(log.indexOf('job sent'));
  expect(problems).toEqual([]);
});
