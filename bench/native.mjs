// The native core through Google Benchmark (bench/native_bench.cpp): builds
// the attention_bench target if this machine has libbenchmark-dev, runs it
// and returns its rows. Returns null (with a note) when it is not available.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const binary = `${root}build/native/bench/attention_bench`;

export function buildNativeBench() {
  if (!existsSync(`${root}build/native/CMakeCache.txt`)) throw new Error('run `npm run build` first');
  execFileSync('cmake', ['--build', `${root}build/native`, '--target', 'attention_bench', '-j2'], { stdio: 'pipe' });
  return binary;
}

export async function runNativeBench({ minTime = '0.3' } = {}) {
  try {
    buildNativeBench();
  } catch (err) {
    console.log(`\nnative core: not benchmarked (${String(err.message).split('\n')[0]}); needs libbenchmark-dev`);
    return null;
  }
  const json = JSON.parse(execFileSync(binary, [`--benchmark_min_time=${minTime}`, '--benchmark_format=json'],
    { encoding: 'utf8', maxBuffer: 1 << 24 }));
  const rows = json.benchmarks.map((b) => ({
    path: b.name.startsWith('Outputs') ? 'outputs only' : 'grid',
    n: b.n, d: b.d, causal: Boolean(b.causal),
    ms: b.real_time * { ns: 1e-6, us: 1e-3, ms: 1, s: 1e3 }[b.time_unit],
    gflops: b['GFLOP/s'] / 1e9,
  }));
  const c = json.context;
  return { rows, context: `${c.num_cpus} CPUs at ${c.mhz_per_cpu} MHz; the core built -O3 for baseline x86-64 (SSE2, four-wide like wasm)` };
}

export function printNative(native) {
  const fmt = (x, digits) => x.toFixed(digits);
  console.log(`\nnative core (Google Benchmark, ${native.context}):\n`);
  console.log('| n | d | mask | path | ms | GFLOP/s |\n|---:|---:|---|---|---:|---:|');
  for (const b of native.rows)
    console.log(`| ${b.n} | ${b.d} | ${b.causal ? 'causal' : 'none'} | ${b.path} | ${fmt(b.ms, 2)} | ${fmt(b.gflops, 1)} |`);
}
