// The in-page half of the Chromium kernel measurements (`chromium-targets`, `first-call`,
// `scale-workers`, bench/chromium.mjs): runs inside Chromium, imports a checkout's shipped modules
// from the bench server (`prefix`: where that checkout's wasm/, dist/ and web/ are served) and returns
// plain numbers. Node drives the rounds; each call here times one thing inside the page.
import { makeCeilingProbe, measureSimdCeiling } from '/bench/simd-ceiling.mjs';
import { median } from '/bench/rounds.mjs';
import { randomInputs } from '/bench/random.mjs';
import { attentionModel, causalMask } from '/bench/onnx-graph.mjs';

const flops = (n, d) => 4 * n * n * d;
const tasks = new Map(); // id -> () => Promise<number>, set up by setupTargets / setupScale

function timed(run) {
  return async () => {
    const t0 = performance.now();
    await run();
    return performance.now() - t0;
  };
}

// This core: reusing its result arrays (`into`), or fresh arrays per call.
function ours(attn, reuse) {
  return ({ n, d, causal, Q, K, V }) => {
    const into = reuse ? { weights: new Float32Array(n * n), outputs: new Float32Array(n * d) } : undefined;
    return () => attn.attendRaw(Q, K, V, n, d, { scaled: true, causal, weights: true, into });
  };
}

