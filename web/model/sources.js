// Where an example comes from, read into a state: a share link's payload, a config
// value, a JSON child's text, a preset name, and the four attributes that override
// the example's own values. Pure: the element reads the DOM and hands the text here.
import { DEFAULT_PRESET, PRESETS, presetState } from './presets.js';
import { ConfigError, readConfig, readTemperature, resolveAsker } from './state.js';
import { decodeState, stateFromConfig } from './share.js';
import { parseBoolean } from '../shared/booleans.js';
import { quote } from '../shared/text.js';
import { notBoolean, said } from '../shared/i18n/say.js';

/** The attributes that override an example's own values, in the order they are applied. */
export const FLAGS = Object.freeze(['causal', 'scaled', 'temperature', 'asker']);

/** The preset a widget shows when nothing else says otherwise. */
export const DEFAULT_SOURCE = Object.freeze({ kind: 'preset', value: DEFAULT_PRESET });

/**
 * One source -> a full state. Throws ConfigError (or any error with a message) when it does not read.
 * kind: 'link' (a "1.…" payload), 'config' (the config property's value), 'json' (a JSON child's
 * text), 'preset' (a preset name, null for the default).
 */
export function readSource({ kind, value }) {
  if (kind === 'link') return decodeState(value);
  if (kind === 'config') return stateFromConfig(value);
  if (kind === 'json') return jsonState(value);
  return presetFrom(value);
}

/**
 * How a refused source is explained, as a message to say (../shared/i18n/say.js): the link and the
 * JSON child name themselves. `refusal`: a ConfigError (its say()), or the core's refusal, whose
 * words stay English (docs/architecture.md, Languages).
 */
export function sourceMessage(kind, { message, say, named }) {
  const inner = say ?? (() => String(message));
  const bare = () => inner().replace(/\.$/, '');
  if (kind === 'link') return said('source.link', { message: bare });
  if (kind === 'json' && !named) return said('source.json', { message: bare });
  return inner;
}

function presetFrom(name) {
  const key = name ?? DEFAULT_PRESET;
  const state = Object.hasOwn(PRESETS, key) ? presetState(key) : null;
  if (!state)
    throw new ConfigError(said('source.preset', { preset: quote(key, 40), presets: Object.keys(PRESETS).join(', ') }));
  return state;
}

function jsonState(text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    // The message names the JSON config itself: sourceMessage does not wrap it again.
    throw Object.assign(new ConfigError(said('source.notJson', { reason: err.message })), { named: true });
  }
  return readConfig(parsed);
}

/**
 * One attribute's text (null when absent) -> { value } to apply, or { value, message } when it
 * does not read. Absent means the example's own value (`own[name]`); a switch word it cannot
 * read also gives the example's own value; a temperature or asker it cannot read gives
 * `current` (what is on screen stays).
 */
export function readFlag(name, raw, own, current, tokens) {
  if (raw === null || raw === undefined) return { value: own[name] };
  if (name === 'causal' || name === 'scaled') {
    const { value, message } = parseBoolean(name, raw, own[name]);
    if (!message) return { value };
    const say = notBoolean(name, raw, own[name]);
    return { value, message: say(), say };
  }
  try {
    return { value: name === 'temperature' ? readTemperature(raw) : resolveAsker(raw, tokens) };
  } catch (err) {
    return { value: current, message: err.message, say: err.say };
  }
}

/**
 * The model's transition for what changed in an element's DOM sources (web/shared/controllers/
 * dom-sources.js reads them): the first change resolves every source (load); a later one applies
 * the source that changed (config, then preset), else the override attributes. `sources`:
 * { link, config, hasConfig, json, preset, attributes }. Returns the model's outcome.
 */
export function applySources(model, { first, dirty, sources }) {
  if (first) return model.load(sources);
  if (dirty.has('config')) return model.setConfig(sources.config, sources.attributes);
  if (dirty.has('preset')) return model.setPreset(sources.preset, sources.attributes);
  return model.setAttributes(sources.attributes);
}
