// The heads lab's worker: loads the model's wasm module once and hands every
// command to the training loop (engine.js), whose progress goes back as
// messages. Training runs here, so the page never waits on it.
import { loadHeads } from '../../../wasm/heads.js';
import { TrainingEngine } from './engine.js';

const engine = loadHeads().then((core) => new TrainingEngine(core, (message) => self.postMessage(message)));

self.addEventListener('message', async ({ data }) => {
  try {
    (await engine).handle(data);
  } catch (err) {
    self.postMessage({ type: 'error', generation: 0, code: err?.code ?? 'load_failed', message: err?.message ?? String(err) });
  }
});
