// Benchmark (not a test): frames during the guided tour's step transitions, in Chromium.
//
//   npm run bench:steps        (ROUNDS=5 to change; each round walks the ten steps forward)
//
// The demo page's first widget opens in guided mode. With motion allowed (no reduced
// motion), each sample clicks "Next step" and records, for 600 ms (the 400 ms transition
// and some margin): the step's synchronous work (click to the new step in the DOM, timed
// with performance.now()), every animation frame's interval (requestAnimationFrame), and
// any long task (PerformanceObserver, over 50 ms). Target: no frame over 16 ms beyond the
// display's own interval and no long task. Headless Chromium paces frames at 60 Hz, so a
// frame interval near 16.7 ms is one frame on time; over 25 ms means a frame was dropped.
import { chromium } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import config from '../playwright.config.js';
import { serve } from '../scripts/serve.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 5);

const server = await serve(0);
const { port } = server.address();
const browser = await chromium.launch({ ...config.use.launchOptions, executablePath: '/usr/bin/chromium' });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
  const page = await context.newPage();
  await page.route(/attention-scale\.js$/, (route) => route.abort()); // this widget alone
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.locator('attention-widget').first().getByRole('heading', { name: /^Step 1 of 10/ }).waitFor();
  const samples = await page.evaluate(measure, { rounds: ROUNDS });
  report(samples);
} finally {
  await browser.close();
  server.close();
}

// Runs in the page.
async function measure({ rounds }) {
  const widget = document.querySelector('attention-widget');
  const root = widget.shadowRoot;
  const button = (name) => [...root.querySelectorAll('.g-nav button')].find((b) => b.textContent === name);
  const jump = root.querySelector('.g-jump');
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const longTasks = [];
  new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ entryTypes: ['longtask'] });
  const samples = [];
  async function framesDuring(action) {
    const frames = [];
    let last = 0;
    let running = true;
    const tick = (t) => { frames.push(t - last); last = t; if (running) requestAnimationFrame(tick); };
    requestAnimationFrame((t) => { last = t; requestAnimationFrame(tick); });
    await wait(50);
    action();
    await wait(600);
    running = false;
    return frames;
  }
  for (let round = 0; round <= rounds; round++) { // round 0 warms up
    jump.value = '0';
    jump.dispatchEvent(new Event('change'));
    await wait(600);
    for (let step = 1; step < 10; step++) {
      // The same 650 ms of frames twice: once idle (what the loaded machine does on its own),
      // once across a step transition. The idle frames are the paired baseline.
      const idleBefore = longTasks.length;
      const idle = await framesDuring(() => {});
      const idleLong = longTasks.length - idleBefore;
      const before = longTasks.length;
      let work = 0;
      const frames = await framesDuring(() => {
        const t0 = performance.now();
        button('Next step').click();
        work = performance.now() - t0;
      });
      const animations = root.getAnimations().length; // all finished: should be 0
      if (round > 0) samples.push({ step: step + 1, work, frames, idle, idleLong, longTasks: longTasks.length - before, animations });
    }
  }
  return samples;
}

function report(samples) {
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const frames = samples.flatMap((s) => s.frames);
  const late = frames.filter((f) => f > 25).length;
  console.log(`CPU: ${cpus()[0]?.model} x ${cpus().length}; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log(`${samples.length} step transitions, ${frames.length} frames`);
  console.log('step  work ms (median)  frame ms (median / max)  frames > 25 ms  long tasks');
  for (let step = 2; step <= 10; step++) {
    const mine = samples.filter((s) => s.step === step);
    const f = mine.flatMap((s) => s.frames);
    console.log(`${String(step).padStart(4)}  ${median(mine.map((s) => s.work)).toFixed(2).padStart(15)}  `
      + `${median(f).toFixed(1).padStart(10)} / ${Math.max(...f).toFixed(1).padStart(6)}  `
      + `${String(f.filter((x) => x > 25).length).padStart(14)}  ${String(mine.reduce((t, s) => t + s.longTasks, 0)).padStart(10)}`);
  }
  const idle = samples.flatMap((s) => s.idle);
  console.log(`paired idle baseline (same run, no transition): frame median ${median(idle).toFixed(1)} ms, `
    + `max ${Math.max(...idle).toFixed(1)} ms; ${idle.filter((f) => f > 25).length} of ${idle.length} frames over 25 ms; `
    + `${samples.reduce((t, s) => t + s.idleLong, 0)} long tasks`);
  console.log(`all: work median ${median(samples.map((s) => s.work)).toFixed(2)} ms; frame median ${median(frames).toFixed(1)} ms, `
    + `max ${Math.max(...frames).toFixed(1)} ms; ${late} of ${frames.length} frames over 25 ms; `
    + `${samples.reduce((t, s) => t + s.longTasks, 0)} long tasks; animations left running: ${samples.reduce((t, s) => t + s.animations, 0)}`);
}
