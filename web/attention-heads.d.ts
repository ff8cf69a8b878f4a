// Types for web/attention-heads.js: the <attention-heads> element (docs/heads.md).

export class AttentionHeadsElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Registers the element as `tag` in `registry` (no-op without one; safe twice); returns the registered class. */
  static define(tag?: string, registry?: CustomElementRegistry): typeof AttentionHeadsElement;
  /** 'worker' or 'main': where the model trains. */
  readonly computeMode: 'worker' | 'main' | null;
}

/** Fired (bubbling, composed) whenever the element shows an error; `code` is stable, `message` is the text shown. */
export class AttentionErrorEvent extends Event {
  readonly code: string;
  readonly message: string;
  readonly detail: { code: string; message: string };
  constructor(detail: { code: string; message: string });
}

/**
 * Fired (bubbling, composed) when training stops with steps trained since the last one: the learner
 * paused it, it paused itself, or a Step finished.
 */
export class AttentionHeadsTrainedEvent extends Event {
  readonly reason: 'paused' | 'plateau' | 'limit' | 'step';
  /** The model's steps so far. */
  readonly steps: number;
  /** How many heads the model has. */
  readonly heads: number;
  /** The newest held-out loss (nats per word; null before the first measurement). */
  readonly heldOutLoss: number | null;
  /** Each head's job from that measurement ([] before the first). */
  readonly jobs: ('previous-word' | 'first-noun' | 'none')[];
}

declare global {
  interface HTMLElementTagNameMap {
    'attention-heads': AttentionHeadsElement;
  }
  interface HTMLElementEventMap {
    'attention-heads-trained': AttentionHeadsTrainedEvent;
  }
}
