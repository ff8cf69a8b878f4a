// Peak memory of one raw attention call, in a fresh process so nothing else shares the heap (the
// `memory` measurement runs it once per case):
//
//   node bench/memory.mjs weights 4096 128 [ROOT]   # the grid path, ROOT's kernel (default: this tree)
//   node bench/memory.mjs outputs 16384 32 [ROOT]   # outputs only (online softmax; n × n × d at the work cap)
//
// Prints one JSON line. heapBytes is the size of the wasm memory after the call (a wasm memory never
// shrinks, so this is its peak, with the module's fixed start-up memory); payloadBytes is what the
// call must hold: Q, K, V, outputs (4 n d floats) plus the grid (n² floats) if asked.
import { fileURLToPath } from 'node:url';
import { importAttention } from './contenders.mjs';

const [mode, nText, dText, root = fileURLToPath(new URL('..', import.meta.url))] = process.argv.slice(2);
console.log(JSON.stringify(await measure(mode === 'weights', Number(nText), Number(dText))));

async function measure(withWeights, n, d) {
  const { loadAttention } = await importAttention(root);
  const attn = await loadAttention({ path: 'raw', variant: 'simd' });
  const Q = filled(n * d, 0.5), K = filled(n * d, 0.25), V = filled(n * d, 1);
  const { weights, outputs } = attn.attendRaw(Q, K, V, n, d, { weights: withWeights });
  return {
    n, d,
    heapBytes: attn.memoryStats().heapBytes,
    payloadBytes: 4 * (4 * n * d + (withWeights ? n * n : 0)),
    gridBytes: 4 * n * n,
    checksum: outputs[0] + (weights ? weights[0] : 0),
  };
}

// Smooth, deterministic inputs: the heap does not depend on the numbers, only on n and d.
function filled(length, spread) {
  const a = new Float32Array(length);
  for (let i = 0; i < length; i++) a[i] = spread * Math.sin(i * 0.7);
  return a;
}
