// The measurements of the demo pages in Chromium, each on a checkout's own demo server
// (scripts/serve.mjs, with its strict CSP): `widget` (an edit's repaint), `steps` (the guided
// tour's transitions), `train` (training speed, node and Chromium), `heads` (the heads lab) and
// `load` (Lighthouse). Functions marked "in the page" are sent to Chromium by Playwright and run there.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import config from '../playwright.config.js';
import { importAttention } from './contenders.mjs';

// Where each measurement looks on the demo site (one place, should the pages move).
export const PAGES = { widget: '/', steps: '/', train: '/web/#train', heads: '/web/heads.html', load: '/web/' };

const since = (t0) => performance.now() - t0;

/** The checkout's demo server (one per checkout and run): its base URL. */
function demoServer(ctx, root) {
  return ctx.cache(`demo server ${root}`, async () => {
    const { serve } = await import(pathToFileURL(join(root, 'scripts/serve.mjs')).href);
    const server = await serve(0);
    ctx.onClose(() => server.close());
    return `http://127.0.0.1:${server.address().port}`;
  });
}

/** A page of the checkout's demo site in a fresh context; only the scale lab, if asked, kept out. */
export async function demoPage(ctx, side, path, { viewport = { width: 1280, height: 900 }, motion = false, noScale = true } = {}) {
  const base = await demoServer(ctx, side.root);
  const context = await (await ctx.chromium()).newContext({ viewport, reducedMotion: motion ? 'no-preference' : 'reduce' });
  const page = await context.newPage();
  // Only the element measured should be working: the scale lab's workers stay out.
  if (noScale) await page.route(/attention-scale\.js$/, (route) => route.abort());
  await page.goto(`${base}${path}`);
  return { page, close: () => context.close() };
}

// ---- widget: an edit's repaint ------------------------------------------------------------------

/**
 * An edit in <attention-widget> (the chapter's 3-token example), timed in the page: set a W_Q cell's
 * text (3, then 4, ...) and dispatch `input` (what typing does), which recomputes through the core and
 * rewrites the DOM synchronously, then force style and layout (getBoundingClientRect), so laying out
 * the repainted widget is counted. Each edit waits a frame first, so edits never pile up. The
 * widget's live regions take their height from a ResizeObserver in the next frame, after this
 * timing: the count of edits that resized one says the number hides no layout (it should be 0).
 */
export function widgetGroups(ctx) {
  const [blocks, size] = ctx.quick ? [2, 20] : [10, 100];
  return [{
    name: `cat-sat, 3 tokens, ${blocks} blocks of ${size} edits`,
    setup: async (side) => {
      const { page, close } = await demoPage(ctx, side, PAGES.widget);
      // One full widget on the chapter's example, alone on the page, so nothing else is dirty.
      await page.evaluate(() => {
        for (const section of document.querySelectorAll('main > section')) section.remove();
        const widget = document.createElement('attention-widget');
        widget.id = 'bench-widget';
        widget.setAttribute('preset', 'cat-sat');
        document.querySelector('main').append(widget);
      });
      await page.locator('#bench-widget').getByRole('table', { name: 'Shares', exact: true }).waitFor();
      await page.evaluate(installEdits);
      return {
        rounds: blocks,
        warmup: 1,
        cases: [
          { id: 'edit', label: 'an edit', unit: 'ms', run: () => page.evaluate((n) => window.benchEdits.block(n), size),
            figures: { edit: { label: 'to the repainted widget laid out', target: '< 2' },
              script: { label: 'its script (recompute and DOM writes)' },
              resized: { label: 'live regions left to resize in the next frame', unit: 'edits' } } },
          { id: 'core', label: "the core's attend() alone", unit: 'ms', run: () => page.evaluate((n) => window.benchEdits.core(n), size) },
        ],
        close,
      };
    },
  }];
}

