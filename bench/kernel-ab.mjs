// Paired A/B rounds of two builds of the kernel module, in one node process: is a
// rebuilt kernel (other flags, other code) as fast as the one it replaces?
//
//   node --experimental-wasm-relaxed-simd bench/kernel-ab.mjs OLD.mjs NEW.mjs [rounds] [main|big|odd]
//
// OLD and NEW are inlined kernel modules (dist/attention-kernel*.mjs, or copies of
// them). Both run through wasm/raw-path.js, or the raw-path.js given as
// OLD.mjs=path/to/raw-path.js (a module from before a change of its exports needs
// the raw-path.js of its time). The rounds and case sets (main: sizes a multiple of 4;
// odd: the sizes that are not): bench/kernel-ab-rounds.mjs.
// bench/kernel-ab-browser.mjs runs the same rounds in Chromium.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { abRounds, startRawPath } from './kernel-ab-rounds.mjs';

const url = (file) => (file.startsWith('file:') ? file : pathToFileURL(resolve(file)).href);

// file: a kernel module, or `module=raw-path.js`.
async function loadKernel(file) {
  const [module, rawPath = new URL('../wasm/raw-path.js', import.meta.url).href] = file.split('=');
  const { createRawPath } = await import(url(rawPath));
  return startRawPath(createRawPath, (await import(url(module))).default);
}

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

async function main([oldFile, newFile, rounds = '15', set = 'main']) {
  if (!oldFile || !newFile) throw new Error('usage: kernel-ab.mjs OLD.mjs NEW.mjs [rounds]');
  const [a, b] = [await loadKernel(oldFile), await loadKernel(newFile)];
  console.log(`# kernel A/B, ${new Date().toISOString()}, node ${process.version}, ${cpus()[0].model}, `
    + `${cpus().length} CPUs, load ${load()}`);
  console.log(`# old ${oldFile}\n# new ${newFile}\n# new / old time, ${rounds} alternating rounds (median of calls each), cases ${set}`);
  for (const line of abRounds(a, b, Number(rounds), set)) console.log(line);
  console.log(`# load at the end ${load()}`);
}

await main(process.argv.slice(2));
