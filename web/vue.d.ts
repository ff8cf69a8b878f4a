// Vue 3 template and TSX types for every element of this package. Generated from custom-elements.json
// by scripts/build-types.mjs: edit the JSDoc tags in the element classes, not this file.
// Use: import type {} from 'attention-widget/vue';  (once, anywhere in the program)
// vue-tsc checks templates with it; Vue's compiler must still treat the tags as elements (isCustomElement).
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type * as AttentionExample from './attention-widget.js';
import type * as AttentionHeads from './attention-heads.js';
import type * as AttentionIf from './attention-widget.js';
import type * as AttentionScale from './attention-scale.js';
import type * as AttentionValue from './attention-widget.js';
import type * as AttentionWidget from './attention-widget.js';

/** The instance type Vue's template checker reads for a custom element: its props and events. */
export type VueCustomElement<Host extends HTMLElement, Props, Events extends { [Name in keyof Events]: Event }> = new () => Host & {
  /** @deprecated For template type checking only: no such property exists on the element. */
  $props: Props & PublicProps;
  /** @deprecated For template type checking only: listen with @event-name in templates. */
  $emit: EmitFn<{ [Name in keyof Events]: (event: Events[Name]) => void }>;
};

/** <attention-example>: One attention example shared by several views; renders nothing but its own errors. Its id is the name views use (`<attention-widget example="ID">`, `<attention-value example="ID">`) and the key of its share links (`#aw.ID=…`). */
export interface AttentionExampleProps extends HTMLAttributes {
  /** the example (default cat-sat); a JSON child `<script type="application/json">` or the `config` property take its place */
  'preset'?: 'cat-sat'|'river-bank'|'cash-bank'|'it-vase'|'it-hungry';
  /** Light or dark colours; auto (or absent) follows the page's own toggle, else the reader's system setting. */
  'theme'?: 'light'|'dark'|'auto';
  /** blank the upper-right triangle before softmax */
  'causal'?: boolean | string;
  /** divide scores by √d_k */
  'scaled'?: boolean | string;
  /** softmax temperature, 0 < T ≤ 100 (default 1) */
  'temperature'?: number | string;
  /** token text or 0-based index of the token whose row the views write out */
  'asker'?: string;
  /** Replaces the example: a state, or a share-link payload "1.…". (a property) */
  'config'?: AttentionExample.WidgetConfig;
}

/** The events <attention-example> fires, by name. */
export interface AttentionExampleEvents {
  /** After every committed change, from any view (`reason` says why). */
  'attention-change': AttentionExample.AttentionChangeEvent;
  /** A source, attribute or link could not be used ({ code, message }; shown too). */
  'attention-error': AttentionExample.AttentionErrorEvent;
}

/** <attention-example> in Vue's TSX: the same, with hyphenated attributes as written and on + the camel-cased event name. */
export interface AttentionExampleJsxProps extends AttentionExampleProps {
  /** After every committed change, from any view (`reason` says why). */
  onAttentionChange?: (event: AttentionExample.AttentionChangeEvent) => void;
  /** A source, attribute or link could not be used ({ code, message }; shown too). */
  onAttentionError?: (event: AttentionExample.AttentionErrorEvent) => void;
}

/** <attention-heads>: Two heads learn two jobs: a tiny multi-head model trained live by the core (docs/heads.md). */
export interface AttentionHeadsProps extends HTMLAttributes {
  /** 0 … 4294967295 (absent: 1): the corpus split, the initial weights and the batch order. */
  'seed'?: number | string;
  /** 1 … 4 (absent: 2): number of heads; changing it starts a new model. */
  'heads'?: number | string;
  /** Train on the page's thread instead of a worker (absent: off). (the no-worker attribute) */
  'noWorker'?: boolean | string;
  /** Light or dark colours; auto (or absent) follows the page's own toggle, else the reader's system setting. */
  'theme'?: 'light'|'dark'|'auto';
}

/** The events <attention-heads> fires, by name. */
export interface AttentionHeadsEvents {
  /** Each message the element shows, with a stable code. */
  'attention-error': AttentionHeads.AttentionErrorEvent;
  /** Training stopped with new steps: paused, paused itself, or a Step done (reason, steps, heads, heldOutLoss, jobs). */
  'attention-heads-trained': AttentionHeads.AttentionHeadsTrainedEvent;
}

/** <attention-heads> in Vue's TSX: the same, with hyphenated attributes as written and on + the camel-cased event name. */
export interface AttentionHeadsJsxProps extends Omit<AttentionHeadsProps, 'noWorker'> {
  /** Train on the page's thread instead of a worker (absent: off). */
  'no-worker'?: boolean | string;
  /** Each message the element shows, with a stable code. */
  onAttentionError?: (event: AttentionHeads.AttentionErrorEvent) => void;
  /** Training stopped with new steps: paused, paused itself, or a Step done (reason, steps, heads, heldOutLoss, jobs). */
  onAttentionHeadsTrained?: (event: AttentionHeads.AttentionHeadsTrainedEvent) => void;
}

