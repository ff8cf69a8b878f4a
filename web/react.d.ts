// JSX types for React (19) for every element of this package. Generated from custom-elements.json
// by scripts/build-types.mjs: edit the JSDoc tags in the element classes, not this file.
// Use: import type {} from 'attention-widget/react';  (once, anywhere in the program)
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type * as AttentionExample from './attention-widget.js';
import type * as AttentionHeads from './attention-heads.js';
import type * as AttentionIf from './attention-widget.js';
import type * as AttentionScale from './attention-scale.js';
import type * as AttentionValue from './attention-widget.js';
import type * as AttentionWidget from './attention-widget.js';

export { AttentionWidget, AttentionExample, AttentionValue, AttentionIf, AttentionScale, AttentionHeads } from './react-components.js';

/** <attention-example>: One attention example shared by several views; renders nothing but its own errors. Its id is the name views use (`<attention-widget example="ID">`, `<attention-value example="ID">`) and the key of its share links (`#aw.ID=…`). */
export interface AttentionExampleProps extends DetailedHTMLProps<HTMLAttributes<AttentionExample.AttentionExample>, AttentionExample.AttentionExample> {
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
  config?: AttentionExample.WidgetConfig;
  /** After every committed change, from any view (`reason` says why). */
  'onattention-change'?: (event: AttentionExample.AttentionChangeEvent) => void;
  /** A source, attribute or link could not be used ({ code, message }; shown too). */
  'onattention-error'?: (event: AttentionExample.AttentionErrorEvent) => void;
}

/** <attention-heads>: Two heads learn two jobs: a tiny multi-head model trained live by the core (docs/heads.md). */
export interface AttentionHeadsProps extends DetailedHTMLProps<HTMLAttributes<AttentionHeads.AttentionHeadsElement>, AttentionHeads.AttentionHeadsElement> {
  /** 0 … 4294967295 (absent: 1): the corpus split, the initial weights and the batch order. */
  'seed'?: number | string;
  /** 1 … 4 (absent: 2): number of heads; changing it starts a new model. */
  'heads'?: number | string;
  /** Train on the page's thread instead of a worker (absent: off). */
  'no-worker'?: boolean | string;
  /** Light or dark colours; auto (or absent) follows the page's own toggle, else the reader's system setting. */
  'theme'?: 'light'|'dark'|'auto';
  /** Each message the element shows, with a stable code. */
  'onattention-error'?: (event: AttentionHeads.AttentionErrorEvent) => void;
  /** Training stopped with new steps: paused, paused itself, or a Step done (reason, steps, heads, heldOutLoss, jobs). */
  'onattention-heads-trained'?: (event: AttentionHeads.AttentionHeadsTrainedEvent) => void;
}

/** <attention-if>: Text shown only while a condition about an <attention-example> holds. */
export interface AttentionIfProps extends DetailedHTMLProps<HTMLAttributes<AttentionIf.AttentionIf>, AttentionIf.AttentionIf> {
  /** id of the <attention-example> it reads */
  'example'?: string;
  /** the condition: `asker is TOKEN`, `asker is not TOKEN`, `top ASKER is KEY`, `top ASKER is not KEY`, `causal on|off`, `scaled on|off`, joined with `and` */
  'when'?: string;
  /** When `example` or `when` cannot be read ({ code, message }; the content stays, with a marker). */
  'onattention-error'?: (event: AttentionIf.AttentionErrorEvent) => void;
}

/** <attention-scale>: The chapter's "Why the LLM cares" and thermostat, live: the n × n weights grid and its cost, computed by the core in a worker. (These tags are the element's documented API: see custom-elements.json and the JSX types, checked against observedAttributes by a test.) */
export interface AttentionScaleProps extends DetailedHTMLProps<HTMLAttributes<AttentionScale.AttentionScaleElement>, AttentionScale.AttentionScaleElement> {
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
  /** One half of the lab as a chapter figure: only the √d_k plot and its table, or only the n × n lab (absent: both) */
  'show'?: 'thermostat'|'grid';
  /** Light or dark colours; auto (or absent) follows the page's own toggle, else the reader's system setting. */
  'theme'?: 'light'|'dark'|'auto';
  /** Each time a new grid is on screen. */
  'onattention-scale-result'?: (event: AttentionScale.AttentionScaleResultEvent) => void;
  /** Each message the lab shows, with a stable code. */
  'onattention-error'?: (event: AttentionScale.AttentionErrorEvent) => void;
}

/** <attention-value>: One number (or vector) of an <attention-example>, as inline text that follows every edit. Its own text is shown until the example has numbers (write the chapter's number there). */
export interface AttentionValueProps extends DetailedHTMLProps<HTMLAttributes<AttentionValue.AttentionValue>, AttentionValue.AttentionValue> {
  /** id of the <attention-example> it reads */
  'example'?: string;
  /** what it shows: `share ASKER KEY`, `score ASKER KEY`, `logit ASKER KEY`, `exp ASKER KEY`, `total ASKER`, `divisor`, `query TOKEN`, `key TOKEN`, `value TOKEN`, `output TOKEN`, `asker` (the shared asker's word), `top ASKER` (the key(s) with its largest share; ties as ties) */
  'of'?: string;
  /** two decimals (default), trailing zeros dropped, or a percentage (shares only) */
  'format'?: 'fixed'|'compact'|'percent';
  /** Light or dark colours for its marker; auto (or absent) follows the page's own toggle, else the reader's system setting. */
  'theme'?: 'light'|'dark'|'auto';
  /** When `example`, `of` or `format` cannot be read ({ code, message }; the marker shows the message). */
  'onattention-error'?: (event: AttentionValue.AttentionErrorEvent) => void;
}

/** <attention-widget>: The chapter's "See it move": one worked example of self-attention, every number from the core. (These tags are the element's documented API: custom-elements.json and the JSX types are built from them, and a test checks them against observedAttributes.) */
export interface AttentionWidgetProps extends DetailedHTMLProps<HTMLAttributes<AttentionWidget.AttentionWidget>, AttentionWidget.AttentionWidget> {
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
  config?: AttentionWidget.WidgetConfig;
  /** After every successful recompute (bubbles, composed). */
  'onattention-change'?: (event: AttentionWidget.AttentionChangeEvent) => void;
  /** Each message the widget shows, with a stable code. */
  'onattention-error'?: (event: AttentionWidget.AttentionErrorEvent) => void;
  /** A guess committed or skipped in predict mode: step, kind, guess, truth (bubbles, composed). */
  'onattention-guess'?: (event: AttentionWidget.AttentionGuessEvent) => void;
  /** The guided tour shows another step: step, index, of, title, last (bubbles, composed). */
  'onattention-tour-step'?: (event: AttentionWidget.AttentionTourStepEvent) => void;
  /** The train panel's goal became met, or stopped being met: goal, name, met (bubbles, composed). */
  'onattention-goal'?: (event: AttentionWidget.AttentionGoalEvent) => void;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'attention-example': AttentionExampleProps;
      'attention-heads': AttentionHeadsProps;
      'attention-if': AttentionIfProps;
      'attention-scale': AttentionScaleProps;
      'attention-value': AttentionValueProps;
      'attention-widget': AttentionWidgetProps;
    }
  }
}
