// The scale lab's own event (its attention-error is web/shared/events.js's).

/** Fired (bubbling, composed) each time a new grid is on screen. */
export class AttentionScaleResultEvent extends (globalThis.Event ?? class {}) {
  constructor({ n, dk, ms, mode }) {
    super('attention-scale-result', { bubbles: true, composed: true });
    this.n = n;
    this.dk = dk;
    this.ms = ms;
    this.mode = mode;
  }
}