/** <attention-if>: Text shown only while a condition about an <attention-example> holds. */
export interface AttentionIfProps extends HTMLAttributes {
  /** id of the <attention-example> it reads */
  'example'?: string;
  /** the condition: `asker is TOKEN`, `asker is not TOKEN`, `top ASKER is KEY`, `top ASKER is not KEY`, `causal on|off`, `scaled on|off`, joined with `and` */
  'when'?: string;
}

/** The events <attention-if> fires, by name. */
export interface AttentionIfEvents {
  /** When `example` or `when` cannot be read ({ code, message }; the content stays, with a marker). */
  'attention-error': AttentionIf.AttentionErrorEvent;
}

/** <attention-if> in Vue's TSX: the same, with hyphenated attributes as written and on + the camel-cased event name. */
export interface AttentionIfJsxProps extends AttentionIfProps {
  /** When `example` or `when` cannot be read ({ code, message }; the content stays, with a marker). */
  onAttentionError?: (event: AttentionIf.AttentionErrorEvent) => void;
}

/** <attention-scale>: The chapter's "Why the LLM cares" and thermostat, live: the n × n weights grid and its cost, computed by the core in a worker. (These tags are the element's documented API: see custom-elements.json and the JSX types, checked against observedAttributes by a test.) */
export interface AttentionScaleProps extends HTMLAttributes {
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
  /** Compute on the page's thread. (the no-worker attribute) */
  'noWorker'?: boolean | string;
  /** One half of the lab as a chapter figure: only the √d_k plot and its table, or only the n × n lab (absent: both) */
  'show'?: 'thermostat'|'grid';
  /** Light or dark colours; auto (or absent) follows the page's own toggle, else the reader's system setting. */
  'theme'?: 'light'|'dark'|'auto';
}

/** The events <attention-scale> fires, by name. */
export interface AttentionScaleEvents {
  /** Each time a new grid is on screen. */
  'attention-scale-result': AttentionScale.AttentionScaleResultEvent;
  /** Each message the lab shows, with a stable code. */
  'attention-error': AttentionScale.AttentionErrorEvent;
}

/** <attention-scale> in Vue's TSX: the same, with hyphenated attributes as written and on + the camel-cased event name. */
export interface AttentionScaleJsxProps extends Omit<AttentionScaleProps, 'noWorker'> {
  /** Compute on the page's thread. */
  'no-worker'?: boolean | string;
  /** Each time a new grid is on screen. */
  onAttentionScaleResult?: (event: AttentionScale.AttentionScaleResultEvent) => void;
  /** Each message the lab shows, with a stable code. */
  onAttentionError?: (event: AttentionScale.AttentionErrorEvent) => void;
}

/** <attention-value>: One number (or vector) of an <attention-example>, as inline text that follows every edit. Its own text is shown until the example has numbers (write the chapter's number there). */
export interface AttentionValueProps extends HTMLAttributes {
  /** id of the <attention-example> it reads */
  'example'?: string;
  /** what it shows: `share ASKER KEY`, `score ASKER KEY`, `logit ASKER KEY`, `exp ASKER KEY`, `total ASKER`, `divisor`, `query TOKEN`, `key TOKEN`, `value TOKEN`, `output TOKEN`, `asker` (the shared asker's word), `top ASKER` (the key(s) with its largest share; ties as ties) */
  'of'?: string;
  /** two decimals (default), trailing zeros dropped, or a percentage (shares only) */
  'format'?: 'fixed'|'compact'|'percent';
  /** Light or dark colours for its marker; auto (or absent) follows the page's own toggle, else the reader's system setting. */
  'theme'?: 'light'|'dark'|'auto';
}

/** The events <attention-value> fires, by name. */
export interface AttentionValueEvents {
  /** When `example`, `of` or `format` cannot be read ({ code, message }; the marker shows the message). */
  'attention-error': AttentionValue.AttentionErrorEvent;
}

/** <attention-value> in Vue's TSX: the same, with hyphenated attributes as written and on + the camel-cased event name. */
export interface AttentionValueJsxProps extends AttentionValueProps {
  /** When `example`, `of` or `format` cannot be read ({ code, message }; the marker shows the message). */
  onAttentionError?: (event: AttentionValue.AttentionErrorEvent) => void;
}

