// Why an example changed: the `reason` of every model event and attention-change event. The
// model's own transitions, then those of modules that propose states to it: a guided step, a
// training step, a state relayed from a linked frame (web/views/figures/frame-link.js).
export const CHANGE_REASONS = Object.freeze(['load', 'edit', 'drag', 'switch', 'asker', 'attribute', 'config', 'preset',
  'reset', 'step', 'train', 'link']);
