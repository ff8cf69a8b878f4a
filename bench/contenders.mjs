// The ways to compute one raw attention call that the `kernel` measurement times side by side
// (this kernel called two ways, its scalar build, plain JS, TF.js, onnxruntime-web), each behind the
// same small interface so the rounds can interleave them:
//
//   const impl = await contender.load(root);   // once; root: the checkout whose kernel to load
//   const run = await impl.prepare(problem);    // per shape: sessions, masks, result arrays (not timed)
//   const { P, O } = await run();               // timed: copy in, compute, read P and O back
//
// problem: { n, d, causal, Q, K, V } with Q, K, V (n, d) row-major Float32Arrays; every contender
// divides by √d and returns P (n, n) and O (n, d) as Float32Arrays. TF.js and onnxruntime-web live in
// bench/node_modules (scripts/bench-setup.sh), never in the top-level install.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { attentionModel, causalMask } from './onnx-graph.mjs';

/** The checkout's wasm/attention.js (this tree's, or an A/B side's). */
export const importAttention = (root) => import(pathToFileURL(join(root, 'wasm/attention.js')).href);

// ---- this project's kernel ----------------------------------------------------

// reuse: the caller's own P and O arrays, made once per shape (not timed) and filled by every call
// (attendRaw's `into`), as a caller who cares about speed would; the copy out of the wasm heap into
// them is timed, like every other contender's read-back. Without reuse, each call returns fresh arrays.
export function ourKernel(variant, reuse) {
  return async (root) => {
    const { loadAttention } = await importAttention(root);
    const attn = await loadAttention({ variant }); // no `path`: older refs' loadAttention has none
    return {
      prepare: ({ n, d, causal, Q, K, V }) => {
        const into = reuse ? { weights: new Float32Array(n * n), outputs: new Float32Array(n * d) } : undefined;
        return () => {
          const r = attn.attendRaw(Q, K, V, n, d, { scaled: true, causal, weights: true, into });
          return { P: r.weights, O: r.outputs };
        };
      },
    };
  };
}

// ---- plain JavaScript ---------------------------------------------------------

// What a web developer writes first: per asker, dot products with every key, a stable softmax, then
// a weighted sum of value rows (the cache-friendly order).
export function plainAttention(Q, K, V, n, d, causal) {
  const P = new Float32Array(n * n), O = new Float32Array(n * d);
  const scale = 1 / Math.sqrt(d);
  for (let i = 0; i < n; i++) {
    const visible = causal ? i + 1 : n, row = i * n, q = i * d;
    let max = -Infinity;
    for (let j = 0; j < visible; j++) {
      let s = 0;
      for (let c = 0, k = j * d; c < d; c++) s += Q[q + c] * K[k + c];
      P[row + j] = s * scale;
      if (P[row + j] > max) max = P[row + j];
    }
    let sum = 0;
    for (let j = 0; j < visible; j++) sum += (P[row + j] = Math.exp(P[row + j] - max));
    for (let j = 0; j < visible; j++) {
      const w = (P[row + j] /= sum);
      for (let c = 0, v = j * d; c < d; c++) O[q + c] += w * V[v + c];
    }
  }
  return { P, O };
}

async function plainJs() {
  return { prepare: ({ n, d, causal, Q, K, V }) => () => plainAttention(Q, K, V, n, d, causal) };
}

// ---- TensorFlow.js, wasm backend, one thread ------------------------------------

async function tfjsWasm() {
  const tf = await import('@tensorflow/tfjs-core');
  const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  // In node the backend reads its .wasm from this folder (no fetch).
  setWasmPaths(fileURLToPath(new URL('./node_modules/@tensorflow/tfjs-backend-wasm/dist/', import.meta.url)));
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false); // one thread, like the others
  if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js wasm backend did not start');
  await tf.ready();
  return {
    prepare: ({ n, d, causal, Q, K, V }) => {
      const mask = causal ? tf.tensor2d(causalMask(n), [n, n]) : null;
      const scale = tf.scalar(1 / Math.sqrt(d));
      return () => {
        const [p, o] = tf.tidy(() => {
          const q = tf.tensor2d(Q, [n, d]), k = tf.tensor2d(K, [n, d]), v = tf.tensor2d(V, [n, d]);
          let logits = tf.mul(tf.matMul(q, k, false, true), scale);
          if (mask) logits = tf.add(logits, mask);
          const weights = tf.softmax(logits);
          return [weights, tf.matMul(weights, v)];
        });
        const result = { P: p.dataSync(), O: o.dataSync() };
        p.dispose();
        o.dispose();
        return result;
      };
    },
  };
}

