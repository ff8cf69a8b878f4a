// The paired target rounds (bench/targets.mjs) for one build of the core in a
// fresh node process, printed as one JSON line; `npm run bench` runs it for the
// relaxed-SIMD build in a node started with --experimental-wasm-relaxed-simd.
//
//   node --experimental-wasm-relaxed-simd bench/paired-node.mjs relaxed
import { pathToFileURL } from 'node:url';
import { onnxruntimeWasm, projectKernel } from './implementations.mjs';
import { measureSimdCeiling } from './simd-ceiling.mjs';
import { measureTargets } from './targets.mjs';
import { runInChild } from './child.mjs';

export function randomInputs(n, d, seed) {
  let s = seed >>> 0;
  const uniform = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) + 0.5) / 4294967296;
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const make = () => Float32Array.from({ length: n * d }, normal);
  return { Q: make(), K: make(), V: make() };
}

async function measure(build, rounds) {
  const apis = {
    simd: await projectKernel(build, true)(),
    fresh: await projectKernel(build, false)(),
    ort: await onnxruntimeWasm(),
  };
  const ceiling = await measureSimdCeiling({ build });
  return { ...(await measureTargets(apis, ceiling, randomInputs, { rounds })), build };
}

/** The relaxed build's paired rounds in a child node that has relaxed SIMD. */
export function measureRelaxedInNode(rounds = 21) {
  return runInChild(new URL(import.meta.url), ['relaxed', String(rounds)], ['--experimental-wasm-relaxed-simd']);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [build = 'relaxed', rounds = '21'] = process.argv.slice(2);
  console.log(JSON.stringify(await measure(build, Number(rounds))));
}
