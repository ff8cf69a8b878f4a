// Benchmark (not a test): training speed.
//
//   npm run bench:train        (ROUNDS=11 STEPS=200 SECONDS=5 RUNS=3 to change)
//
// 1. One gradient-descent step in WebAssembly (node), through attention.js's trainStep
//    (marshalling in and out included, as the page pays it): the 10-token chapter
//    sentence "the cat knocked over the vase because it was fragile" alone, and the
//    pronoun goal's five training sentences (8 to 10 tokens) at once. ROUNDS rounds of
//    STEPS steps after a warm-up; the median round, per step.
// 2. Playing in Chromium: the demo page's train panel, Train pressed, for SECONDS: steps
//    per second from the panel's own step count, and every long task (> 50 ms) the page
//    reported meanwhile (PerformanceObserver 'longtask'), for the 3-token goal and the
//    11-token pronoun goal, and the median script time of a frame's callbacks (one step and
//    its repaint; layout and paint aside). RUNS runs each; medians. Motion on (one step per frame).
//    A baseline first: the same page not training but spinning 2 ms of script each frame, whose
//    long tasks are the machine's (a busy VM stretches any task), not training's.
import { chromium } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import config from '../playwright.config.js';
import { serve } from '../scripts/serve.mjs';
import { loadAttention } from '../wasm/attention.js';
import { goalById } from '../web/views/train/goals.js';
import { TRAINING, sentence } from '../web/views/train/pronouns.js';
import { median, quartiles } from './stats.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 11);
const STEPS = Number(process.env.STEPS ?? 200);
const SECONDS = Number(process.env.SECONDS ?? 5);
const RUNS = Number(process.env.RUNS ?? 3);

console.log(`machine: ${cpus()[0].model}, ${cpus().length} cores; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
await benchWasm();
await benchChromium();
console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);

async function benchWasm() {
  const core = await loadAttention({ training: true });
  const goal = goalById('pronouns');
  const { state } = goal.start(core, 0);
  const chapter = sentence(TRAINING[0]);
  const cases = [
    ['one 10-token sentence', [{ embeddings: chapter.embeddings, shares: chapter.links }]],
    ['five sentences of 8-10 tokens', goal.examples()],
  ];
  // Paired with attend() of the 10-token sentence, timed in the same rounds: on a loaded
  // machine the ratio holds better than either time.
  const forward = { ...state, embeddings: chapter.embeddings };
  for (const [name, examples] of cases) {
    const request = { ...state, examples, learningRate: 1e-6 }; // tiny steps: the grids stay put
    for (let i = 0; i < STEPS; i++) core.trainStep(request);
    const perStep = [], ratios = [];
    for (let r = 0; r < ROUNDS; r++) {
      const t0 = performance.now();
      for (let i = 0; i < STEPS; i++) core.trainStep(request);
      const t1 = performance.now();
      for (let i = 0; i < STEPS; i++) core.attend(forward);
      const t2 = performance.now();
      perStep.push(((t1 - t0) / STEPS) * 1000);
      ratios.push((t1 - t0) / (t2 - t1));
    }
    const [q1, q3] = quartiles(perStep);
    console.log(`wasm trainStep, ${name}: median ${median(perStep).toFixed(1)} µs per step `
      + `(quartiles ${q1.toFixed(1)}-${q3.toFixed(1)}, ${ROUNDS} rounds of ${STEPS}); `
      + `${median(ratios).toFixed(2)}x one attend() of the 10-token sentence in the same rounds`);
  }
}

async function benchChromium() {
  const server = await serve(0);
  const { port } = server.address();
  const browser = await chromium.launch({ ...config.use.launchOptions, executablePath: '/usr/bin/chromium' });
  try {
    const idle = [];
    for (let run = 0; run < RUNS; run++) idle.push(await playOnce(browser, port, 'sat-the', '0.0001', true));
    console.log(`Chromium, the same page not training, 2 ms of script a frame for ${SECONDS} s (baseline): long tasks over 50 ms per run: `
      + `${idle.map((r) => r.longTasks).join(', ')}; longest: ${idle.map((r) => `${Math.round(r.longest)} ms`).join(', ')}`);
    for (const [goalId, rate] of [['sat-the', '0.0001'], ['pronouns', '0.0001']]) {
      const rates = [], longest = [], counts = [], frames = [];
      for (let run = 0; run < RUNS; run++) {
        const r = await playOnce(browser, port, goalId, rate);
        rates.push(r.stepsPerSecond);
        longest.push(r.longest);
        counts.push(r.longTasks);
        frames.push(r.frame);
      }
      console.log(`Chromium, playing "${goalById(goalId).name}": median ${median(rates).toFixed(1)} steps/s `
        + `(runs: ${rates.map((x) => x.toFixed(1)).join(', ')}); long tasks over 50 ms per run: `
        + `${counts.join(', ')}; longest task: ${longest.map((x) => `${Math.round(x)} ms`).join(', ')}; `
        + `median script time per frame (step + repaint): ${median(frames).toFixed(2)} ms`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

async function playOnce(browser, port, goalId, rate, idle = false) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, reducedMotion: 'no-preference' });
  // The script time of each animation frame's callbacks (a step and its repaint), layout and paint aside.
  await page.addInitScript(() => {
    const raf = window.requestAnimationFrame.bind(window);
    window.frameTimes = [];
    window.requestAnimationFrame = (fn) => raf((t) => {
      const t0 = performance.now();
      fn(t);
      window.frameTimes.push(performance.now() - t0);
    });
  });
  try {
    await page.route(/attention-scale\.js$/, (route) => route.abort()); // the scale lab's worker stays out
    await page.goto(`http://127.0.0.1:${port}/web/#train`);
    const widget = page.locator('#train attention-widget');
    const panel = widget.getByRole('region', { name: 'Train the violet grids' });
    await panel.waitFor();
    await panel.getByLabel('Goal').selectOption(goalId);
    // A tiny rate: the goal is not met while timing, so the panel never pauses by itself.
    await panel.getByLabel('Learning rate').fill(rate);
    const stepsNow = () => widget.evaluate((w) =>
      Number(w.shadowRoot.querySelector('.train .stats').textContent.match(/after (\d+) step/)[1]));
    await page.evaluate(() => {
      window.frameTimes = [];
      window.longTasks = [];
      new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration)))
        .observe({ type: 'longtask' });
    });
    if (idle) {
      // The baseline: the same page, not training, but busy for 2 ms of script every frame
      // (about what a step and its repaint take): long tasks here are the machine's, not training's.
      await page.evaluate(() => {
        const spin = () => { const t0 = performance.now(); while (performance.now() - t0 < 2); requestAnimationFrame(spin); };
        requestAnimationFrame(spin);
      });
      await page.waitForTimeout(SECONDS * 1000);
      const tasks = await page.evaluate(() => window.longTasks);
      return { longTasks: tasks.length, longest: Math.max(0, ...tasks) };
    }
    await panel.getByRole('button', { name: 'Train', exact: true }).click();
    await page.waitForTimeout(500); // past the first frames
    const s0 = await stepsNow();
    const t0 = Date.now();
    await page.waitForTimeout(SECONDS * 1000);
    const s1 = await stepsNow();
    const seconds = (Date.now() - t0) / 1000;
    const tasks = await page.evaluate(() => window.longTasks);
    const frame = median(await page.evaluate(() => window.frameTimes));
    return { stepsPerSecond: (s1 - s0) / seconds, longTasks: tasks.length, longest: Math.max(0, ...tasks), frame };
  } finally {
    await page.close();
  }
}
