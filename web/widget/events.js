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
