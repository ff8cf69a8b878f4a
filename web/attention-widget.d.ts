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

/**
 * Fired (bubbling, composed) when a learner commits or skips a guess in `guided predict` mode
 * (docs/guided.md). guess is null when skipped; truth comes from the core's numbers.
 */
export class AttentionGuessEvent extends Event {
  /** The step's id. */
  readonly step: 'shares' | 'scale' | 'blend' | 'everyone' | 'mask' | 'thermostat';
  /** A guess ('shares' | 'pin' | 'mask' | 'trend') or a misconception probe (the other six; docs/guided.md). */
  readonly kind: 'shares' | 'pin' | 'mask' | 'trend'
    | 'rescaled' | 'values' | 'outside' | 'symmetric' | 'renormalise' | 'ranking';
  /** shares: one per token (they total 1); pin: [x, y]; mask: "i,j" cells; trend: 'rises' | 'stays' | 'falls';
   *  a probe: the choice's id */
  readonly guess: number[] | string[] | string | null;
  /** shares: the asker's shares; pin: the output's first two numbers; mask: the masked cells; trend: what happens;
   *  a probe: the right choice's id for the numbers on screen */
  readonly truth: number[] | string[] | string | null;
  /** How far off: the largest share error, the pin's distance, wrong cells, or 0/1 for a trend or a probe (null: skipped). */
  readonly error: number | null;
  /** The line the learner sees: "For cat you said 0.50, it is 0.67." */
  readonly text: string;
}

/**
 * Fired (bubbling, composed) each time the guided tour shows another step: once when it first shows
 * one, then once per move; a repaint of the same step fires none.
 */
export class AttentionTourStepEvent extends Event {
  /** The step's id. */
  readonly step: 'score' | 'bars' | 'exp' | 'shares' | 'scale' | 'blend' | 'project' | 'everyone' | 'mask'
    | 'thermostat' | 'formula' | 'train';
  /** Its number, 1 … of. */
  readonly index: number;
  /** The tour's steps (12). */
  readonly of: number;
  /** Its heading. */
  readonly title: string;
  /** It is the last step the tour shows (the end of `steps`, if set). */
  readonly last: boolean;
}

/**
 * Fired (bubbling, composed) when the train panel's goal becomes met (by training or by hand) and when
 * it stops being met; a goal picked afresh starts as not met.
 */
export class AttentionGoalEvent extends Event {
  readonly goal: 'sat-the' | 'blend' | 'pronouns' | 'it-two-layers';
  /** The goal's name on screen. */
  readonly name: string;
  readonly met: boolean;
}

export class AttentionWidget extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Registers the element as `tag` in `registry` (no-op without one; safe twice); returns the registered class. */
  static define(tag?: string, registry?: CustomElementRegistry): typeof AttentionWidget;
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

/**
 * Adds a language, or changes single strings of one (English included), for this page: keys as in
 * web/shared/i18n/en.js, values ICU MessageFormat text with the same placeholders. Every element
 * re-renders; a missing key falls back to English (README "Languages").
 */
export function registerMessages(lang: string, messages: Record<string, string>): void;

/** Fired (bubbling, composed) whenever the element shows an error; `code` is stable, `message` is the text shown. */
export class AttentionErrorEvent extends Event {
  readonly code: string;
  readonly message: string;
  readonly detail: { code: string; message: string };
  constructor(detail: { code: string; message: string });
}

// ---- chapter figures (docs/figures.md): one example, many views, live numbers in the prose ----

/** The panels a figure can show: `show="asker blend"` (space separated; absent = all of them). */
export type PanelName =
  | 'title' | 'causal' | 'scaled' | 'temperature' | 'reset' | 'cast' | 'asker' | 'blend' | 'formula' | 'grids' | 'share';

/** What a committed change of an example model carries to its subscribers. */
export interface ExampleChange {
  reason: AttentionChangeReason | 'link' | 'step' | 'train';
  state: WidgetState;
  /** The core's numbers for `state` (wasm/attention.d.ts AttendResult). */
  result: import('../wasm/attention.js').AttendResult;
}

/**
 * <attention-example id="cat" preset="cat-sat">: one example's state shared by every view naming it
 * (`<attention-widget example="cat">`, `<attention-value example="cat">`). Renders nothing but its errors.
 * Attributes: id, preset, causal, scaled, temperature, asker (as on <attention-widget>); a JSON child,
 * `config` and a share link `#aw.<id>=…` too. Fires attention-change and attention-error.
 */
export class AttentionExample extends HTMLElement {
  static readonly observedAttributes: string[];
  static define(tag?: string, registry?: CustomElementRegistry): typeof AttentionExample;
  /** A copy of the current state. */
  readonly state: WidgetState;
  get config(): WidgetState;
  set config(value: WidgetConfig);
  /** { state, result } once the core has verified the example, else null. */
  readonly snapshot: { state: WidgetState; result: ExampleChange['result'] } | null;
  /** The shared example model (docs/architecture.md). */
  readonly model: unknown;
  /** Calls `listener` after every committed change, from any view; returns the unsubscribe function. */
  subscribe(listener: (change: ExampleChange) => void): () => void;
}

/**
 * <attention-value example="cat" of="share sat cat" format="percent">: one live number as inline text.
 * `of`: share ASKER KEY | score ASKER KEY | logit ASKER KEY | exp ASKER KEY | total ASKER | divisor |
 * query TOKEN | key TOKEN | value TOKEN | output TOKEN | asker (the shared asker's word) |
 * top ASKER (the key(s) with ASKER's largest share; a printed tie said as one, "the and cat").
 * A bad `of` shows a marker and fires attention-error.
 */
export class AttentionValue extends HTMLElement {
  static readonly observedAttributes: string[];
  static define(tag?: string, registry?: CustomElementRegistry): typeof AttentionValue;
  /** The text on screen ('' while waiting for the example, or when the attributes cannot be read). */
  readonly text: string;
}

/**
 * <attention-if example="cat" when="asker is sat">…</attention-if>: text shown only while the condition
 * holds. `when`: asker is [not] TOKEN | top ASKER is [not] KEY | causal on|off | scaled on|off, joined
 * with "and". A condition that cannot be read hides nothing: a marker, and attention-error.
 */
export class AttentionIf extends HTMLElement {
  static readonly observedAttributes: string[];
  static define(tag?: string, registry?: CustomElementRegistry): typeof AttentionIf;
  /** Whether the condition holds now (null: not read yet, or it cannot be read). */
  readonly holds: boolean | null;
}

/** Attributes <attention-widget> takes as a figure, besides the example's own (preset, causal, ...). */
export interface AttentionWidgetFigureAttributes {
  /** id of an <attention-example>: show and edit that shared example instead of an own one. */
  example?: string;
  /** Space-separated PanelName list; absent = every panel. */
  show?: string;
  /** Display only: numbers shown, nothing editable, no focus stops on cells. */
  readonly?: boolean | '' | 'true' | 'false';
  /** What the paragraph talks about: "shares sat cat, cast sat q, wq 1 2" (GRID ROW COLUMN, * = every). */
  highlight?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'attention-widget': AttentionWidget;
    'attention-example': AttentionExample;
    'attention-value': AttentionValue;
    'attention-if': AttentionIf;
  }
  interface HTMLElementEventMap {
    'attention-error': AttentionErrorEvent;
    'attention-change': AttentionChangeEvent;
    'attention-guess': AttentionGuessEvent;
    'attention-tour-step': AttentionTourStepEvent;
    'attention-goal': AttentionGoalEvent;
  }
}