// In the page: the edit loop, kept on window between blocks.
function installEdits() {
  const widget = document.getElementById('bench-widget');
  const root = widget.shadowRoot;
  const input = root.querySelector('input[aria-label="W_Q row 1, column 1"]');
  const weights = root.querySelector('.grid-weights tbody');
  const regions = [...root.querySelectorAll('.live')];
  const heights = () => regions.map((r) => r.style.height).join(); // inline style only: no layout
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const seen = new Set();
  let count = 0;
  window.benchEdits = {
    async block(size) {
      const edit = [], script = [];
      let resized = 0, before = heights();
      for (let k = 0; k < size; k++) {
        await frame();
        const now = heights();
        if (k > 0 && now !== before) resized += 1; // the previous edit resized a region
        before = now;
        const t0 = performance.now();
        // 3 and 4, not the chapter's 2: the chapter's rounding note comes and goes only when the
        // numbers become or stop being the chapter's, and with 2 every edit would be that change.
        input.value = count++ % 2 ? '4' : '3';
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const t1 = performance.now();
        root.querySelector('.aw').getBoundingClientRect();
        edit.push(performance.now() - t0);
        script.push(t1 - t0);
        seen.add(weights.textContent);
      }
      await frame();
      if (heights() !== before) resized += 1;
      if (seen.size < 2) throw new Error('the weights grid never changed: the edits did not reach the widget');
      return { edit, script, resized };
    },
    async core(size) {
      const { loadAttention } = await import('/wasm/attention.js');
      const attn = await loadAttention({ path: 'teaching' });
      const state = widget.state, times = [];
      for (let k = 0; k < size; k++) {
        const t0 = performance.now();
        attn.attend(state);
        times.push(performance.now() - t0);
      }
      return times;
    },
  };
}

// ---- steps: the guided tour's transitions ------------------------------------------------------

/**
 * The demo page's first widget, guided, motion allowed: a round walks the nine transitions
 * (Next step) and records for 650 ms each the step's synchronous work, every frame's interval and
 * the long tasks; the idle case records the same windows with no transition (what the machine
 * does on its own). Headless Chromium paces frames at 60 Hz: about 16.7 ms is a frame on time,
 * over 25 ms a dropped frame.
 */
export function stepsGroups(ctx) {
  return [{
    name: 'guided tour, steps 1 → 10',
    setup: async (side) => {
      const { page, close } = await demoPage(ctx, side, PAGES.steps, { viewport: { width: 1280, height: 800 }, motion: true });
      await page.locator('attention-widget').first().getByRole('heading', { name: /^Step 1 of \d+/ }).waitFor();
      await page.evaluate(installSteps);
      const figures = { work: { label: 'a step\'s work' }, frame: { label: 'frame interval' },
        late: { label: 'frames over 25 ms', unit: 'frames', target: '<= 0' }, longTasks: { label: 'long tasks', unit: 'tasks', target: '<= 0' } };
      return {
        rounds: ctx.quick ? 1 : 5,
        warmup: ctx.quick ? 0 : 1,
        cases: [
          { id: 'walk', label: 'transitions', unit: 'ms', figures, run: () => page.evaluate(() => window.benchSteps.walk(false)) },
          { id: 'idle', label: 'idle windows', unit: 'ms', figures, run: () => page.evaluate(() => window.benchSteps.walk(true)) },
        ],
        close,
      };
    },
  }];
}

// In the page: one walk through the tour, or the same windows idle.
function installSteps() {
  const root = document.querySelector('attention-widget').shadowRoot;
  const next = () => [...root.querySelectorAll('.g-nav button')].find((b) => b.textContent === 'Next step');
  const jump = root.querySelector('.g-jump');
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  let longTasks = 0;
  new PerformanceObserver((list) => { longTasks += list.getEntries().length; }).observe({ entryTypes: ['longtask'] });
  async function window650(action) {
    const frames = [];
    let last = 0, running = true;
    const tick = (t) => { frames.push(t - last); last = t; if (running) requestAnimationFrame(tick); };
    requestAnimationFrame((t) => { last = t; requestAnimationFrame(tick); });
    await wait(50);
    const t0 = performance.now();
    action();
    const work = performance.now() - t0;
    await wait(600);
    running = false;
    return { frames, work };
  }
  window.benchSteps = {
    async walk(idle) {
      jump.value = '0';
      jump.dispatchEvent(new Event('change'));
      await wait(600);
      const before = longTasks, work = [], frame = [];
      for (let step = 1; step < 10; step++) {
        const w = await window650(idle ? () => {} : () => next().click());
        work.push(w.work);
        frame.push(...w.frames);
      }
      return { work, frame, late: frame.filter((f) => f > 25).length, longTasks: longTasks - before };
    },
  };
}

// ---- train: training speed ------------------------------------------------------------------------

