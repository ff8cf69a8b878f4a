// `npm run bench:browser` (also the last part of `npm run bench`): the paired
// target rounds in Chromium, where the relaxed-SIMD build runs, plus the
// first call after load and the scale lab's workers.
//
//   node bench/browser.mjs [--rounds=21] [--only=targets,first,scale]
//
// Each build is measured against the same-run ceiling loop of its own kind:
// the relaxed build against a loop of f32x4.relaxed_madd, the SIMD build
// against a loop of f32x4.mul + f32x4.add. Chromium is Debian's
// (/usr/bin/chromium), driven by Playwright; the page is served by a small
// server here (the repo's wasm/, dist/, web/, bench/, and onnxruntime-web's
// dist/ under /ort/), with no cross-origin isolation, so onnxruntime-web runs
// one thread like the core.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { median, quartiles } from './stats.mjs';
import { printTargetsPaired } from './targets.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVED = ['wasm', 'dist', 'web', 'bench'];
const TYPES = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** onnxruntime-web's dist/ folder, wherever npm put the package (root or bench/ node_modules). */
function ortDist() {
  return join(dirname(fileURLToPath(import.meta.resolve('onnxruntime-web'))), sep);
}

function serve() {
  const ort = ortDist();
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = null;
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><meta charset="utf-8"><title>attention bench</title>');
    }
    if (path.startsWith('/ort/')) file = normalize(join(ort, path.slice(5)));
    else {
      const candidate = normalize(join(ROOT, path));
      if (candidate.startsWith(ROOT) && SERVED.includes(candidate.slice(ROOT.length).split(sep)[0])) file = candidate;
    }
    if (!file || (!file.startsWith(ort) && !file.startsWith(ROOT))) return res.writeHead(404).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** CPU model and the flags that matter for these kernels (lscpu). */
export function machine() {
  try {
    const text = execFileSync('lscpu', { encoding: 'utf8' });
    const model = text.match(/^Model name:\s*(.+)$/m)?.[1].trim() ?? 'unknown CPU';
    const cpus = text.match(/^CPU\(s\):\s*(\d+)/m)?.[1] ?? '?';
    const flags = (text.match(/^Flags:\s*(.+)$/m)?.[1] ?? '').split(/\s+/);
    const relevant = ['sse4_2', 'avx', 'avx2', 'fma', 'avx512f', 'avx512_vnni', 'amx_tile'].filter((f) => flags.includes(f));
    return { model, cpus, flags: relevant };
  } catch {
    return { model: 'unknown CPU (no lscpu)', cpus: '?', flags: [] };
  }
}

// A new browser context per measurement: its own renderer, so no compiled
// module is reused from an earlier page (V8 caches compiled wasm per process).
async function inFreshPage(browser, base, fn, arg) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(base);
    return await page.evaluate(async ([name, a]) => (await import('/bench/browser-page.mjs'))[name](a), [fn, arg]);
  } finally {
    await context.close();
  }
}

/** Runs the browser measurements; returns their results (and prints them). */
export async function runBrowserBench({ rounds = 21, only = ['targets', 'first', 'scale'] } = {}) {
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  const m = machine();
  const out = { machine: m, chromium: browser.version() };
  console.log(`\n# Chromium ${out.chromium}, ${m.model}, ${m.cpus} CPUs (flags: ${m.flags.join(' ')})`);
  try {
    if (only.includes('targets')) {
      const variants = await inFreshPage(browser, base, 'usableVariants');
      out.targets = [];
      for (const build of ['relaxed', 'simd'].filter((v) => variants.includes(v))) {
        const t = await inFreshPage(browser, base, 'pairedTargets', { build, rounds });
        out.targets.push(t);
        printTargetsPaired(t, `${build === 'relaxed' ? 'relaxed SIMD' : 'SIMD'} build in Chromium`);
      }
    }
    if (only.includes('first')) {
      out.first = [];
      for (let k = 0; k < 5; k++) out.first.push(await inFreshPage(browser, base, 'firstCall'));
      printFirst(out.first);
    }
    if (only.includes('scale')) {
      out.scale = [];
      const before = await inFreshPage(browser, base, 'freeCores');
      for (const causal of [false, true])
        out.scale.push(await inFreshPage(browser, base, 'scaleWorkers', { causal, rounds: Math.max(3, Math.round(rounds / 2)) }));
      const after = await inFreshPage(browser, base, 'freeCores');
      printScale(out.scale, [before, after]);
    }
  } finally {
    await browser.close();
    server.close();
  }
  return out;
}

function printFirst(runs) {
  const fmt = (x) => x.toFixed(1);
  const ratios = runs.map((r) => r.first / r.steady);
  console.log(`\nfirst call after load (n = 2048, d = 128, P and O into the caller's arrays; ${runs.length} fresh pages, ${runs[0].variant} build):`);
  for (const r of runs) console.log(`  load ${fmt(r.loadMs)} ms; first call ${fmt(r.first)} ms, steady median ${fmt(r.steady)} ms: ${(r.first / r.steady).toFixed(2)}x`);
  const m = median(ratios);
  console.log(`  median ${m.toFixed(2)}x a steady call (target <= 1.30x) ${m <= 1.3 ? 'MET' : 'MISSED'}`);
}

function printScale(runs, freeCores) {
  console.log(`\ncores free for two workers (a busy loop in 1 and in 2 workers, 2 t1 / t2; 2.00 = two idle cores): ` +
    `${freeCores.map((x) => x.toFixed(2)).join(' before, ')} after the scale lab rounds`);
  for (const r of runs) {
    const [a, b] = r.counts;
    const ratios = r.ms[0].map((x, k) => x / r.ms[1][k]);
    const [q1, q3] = quartiles(ratios);
    const m = median(ratios);
    console.log(`\nscale lab grid job, n = ${r.n}, d_k = ${r.dk}${r.causal ? ', causal' : ''} (${r.ms[0].length} paired rounds, request to merged heat map):`);
    console.log(`  ${a} worker(s) ${median(r.ms[0]).toFixed(0)} ms (the core ${median(r.coreMs[0]).toFixed(0)} ms), ` +
      `${b} workers ${median(r.ms[1]).toFixed(0)} ms (the slowest band's core ${median(r.coreMs[1]).toFixed(0)} ms; pool sizes used: ${r.workersUsed.join(', ')}); ` +
      `heat maps identical: ${r.pixelsAgree ? 'yes' : 'NO'}`);
    console.log(`  speed-up ${m.toFixed(2)}x (middle half ${q1.toFixed(2)}–${q3.toFixed(2)}; target >= 1.70x with 2 workers) ${m >= 1.7 ? 'MET' : 'MISSED'}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
  await runBrowserBench({ rounds: Number(args.rounds ?? 21), only: args.only ? args.only.split(',') : undefined });
}
