// The example model: one attention example (its state, where it came from, what Reset
// restores) and every rule for changing it, with no DOM and no core import. Elements
// read their sources and hand them here, subscribe, and paint what they are told; a
// guided walk-through or a training loop proposes states the same way. API and rules:
// docs/architecture.md ("The example model").
//
//   const model = createExampleModel();
//   model.load({ preset: 'cat-sat', attributes: { causal: null, scaled: null, temperature: '2', asker: null } });
//   model.setCompute((state) => attn.attend(state));   // verifies, then notifies: reason 'load'
//   const stop = model.subscribe(({ reason, state, result }) => paint(state, result));
//   model.edit('wq', 0, 0, 3);                          // { ok: true, state, notes } or { ok: false, code, message, notes }
import { cloneState, sameState } from './state.js';
import { DEFAULT_SOURCE, FLAGS, readFlag, readSource, sourceMessage } from './sources.js';
import { moveValue } from './drag.js';
import { quote } from '../shared/text.js';
import { problem, said } from '../shared/i18n/say.js';

const MATRICES = Object.freeze(['embeddings', 'wq', 'wk', 'wv']);
const SWITCHES = Object.freeze(['causal', 'scaled', 'temperature']);
const NO_ATTRIBUTES = Object.freeze({ causal: null, scaled: null, temperature: null, asker: null });

/**
 * @param {{ compute?: (state) => object }} [options] compute: the core's attend(); it throws
 *   (an error with `code` and `message`) to refuse a state. Without it, states are provisional
 *   (read but unverified, no events) until setCompute().
 */
export function createExampleModel({ compute = null } = {}) {
  return new ExampleModel(compute);
}

class ExampleModel {
  #compute;
  #state = readSource(DEFAULT_SOURCE);
  #result = null;
  #own = readSource(DEFAULT_SOURCE);      // the example as its source gives it (no attribute overrides)
  #baseline = readSource(DEFAULT_SOURCE); // what Reset restores: #own with the attributes applied
  #source = { kind: 'preset', presetName: DEFAULT_SOURCE.value };
  #chain = [DEFAULT_SOURCE];  // the sources to try, best first, when the example is resolved again
  #attributes = NO_ATTRIBUTES;
  #listeners = new Set();
  #version = 0;

  constructor(compute) {
    this.#compute = compute;
  }

  // ---- reading ----

