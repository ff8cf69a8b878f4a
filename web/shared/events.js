// Events every element dispatches the same way.

/**
 * Fired (bubbling, composed) whenever an element shows an error to the learner: a refused
 * attribute, config, link or edit, or a core that could not load. `code` is stable (the core's
 * codes such as `shape_mismatch`, `load_failed`, or the element's own, see docs/architecture.md);
 * `message` is the text on screen.
 */
export class AttentionErrorEvent extends (globalThis.Event ?? class {}) {
  constructor({ code, message }) {
    super('attention-error', { bubbles: true, composed: true });
    this.code = code;
    this.message = message;
    this.detail = { code, message };
  }
}

/**
 * Fired (bubbling, composed) after every committed change of the widget's example model,
 * which the core has checked; read `element.state` for the numbers. Changes the model
 * refuses, and attribute values that change nothing, fire none.
 */
export class AttentionChangeEvent extends (globalThis.Event ?? class {}) {
  /**
   * @param {'load'|'edit'|'drag'|'switch'|'asker'|'attribute'|'config'|'preset'|'reset'|'step'|'train'} reason
   *   (step and train come from modules that propose states to the model: a guided walk-through, training)
   */
  constructor(reason) {
    super('attention-change', { bubbles: true, composed: true });
    this.reason = reason;
  }
}