/**
 * 1. One gradient-descent step in WebAssembly (node) through trainStep, marshalling included as the
 *    page pays it: the 10-token chapter sentence alone, and the pronoun goal's five training
 *    sentences at once; beside them, attend() of the 10-token sentence in the same rounds.
 * 2. Playing in Chromium: the demo page's train panel, Train pressed, for a few seconds: steps per
 *    second from the panel's own count, the long tasks (over 50 ms) meanwhile, and the median script
 *    time of a frame's callbacks (a step and its repaint). A baseline: the same page not training but
 *    spinning 2 ms of script each frame, whose long tasks are the machine's, not training's.
 */
export function trainGroups(ctx) {
  const steps = ctx.quick ? 20 : 200;
  const seconds = ctx.quick ? 1 : 5;
  return [
    { name: `wasm trainStep in node, ${steps} steps a round`, setup: (side) => trainSteps(ctx, side, steps) },
    { name: `playing in Chromium, ${seconds} s a run`, setup: (side) => trainPlaying(ctx, side, seconds) },
  ];
}

// A module of one side's tree, at its path since web/'s re-cut or, for an older side, before it.
async function importFrom(root, path, olderPath) {
  const url = (p) => pathToFileURL(join(root, p)).href;
  return import(url(path)).catch(() => import(url(olderPath)));
}

async function trainSteps(ctx, side, steps) {
  const { loadAttention } = await importAttention(side.root);
  const core = await loadAttention({ training: true });
  const { goalById } = await importFrom(side.root, 'web/views/train/goals.js', 'web/views/train/goals.js');
  const { TRAINING, sentence } = await importFrom(side.root, 'web/views/train/pronouns.js', 'web/train/pronouns.js');
  const goal = goalById('pronouns');
  const { state } = goal.start(core, 0);
  const chapter = sentence(TRAINING[0]);
  // A tiny rate: the grids stay put, so every step does the same work.
  const request = (examples) => ({ ...state, examples, learningRate: 1e-6 });
  const one = request([{ embeddings: chapter.embeddings, shares: chapter.links }]);
  const five = request(goal.examples());
  const forward = { ...state, embeddings: chapter.embeddings };
  const perCall = (call) => () => {
    const t0 = performance.now();
    for (let i = 0; i < steps; i++) call();
    return (since(t0) / steps) * 1000;
  };
  return {
    rounds: ctx.quick ? 3 : 11,
    warmup: 1,
    cases: [
      { id: 'one', label: 'trainStep, one 10-token sentence', unit: 'µs', run: perCall(() => core.trainStep(one)) },
      { id: 'five', label: 'trainStep, five sentences of 8-10 tokens', unit: 'µs', run: perCall(() => core.trainStep(five)) },
      { id: 'attend', label: 'attend(), the 10-token sentence', unit: 'µs', run: perCall(() => core.attend(forward)) },
    ],
    derived: [
      { id: 'one-vs-attend', label: 'trainStep (one sentence) ÷ attend()', unit: '×', from: (v) => v.one / v.attend },
      { id: 'five-vs-attend', label: 'trainStep (five sentences) ÷ attend()', unit: '×', from: (v) => v.five / v.attend },
    ],
  };
}

async function trainPlaying(ctx, side, seconds) {
  const play = (goalId, idle) => () => playOnce(ctx, side, goalId, seconds, idle);
  const figures = { rate: { label: 'steps a second', unit: 'steps/s' }, longTasks: { label: 'long tasks', unit: 'tasks' },
    longest: { label: 'longest task' }, frame: { label: "a frame's script (step and repaint)" } };
  return {
    rounds: ctx.quick ? 1 : 3,
    cases: [
      { id: 'baseline', label: 'not training, 2 ms of script a frame', unit: 'ms', figures, run: play('sat-the', true) },
      { id: 'sat-the', label: 'playing "sat attends to the"', unit: 'ms', figures, run: play('sat-the', false) },
      { id: 'pronouns', label: 'playing "pronouns find their noun"', unit: 'ms', figures, run: play('pronouns', false) },
    ],
  };
}

