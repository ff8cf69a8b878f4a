// The table of named measurements: what `npm run bench` runs (all of them, in this order) and
// `npm run bench -- NAME ...` picks from. Each has a name, what it measures, its unit, where it runs,
// and a function that returns its groups (bench/rounds.mjs says how a group is timed).
//
//   runs:      'node' | 'chromium' | 'lighthouse' (each launches what it needs)
//   nodeFlags: flags the measurement's node must have; without them it runs in a child node
//   script:    the npm script that runs it alone (npm run bench:NAME), where there is one
import { capsGroups, kernelGroups, memoryGroups, nativeGroups, targetGroups } from './kernel.mjs';
import { chromiumTargetGroups, firstCallGroups, scaleWorkerGroups } from './chromium.mjs';
import { headsGroups, loadGroups, stepsGroups, trainGroups, widgetGroups } from './pages.mjs';
import { trainStackGroups } from './train-stack.mjs';

export const MEASUREMENTS = [
  { name: 'kernel', runs: 'node', unit: 'ms',
    what: 'one attendRaw call, Q, K, V in and P and O back, at n = 256 to 4096, d = 64 and 128, full and causal: this kernel against plain JS, TF.js and onnxruntime-web, one thread each',
    groups: kernelGroups },
  { name: 'targets', runs: 'node', unit: 'ms, ×',
    what: "the SIMD build at n = 2048 in paired rounds: against onnxruntime-web, its share of a same-run ceiling loop, causal against full",
    groups: (ctx) => targetGroups(ctx, 'simd') },
  { name: 'targets-relaxed', runs: 'node', unit: 'ms, ×', nodeFlags: ['--experimental-wasm-relaxed-simd'],
    what: 'the same for the relaxed-SIMD build (fused multiply-add), against a loop of relaxed_madd',
    groups: (ctx) => targetGroups(ctx, 'relaxed') },
  { name: 'memory', runs: 'node', unit: 'MiB',
    what: 'the wasm heap after one large call (its peak), against the bytes the call must hold',
    groups: memoryGroups },
  { name: 'native', runs: 'node', unit: 'ms', script: 'native',
    what: 'the C++ core through Google Benchmark, at the shapes of `kernel` (needs libbenchmark-dev)',
    groups: nativeGroups },
  { name: 'caps', runs: 'node', unit: 's', script: 'caps',
    what: 'the largest call each cap allows, one call each, SIMD and scalar builds',
    groups: capsGroups },
  { name: 'chromium-targets', runs: 'chromium', unit: 'ms, ×', script: 'browser',
    what: "`targets` in Chromium, for the relaxed-SIMD and SIMD builds",
    groups: chromiumTargetGroups },
  { name: 'first-call', runs: 'chromium', unit: 'ms', script: 'browser',
    what: 'the first attendRaw after loading the core in a fresh page, against the steady ones',
    groups: firstCallGroups },
  { name: 'scale-workers', runs: 'chromium', unit: 'ms', script: 'browser',
    what: "the scale lab's grid job with 1 and 2 workers, and the cores the machine gives two workers",
    groups: scaleWorkerGroups },
  { name: 'widget', runs: 'chromium', unit: 'ms', script: 'widget',
    what: 'an edit in `<attention-widget>` until its repainted DOM is laid out',
    groups: widgetGroups },
  { name: 'steps', runs: 'chromium', unit: 'ms', script: 'steps',
    what: "the guided tour's step transitions: each step's work, the frames and long tasks",
    groups: stepsGroups },
  { name: 'train', runs: 'chromium', unit: 'µs, steps/s', script: 'train',
    what: 'one training step in WebAssembly, and the train panel playing in Chromium',
    groups: trainGroups },
  { name: 'train-stack', runs: 'chromium', unit: 'ms',
    what: 'the two-layer goal: one step of the stack in WebAssembly, and from random grids to "Goal met" in Chromium for seeds 0-5, with the long tasks meanwhile',
    groups: trainStackGroups },
  { name: 'heads', runs: 'chromium', unit: 'steps/s, s', script: 'heads',
    what: 'the heads lab: training speed, and the time from Train until both heads carry a label',
    groups: headsGroups },
  { name: 'load', runs: 'lighthouse', unit: 'score, ms', script: 'load',
    what: 'Lighthouse (mobile) on every demo page: the performance, accessibility and best-practices scores, first and largest contentful paint, total blocking time, the long tasks',
    groups: loadGroups },
];

/** Names for several measurements at once (npm run bench:browser). */
export const ALIASES = { browser: ['chromium-targets', 'first-call', 'scale-workers'] };

/** The measurements a list of names and aliases picks, in table order; an unknown name throws. */
export function pick(names) {
  if (!names.length) return MEASUREMENTS;
  const wanted = new Set();
  for (const name of names) {
    const expanded = ALIASES[name] ?? [name];
    for (const n of expanded) {
      if (!MEASUREMENTS.some((m) => m.name === n))
        throw new Error(`no measurement "${name}"; the names: ${MEASUREMENTS.map((m) => m.name).join(', ')} (or ${Object.keys(ALIASES).join(', ')})`);
      wanted.add(n);
    }
  }
  return MEASUREMENTS.filter((m) => wanted.has(m.name));
}
