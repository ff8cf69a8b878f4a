// Peak memory of one raw attention call, measured in a fresh process so
// nothing else shares the heap:
//
//   node bench/memory.mjs weights 4096 128   # the grid path
//   node bench/memory.mjs outputs 16384 32   # outputs only (online softmax; n x n x d at the work cap)
//
// Prints one JSON line. heapBytes is the size of the wasm memory after the
// call (a wasm memory never shrinks, so this is its peak, including the
// module's fixed ~16 MB start-up memory); payloadBytes is what the call must
// hold: Q, K, V, outputs (4 n d floats) plus the grid (n^2 floats) if asked.
// The process's peak RSS growth is reported too; it also counts the caller's
// own Q, K, V and the copies handed back, which live in JS, outside the heap.
import { pathToFileURL } from 'node:url';
import { runInChild } from './child.mjs';
import { loadAttention } from '../wasm/attention.js';

const isMain = import.meta.url === pathToFileURL(process.argv[1]).href;
const [mode, nText, dText] = process.argv.slice(2);
if (isMain) console.log(JSON.stringify(await measure(mode === 'weights', Number(nText), Number(dText))));

async function measure(withWeights, n, d) {
  const attn = await loadAttention({ path: 'raw', variant: 'simd' });
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = attn.memoryStats().heapBytes;

  const Q = filled(n * d, 0.5), K = filled(n * d, 0.25), V = filled(n * d, 1);
  const { weights, outputs } = attn.attendRaw(Q, K, V, n, d, { weights: withWeights });

  const payloadBytes = 4 * (4 * n * d + (withWeights ? n * n : 0));
  return {
    mode: withWeights ? 'weights' : 'outputs',
    n, d,
    heapBytes: attn.memoryStats().heapBytes,
    heapBefore,
    payloadBytes,
    gridBytes: 4 * n * n,
    rssPeakGrowth: process.resourceUsage().maxRSS * 1024 - rssBefore,
    checksum: outputs[0] + (weights ? weights[0] : 0),
  };
}

function filled(length, spread) {
  const a = new Float32Array(length);
  for (let i = 0; i < length; i++) a[i] = spread * Math.sin(i * 0.7);
  return a;
}

/** Runs one measurement in a fresh node process. */
export function measureMemory(mode, n, d) {
  return runInChild(new URL(import.meta.url), [mode, String(n), String(d)]);
}
