// JSX types for Preact (10) for every element of this package. Generated from custom-elements.json
// by scripts/build-types.mjs: edit the JSDoc tags in the element classes, not this file.
// Use: import type {} from 'attention-widget/preact';  (once, anywhere in the program)
import type { JSX } from 'preact';
import type * as AttentionWidget from './attention-widget.js';
import type * as AttentionScale from './attention-scale.js';

/** <attention-widget>: The chapter's "See it move": one worked example of self-attention, every number from the core. (These tags are the element's documented API: custom-elements.json and the JSX types are built from them, and a test checks them against observedAttributes.) */
export interface AttentionWidgetProps extends JSX.HTMLAttributes<AttentionWidget.AttentionWidget> {
  /** The example (default cat-sat). */
  'preset'?: 'cat-sat'|'river-bank'|'cash-bank'|'it-vase';
  /** Mask the keys after each asker (absent: off). */
  'causal'?: boolean | string;
  /** Divide the scores by √d_k (absent: off). */
  'scaled'?: boolean | string;
  /** Softmax temperature, 0 < T ≤ 100 (absent: 1). */
  'temperature'?: number | string;
  /** The token whose row is worked out: its text or 0-based index. */
  'asker'?: string|number;
  /** Replaces the example: a state, or a share-link payload "1.…". (a property) */
  config?: AttentionWidget.WidgetConfig;
  /** After every successful recompute (bubbles, composed). */
  'onattention-change'?: (event: AttentionWidget.AttentionChangeEvent) => void;
  /** Each message the widget shows, with a stable code. */
  'onattention-error'?: (event: AttentionWidget.AttentionErrorEvent) => void;
}

/** <attention-scale>: The chapter's "Why the LLM cares" and thermostat, live: the n × n weights grid and its cost, computed by the core in a worker. (These tags are the element's documented API: see custom-elements.json and the JSX types, checked against observedAttributes by a test.) */
export interface AttentionScaleProps extends JSX.HTMLAttributes<AttentionScale.AttentionScaleElement> {
  /** Context length, 3 … 4096 (absent: 256): the grid is n × n. */
  'n'?: number | string;
  /** Numbers per query and key, 2 … 512 (absent: 64). */
  'dk'?: number | string;
  /** Divide the scores by √d_k (absent: on). */
  'scaled'?: boolean | string;
  /** Blank the upper triangle (absent: off). */
  'causal'?: boolean | string;
  /** The q, k, v pattern (absent: random). */
  'input'?: 'random'|'local'|'previous';
  /** 0 … 4294967295 (absent: 1): the same seed gives the same inputs. */
  'seed'?: number | string;
  /** Compute on the page's thread. */
  'no-worker'?: boolean | string;
  /** Each time a new grid is on screen. */
  'onattention-scale-result'?: (event: AttentionScale.AttentionScaleResultEvent) => void;
  /** Each message the lab shows, with a stable code. */
  'onattention-error'?: (event: AttentionScale.AttentionErrorEvent) => void;
}

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'attention-widget': AttentionWidgetProps;
      'attention-scale': AttentionScaleProps;
    }
  }
}