async function playOnce(ctx, side, goalId, seconds, idle) {
  const { page, close } = await demoPage(ctx, side, PAGES.train, { motion: true });
  try {
    const widget = page.locator('#train attention-widget');
    const panel = widget.getByRole('region', { name: 'Train the violet grids' });
    await panel.waitFor();
    await panel.getByLabel('Goal').selectOption(goalId);
    // A tiny rate: the goal is not met while timing, so the panel never pauses by itself.
    await panel.getByLabel('Learning rate').fill('0.0001');
    await page.evaluate(() => {
      // The script time of each animation frame's callbacks (a step and its repaint), layout and paint aside.
      const raf = window.requestAnimationFrame.bind(window);
      window.frameTimes = [];
      window.requestAnimationFrame = (fn) => raf((t) => {
        const t0 = performance.now();
        fn(t);
        window.frameTimes.push(performance.now() - t0);
      });
      window.longTasks = [];
      new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
    });
    const stepsNow = () => widget.evaluate((w) =>
      Number(w.shadowRoot.querySelector('.train .stats').textContent.match(/after (\d+) step/)[1]));
    if (idle) {
      await page.evaluate(() => {
        const spin = () => { const t0 = performance.now(); while (performance.now() - t0 < 2); requestAnimationFrame(spin); };
        requestAnimationFrame(spin);
      });
    } else {
      await panel.getByRole('button', { name: 'Train', exact: true }).click();
      await page.waitForFunction(() => window.frameTimes.length > 10); // past the first frames
    }
    const s0 = idle ? null : await stepsNow();
    await page.evaluate(() => { window.frameTimes = []; window.longTasks = []; });
    const t0 = Date.now();
    await page.waitForTimeout(seconds * 1000); // a fixed span to count steps in: this is a rate, not a wait for a state
    const s1 = idle ? null : await stepsNow();
    const { tasks, frames } = await page.evaluate(() => ({ tasks: window.longTasks, frames: window.frameTimes }));
    const machine = { longTasks: tasks.length, longest: Math.max(0, ...tasks), frame: frames };
    return idle ? machine : { rate: (s1 - s0) / ((Date.now() - t0) / 1000), ...machine };
  } finally {
    await close();
  }
}

// ---- heads: the heads lab ---------------------------------------------------------------------------

/**
 * 1. The wasm training speed in Chromium: lab.train(200) on the thread of a page whose element is kept
 *    from loading (the worker runs the same code), steps a second.
 * 2. Round r: seed r + 1 on web/heads.html, Train pressed, timed until both heads carry a label, with
 *    the main thread's long tasks meanwhile and the element's paint (its once-per-frame callback).
 */
export function headsGroups(ctx) {
  const seeds = ctx.quick ? 1 : 5;
  return [{
    name: seeds === 1 ? 'heads lab, seed 1' : `heads lab, seeds 1-${seeds}`,
    setup: async (side) => {
      const quiet = await demoPage(ctx, side, PAGES.heads);
      await quiet.page.route(/attention-heads\.js$/, (route) => route.abort());
      await quiet.page.reload();
      await quiet.page.evaluate(async () => {
        const { loadHeads } = await import('/wasm/heads.js');
        window.lab = (await loadHeads()).createLab({ seed: 1 });
      });
      const lab = await demoPage(ctx, side, PAGES.heads, { viewport: { width: 1280, height: 900 } });
      return {
        rounds: seeds,
        cases: [
          { id: 'speed', label: 'wasm training in Chromium (page thread, batch 32)', unit: 'steps/s', rounds: 3, warmup: 1,
            run: () => quiet.page.evaluate(() => {
              const t0 = performance.now();
              window.lab.train(200);
              return 200 / ((performance.now() - t0) / 1000);
            }) },
          { id: 'labels', label: 'Train → both heads labelled', unit: 's',
            figures: { seconds: { target: '< 10' }, longTasks: { label: 'long tasks', unit: 'tasks', target: '<= 0' },
              paint: { label: 'a paint', unit: 'ms' } },
            run: (round) => timeToLabels(lab.page, round + 1) },
        ],
        close: async () => { await quiet.close(); await lab.close(); },
      };
    },
  }];
}

async function timeToLabels(page, seed) {
  await page.reload();
  const lab = page.locator('attention-heads');
  await lab.evaluate((e, s) => e.setAttribute('seed', String(s)), seed);
  await lab.locator('.status').filter({ hasText: /^Step 0/ }).waitFor();
  // In the page: press Train, poll for both labels, pause.
  return page.evaluate(() => new Promise((resolve, reject) => {
    const root = document.querySelector('attention-heads').shadowRoot;
    const longTasks = [];
    const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
    observer.observe({ type: 'longtask' });
    const paints = [];
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => raf((t) => {
      const start = performance.now();
      cb(t);
      paints.push(performance.now() - start);
    });
    const t0 = performance.now();
    const done = () => {
      const labelled = root.querySelectorAll('.head .label.specialised').length === 2;
      if (!labelled && performance.now() - t0 < 60_000) return void setTimeout(done, 16);
      observer.disconnect();
      window.requestAnimationFrame = raf;
      root.querySelector('button.primary').click(); // pause
      if (!labelled) return reject(new Error('the heads were not both labelled within 60 s'));
      resolve({ seconds: (performance.now() - t0) / 1000, longTasks: longTasks.length, paint: paints });
    };
    root.querySelector('button.primary').click(); // Train
    setTimeout(done, 16);
  }));
}

