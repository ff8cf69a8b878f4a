// The kernel in Chromium (Debian's /usr/bin/chromium, driven by Playwright), where the relaxed-SIMD
// build runs: `chromium-targets` (the paired rounds of bench/kernel.mjs, for the relaxed and SIMD
// builds), `first-call` and `scale-workers`. The page is served by a small server here: bench/ at
// /bench/, onnxruntime-web's dist/ at /ort/, and each checkout's wasm/, dist/ and web/ under a prefix
// of its own (/s0/, /s1/: both sides of an A/B run). No cross-origin isolation, so onnxruntime-web
// runs one thread like the core. The in-page half is bench/browser-page.mjs.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { targetRatios } from './kernel.mjs';
import { Skipped } from './rounds.mjs';

const BENCH = fileURLToPath(new URL('.', import.meta.url));
const SERVED = ['wasm', 'dist', 'web'];
const TYPES = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };

/** onnxruntime-web's dist/ folder in bench/node_modules, or null when it is not installed. */
function ortDist() {
  try {
    return join(dirname(fileURLToPath(import.meta.resolve('onnxruntime-web'))), sep);
  } catch {
    return null;
  }
}

// path -> file: /bench/x under bench/, /web/x under this checkout's web/ (bench/random.mjs draws
// with the scale lab's generator), /ort/x under onnxruntime-web's dist/, /sK/(wasm|dist|web)/x
// under the K-th mounted checkout. Nothing else is reachable.
function resolveFile(path, roots, ort) {
  const inside = (base, rest) => {
    const file = normalize(join(base, rest));
    return file.startsWith(base) ? file : null;
  };
  if (path.startsWith('/bench/')) return inside(BENCH, path.slice(7));
  if (path.startsWith('/web/')) return inside(join(BENCH, '..', 'web', sep), path.slice(5));
  if (path.startsWith('/ort/')) return ort && inside(ort, path.slice(5));
  const [, k, top, rest] = /^\/s(\d+)\/([^/]+)\/(.*)$/.exec(path) ?? [];
  return roots[k] && SERVED.includes(top) ? inside(join(roots[k], top, sep), rest) : null;
}

/** The run's bench server (one per run): `mount(root)` gives the prefix a checkout is served under. */
export function benchServer(ctx) {
  return ctx.cache('bench server', async () => {
    const roots = [], ort = ortDist();
    const server = createServer(async (req, res) => {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (path === '/favicon.ico') return res.writeHead(204).end();
      if (path === '/') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><meta charset="utf-8"><title>attention bench</title>');
      }
      const file = resolveFile(path, roots, ort);
      if (!file) return res.writeHead(404).end();
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    ctx.onClose(() => server.close());
    return {
      base: `http://127.0.0.1:${server.address().port}/`,
      hasOrt: Boolean(ort),
      mount(root) {
        if (!roots.includes(root)) roots.push(root);
        return `/s${roots.indexOf(root)}`;
      },
    };
  });
}

/**
 * A fresh browser context and page on the bench server, with bench/browser-page.mjs loaded as
 * `window.bench`. A new context is its own renderer, so no compiled module is reused from an
 * earlier page (V8 caches compiled wasm per process).
 */
async function benchPage(ctx, side) {
  const server = await benchServer(ctx);
  const context = await (await ctx.chromium()).newContext();
  const page = await context.newPage();
  page.on('console', (msg) => { if (msg.type() === 'error') console.error(`  [page] ${msg.text()}`); });
  await page.goto(server.base);
  await page.evaluate(async () => { window.bench = await import('/bench/browser-page.mjs'); });
  return { page, prefix: server.mount(side.root), hasOrt: server.hasOrt, close: () => context.close() };
}

// ---- chromium-targets ---------------------------------------------------------------------

export function chromiumTargetGroups(ctx) {
  const n = ctx.quick ? 256 : 2048;
  return ['relaxed', 'simd'].map((build) => ({ name: `${build} build, n=${n}`, setup: (side) => chromiumTargets(ctx, side, build, n) }));
}

async function chromiumTargets(ctx, side, build, n) {
  const { page, prefix, hasOrt, close } = await benchPage(ctx, side);
  const set = await page.evaluate((a) => window.bench.setupTargets(a), { prefix, build, n, quick: ctx.quick, withOrt: hasOrt && !ctx.ab });
  if (set.skipped) {
    await close();
    throw new Skipped(set.skipped);
  }
  if (!set.ort && !ctx.ab) ctx.note('onnxruntime-web: not installed (bash scripts/bench-setup.sh)');
  return {
    cases: set.cases.map((c) => ({ ...c, run: () => page.evaluate((id) => window.bench.runTask(id), c.id) })),
    rounds: ctx.quick ? 3 : 21,
    derived: targetRatios(n, build),
    close,
  };
}

// ---- first-call --------------------------------------------------------------------------

/** Each round a fresh page: the load, the first attendRaw and the steady ones (P and O into the caller's arrays). */
export function firstCallGroups(ctx) {
  const [n, d] = ctx.quick ? [256, 32] : [2048, 128];
  return [{
    name: `n=${n} d=${d}, a fresh page each round`,
    setup: async (side) => ({
      rounds: ctx.quick ? 2 : 5,
      cases: [{
        id: 'first', label: 'first call', unit: 'ms',
        figures: { load: { label: 'loadAttention()' }, first: { label: 'first attendRaw' }, steady: { label: 'steady attendRaw' },
          ratio: { label: 'first ÷ steady', unit: '×', target: '<= 1.3' } },
        run: async () => {
          const { page, prefix, close } = await benchPage(ctx, side);
          try {
            return await page.evaluate((a) => window.bench.firstCall(a), { prefix, n, d });
          } finally {
            await close();
          }
        },
      }],
    }),
  }];
}

// ---- scale-workers -------------------------------------------------------------------------

/**
 * The scale lab's grid job with 1 and with 2 workers, paired: the speed-up cannot exceed the cores
 * the machine gives two workers at that moment, so a busy loop measures that beside it.
 */
export function scaleWorkerGroups(ctx) {
  const [n, dk] = ctx.quick ? [512, 32] : [4096, 128];
  const rounds = ctx.quick ? 2 : 11;
  const grid = (causal) => ({
    name: `n=${n} d_k=${dk}${causal ? ', causal' : ''}`,
    setup: async (side) => {
      const { page, prefix, close } = await benchPage(ctx, side);
      await page.evaluate((a) => window.bench.setupScale(a), { prefix, n, dk, causal });
      const run = (id) => () => page.evaluate((t) => window.bench.runTask(t), id);
      return {
        rounds,
        cases: [{ id: 'one', label: '1 worker', unit: 'ms', run: run('workers1') },
          { id: 'two', label: '2 workers', unit: 'ms', run: run('workers2') }],
        derived: [{ id: 'speed-up', label: '1 worker ÷ 2 workers', unit: '×', target: '>= 1.7', from: (v) => v.one / v.two }],
        close,
      };
    },
  });
  const cores = {
    name: 'cores free for two workers',
    setup: async (side) => {
      const { page, close } = await benchPage(ctx, side);
      const steps = ctx.quick ? 3e7 : 3e8;
      return {
        rounds: ctx.quick ? 1 : 3,
        cases: [{ id: 'cores', label: 'a busy loop: 2 t(1 worker) ÷ t(2 workers), 2.00 on two idle cores', unit: 'cores',
          run: () => page.evaluate((s) => window.bench.freeCores(s), steps) }],
        close,
      };
    },
  };
  return [cores, grid(false), grid(true)];
}
