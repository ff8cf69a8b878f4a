// The raw path's measurements in node: `kernel` (one call, this kernel against the other ways to
// compute it), `targets` and `targets-relaxed` (the paired rounds at n = 2048), `memory`, `caps` and
// `native` (the C++ core through Google Benchmark). Each returns its groups for bench/rounds.mjs;
// bench/measurements.mjs is the table that names them.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CONTENDERS, compareResults, importAttention, ourKernel, onnxruntimeWasm } from './contenders.mjs';
import { runInChild } from './child.mjs';
import { mulberry32, randomInputs } from './random.mjs';
import { makeCeilingProbe, measureSimdCeiling } from './simd-ceiling.mjs';
import { Skipped } from './rounds.mjs';

const flops = (n, d) => 4 * n * n * d; // Q Kᵀ and P V, a multiply and an add each; the same when causal
const since = (t0) => performance.now() - t0;
const shape = (n, d, causal) => `n=${n} d=${d} ${causal ? 'causal' : 'full'}`;

/** An async function's time in ms. */
async function timed(run) {
  const t0 = performance.now();
  await run();
  return since(t0);
}

// ---- kernel: every contender at every shape ------------------------------------------

// A contender whose checked first run took longer than this is timed by that run alone, so the
// whole table stays within a few minutes (plain JS, the scalar build and TF.js at the largest n).
const SLOW_MS = 1500;

/** A package of bench/node_modules, or null with a note when it is not installed. */
async function optional(ctx, name, load) {
  try {
    return await load();
  } catch (err) {
    if (err.code !== 'ERR_MODULE_NOT_FOUND') throw err;
    ctx.note(`${name}: not installed (bash scripts/bench-setup.sh installs it into bench/node_modules)`);
    return null;
  }
}

/** Loads the contenders once per checkout; one that is not installed is left out, with a note. */
function loadContenders(ctx, root) {
  return ctx.cache(`contenders ${root}`, async () => {
    const only = ctx.option('only')?.split(',');
    const loaded = [];
    for (const c of CONTENDERS) {
      if ((only && !only.includes(c.key)) || (ctx.ab && !c.ours)) continue;
      const api = await optional(ctx, c.name, () => c.load(root));
      if (api) loaded.push({ ...c, api });
    }
    return loaded;
  });
}

export function kernelGroups(ctx) {
  const sizes = ctx.list('sizes') ?? (ctx.quick ? [16, 67] : [256, 1024, 2048, 4096]);
  const dims = ctx.list('dims') ?? (ctx.quick ? [8] : [64, 128]);
  const groups = [];
  for (const n of sizes)
    for (const d of dims)
      for (const causal of [false, true])
        groups.push({ name: shape(n, d, causal), setup: (side) => kernelShape(ctx, side, n, d, causal) });
  return groups;
}

// One shape: every contender runs once and is checked against this kernel's P and O, then they run
// in rounds. Timed rounds after one more warm-up: enough that one slow stretch cannot move a median.
async function kernelShape(ctx, side, n, d, causal) {
  const problem = { n, d, causal, ...randomInputs(n, d, n * 7 + d) };
  const contenders = (await loadContenders(ctx, side.root)).filter((c) => !(c.maxN < n));
  const cases = [];
  let reference = null;
  for (const c of contenders) {
    const run = await c.api.prepare(problem);
    let result;
    const firstMs = await timed(async () => { result = await run(); });
    if (!reference) reference = { name: c.name, result };
    else {
      const diff = compareResults(result, reference.result, n, d);
      if (!diff.ok) throw new Error(`${c.name} disagrees with ${reference.name} at ${shape(n, d, causal)}: ${diff.message}`);
    }
    cases.push({ id: c.key, label: c.name, unit: 'ms', fixed: firstMs >= SLOW_MS ? firstMs : undefined, run: () => timed(run) });
  }
  return {
    cases,
    rounds: ctx.quick ? 3 : n <= 256 ? 15 : n <= 2048 ? 11 : 7,
    warmup: 1,
    derived: [
      { id: 'gflops', label: "this kernel's rate", unit: 'GFLOP/s', from: (v) => flops(n, d) / v.simd / 1e6 },
      { id: 'vs-ort', label: 'onnxruntime-web ÷ this kernel', unit: '×', from: (v) => v.ort / v.simd },
      { id: 'fresh-vs-ort', label: 'onnxruntime-web ÷ fresh arrays', unit: '×', from: (v) => v.ort / v.fresh },
    ],
  };
}

// ---- targets: the paired rounds at n = 2048 ----------------------------------------------

/**
 * Every quantity a target compares is measured in the same short round (about 0.6 s at n = 2048),
 * so each target is the median over rounds of that round's ratio: this kernel against
 * onnxruntime-web (d = 128), its share of a same-run ceiling loop of its own kind (mul + add for the
 * SIMD build, relaxed_madd for the relaxed build), and causal against full (d = 64 and 128). Causal
 * and full calls alternate on one workspace.
 */
