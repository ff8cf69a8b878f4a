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

declare global {
  interface HTMLElementTagNameMap {
    'attention-heads': AttentionHeadsElement;
  }
}