// onnxruntime-web's wasm backend, one thread (the page is not cross-origin isolated anyway); null
// when the bench server has no /ort/ (bench/node_modules not installed).
async function onnxruntime() {
  let ort;
  try {
    ort = await import('/ort/ort.wasm.min.mjs');
  } catch {
    return null;
  }
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmPaths = '/ort/';
  ort.env.logLevel = 'error';
  return async ({ n, d, causal, Q, K, V }) => {
    const session = await ort.InferenceSession.create(attentionModel({ n, d, scaled: true, causal }),
      { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
    const mask = causal ? new ort.Tensor('float32', causalMask(n), [n, n]) : null;
    return () => {
      const feeds = { Q: new ort.Tensor('float32', Q, [n, d]), K: new ort.Tensor('float32', K, [n, d]), V: new ort.Tensor('float32', V, [n, d]) };
      if (mask) feeds.mask = mask;
      return session.run(feeds);
    };
  };
}

/**
 * The paired target rounds' tasks for one build ('relaxed' or 'simd'): the same calls as the node
 * `targets` measurement, and a ceiling loop of the build's own kind. Returns the cases' ids and
 * labels, or { skipped } when this Chromium cannot run the build.
 */
export async function setupTargets({ prefix, build, n, quick, withOrt }) {
  const { loadAttention, usableVariants } = await import(`${prefix}/wasm/attention.js`);
  if (!usableVariants().includes(build)) return { skipped: `this Chromium cannot run the ${build} build` };
  const attn = await loadAttention({ variant: build });
  const shape = await measureSimdCeiling(quick ? { build, iterations: 200_000, repeats: 2 } : { build, iterations: 5_000_000, repeats: 5 });
  const probe = await makeCeilingProbe(shape, quick ? 0.005 : 0.05);
  const ort = withOrt ? await onnxruntime() : null;
  const data = { 128: randomInputs(n, 128, n * 7 + 128), 64: randomInputs(n, 64, n * 7 + 64) };
  const cases = [
    ['ours128', 'this kernel, d=128', ours(attn, true), 128, false],
    ['ours128causal', 'this kernel, causal, d=128', ours(attn, true), 128, true],
    ['ours64', 'this kernel, d=64', ours(attn, true), 64, false],
    ['ours64causal', 'this kernel, causal, d=64', ours(attn, true), 64, true],
    ['fresh128', 'fresh arrays, d=128', ours(attn, false), 128, false],
    ['fresh128causal', 'fresh arrays, causal, d=128', ours(attn, false), 128, true],
  ];
  if (ort) cases.splice(1, 0, ['ort128', 'onnxruntime-web, d=128', ort, 128, false]);
  const out = [];
  for (const [id, label, prepare, d, causal] of cases) {
    const run = timed(await prepare({ n, d, causal, ...data[d] }));
    await run(); // warm-up
    tasks.set(id, run);
    out.push({ id, label, unit: 'ms' });
  }
  tasks.set('ceiling', async () => probe.run());
  out.push({ id: 'ceiling', label: 'the same-run ceiling loop', unit: 'GFLOP/s' });
  return { cases: out, flops: flops(n, 128), ort: Boolean(ort) };
}

/** One task set up by setupTargets or setupScale: its value (ms, or GFLOP/s for the ceiling). */
export function runTask(id) {
  return tasks.get(id)();
}

/**
 * The first attendRaw after load against steady calls, in this (fresh) page: P and O into the
 * caller's arrays. Returns ms.
 */
export async function firstCall({ prefix, n, d }) {
  const t0 = performance.now();
  const { loadAttention } = await import(`${prefix}/wasm/attention.js`);
  const attn = await loadAttention();
  const load = performance.now() - t0;
  const { Q, K, V } = randomInputs(n, d, 11);
  const into = { weights: new Float32Array(n * n), outputs: new Float32Array(n * d) };
  const times = [];
  for (let k = 0; k < 8; k++) {
    const a = performance.now();
    attn.attendRaw(Q, K, V, n, d, { into });
    times.push(performance.now() - a);
  }
  const steady = median(times.slice(1));
  return { load, first: times[0], steady, ratio: times[0] / steady };
}

/**
 * The scale lab's grid job with pools of 1 and 2 workers (web/views/scale/client.js), each request timed
 * from the page's request to the merged heat map. Every result's heat map must be the first one's,
 * bit for bit (the bands are split so that it is). Sets up tasks 'workers1' and 'workers2'.
 */
export async function setupScale({ prefix, n, dk, causal }) {
  // The lab's client moved with web/'s re-cut (web/views/scale/); an A/B side may predate it.
  const { ComputeClient } = await import(`${prefix}/web/views/scale/client.js`)
    .catch(() => import(`${prefix}/web/views/scale/client.js`));
  let reference = null;
  for (const workers of [1, 2]) {
    let resolve;
    const client = new ComputeClient({ workers, onResult: (m) => resolve(m) });
    const request = () => new Promise((r) => {
      resolve = r;
      client.request('grid', { n, dk, scaled: true, causal, input: 'random', seed: 1, maxPixels: 512 });
    });
    const run = async () => {
      const t0 = performance.now();
      const m = await request();
      const ms = performance.now() - t0;
      if (m.error) throw new Error(`${m.error.code}: ${m.error.message}`);
      reference ??= m.result.means;
      if (!m.result.means.every((x, j) => x === reference[j])) throw new Error(`${workers} worker(s) gave another heat map`);
      return ms;
    };
    await run(); // loads the cores, makes the inputs (kept for the seed), sizes the buffers
    tasks.set(`workers${workers}`, run);
  }
}

/**
 * How many cores this page's workers get right now: the same fixed busy loop in 1 worker and then in
 * 2 at once; 2 t(1) / t(2) is 2.0 on two idle cores and 1.0 when the two share one. The scale lab's
 * speed-up cannot exceed it, so it is reported beside it.
 */
export async function freeCores(steps) {
  const source = 'onmessage = ({ data }) => { let x = 0; for (let i = 0; i < data; i++) x = (x + i) % 1e9; postMessage(x); };';
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const workers = [new Worker(url), new Worker(url)];
  const run = (list) => Promise.all(list.map((w) => new Promise((resolve) => {
    w.onmessage = resolve;
    w.postMessage(steps);
  })));
  await run(workers); // warm up
  let t = performance.now();
  await run([workers[0]]);
  const one = performance.now() - t;
  t = performance.now();
  await run(workers);
  const two = performance.now() - t;
  for (const w of workers) w.terminate();
  return (2 * one) / two;
}
