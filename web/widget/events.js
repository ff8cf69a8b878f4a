/** Fired (bubbling, composed) after every successful recompute; read `element.state` for the numbers. */
export class AttentionChangeEvent extends Event {
  /** @param {'load'|'edit'|'drag'|'switch'|'asker'|'attribute'|'config'|'preset'|'reset'} reason */
  constructor(reason) {
    super('attention-change', { bubbles: true, composed: true });
    this.reason = reason;
  }
}
