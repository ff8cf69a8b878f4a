// The events each element fires, as attention-widget/react's components take them: on + the
// camel-cased name (attention-change -> onAttentionChange). Apart from web/react.js so a node test
// can hold it to custom-elements.json without React installed.
export const EVENTS = {
  'attention-widget': ['attention-change', 'attention-error', 'attention-guess', 'attention-tour-step', 'attention-goal'],
  'attention-example': ['attention-change', 'attention-error'],
  'attention-value': ['attention-error'],
  'attention-if': ['attention-error'],
  'attention-scale': ['attention-error', 'attention-scale-result'],
  'attention-heads': ['attention-error', 'attention-heads-trained'],
};

/** { onAttentionChange: 'attention-change', ... } for an element's tag: @lit/react's `events` option. */
export function eventProps(tag) {
  const prop = (name) => `on${name.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase())}`;
  return Object.fromEntries(EVENTS[tag].map((name) => [prop(name), name]));
}
