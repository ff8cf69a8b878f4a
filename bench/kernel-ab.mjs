// Paired A/B rounds of two builds of the kernel module, in one node process: is a
// rebuilt kernel (other flags, other code) as fast as the one it replaces?
//
//   node --experimental-wasm-relaxed-simd bench/kernel-ab.mjs OLD.mjs NEW.mjs [rounds]
//
// OLD and NEW are inlined kernel modules (dist/attention-kernel*.mjs, or copies of
// them). Both run through wasm/raw-path.js, or the raw-path.js given as
// OLD.mjs=path/to/raw-path.js (a module from before a change of its exports needs
// the raw-path.js of its time), on the same seeded inputs, n = 512,
// 1024, 2048, d = 64, full and causal, with the weights grid (into reused arrays)
// and outputs only. Each round times A then B, or B then A (alternating), each
// the median of a few calls, and keeps the ratio new / old; the report is the
// median ratio per case and its middle half. The outputs of both are compared
// first: they must be bit for bit the same.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { median, quartiles } from './stats.mjs';
import { randomInputs } from './paired-node.mjs';

// file: a kernel module, or `module=raw-path.js`.
async function loadKernel(file) {
  const [module, rawPath = new URL('../wasm/raw-path.js', import.meta.url).href] = file.split('=');
  const { createRawPath } = await import(rawPath.startsWith('file:') ? rawPath : pathToFileURL(resolve(rawPath)).href);
  const create = (await import(pathToFileURL(resolve(module)).href)).default;
  return createRawPath(await create({ printErr: () => {} }));
}

function cases() {
  const out = [];
  for (const n of [512, 1024, 2048])
    for (const causal of [false, true])
      for (const weights of [true, false]) out.push({ n, d: 64, causal, weights });
  return out;
}

const label = ({ n, d, causal, weights }) =>
  `n=${n} d=${d} ${causal ? 'causal' : 'full  '} ${weights ? 'P and O' : 'O only '}`;

// One caller per build and case: its own `into` arrays, reused across calls.
function caller(path, { n, d, causal, weights }, { Q, K, V }) {
  const into = { weights: weights ? new Float32Array(n * n) : null, outputs: new Float32Array(n * d) };
  return () => path.attendRaw(Q, K, V, n, d, { causal, weights, into });
}

function sameBits(a, b) {
  if (a === null || b === null) return a === b;
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length), y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

function timeCalls(call, calls) {
  const times = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    call();
    times.push(performance.now() - t0);
  }
  return median(times);
}

async function main([oldFile, newFile, rounds = '15']) {
  if (!oldFile || !newFile) throw new Error('usage: kernel-ab.mjs OLD.mjs NEW.mjs [rounds]');
  const [a, b] = [await loadKernel(oldFile), await loadKernel(newFile)];
  console.log(`# kernel A/B, ${new Date().toISOString()}, node ${process.version}, ${cpus()[0].model}, `
    + `${cpus().length} CPUs, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log(`# old ${oldFile}\n# new ${newFile}\n# new / old time, ${rounds} alternating rounds (median of calls each)`);
  for (const c of cases()) {
    const inputs = randomInputs(c.n, c.d, 7 + c.n);
    const [ca, cb] = [caller(a, c, inputs), caller(b, c, inputs)];
    const [ra, rb] = [ca(), cb()];
    if (!sameBits(ra.outputs, rb.outputs) || !sameBits(ra.weights, rb.weights))
      throw new Error(`${label(c)}: the two builds give different numbers`);
    const calls = c.n <= 512 ? 9 : c.n <= 1024 ? 5 : 3;
    for (let i = 0; i < 2; i++) timeCalls(ca, calls), timeCalls(cb, calls); // warm both
    const ratios = [], ta = [], tb = [];
    for (let r = 0; r < Number(rounds); r++) {
      const first = r % 2 === 0;
      const x = first ? timeCalls(ca, calls) : 0, y = timeCalls(cb, calls), z = first ? 0 : timeCalls(ca, calls);
      const old = first ? x : z;
      ta.push(old), tb.push(y), ratios.push(y / old);
    }
    const [q1, q3] = quartiles(ratios);
    console.log(`  ${label(c)}: old ${median(ta).toFixed(2)} ms, new ${median(tb).toFixed(2)} ms, `
      + `new/old median ${median(ratios).toFixed(3)} (middle half ${q1.toFixed(3)}–${q3.toFixed(3)})`);
  }
  console.log(`# load at the end ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}

await main(process.argv.slice(2));
