// A core's first call costs several times the next: its wasm functions are compiled as they are first
// called (some 8 ms for attend() on a phone-sized 2-core VM). So a page's first call into each core
// (the teaching core, the training build) is made in a task of its own (near.js queueRender), before
// the first widget or train panel checks its example and paints: that work then runs at its usual cost.
import { queueRender } from '../../shared/near.js';

const warm = new WeakSet(); // the cores called once already (or about to be)

/** Queues one attend() of `model.state` (as it is then) on `core` in a task of its own, once per core per page. */
export function queueWarmUp(core, model, element) {
  if (warm.has(core)) return;
  warm.add(core);
  queueRender(() => {
    try {
      core.attend(model.state); // the result is not used: the caller's own call reports a refusal
    } catch {
      // the caller calls again and shows why
    }
  }, element);
}
