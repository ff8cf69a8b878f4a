// The heads lab's worker: opens the model's wasm module once and hands every command to the
// training loop (engine.js), whose progress goes back as messages. Training runs here, so the
// page never waits on it. Every import is static (no import() anywhere below this file), so a
// bundler can build the worker as one file in any format: Vite's and VitePress's default worker
// format, iife, cannot split code. Its name differs from the scale lab's worker.js, as both sit
// side by side in the hosted files (dist/browser/).
import createHeadsModule from '../../../dist/attention-heads.mjs';
import { openHeads } from '../../../wasm/heads-core.js';
import { TrainingEngine } from './engine.js';

const engine = openHeads(createHeadsModule)
  .then((core) => new TrainingEngine(core, (message) => self.postMessage(message)));

self.addEventListener('message', async ({ data }) => {
  try {
    (await engine).handle(data);
  } catch (err) {
    self.postMessage({ type: 'error', generation: 0, code: err?.code ?? 'load_failed', message: err?.message ?? String(err) });
  }
});