// ---- onnxruntime-web, wasm backend, one thread ----------------------------------

export async function onnxruntimeWasm() {
  const ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  return {
    prepare: async ({ n, d, causal, Q, K, V }) => {
      const session = await ort.InferenceSession.create(attentionModel({ n, d, scaled: true, causal }), {
        executionProviders: ['wasm'],
        graphOptimizationLevel: 'all',
      });
      const mask = causal ? new ort.Tensor('float32', causalMask(n), [n, n]) : null;
      return async () => {
        const feeds = {
          Q: new ort.Tensor('float32', Q, [n, d]),
          K: new ort.Tensor('float32', K, [n, d]),
          V: new ort.Tensor('float32', V, [n, d]),
        };
        if (mask) feeds.mask = mask;
        const out = await session.run(feeds);
        return { P: out.P.data, O: out.O.data };
      };
    },
  };
}

/**
 * In table order. ours: loaded from the checkout being measured (both sides of an A/B run); the
 * others are the same code on both sides, so an A/B run leaves them out. maxN: the largest n timed
 * (plain JS takes 20-40 s a call at n = 4096).
 */
export const CONTENDERS = [
  { key: 'simd', name: 'this kernel (wasm SIMD)', ours: true, load: ourKernel('simd', true) },
  { key: 'fresh', name: 'the same, fresh arrays per call', ours: true, load: ourKernel('simd', false) },
  { key: 'scalar', name: 'this kernel (wasm scalar)', ours: true, load: ourKernel('scalar', true) },
  { key: 'js', name: 'plain JS', load: plainJs, maxN: 2048 },
  { key: 'tfjs', name: 'TF.js wasm', load: tfjsWasm },
  { key: 'ort', name: 'onnxruntime-web wasm', load: onnxruntimeWasm },
];

// ---- do two contenders agree? ------------------------------------------------------

// Both computed in float32 with their own summation order and exp, on unit-variance scores: their
// weights differ by ~1e-7 relative and their outputs (O(1) numbers) by ~1e-6, so these tolerances
// are loose enough for every library and tight enough to catch a wrong mask, a missing scale or a
// transposed matrix (all of which move entries by more than 1e-2).
export const TOLERANCE = { weights: 1e-4, outputs: 1e-4 };

/** got, want: { P: (n, n), O: (n, d) } -> { ok, message } */
export function compareResults(got, want, n, d) {
  if (got.P.length !== n * n || got.O.length !== n * d)
    return { ok: false, message: `shapes: P has ${got.P.length}, O has ${got.O.length} numbers` };
  let weightRel = 0, outputAbs = 0, worst = '';
  for (let i = 0; i < n * n; i++) {
    const w = want.P[i], diff = Math.abs(got.P[i] - w);
    // Below 1e-6 a weight is compared absolutely (1e-10): the relative error of a near-zero exp says
    // nothing, but a masked entry must still be ~0.
    const rel = w >= 1e-6 ? diff / w : diff / 1e-6;
    if (!(rel <= weightRel)) [weightRel, worst] = [rel, `P[${Math.floor(i / n)}][${i % n}] = ${got.P[i]} vs ${w}`];
  }
  for (let i = 0; i < n * d; i++) {
    const diff = Math.abs(got.O[i] - want.O[i]);
    if (!(diff <= outputAbs)) [outputAbs, worst] = [diff, `O[${Math.floor(i / d)}][${i % d}] = ${got.O[i]} vs ${want.O[i]}`];
  }
  const ok = weightRel <= TOLERANCE.weights && outputAbs <= TOLERANCE.outputs;
  return { ok, message: `largest difference: ${worst} (P ${weightRel.toExponential(1)} relative, O ${outputAbs.toExponential(1)} absolute)` };
}
