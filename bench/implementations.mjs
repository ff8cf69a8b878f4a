// The contenders (this kernel twice: reusing its result arrays, and fresh ones), each behind the same small interface so the harness can
// interleave them:
//
//   const impl = await load();               // once
//   const run = await impl.prepare(problem); // per shape: sessions, masks (not timed)
//   const { P, O } = await run();             // timed: copy in, compute, read P and O back
//
// problem: { n, d, causal, Q, K, V } with Q, K, V (n, d) row-major Float32Arrays;
// every contender divides by sqrt(d) and returns P (n, n) and O (n, d) as Float32Arrays.
import { fileURLToPath } from 'node:url';
import { loadAttention } from '../wasm/attention.js';
import { attentionModel, causalMask } from './onnx-graph.mjs';

// ---- this project's kernel, SIMD and scalar builds ----------------------

// reuse: the caller's own P and O arrays, made once per shape (not timed) and
// filled by every call (attendRaw's `into`), as a caller who cares about speed
// would; the copy out of the wasm heap into them is timed, like every other
// contender's read-back. Without reuse, each call returns fresh arrays.
function projectKernel(variant, reuse) {
  return async () => {
    const attn = await loadAttention({ variant });
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

// ---- plain JavaScript -----------------------------------------------------

// What a web developer writes first: per asker, dot products with every key,
// a stable softmax, then a weighted sum of value rows (cache-friendly order).
function plainAttention(Q, K, V, n, d, causal) {
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

// ---- TensorFlow.js, wasm backend, one thread ------------------------------

async function tfjsWasm() {
  const tf = await import('@tensorflow/tfjs-core');
  const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  // In node the backend reads its .wasm from this folder (no fetch).
  // (bench/node_modules: installed by scripts/bench-setup.sh, not by the top-level npm ci)
  setWasmPaths(fileURLToPath(new URL('./node_modules/@tensorflow/tfjs-backend-wasm/dist/', import.meta.url)));
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false); // single thread, like the others
  if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js wasm backend did not start');
  await tf.ready();
  return {
    simd: tf.env().getBool('WASM_HAS_SIMD_SUPPORT'),
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

// ---- onnxruntime-web, wasm backend, one thread ----------------------------

async function onnxruntimeWasm() {
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

/** In table order; `load` is async because some contenders load wasm; maxN: largest n timed. */
export const implementations = [
  { name: 'this kernel (wasm SIMD)', key: 'simd', load: projectKernel('simd', true) },
  { name: 'the same, fresh arrays per call', key: 'fresh', load: projectKernel('simd', false) },
  { name: 'this kernel (wasm scalar)', key: 'scalar', load: projectKernel('scalar', true) },
  // Plain JS takes ~20-40 s per run at n = 4096: left out there to keep the run short.
  { name: 'plain JS', key: 'js', load: plainJs, maxN: 2048 },
  { name: 'TF.js wasm', key: 'tfjs', load: tfjsWasm },
  { name: 'onnxruntime-web wasm', key: 'ort', load: onnxruntimeWasm },
];

export { plainAttention, projectKernel, onnxruntimeWasm };
