// `npm run fuzz:wasm`: the wasm kernel's differential fuzz (tests/wasm/kernel-fuzz.mjs)
// for longer than the test tier's 300 cases: seed after seed, larger n.
//
//   FUZZ_SECONDS=600 npm run fuzz:wasm      (default 120 s; FUZZ_SEED = the first seed, default 2)
//
// Ends with one line: "fuzz:wasm: N cases, 0 mismatches" (a mismatch throws with its seed and case).
import { runKernelFuzz } from '../tests/wasm/kernel-fuzz.mjs';

const seconds = Number(process.env.FUZZ_SECONDS ?? 120);
const deadline = performance.now() + seconds * 1000;
let seed = Number(process.env.FUZZ_SEED ?? 2); // seed 1 is the test tier's
let total = 0;
const byBuild = { simd: 0, scalar: 0 };
while (performance.now() < deadline) {
  const left = (deadline - performance.now()) / 1000;
  const run = await runKernelFuzz({ seed, cases: 500, seconds: left, maxN: 300 });
  total += run.cases;
  byBuild.simd += run.byBuild.simd;
  byBuild.scalar += run.byBuild.scalar;
  seed += 1;
}
console.log(`fuzz:wasm: ${total} cases (SIMD ${byBuild.simd}, scalar ${byBuild.scalar}), seeds ${process.env.FUZZ_SEED ?? 2}..${seed - 1}, 0 mismatches`);
