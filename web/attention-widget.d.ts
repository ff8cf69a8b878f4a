// Types for web/attention-widget.js: the <attention-widget> element (README "The widget").

/** The widget's whole state: plain and serializable; `config = other.state` restores it exactly. */
export interface WidgetState {
  tokens: string[];
  /** (n, d_model): one row per token. */
  embeddings: number[][];
  /** (d_k, d_model) */
  wq: number[][];
  /** (d_k, d_model) */
  wk: number[][];
  /** (d_v, d_model) */
  wv: number[][];
  causal: boolean;
  scaled: boolean;
  /** 0 < T <= 100 */
  temperature: number;
  /** 0-based token index */
  asker: number;
}

/** What `config` accepts: a state (asker may be token text, flags optional), or a share-link payload "1.…". */
export type WidgetConfig =
  | (Omit<WidgetState, 'causal' | 'scaled' | 'temperature' | 'asker'> &
      Partial<Pick<WidgetState, 'causal' | 'scaled' | 'temperature'>> & { asker?: number | string })
  | string;

export type AttentionChangeReason =
  | 'load' | 'edit' | 'drag' | 'switch' | 'asker' | 'attribute' | 'config' | 'preset' | 'reset' | 'step' | 'train';

/** Fired (bubbling, composed) after every successful recompute. */
export class AttentionChangeEvent extends Event {
  readonly reason: AttentionChangeReason;
  constructor(reason: AttentionChangeReason);
}

export class AttentionWidget extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Registers the element as `tag` in `registry` (no-op without one; safe twice); returns the registered class. */
  static define(tag?: string, registry?: CustomElementRegistry): typeof AttentionWidget;
  /** A copy of the full current state. */
  readonly state: WidgetState;
  get config(): WidgetState;
  set config(value: WidgetConfig);
  /** The widget's example model (docs/architecture.md "The example model"). */
  readonly model: ExampleModel;
}

/** A transition's outcome: committed, or refused with nothing changed. `notes`: non-fatal messages. */
export type Outcome =
  | { ok: true; state: WidgetState; notes: { code: string; message: string }[] }
  | { ok: false; code: string; message: string; notes: { code: string; message: string }[] };

export interface ModelEvent {
  reason: AttentionChangeReason | string;
  state: WidgetState;
  result: Record<string, unknown>;
  notes: { code: string; message: string }[];
  model: ExampleModel;
}

/** See docs/architecture.md "The example model" (web/model/example.js). */
export interface ExampleModel {
  readonly state: WidgetState;
  readonly result: Record<string, unknown> | null;
  readonly baseline: WidgetState;
  readonly source: { kind: 'link' | 'config' | 'json' | 'preset'; presetName: string | null };
  readonly version: number;
  readonly computing: boolean;
  subscribe(listener: (event: ModelEvent) => void): () => void;
  propose(next: WidgetState, reason: string): Outcome;
  edit(matrix: 'embeddings' | 'wq' | 'wk' | 'wv', row: number, column: number, value: number): Outcome;
  setSwitch(field: 'causal' | 'scaled' | 'temperature', value: boolean | number): Outcome;
  setAsker(index: number): Outcome;
  drag(token: number, target: [number, number]): Outcome;
  reset(): Outcome;
}

/** Registers <attention-widget>; safe to call more than once. */
export function define(): typeof AttentionWidget;

/** Fired (bubbling, composed) whenever the element shows an error; `code` is stable, `message` is the text shown. */
export class AttentionErrorEvent extends Event {
  readonly code: string;
  readonly message: string;
  readonly detail: { code: string; message: string };
  constructor(detail: { code: string; message: string });
}

declare global {
  interface HTMLElementTagNameMap {
    'attention-widget': AttentionWidget;
  }
  interface HTMLElementEventMap {
    'attention-error': AttentionErrorEvent;
    'attention-change': AttentionChangeEvent;
  }
}