/** <attention-widget>: The chapter's "See it move": one worked example of self-attention, every number from the core. (These tags are the element's documented API: custom-elements.json and the JSX types are built from them, and a test checks them against observedAttributes.) */
export interface AttentionWidgetProps extends HTMLAttributes {
  /** The example (default cat-sat). */
  'preset'?: 'cat-sat'|'river-bank'|'cash-bank'|'it-vase'|'it-hungry';
  /** The guided tour: the chapter's recipe one step at a time (docs/guided.md) (absent: off). */
  'guided'?: boolean | string;
  /** With guided: six misconception probes and a guess before the shares, the blend, the mask and the thermostat (absent: off). */
  'predict'?: boolean | string;
  /** With guided: only these steps, "1-4" or "7" (absent: all twelve; a bad value: a message and all). */
  'steps'?: string;
  /** Shows the train panel: goals, Train / Step / Reset training, gradient descent on W_Q, W_K, W_V (absent: off; docs/training.md). */
  'train'?: boolean | string;
  /** Light or dark colours; auto (or absent) follows the page's own toggle, else the reader's system setting. */
  'theme'?: 'light'|'dark'|'auto';
  /** Mask the keys after each asker (absent: off). */
  'causal'?: boolean | string;
  /** Divide the scores by √d_k (absent: off). */
  'scaled'?: boolean | string;
  /** Softmax temperature, 0 < T ≤ 100 (absent: 1). */
  'temperature'?: number | string;
  /** The token whose row is worked out: its text or 0-based index. */
  'asker'?: string|number;
  /** id of an <attention-example>: show and edit that shared example instead of an own one (docs/figures.md). */
  'example'?: string;
  /** The panels to show, space separated: title causal scaled temperature reset cast asker blend formula grids share (absent: all). */
  'show'?: string;
  /** Display only: every number shown, nothing editable, no focus stops on cells (absent: off). */
  'readonly'?: boolean | string;
  /** What the paragraph beside it talks about: GRID [ROW [COLUMN]], comma separated, e.g. "shares sat cat, cast sat q". */
  'highlight'?: string;
  /** Replaces the example: a state, or a share-link payload "1.…". (a property) */
  'config'?: AttentionWidget.WidgetConfig;
}

/** The events <attention-widget> fires, by name. */
export interface AttentionWidgetEvents {
  /** After every successful recompute (bubbles, composed). */
  'attention-change': AttentionWidget.AttentionChangeEvent;
  /** Each message the widget shows, with a stable code. */
  'attention-error': AttentionWidget.AttentionErrorEvent;
  /** A guess committed or skipped in predict mode: step, kind, guess, truth (bubbles, composed). */
  'attention-guess': AttentionWidget.AttentionGuessEvent;
  /** The guided tour shows another step: step, index, of, title, last (bubbles, composed). */
  'attention-tour-step': AttentionWidget.AttentionTourStepEvent;
  /** The train panel's goal became met, or stopped being met: goal, name, met (bubbles, composed). */
  'attention-goal': AttentionWidget.AttentionGoalEvent;
}

/** <attention-widget> in Vue's TSX: the same, with hyphenated attributes as written and on + the camel-cased event name. */
export interface AttentionWidgetJsxProps extends AttentionWidgetProps {
  /** After every successful recompute (bubbles, composed). */
  onAttentionChange?: (event: AttentionWidget.AttentionChangeEvent) => void;
  /** Each message the widget shows, with a stable code. */
  onAttentionError?: (event: AttentionWidget.AttentionErrorEvent) => void;
  /** A guess committed or skipped in predict mode: step, kind, guess, truth (bubbles, composed). */
  onAttentionGuess?: (event: AttentionWidget.AttentionGuessEvent) => void;
  /** The guided tour shows another step: step, index, of, title, last (bubbles, composed). */
  onAttentionTourStep?: (event: AttentionWidget.AttentionTourStepEvent) => void;
  /** The train panel's goal became met, or stopped being met: goal, name, met (bubbles, composed). */
  onAttentionGoal?: (event: AttentionWidget.AttentionGoalEvent) => void;
}

declare module 'vue' {
  interface GlobalComponents {
    'attention-example': VueCustomElement<AttentionExample.AttentionExample, AttentionExampleProps, AttentionExampleEvents>;
    'attention-heads': VueCustomElement<AttentionHeads.AttentionHeadsElement, AttentionHeadsProps, AttentionHeadsEvents>;
    'attention-if': VueCustomElement<AttentionIf.AttentionIf, AttentionIfProps, AttentionIfEvents>;
    'attention-scale': VueCustomElement<AttentionScale.AttentionScaleElement, AttentionScaleProps, AttentionScaleEvents>;
    'attention-value': VueCustomElement<AttentionValue.AttentionValue, AttentionValueProps, AttentionValueEvents>;
    'attention-widget': VueCustomElement<AttentionWidget.AttentionWidget, AttentionWidgetProps, AttentionWidgetEvents>;
  }
  interface IntrinsicElementAttributes {
    'attention-example': AttentionExampleJsxProps;
    'attention-heads': AttentionHeadsJsxProps;
    'attention-if': AttentionIfJsxProps;
    'attention-scale': AttentionScaleJsxProps;
    'attention-value': AttentionValueJsxProps;
    'attention-widget': AttentionWidgetJsxProps;
  }
}