export function targetGroups(ctx, build) {
  const n = ctx.quick ? 256 : 2048;
  return [{ name: `${build} build, n=${n}`, setup: (side) => targetRounds(ctx, side, build, n) }];
}

async function targetRounds(ctx, side, build, n) {
  const { usableVariants } = await importAttention(side.root);
  if (!usableVariants().includes(build)) throw new Skipped(`this engine cannot run the ${build} build`);
  const ours = await ourKernel(build, true)(side.root), fresh = await ourKernel(build, false)(side.root);
  const ort = ctx.ab ? null : await optional(ctx, 'onnxruntime-web', onnxruntimeWasm);
  const ceilingShape = await measureSimdCeiling(ctx.quick ? { build, iterations: 200_000, repeats: 2 } : { build });
  const probe = await makeCeilingProbe(ceilingShape, ctx.quick ? 0.005 : 0.05);
  const data = { 128: randomInputs(n, 128, n * 7 + 128), 64: randomInputs(n, 64, n * 7 + 64) };
  const call = async (id, label, api, d, causal) => {
    const run = await api.prepare({ n, d, causal, ...data[d] });
    return { id, label, unit: 'ms', run: () => timed(run) };
  };
  const cases = [
    await call('ours128', 'this kernel, d=128', ours, 128, false),
    await call('ours128causal', 'this kernel, causal, d=128', ours, 128, true),
    await call('ours64', 'this kernel, d=64', ours, 64, false),
    await call('ours64causal', 'this kernel, causal, d=64', ours, 64, true),
    await call('fresh128', 'fresh arrays, d=128', fresh, 128, false),
    await call('fresh128causal', 'fresh arrays, causal, d=128', fresh, 128, true),
    { id: 'ceiling', label: 'the same-run ceiling loop', unit: 'GFLOP/s', run: probe.run },
  ];
  if (ort) cases.splice(1, 0, await call('ort128', 'onnxruntime-web, d=128', ort, 128, false));
  return { cases, rounds: ctx.quick ? 3 : 21, warmup: 1, derived: targetRatios(n, build) };
}

/** The targets' same-run ratios, from one round's case values (node and Chromium alike). */
export function targetRatios(n, build) {
  return [
    { id: 'vs-ort', label: 'onnxruntime-web ÷ this kernel, d=128', unit: '×', target: '>= 1.8', from: (v) => v.ort128 / v.ours128 },
    // The FMA target is for the relaxed build; the SIMD build's share is shown for comparison.
    { id: 'ceiling-share', label: 'share of the ceiling loop, d=128', unit: '%', target: build === 'relaxed' ? '>= 75' : undefined,
      from: (v) => (100 * flops(n, 128)) / v.ours128 / 1e6 / v.ceiling },
    { id: 'causal128', label: 'full ÷ causal, d=128', unit: '×', target: '>= 1.8', from: (v) => v.ours128 / v.ours128causal },
    { id: 'causal128fresh', label: 'full ÷ causal, d=128, fresh arrays', unit: '×', target: '>= 1.8', from: (v) => v.fresh128 / v.fresh128causal },
    { id: 'causal64', label: 'full ÷ causal, d=64', unit: '×', target: '>= 1.8', from: (v) => v.ours64 / v.ours64causal },
  ];
}

// ---- memory: the wasm heap after one large call, in a fresh process -----------------------

export function memoryGroups(ctx) {
  const [grid, stream] = ctx.quick ? [[512, 32], [2048, 8]] : [[4096, 128], [16384, 32]];
  return [{
    name: 'one call in a fresh process',
    setup: (side) => {
      const child = (mode, n, d) => runInChild(new URL('./memory.mjs', import.meta.url), [mode, String(n), String(d), side.root]);
      const mib = (bytes) => bytes / 2 ** 20;
      return {
        rounds: 1,
        cases: [
          { id: 'grid', label: `weights grid, n=${grid[0]} d=${grid[1]}`, unit: 'MiB',
            figures: { heap: { label: 'wasm heap' }, ratio: { label: 'heap ÷ (grid + Q, K, V, outputs)', unit: '×', target: '<= 1.25' } },
            run: async () => {
              const m = await child('weights', ...grid);
              return { heap: mib(m.heapBytes), ratio: m.heapBytes / m.payloadBytes };
            } },
          { id: 'stream', label: `outputs only, n=${stream[0]} d=${stream[1]}`, unit: 'MiB',
            figures: { heap: { label: 'wasm heap' }, share: { label: 'heap ÷ one n × n grid', unit: '%', target: '< 25' } },
            run: async () => {
              const m = await child('outputs', ...stream);
              return { heap: mib(m.heapBytes), share: (100 * m.heapBytes) / m.gridBytes };
            } },
        ],
      };
    },
  }];
}

// ---- caps: the largest call each cap allows ------------------------------------------------

