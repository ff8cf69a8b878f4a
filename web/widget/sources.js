// What the widget's DOM says about its example, as plain text for the example model
// (web/model/): the link payload for this widget in the page's #fragment, a JSON child
// <script type="application/json">, the preset attribute, and the four attributes that
// override the example's own values. Reading only: the rules are the model's.
import { FLAGS } from '../model/sources.js';
import { linkPayload } from './share.js';

/** { causal, scaled, temperature, asker }: each attribute's text, null when absent. */
export function readAttributes(host) {
  return Object.fromEntries(FLAGS.map((name) => [name, host.getAttribute(name)]));
}

/** The JSON child's text, or null when there is none. */
export function jsonChildText(host) {
  return host.querySelector(':scope > script[type="application/json"]')?.textContent ?? null;
}

/** Every source at once, for the model's load(). `config` is the config property's value, if set. */
export function readSources(host, { config, hasConfig }) {
  return {
    link: linkPayload(host), config, hasConfig, json: jsonChildText(host),
    preset: host.getAttribute('preset'), attributes: readAttributes(host),
  };
}

/**
 * The model's transition for what changed in a host's DOM sources (shared by <attention-widget>
 * and <attention-example>): the first call resolves every source (load); later ones apply the
 * source that changed (config, then preset), else the override attributes. `link` replaces the
 * link payload readSources finds. Returns the model's outcome.
 */
export function applySources(host, model, { first, dirty, config, link }) {
  if (first) {
    const sources = readSources(host, { config: config.value, hasConfig: config.set });
    return model.load(link === undefined ? sources : { ...sources, link });
  }
  const attributes = readAttributes(host);
  if (dirty.has('config')) return model.setConfig(config.value, attributes);
  if (dirty.has('preset')) return model.setPreset(host.getAttribute('preset'), attributes);
  return model.setAttributes(attributes);
}

/**
 * A host's source changes, batched (shared by <attention-widget> and <attention-example>): every
 * change marked before a microtask passes reaches the model as one transition, so setting four
 * attributes recomputes once. Nothing flows before start(); the first flush loads every source.
 * `apply({ first, dirty })` makes the transition (applySources) and shows its outcome.
 */
export class SourceQueue {
  #apply;
  #dirty = new Set();
  #scheduled = false;
  #started = false;
  #loaded = false;

  constructor(apply) { this.#apply = apply; }

  /** Whether start() was called. */
  get started() { return this.#started; }
  /** Whether the first flush (the load of every source) has run. */
  get loaded() { return this.#loaded; }

  /** Notes that `name` changed ('config', 'preset' or an attribute) and schedules a flush. */
  mark(name) {
    this.#dirty.add(name);
    this.#schedule();
  }

  /** Lets changes flow, from a first load of every source; false if already started. */
  start() {
    if (this.#started) return false;
    this.#started = true;
    this.#schedule();
    return true;
  }

  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => this.#flush());
  }

  #flush() {
    this.#scheduled = false;
    if (!this.#started) return;
    const dirty = this.#dirty;
    this.#dirty = new Set();
    const first = !this.#loaded;
    this.#loaded = true;
    this.#apply({ first, dirty });
  }
}
