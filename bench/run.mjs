// npm run bench: every contender side by side in one run, single-threaded.
//
//   node bench/run.mjs                    # the full table (a few minutes)
//   node bench/run.mjs --quick            # tiny sizes, a sanity check of the harness
//   node bench/run.mjs --sizes=2048 --dims=128 --only=simd,ort --no-native
//   node bench/run.mjs --targets-only     # just the paired target rounds (bench/targets.mjs)
//   node bench/run.mjs --no-browser       # node only (bench/browser.mjs is the Chromium part)
//
// The paired target rounds run for the SIMD build here, for the relaxed-SIMD
// build in a child node with --experimental-wasm-relaxed-simd, and for both
// builds in Chromium (bench/browser.mjs), each against the same-run ceiling
// loop of its own kind (mul + add, or relaxed_madd).
//
// Method: for each shape, every contender first runs once and its P and O are
// checked against this project's SIMD kernel (tolerances below); then they
// run interleaved (round-robin, the order rotating each round) and the table
// shows medians. FLOPs are counted as 4 n^2 d (Q K^T and P V, a multiply and
// an add each), the same nominal count with and without the causal mask, so
// skipping the masked half shows up as a higher rate.
import { implementations } from './implementations.mjs';
import { measureSimdCeiling } from './simd-ceiling.mjs';
import { measureMemory } from './memory.mjs';
import { runNativeBench, printNative } from './native.mjs';
import { compareResults, TOLERANCE } from './compare.mjs';
import { measureTargets, printTargetsPaired, TARGETS } from './targets.mjs';
import { measureRelaxedInNode } from './paired-node.mjs';
import { machine, runBrowserBench } from './browser.mjs';
import { median } from './stats.mjs';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === true;
const sizes = list(args.sizes) ?? (quick ? [16, 67] : [256, 1024, 2048, 4096]);
const dims = list(args.dims) ?? (quick ? [8] : [64, 128]);
const only = args.only ? String(args.only).split(',') : null;
const contenders = implementations.filter((impl) => !only || only.includes(impl.key));

// Timed rounds per size (after the checked run and one warm-up); enough that one
// slow stretch of the VM (a few seconds) cannot move a median. A contender
// whose checked run took over 1.5 s (plain JS, the scalar build and TF.js at
// the largest sizes) is not run again: that run is its time, so the whole
// table stays within a few minutes.
const rounds = (n) => (n <= 256 ? 15 : n <= 2048 ? 11 : 7);
const SLOW_MS = 1500;

const flops = (n, d) => 4 * n * n * d;
const fmt = (x, digits = 1) => (x == null ? '–' : x.toFixed(digits));

await main();

async function main() {
  const started = performance.now();
  const cpu = machine();
  console.log(`# attention benchmark, ${new Date().toISOString().slice(0, 10)}, node ${process.version}, one thread; ` +
    `${cpu.model}, ${cpu.cpus} CPUs (flags: ${cpu.flags.join(' ')})`);
  const loaded = [];
  for (const impl of contenders) loaded.push({ ...impl, api: await impl.load() });

  // The ceiling is measured before and after the table; the higher one counts.
  const ceilingBefore = quick ? null : await measureSimdCeiling();

  const targetsOnly = args['targets-only'] === true;
  const rows = [];
  if (!targetsOnly) {
    for (const n of sizes)
      for (const d of dims)
        for (const causal of [false, true]) rows.push(await benchShape(loaded, { n, d, causal }));
    printTable(rows);
  }
  const ceiling = quick ? null : higher(ceilingBefore, await measureSimdCeiling());
  if (ceiling)
    console.log(`\nwasm SIMD ceiling (mul + add): ${fmt(ceiling.gflops)} GFLOP/s, a loop of f32x4 mul and add on registers ` +
      `(${ceiling.kind === 'matmul' ? `${ceiling.muls} products feeding ${ceiling.adds} sums` : `${ceiling.muls} mul + ${ceiling.adds} add chains`}; ` +
      `best of ${ceiling.tried.length} shapes, median of 7, higher of a run before and after the table; bench/simd-ceiling.mjs)`);

  const apis = Object.fromEntries(loaded.map((c) => [c.key, c.api]));
  const paired = quick || !apis.simd || !apis.ort ? null : await measureTargets(apis, ceiling, randomInputs);
  const relaxed = quick || !apis.simd || !apis.ort ? null : await measureRelaxedInNode();
  if (targetsOnly) {
    printTargetsPaired(paired, 'SIMD build in node');
    if (relaxed) printTargetsPaired(relaxed, 'relaxed SIMD build in node (--experimental-wasm-relaxed-simd)');
    if (!args['no-browser']) await runBrowserBench({ only: ['targets'] });
    return;
  }
  const memory = quick ? null : await measureMemoryRows();
  const native = args['no-native'] || quick ? null : await runNativeBench();
  if (native) printNative(native);
  if (!quick) printTargets(rows, ceiling, memory);
  if (paired) printTargetsPaired(paired, 'SIMD build in node');
  if (relaxed) printTargetsPaired(relaxed, 'relaxed SIMD build in node (--experimental-wasm-relaxed-simd)');
  if (!quick && !args['no-browser']) await runBrowserBench();
  console.log(`\n(${fmt((performance.now() - started) / 1000, 0)} s)`);
}