// ---- load: Lighthouse on a demo page ------------------------------------------------------------------

const UNATTRIBUTABLE = 'Unattributable'; // Lighthouse's name for a task with no URL to blame

// Every demo page (each loads the production build, dist/browser/); a quick run checks the harness on one.
export const DEMO_PAGES = ['/web/', '/web/chapter.html', '/web/heads.html', '/web/scale.html', '/web/embed.html'];

/**
 * Lighthouse 12 (mobile emulation, simulated throttling, its defaults) on every demo page served
 * with the strict CSP, one group per page: its three scores, first and largest contentful paint,
 * total blocking time and its own longest task. The page's own long tasks leave out
 * "Unattributable" ones (no script or document in them: the browser's navigation, which an empty
 * page has too, and garbage collections). --page=/web/scale.html measures one page; --url=http://…
 * one page of another server (then no A/B).
 */
export function loadGroups(ctx) {
  const one = ctx.option('url') ?? ctx.option('page');
  const paths = one ? [ctx.option('page') ?? PAGES.load] : ctx.quick ? ['/web/chapter.html'] : DEMO_PAGES;
  return paths.map((path) => lighthouseGroup(ctx, path));
}

function lighthouseGroup(ctx, path) {
  return {
    name: ctx.option('url') ?? path, // Lighthouse on this page
    setup: async (side) => {
      const { default: lighthouse } = await import('lighthouse');
      const chromeLauncher = await import('chrome-launcher');
      const url = ctx.option('url') ?? `${await demoServer(ctx, side.root)}${path}`;
      // Chrome-launcher's own --disable-features, not the test suite's (Chromium keeps only the last one).
      const chrome = await chromeLauncher.launch({ chromePath: config.use.launchOptions.executablePath,
        chromeFlags: config.use.launchOptions.args.filter((arg) => !arg.startsWith('--disable-features=')) });
      return {
        rounds: ctx.quick ? 1 : 5,
        cases: [{
          id: 'page', label: '', unit: 'ms', // the group names the page: one grid, a column a page
          figures: {
            performance: { label: 'performance score', unit: 'score', target: '>= 0.95' },
            accessibility: { label: 'accessibility score', unit: 'score', target: '>= 1' },
            bestPractices: { label: 'best-practices score', unit: 'score', target: '>= 1' },
            fcp: { label: 'first contentful paint' },
            lcp: { label: 'largest contentful paint', target: path.includes('chapter') ? '<= 2500' : undefined },
            tbt: { label: 'total blocking time', target: '<= 150' },
            ownLongest: { label: "the page's own longest task", target: '<= 50' },
            ownLongTasks: { label: "the page's own long tasks", unit: 'tasks' },
            longest: { label: 'longest task, "Unattributable" included' },
            mainThread: { label: 'main-thread work', unit: 's' },
            cls: { label: 'layout shift', unit: 'CLS' },
            requests: { label: 'requests', unit: 'requests' },
            transfer: { label: 'transferred', unit: 'KB' },
          },
          run: async () => {
            const { lhr } = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json',
              onlyCategories: ['performance', 'accessibility', 'best-practices'] });
            if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
            return lighthouseFigures(lhr);
          },
        }],
        close: () => chrome.kill(),
      };
    },
  };
}

function lighthouseFigures(lhr) {
  const audit = (id) => lhr.audits[id];
  const tasks = audit('long-tasks')?.details?.items ?? [];
  const own = tasks.filter((t) => t.url !== UNATTRIBUTABLE);
  const requests = audit('network-requests')?.details?.items ?? [];
  const longest = (list) => Math.max(0, ...list.map((t) => t.duration));
  return {
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    bestPractices: lhr.categories['best-practices'].score,
    fcp: audit('first-contentful-paint').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    ownLongest: longest(own),
    ownLongTasks: own.length,
    longest: longest(tasks),
    mainThread: audit('mainthread-work-breakdown').numericValue / 1000,
    cls: audit('cumulative-layout-shift').numericValue,
    requests: requests.length,
    transfer: requests.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024,
  };
}
