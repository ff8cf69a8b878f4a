// <attention-widget>: the chapter's "See it move". Importing this module registers the
// element (the class itself, with static define(tag, registry), is in elements/widget.js).
//
//   <script type="module" src="attention-widget.js"></script>
//   <attention-widget preset="cat-sat"></attention-widget>
import { AttentionWidget } from './elements/widget.js';
import { AttentionExample } from './elements/example.js';
import { AttentionValue } from './elements/value.js';
import { AttentionIf } from './elements/if.js';

export { AttentionWidget, AttentionExample, AttentionValue, AttentionIf };
export { AttentionChangeEvent } from './shared/events.js';
export { AttentionGuessEvent, AttentionTourStepEvent } from './views/guided/events.js';
export { AttentionGoalEvent } from './views/train/events.js';
export { AttentionErrorEvent } from './shared/events.js';
// Languages: add one, or change single strings on this page (docs/architecture.md#languages).
export { registerMessages } from './shared/i18n/messages.js';

/** Registers <attention-widget>; safe to call more than once. Same as AttentionWidget.define(). */
export function define() {
  return AttentionWidget.define();
}

// Chapter figures (docs/figures.md): one example shared by many views, live numbers in the prose.
// The examples first: upgraded before the views that name them, each view finds its example as it
// connects, instead of every view looking again as each example connects.
AttentionExample.define();
AttentionWidget.define();
AttentionValue.define();
AttentionIf.define();
