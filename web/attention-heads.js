// <attention-heads>: a tiny attention-only language model trained live, its
// heads side by side, each labelled by what it measurably does. Importing this
// module registers the element (the class, with static define(tag, registry),
// is in elements/heads.js).
//
//   <script type="module" src="attention-heads.js"></script>
//   <attention-heads seed="1" heads="2"></attention-heads>
import { AttentionHeadsElement } from './elements/heads.js';

export { AttentionHeadsElement };
export { AttentionErrorEvent } from './shared/events.js';
export { AttentionHeadsTrainedEvent } from './views/heads/events.js';

AttentionHeadsElement.define();