/**
 * attend() at n = maxTokens with every d = maxDim (the teaching path, doubles, every intermediate
 * kept), and attendRaw() at n × n × d = maxRawWork with the weights grid (n = 4096, d = 512: the scale
 * lab's largest; n = 8192, d = 128) and outputs only (n = 16384, d = 32), and at the outputs-only n cap
 * with d = 1 (where the softmax's work per pair dominates). One call each, SIMD and scalar builds.
 * --quick runs calls an eighth of the size or less, to check the harness.
 */
export function capsGroups(ctx) {
  return ['simd', 'scalar'].map((variant) => ({ name: `${variant} build`, setup: (side) => capCalls(ctx, side, variant) }));
}

async function capCalls(ctx, side, variant) {
  const { loadAttention } = await importAttention(side.root);
  const attn = await loadAttention({ variant });
  const { maxTokens, maxDim, maxRawWork } = attn.limits;
  const random = (count, seed) => { const uniform = mulberry32(seed); return Float32Array.from({ length: count }, () => uniform() - 0.5); };
  const nested = (rows, cols, seed) => {
    const flat = random(rows * cols, seed);
    return Array.from({ length: rows }, (_, r) => Array.from(flat.subarray(r * cols, (r + 1) * cols)));
  };
  const [n, d] = ctx.quick ? [64, 64] : [maxTokens, maxDim];
  const raw = ctx.quick ? [[512, 64, true], [1024, 32, true], [2048, 8, false], [2048, 1, false]]
    : [[4096, 512, true], [8192, 128, true], [16384, 32, false], [16384, 1, false]];
  attn.attend({ embeddings: nested(8, 8, 1), wq: nested(8, 8, 2), wk: nested(8, 8, 3), wv: nested(8, 8, 4) }); // warm
  const request = { embeddings: nested(n, d, 5), wq: nested(d, d, 6), wk: nested(d, d, 7), wv: nested(d, d, 8), scaled: true };
  const seconds = (run) => async () => (await timed(run)) / 1000;
  const target = variant === 'simd' ? '< 2.5' : undefined;
  const cases = [{ id: 'attend', label: `attend() n=${n}, d_model = d_k = d_v = ${d}`, unit: 's', target, run: seconds(() => attn.attend(request)) }];
  for (const [rn, rd, weights] of raw) {
    if (rn * rn * rd > maxRawWork) throw new Error(`${rn} × ${rn} × ${rd} is above the work cap`);
    const q = random(rn * rd, rn + rd);
    const small = q.subarray(0, 64 * rd);
    attn.attendRaw(small, small, small, 64, rd, { weights }); // warm
    cases.push({ id: `raw-${rn}-${rd}`, label: `attendRaw() n=${rn} d=${rd}, ${weights ? 'with the weights grid' : 'outputs only'}`,
      unit: 's', target, run: seconds(() => attn.attendRaw(q, q, q, rn, rd, { weights })) });
  }
  return { cases, rounds: 1 };
}

// ---- native: the C++ core through Google Benchmark ------------------------------------------

/**
 * bench/native_bench.cpp: attend_raw() at the wasm table's shapes, with the grid and outputs only,
 * built -O3 for baseline x86-64 (SSE2: four-wide, like wasm SIMD). Only where Debian's
 * libbenchmark-dev is installed; the target is built on demand, never by the tests.
 * --quick runs the n = 256 shapes for 0.01 s each.
 */
export function nativeGroups(ctx) {
  return [{ name: 'attend_raw()', setup: (side) => nativeCases(ctx, side) }];
}

async function nativeCases(ctx, side) {
  const build = join(side.root, 'build/native');
  if (!existsSync(join(build, 'CMakeCache.txt'))) throw new Skipped(`no native build in ${side.root} (npm run build)`);
  try {
    execFileSync('cmake', ['--build', build, '--target', 'attention_bench', '-j2'], { stdio: 'pipe' });
  } catch (err) {
    throw new Skipped(`the benchmark target did not build (it needs libbenchmark-dev): ${String(err.stderr ?? err.message).split('\n')[0]}`);
  }
  const binary = join(build, 'bench/attention_bench');
  let names = execFileSync(binary, ['--benchmark_list_tests'], { encoding: 'utf8' }).trim().split('\n');
  if (ctx.quick) names = names.filter((name) => /^\w+\/256\//.test(name));
  const minTime = ctx.quick ? '0.01' : '0.3';
  const run = promisify(execFile);
  return {
    rounds: 1,
    cases: names.map((name) => {
      const [path, n, d, causal] = name.split('/');
      return {
        id: name,
        label: `${path === 'Grid' ? 'weights grid' : 'outputs only'}, ${shape(n, d, causal === '1')}`,
        unit: 'ms',
        run: async () => {
          const { stdout } = await run(binary, [`--benchmark_filter=^${name}$`, `--benchmark_min_time=${minTime}`, '--benchmark_format=json']);
          const b = JSON.parse(stdout).benchmarks[0];
          return b.real_time * { ns: 1e-6, us: 1e-3, ms: 1, s: 1e3 }[b.time_unit];
        },
      };
    }),
  };
}