  /** The current state (last good one). Read-only: copy it (cloneState) before changing anything. */
  get state() { return this.#state; }
  /** The core's result for `state`, or null while there is no compute function yet. */
  get result() { return this.#result; }
  /** What Reset restores (read-only). */
  get baseline() { return this.#baseline; }
  /** Where the example came from: { kind: 'link'|'config'|'json'|'preset', presetName: string|null }. */
  get source() { return this.#source; }
  /** Counts committed changes: a view that missed events compares it with the one it painted. */
  get version() { return this.#version; }
  /** True once a compute function verifies states. */
  get computing() { return this.#compute !== null; }

  /**
   * Calls listener({ reason, state, result, notes, model }) after every committed change, in
   * subscription order, synchronously. Returns the function that unsubscribes it.
   */
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  // ---- where the example comes from ----

  /**
   * Resolves the example from all its sources, best first: a link's payload, the config
   * property's value (`hasConfig`), a JSON child's text, the preset name (null: cat-sat). A
   * source that does not read, or that the core refuses, is explained in `notes` and the next
   * one is tried; the default preset always works. A link is restored exactly (the attributes
   * do not override it). Reason 'load'.
   * @param {{ link?: string|null, config?: any, hasConfig?: boolean, json?: string|null,
   *           preset?: string|null, attributes?: object }} sources
   */
  load({ link = null, config, hasConfig = config !== undefined, json = null, preset = null, attributes = NO_ATTRIBUTES }) {
    const chain = [];
    if (link !== null) chain.push({ kind: 'link', value: link });
    if (hasConfig) chain.push({ kind: 'config', value: config });
    if (json !== null) chain.push({ kind: 'json', value: json });
    chain.push({ kind: 'preset', value: preset });
    this.#attributes = { ...NO_ATTRIBUTES, ...attributes };
    return this.#resolve(chain, 'load', true);
  }

  /** The core arrived (or changed): the example is resolved again, verified. Reason 'load'. */
  setCompute(compute) {
    this.#compute = compute;
    return this.#resolve(this.#chain, 'load', true);
  }

  /** The preset attribute changed: it wins over config, JSON child and link. Reason 'preset'. */
  setPreset(name, attributes = this.#attributes) {
    return this.#sourceChanged({ kind: 'preset', value: name }, 'preset', attributes);
  }

  /** The config property was set (a config object or a "1.…" payload): it wins now. Reason 'config'. */
  setConfig(value, attributes = this.#attributes) {
    return this.#sourceChanged({ kind: 'config', value }, 'config', attributes);
  }

  /** A link followed on the open page: restored exactly, or refused with what is on screen kept. Reason 'load'. */
  followLink(payload) {
    return this.#resolve([{ kind: 'link', value: payload }, ...this.#chain], 'load', false);
  }

  /**
   * The four override attributes as text (null = absent), all of them each time: only the
   * ones that differ from last time are applied, to the state and to what Reset restores.
   * Absent means the example's own value. Nothing changed, or only refusals: no event.
   * Reason 'attribute'.
   */
  setAttributes(attributes) {
    const next = { ...NO_ATTRIBUTES, ...attributes };
    const changed = FLAGS.filter((name) => next[name] !== this.#attributes[name]);
    this.#attributes = next;
    if (changed.length === 0) return { ok: true, state: this.#state, notes: [] };
    const candidate = cloneState(this.#state);
    const baseline = cloneState(this.#baseline);
    const notes = [];
    for (const name of changed) {
      const read = readFlag(name, next[name], this.#own, candidate[name], candidate.tokens);
      if (read.message) notes.push(attributeNote(read));
      candidate[name] = read.value;
      baseline[name] = readFlag(name, next[name], this.#own, baseline[name], baseline.tokens).value;
    }
    if (sameState(candidate, this.#state)) {
      this.#baseline = baseline;
      return notes.length ? { ok: false, ...notes[0], notes: notes.slice(1) } : { ok: true, state: this.#state, notes };
    }
    return this.#commit(candidate, 'attribute', notes, { baseline });
  }

  // ---- the learner's edits ----

  /** A typed cell: matrix 'embeddings' | 'wq' | 'wk' | 'wv', row r, column c. Reason 'edit'. */
  edit(matrix, r, c, x) {
    const m = MATRICES.includes(matrix) ? this.#state[matrix] : null;
    if (!m || !Number.isInteger(r) || !Number.isInteger(c) || !m[r] || !(c >= 0 && c < m[r].length))
      return refusal('bad_edit', `there is no cell ${quote(matrix, 20)} row ${quote(r)}, column ${quote(c)}`);
    if (typeof x !== 'number' || !Number.isFinite(x)) return refusal('bad_edit', 'a cell takes a finite number');
    const next = cloneState(this.#state);
    next[matrix][r][c] = x;
    return this.#commit(next, 'edit');
  }

  /** A switch or the slider: field 'causal' | 'scaled' | 'temperature'. Reason 'switch'. */
  setSwitch(field, value) {
    if (!SWITCHES.includes(field)) return refusal('bad_edit', `there is no switch ${quote(field, 20)}`);
    const next = cloneState(this.#state);
    next[field] = value;
    return this.#commit(next, 'switch');
  }

  /** The token whose row is written out: a 0-based index. Reason 'asker'. */
  setAsker(index) {
    const next = cloneState(this.#state);
    next.asker = index;
    return this.#commit(next, 'asker');
  }

  /**
   * A value arrow dragged: v_j goes to `target` ([x, y], the first two value numbers) by the
   * smallest change to W_V, ΔW_V = Δv x_jᵀ / |x_j|² (see drag.js). Reason 'drag'.
   */
  drag(j, target) {
    const values = this.#result?.values;
    const x = this.#state.embeddings[j];
    if (!values || !x) return refusal('bad_edit', 'there is no value to move yet');
    const wv = moveValue(this.#state.wv, x, values[j], target);
    if (!wv) return refusal('zero_embedding', said('model.zeroEmbedding', { token: this.#state.tokens[j] }));
    const next = cloneState(this.#state);
    next.wv = wv;
    return this.#commit(next, 'drag');
  }

  /** Back to the baseline: the example with the attributes as they are now. Reason 'reset'. */
  reset() {
    return this.#commit(cloneState(this.#baseline), 'reset');
  }

  /**
   * Any whole next state, for modules that drive the example (a guided step: 'step'; training:
   * 'train'). The model keeps `next` as it is (no copy: do not change it afterwards).
   * The core must accept it and the asker must be a token index; else nothing changes.
   */
  propose(next, reason) {
    return this.#commit(next, reason);
  }

  // ---- the one place a state is committed ----

  // A later source change (preset, config): it is tried alone. Refused: the last good example
  // stays, and attribute changes that came with it still apply on their own.
  #sourceChanged(source, reason, attributes) {
    const previous = this.#attributes;
    this.#attributes = { ...NO_ATTRIBUTES, ...attributes };
    const outcome = this.#resolve([source, ...this.#chain], reason, false);
    if (outcome.ok) return outcome;
    this.#attributes = previous;
    const applied = this.setAttributes(attributes);
    const notes = [...outcome.notes, ...applied.notes, ...(applied.ok ? [] : [pick(applied)])];
    return { ...outcome, notes };
  }

  // Tries the chain's sources in order (only the first unless `fallback`); the first that
  // reads and the core accepts becomes the example, its baseline and its own values.
  #resolve(chain, reason, fallback) {
    const notes = [];
    for (const source of fallback ? [...chain, DEFAULT_SOURCE] : chain.slice(0, 1)) {
      let own;
      try {
        own = readSource(source);
      } catch (err) {
        notes.push(problem(source.kind === 'link' ? 'bad_link' : 'bad_config', sourceMessage(source.kind, err)));
        continue;
      }
      const { candidate, notes: flagNotes } = this.#withAttributes(own, source.kind === 'link' ? [] : FLAGS);
      const outcome = this.#commit(candidate, reason, [...notes, ...flagNotes], {
        baseline: cloneState(candidate), own,
        // Resolving again (a new core) starts from the same sources; a later change goes first.
        chain: fallback ? chain : [source, ...chain.slice(1).filter((s) => s.kind !== source.kind)],
        source: { kind: source.kind, presetName: source.kind === 'preset' ? source.value ?? DEFAULT_SOURCE.value : null },
      });
      if (outcome.ok) return outcome;
      notes.push(problem(outcome.code, sourceMessage(source.kind, outcome)));
    }
    // Nothing could be used (only when not falling back): everything stays as it was.
    const last = notes.pop();
    return { ok: false, ...last, notes };
  }

  // The example's own state with the present attributes applied (a link: none), and their notes.
  #withAttributes(own, names) {
    const candidate = cloneState(own);
    const notes = [];
    for (const name of names) {
      if (this.#attributes[name] === null) continue;
      const read = readFlag(name, this.#attributes[name], own, candidate[name], candidate.tokens);
      if (read.message) notes.push(attributeNote(read));
      candidate[name] = read.value;
    }
    return { candidate, notes };
  }

  // Verifies `candidate` with the core (when there is one) and makes it the state, with the
  // extras (baseline, own, chain, source) that go with it; then notifies. All or nothing.
  // A change that changes nothing fires nothing: a candidate equal by value to the verified
  // state on screen is not committed again (no event, no new version), though the extras it
  // brings are kept (config = state makes the state on screen the example Reset restores).
  // So a page that writes a widget's own state back (config = state in its change handler, or
  // two widgets synced both ways) hears one event, not an endless ping-pong.
  #commit(candidate, reason, notes = [], extras = {}) {
    const problem = checkTokens(candidate);
    if (problem) return refusal('bad_state', problem, notes);
    if (this.#result && sameState(candidate, this.#state)) {
      this.#keep(extras);
      return { ok: true, state: this.#state, notes };
    }
    let result = null;
    if (this.#compute) {
      try {
        result = this.#compute(candidate);
      } catch (err) {
        return refusal(err?.code ?? 'refused', err?.message ?? String(err), notes);
      }
    }
    this.#state = candidate;
    this.#result = result;
    this.#keep(extras);
    this.#version += 1;
    if (result) this.#notify({ reason, state: candidate, result, notes, model: this });
    return { ok: true, state: candidate, notes };
  }

  #keep({ baseline, own, chain, source }) {
    if (baseline) this.#baseline = baseline;
    if (own) this.#own = own;
    if (chain) this.#chain = chain;
    if (source) this.#source = source;
  }

  #notify(event) {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (err) {
        // One broken view must not stop the others: report it like an uncaught error.
        (globalThis.reportError ?? ((e) => queueMicrotask(() => { throw e; })))(err);
      }
    }
  }
}

// message: text (the core's own words, and the API's misuse: English), or a message to say.
function refusal(code, message, notes = []) {
  return typeof message === 'function' ? { ok: false, ...problem(code, message), notes } : { ok: false, code, message, notes };
}

const attributeNote = ({ message, say }) => ({ code: 'bad_attribute', message, say });

function pick({ code, message, say }) {
  return say ? { code, message, say } : { code, message };
}

// What the core cannot check: the tokens and the asker (it sees only the numbers).
function checkTokens(state) {
  const n = Array.isArray(state.tokens) ? state.tokens.length : 0;
  if (!Array.isArray(state.embeddings) || state.embeddings.length !== n)
    return said('config.rows', { tokens: n, rows: String(state.embeddings?.length) });
  if (!Number.isInteger(state.asker) || state.asker < 0 || state.asker >= n)
    return said('config.askerIndex', { asker: quote(state.asker, 20), last: n - 1 });
  return null;
}
