// Types for web/attention-scale.js: the <attention-scale> element (README "The scale lab").

/** Fired (bubbling, composed) each time a new grid is on screen. */
export class AttentionScaleResultEvent extends Event {
  readonly n: number;
  readonly dk: number;
  /** compute time in milliseconds */
  readonly ms: number;
  /** where it ran: the worker or the page's thread */
  readonly mode: string;
  constructor(detail: { n: number; dk: number; ms: number; mode: string });
}

/** `show="thermostat"` or `show="grid"`: one half of the lab as a chapter figure (absent: both; docs/figures.md). */
export type ScaleShow = 'thermostat' | 'grid';

export class AttentionScaleElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Registers the element as `tag` in `registry` (no-op without one; safe twice); returns the registered class. */
  static define(tag?: string, registry?: CustomElementRegistry): typeof AttentionScaleElement;
}

/** Registers the element; safe to call more than once (and with another name). */
export function defineAttentionScale(name?: string): typeof AttentionScaleElement;

/** Fired (bubbling, composed) whenever the element shows an error; `code` is stable, `message` is the text shown. */
export class AttentionErrorEvent extends Event {
  readonly code: string;
  readonly message: string;
  readonly detail: { code: string; message: string };
  constructor(detail: { code: string; message: string });
}

declare global {
  interface HTMLElementTagNameMap {
    'attention-scale': AttentionScaleElement;
  }
  interface HTMLElementEventMap {
    'attention-error': AttentionErrorEvent;
    'attention-scale-result': AttentionScaleResultEvent;
  }
}
