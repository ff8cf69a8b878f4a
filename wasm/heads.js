// The friendly face of the heads lab's WebAssembly module (dist/attention-heads.mjs), loaded
// lazily, once per page (or worker); the model itself is wasm/heads-core.js.
//
//   const core = await loadHeads();
//   const lab = core.createLab({ heads: 2, seed: 7 });
//   lab.train(50); lab.measure(); lab.sentence(0);
//   lab.measure({ zeroed: [1] }); lab.sentence(0, 4, { zeroed: [1] });   // head 2 zeroed

import { openHeads } from './heads-core.js';

export { HeadsError, DEFAULT_CONFIG } from './heads-core.js';

let loaded = null; // Promise<HeadsCore>

/** Loads the module once and resolves to a HeadsCore. */
export function loadHeads() {
  loaded ??= openHeads(import('../dist/attention-heads.mjs').then((module) => module.default))
    .catch((err) => {
      loaded = null; // a later call may try again
      throw err;
    });
  return loaded;
}