// One shape: inputs, checks, then interleaved timing. Returns medians in ms.
async function benchShape(loaded, { n, d, causal }) {
  const problem = { n, d, causal, ...randomInputs(n, d, n * 7 + d) };
  const runs = [];
  for (const impl of loaded)
    if (!(impl.maxN < n)) runs.push({ impl, run: await impl.api.prepare(problem) });

  // Checked run: doubles as the first warm-up.
  const results = [];
  for (const r of runs) {
    const t0 = performance.now();
    results.push(await r.run());
    r.firstMs = performance.now() - t0;
  }
  const reference = results[0];
  for (let i = 1; i < runs.length; i++) {
    const diff = compareResults(results[i], reference, n, d);
    if (!diff.ok)
      throw new Error(`${runs[i].impl.name} disagrees with ${runs[0].impl.name} at n=${n} d=${d} causal=${causal}: ${diff.message}`);
  }
  results.length = 0;

  for (const r of runs) if (r.firstMs < SLOW_MS) await r.run(); // second warm-up for the fast ones
  const times = runs.map((r) => (r.firstMs >= SLOW_MS ? [r.firstMs] : []));
  const total = rounds(n);
  for (let round = 0; round < total; round++)
    for (let k = 0; k < runs.length; k++) {
      const i = (k + round) % runs.length;
      if (runs[i].firstMs >= SLOW_MS) continue;
      const t0 = performance.now();
      await runs[i].run();
      times[i].push(performance.now() - t0);
    }
  const ms = Object.fromEntries(runs.map((r, i) => [r.impl.key, median(times[i])]));
  process.stderr.write(`  n=${n} d=${d} ${causal ? 'causal' : 'full  '} ` +
    runs.map((r) => `${r.impl.key} ${fmt(ms[r.impl.key])}`).join(', ') + ' ms\n');
  return { n, d, causal, ms };
}

// Unit-variance scores after dividing by sqrt(d): entries of Q, K, V ~ N(0, 1).
function randomInputs(n, d, seed) {
  let s = seed >>> 0;
  const uniform = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) + 0.5) / 4294967296;
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const make = () => Float32Array.from({ length: n * d }, normal);
  return { Q: make(), K: make(), V: make() };
}

