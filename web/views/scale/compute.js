// The two jobs of the scale lab, run by the worker (or, where no worker can
// start, on the page's own thread). All attention math happens in the core, through the
// kernel runner (wasm/kernel-runner.js: loadKernelRunner in wasm/attention.js), which checks
// no arguments: every buffer passed here is made here, of its exact size, and n and d_k come
// from the lab's own clamped attributes (the kernel still refuses what it cannot run). This
// file only times the runs and summarises what comes back.

import { makeInputs } from './inputs.js';
import { downsample } from './downsample.js';
import { rowPeakedness } from './stats.js';
import { RANGES } from './attributes.js';
import { replyTo, servePool } from '../../../wasm/worker-pool.js';

// One set of inputs is kept: moving only the scaled/causal switches reuses it.
let cachedKey = '';
let cachedInputs = null;

function inputsFor(n, d, input, seed) {
  const key = `${n}/${d}/${input}/${seed}`;
  if (key !== cachedKey) {
    cachedInputs = makeInputs({ n, d, input, seed });
    cachedKey = key;
  }
  return cachedInputs;
}

// Result arrays: one buffer, grown to the largest grid asked for and viewed at
// the size of each call. The core writes into it (attendRaw's `into`), so
// neither dragging a slider nor moving n allocates a fresh n x n grid per call.
// It grows by half again each time (a dragged n asks for a slightly larger
// grid at every step), but never past what the largest lab settings need.
let arena = new Float32Array(0);
const ARENA_MAX = RANGES.n.max * (RANGES.n.max + RANGES.dk.max);

function buffersFor(rows, n, d) {
  const cells = rows * n + rows * d;
  if (arena.length < cells) arena = new Float32Array(Math.max(cells, Math.min(ARENA_MAX, Math.ceil(arena.length * 1.5))));
  return { weights: arena.subarray(0, rows * n), outputs: arena.subarray(rows * n, cells) };
}

// Small grids finish in microseconds, below the timer's resolution, so they are
// repeated until at least MIN_TOTAL_MS has passed and the mean is reported.
const MIN_TOTAL_MS = 10;
const MAX_REPEATS = 2000;

/** Runs the core once (or a few times when fast) and returns its weights and the mean time. */
function timedAttend(kernel, { Q, K, V }, n, d, options, band) {
  let result;
  let reps = 0;
  let elapsed = 0;
  const into = buffersFor(band ? band.count : n, n, d);
  const start = performance.now();
  do {
    result = kernel.run(Q, K, V, { ...options, ...band, n, d }, into);
    reps++;
    elapsed = performance.now() - start;
  } while (elapsed < MIN_TOTAL_MS && reps < MAX_REPEATS);
  return { weights: result.weights, ms: elapsed / reps, reps };
}

/**
 * The grid job: n x n weights for the chosen inputs, shrunk to at most maxPixels a side.
 * Returns plain numbers plus `means` (a Float32Array the worker transfers, not copies).
 *
 * With `band` ({ first, count }: whole block rows, see bands.js) only those
 * askers are computed and their block rows of means returned, in `out` if it
 * is large enough (a means buffer the page sent back for reuse).
 */
export function computeGrid(kernel, { n, dk, scaled, causal, input, seed, maxPixels }, band = null, out = null) {
  const inputs = inputsFor(n, dk, input, seed);
  const { weights, ms, reps } = timedAttend(kernel, inputs, n, dk, { scaled, causal }, band);
  const { means, p, block, max } = downsample(weights, n, maxPixels, band ? { first: band.first, rows: band.count, out } : { out });
  return { n, dk, scaled, causal, input, seed, ms, reps, means, pixels: p, block, max, variant: kernel.variant, band };
}

/** The d_k values the thermostat sweeps: 2, 4, 8, ..., 512. */
export const THERMOSTAT_DKS = Object.freeze([2, 4, 8, 16, 32, 64, 128, 256, 512]);
export const THERMOSTAT_TOKENS = 64;

/**
 * The thermostat job: for unit-variance random q and k, how peaked are the rows
 * with and without dividing by sqrt(d_k)? One row of numbers per d_k.
 */
export function computeThermostat(kernel, { seed, n = THERMOSTAT_TOKENS, dks = THERMOSTAT_DKS }) {
  const rows = dks.map((dk) => {
    const { Q, K, V } = makeInputs({ n, d: dk, input: 'random', seed });
    const unscaled = kernel.run(Q, K, V, { n, d: dk, scaled: false });
    const scaled = kernel.run(Q, K, V, { n, d: dk, scaled: true });
    return { dk, unscaled: rowPeakedness(unscaled.weights, n), scaled: rowPeakedness(scaled.weights, n) };
  });
  return { n, seed, rows };
}

/**
 * One job's reply, never a throw: { result } or { error: { code, message } } with the core's
 * AttentionError code ('load_failed' when `kernel`, a promise of the kernel runner, did not
 * load). Where no worker computes, the page's own thread takes it as a worker would.
 */
export async function answer(kernel, job) {
  const { reply } = await replyTo(handler(kernel), job);
  return reply.error ? { error: reply.error } : { result: reply.result };
}

/**
 * The worker's side of the lab (worker.js): in `scope` (the worker's global), each job message
 * gets its answer (the pool's loop, wasm/worker-pool.js), the heat map's means transferred, not
 * copied; `kernel`: a promise of the kernel runner, loaded once.
 */
export function serveJobs(scope, kernel) {
  servePool(scope, handler(kernel));
}

const handler = (kernel) => async (job) => {
  const result = runJob(await kernel, job);
  return { result, transfer: result.means ? [result.means.buffer] : [] };
};

/** Dispatches one job message ({ kind, params, band?, recycle? }) to its function; `kernel`: a kernel runner. */
export function runJob(kernel, { kind, params, band = null, recycle = null }) {
  if (kind === 'grid') return computeGrid(kernel, params, band, recycle);
  if (kind === 'thermostat') return computeThermostat(kernel, params);
  throw new Error(`unknown job kind "${kind}"`);
}
