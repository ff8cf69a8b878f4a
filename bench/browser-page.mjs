// The browser half of `npm run bench:browser` (bench/browser.mjs): runs inside
// Chromium, imports the shipped modules from the bench's own server, and
// returns plain numbers. Each export is one measurement.
import { loadAttention } from '/wasm/attention.js';
import { measureSimdCeiling } from '/bench/simd-ceiling.mjs';
import { measureTargets } from '/bench/targets.mjs';
import { median } from '/bench/stats.mjs';
import { attentionModel, causalMask } from '/bench/onnx-graph.mjs';

// Unit-variance scores after dividing by sqrt(d), the same inputs as the node bench.
function randomInputs(n, d, seed) {
  let s = seed >>> 0;
  const uniform = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) + 0.5) / 4294967296;
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const make = () => Float32Array.from({ length: n * d }, normal);
  return { Q: make(), K: make(), V: make() };
}

// This core behind the contenders' interface (bench/implementations.mjs):
// reusing its result arrays (`into`), or fresh arrays per call.
function ours(attn, reuse) {
  return {
    prepare: ({ n, d, causal, Q, K, V }) => {
      const into = reuse ? { weights: new Float32Array(n * n), outputs: new Float32Array(n * d) } : undefined;
      return () => {
        const r = attn.attendRaw(Q, K, V, n, d, { scaled: true, causal, weights: true, into });
        return { P: r.weights, O: r.outputs };
      };
    },
  };
}

// onnxruntime-web's wasm backend, one thread (the page is not cross-origin isolated anyway).
async function onnxruntime() {
  const ort = await import('/ort/ort.wasm.min.mjs');
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmPaths = '/ort/';
  ort.env.logLevel = 'error';
  return {
    prepare: async ({ n, d, causal, Q, K, V }) => {
      const session = await ort.InferenceSession.create(attentionModel({ n, d, scaled: true, causal }),
        { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
      const mask = causal ? new ort.Tensor('float32', causalMask(n), [n, n]) : null;
      return async () => {
        const feeds = { Q: new ort.Tensor('float32', Q, [n, d]), K: new ort.Tensor('float32', K, [n, d]), V: new ort.Tensor('float32', V, [n, d]) };
        if (mask) feeds.mask = mask;
        const out = await session.run(feeds);
        return { P: out.P.data, O: out.O.data };
      };
    },
  };
}

/** The paired target rounds for one build ('relaxed' or 'simd') against its own kind of ceiling loop. */
export async function pairedTargets({ build, rounds = 21 }) {
  const attn = await loadAttention({ variant: build });
  const ceiling = await measureSimdCeiling({ build, iterations: 5_000_000, repeats: 5 });
  const apis = { simd: ours(attn, true), fresh: ours(attn, false), ort: await onnxruntime() };
  const t = await measureTargets(apis, ceiling, randomInputs, { rounds });
  return { ...t, build: attn.variant, ceilingShape: { kind: ceiling.kind, muls: ceiling.muls, gflops: ceiling.gflops } };
}

/**
 * The first attendRaw after load against steady calls, in this (fresh) page:
 * n = 2048, d = 128, P and O into the caller's arrays. Returns ms.
 */
export async function firstCall({ n = 2048, d = 128, idleMs = 0 } = {}) {
  const t0 = performance.now();
  const attn = await loadAttention();
  const loadMs = performance.now() - t0;
  if (idleMs) await new Promise((resolve) => setTimeout(resolve, idleMs));
  const { Q, K, V } = randomInputs(n, d, 11);
  const into = { weights: new Float32Array(n * n), outputs: new Float32Array(n * d) };
  const times = [];
  for (let k = 0; k < 8; k++) {
    const a = performance.now();
    attn.attendRaw(Q, K, V, n, d, { into });
    times.push(performance.now() - a);
  }
  return { variant: attn.variant, loadMs, first: times[0], steady: median(times.slice(1)) };
}

/**
 * The scale lab's grid job at n = 4096, d = 128 with a pool of `counts[0]`
 * workers against one of `counts[1]`, paired: alternating requests, the page's
 * wall time from request to merged result. Returns per-round ms for each.
 */
export async function scaleWorkers({ n = 4096, dk = 128, counts = [1, 2], rounds = 9, causal = false } = {}) {
  const { ComputeClient } = await import('/web/views/scale/client.js');
  const pools = await Promise.all(counts.map(async (workers) => {
    let resolve;
    const client = new ComputeClient({ workers, onResult: (m) => resolve(m) });
    const run = (seed) => new Promise((r) => {
      resolve = r;
      client.request('grid', { n, dk, scaled: true, causal, input: 'random', seed, maxPixels: 512 });
    });
    return { workers, client, run };
  }));
  for (const p of pools) {
    const warm = await p.run(1); // loads the cores, makes the inputs (kept for the seed), sizes the buffers
    if (warm.error) throw new Error(`${warm.error.code}: ${warm.error.message}`);
    await p.run(1);
  }
  const ms = pools.map(() => []);
  const coreMs = pools.map(() => []);
  let pixelsAgree = true, reference = null;
  for (let r = 0; r < rounds; r++)
    for (let k = 0; k < pools.length; k++) {
      const i = (k + r) % pools.length;
      const t0 = performance.now();
      const m = await pools[i].run(1);
      ms[i].push(performance.now() - t0);
      coreMs[i].push(m.result.ms);
      reference ??= m.result.means;
      pixelsAgree &&= m.result.means.every((x, j) => x === reference[j]);
    }
  const workersUsed = pools.map((p) => p.client.workerCount);
  for (const p of pools) p.client.close();
  return { n, dk, causal, counts, ms, coreMs, pixelsAgree, workersUsed };
}

/** The builds this Chromium can run, fastest first. */
export { usableVariants } from '/wasm/attention.js';

/**
 * How many cores this page's workers get right now: the same fixed busy loop
 * in 1 worker and then in 2 at once; returns 2 * t(1) / t(2) (2.0 on two idle
 * cores, 1.0 when the two workers share one). The scale lab's speed-up cannot
 * exceed it, so it is printed beside it.
 */
export async function freeCores(steps = 3e8) {
  const source = `onmessage = ({ data }) => { let x = 0; for (let i = 0; i < data; i++) x = (x + i) % 1e9; postMessage(x); };`;
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