function printTable(rows) {
  const keys = contenders.map((c) => c.key);
  const head = ['n', 'd', 'mask', ...contenders.map((c) => c.name)];
  const ratios = [['simd', 'SIMD vs ORT'], ['fresh', 'fresh vs ORT']].filter(([k]) => keys.includes(k) && keys.includes('ort'));
  head.push(...ratios.map(([, title]) => title));
  console.log(`\nms (GFLOP/s), median; FLOPs = 4 n^2 d nominal, also when causal\n`);
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map((h, i) => (i < 3 ? '---:' : '---:')).join('|')}|`);
  for (const r of rows) {
    const cells = keys.map((k) => (r.ms[k] == null ? 'not run' : `${fmt(r.ms[k], r.ms[k] < 10 ? 2 : 1)} (${fmt(flops(r.n, r.d) / r.ms[k] / 1e6)})`));
    for (const [k] of ratios) cells.push(`${fmt(r.ms.ort / r.ms[k], 2)}x`);
    console.log(`| ${r.n} | ${r.d} | ${r.causal ? 'causal' : 'none'} | ${cells.join(' | ')} |`);
  }
  console.log(`\nChecked before timing: every contender's P and O against this kernel's ` +
    `(P: ${TOLERANCE.weights} relative, O: ${TOLERANCE.outputs} absolute; see bench/compare.mjs).`);
}

async function measureMemoryRows() {
  const mib = (b) => `${fmt(b / 2 ** 20)} MiB`;
  const weights = await measureMemory('weights', 4096, 128);
  const outputs = await measureMemory('outputs', 16384, 32); // n x n x d at the core's work cap (2^33)
  console.log('\nmemory (fresh process each; wasm heap after the call = its peak):');
  console.log(`  grid path,    n = 4096,  d = 128: heap ${mib(weights.heapBytes)} for ${mib(weights.payloadBytes)} of grid + Q, K, V, outputs ` +
    `= ${fmt(weights.heapBytes / weights.payloadBytes, 2)}x; process peak RSS growth ${mib(weights.rssPeakGrowth)} ` +
    `(also counts the caller's Q, K, V and the returned copies)`);
  console.log(`  outputs only, n = 16384, d = 32: heap ${mib(outputs.heapBytes)} for ${mib(outputs.payloadBytes)} of Q, K, V, outputs ` +
    `= ${fmt(outputs.heapBytes / outputs.payloadBytes, 2)}x; an n x n grid would be ${mib(outputs.gridBytes)}`);
  return { weights, outputs };
}

function printTargets(rows, ceiling, memory) {
  const at = (n, d, causal) => rows.find((r) => r.n === n && r.d === d && r.causal === causal);
  const full = at(2048, 128, false), masked = at(2048, 128, true);
  console.log('\ntargets, from the table medians above (minutes apart: see the paired rounds below):');
  if (full?.ms.simd && full.ms.ort) {
    const ratio = full.ms.ort / full.ms.simd;
    console.log(`  n=2048 d=128: SIMD kernel ${fmt(flops(2048, 128) / full.ms.simd / 1e6)} GFLOP/s vs onnxruntime-web ` +
      `${fmt(flops(2048, 128) / full.ms.ort / 1e6)}: ${fmt(ratio, 3)}x (target >= ${TARGETS.vsOrt}x) ${ratio >= TARGETS.vsOrt ? 'MET' : 'MISSED'}`);
    if (full.ms.fresh)
      console.log(`  n=2048 d=128: the same call returning fresh arrays ${fmt(full.ms.fresh)} ms: ${fmt(full.ms.ort / full.ms.fresh, 2)}x onnxruntime-web`);
  }
  if (full?.ms.simd && ceiling) {
    const share = flops(2048, 128) / full.ms.simd / 1e6 / ceiling.gflops;
    console.log(`  n=2048 d=128: ${fmt(100 * share, 1)}% of the measured mul + add ceiling (the FMA target is for the relaxed build: see the paired rounds)`);
  }
  for (const d of dims) {
    const a = at(2048, d, false), b = at(2048, d, true);
    if (a?.ms.simd && b?.ms.simd) {
      const speedup = a.ms.simd / b.ms.simd;
      console.log(`  n=2048 d=${d}: causal ${fmt(speedup, 3)}x faster than full (target >= 1.8x) ${speedup >= 1.8 ? 'MET' : 'MISSED'}`);
    }
  }
  if (memory) {
    const ratio = memory.weights.heapBytes / memory.weights.payloadBytes;
    console.log(`  memory n=4096: ${fmt(ratio, 2)}x the grid + Q, K, V, outputs (target <= 1.25x) ${ratio <= 1.25 ? 'MET' : 'MISSED'}`);
    const o = memory.outputs;
    console.log(`  outputs only n=16384: heap ${fmt(o.heapBytes / o.gridBytes * 100, 1)}% of one n x n grid: O(n d) ` +
      `${o.heapBytes < o.gridBytes / 4 ? 'MET' : 'MISSED'}`);
  }
}

function higher(a, b) {
  return a.gflops >= b.gflops ? a : b;
}

function parseArgs(argv) {
  const out = {};
  for (const a of argv) {
    const [k, v] = a.replace(/^--/, '').split('=');
    out[k] = v ?? true;
  }
  return out;
}

function list(text) {
  return text ? String(text).split(',').map(Number) : null;
}
