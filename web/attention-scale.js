// <attention-scale>: the chapter's "Why the LLM cares" and thermostat sections, live.
// Importing this module registers the element (the class itself, with static
// define(tag, registry), is in elements/scale.js).
//
//   <script type="module" src="attention-scale.js"></script>
//   <attention-scale n="1000" dk="64" causal></attention-scale>
import { AttentionScaleElement } from './elements/scale.js';

export { AttentionScaleElement };
export { AttentionScaleResultEvent } from './views/scale/events.js';
export { AttentionErrorEvent } from './shared/events.js';

/** Registers the element under `name`; safe to call more than once. Same as AttentionScaleElement.define(name). */
export function defineAttentionScale(name = 'attention-scale') {
  return AttentionScaleElement.define(name);
}

AttentionScaleElement.define();
