// Where the widget's example comes from, and how attributes override it.
// Example: the `config` property if set, else a JSON child
// <script type="application/json">, else the `preset` attribute (default cat-sat).
// Attributes causal, scaled, temperature and asker then override the example's own values;
// causal and scaled read the shared boolean words (../shared/booleans.js).
import { DEFAULT_PRESET, PRESETS, presetState } from './presets.js';
import { ConfigError, readConfig, readTemperature, resolveAsker } from './state.js';
import { parseBoolean } from '../shared/booleans.js';

export function presetFrom(name) {
  const key = name ?? DEFAULT_PRESET;
  const state = presetState(key);
  if (!state)
    throw new ConfigError(`preset ${JSON.stringify(String(key).slice(0, 40))} is unknown; `
      + `use one of ${Object.keys(PRESETS).join(', ')}`);
  return state;
}

export function jsonChildFrom(host) {
  const script = host.querySelector(':scope > script[type="application/json"]');
  if (!script) return null;
  let parsed;
  try {
    parsed = JSON.parse(script.textContent);
  } catch (err) {
    throw new ConfigError(`the JSON config inside the widget is not valid JSON (${err.message})`);
  }
  return readConfig(parsed);
}

/**
 * Applies attribute values to a state. `names`: which attributes to apply;
 * `removedMeansDefault`: an absent attribute resets to its default (after a
 * removal) rather than leaving the example's value (on first load).
 * Returns the attributes that could not be applied, as { code: 'bad_attribute', message }.
 */
export function applyAttributes(host, state, names, { removedMeansDefault, defaultAsker }) {
  const errors = [];
  for (const name of names) {
    const value = host.getAttribute(name);
    if (value === null && !removedMeansDefault) continue;
    try {
      if (name === 'causal' || name === 'scaled') {
        const parsed = value === null ? { value: false } : parseBoolean(name, value, state[name]);
        state[name] = parsed.value;
        if (parsed.message) errors.push({ code: 'bad_attribute', message: parsed.message });
      } else if (name === 'temperature') state.temperature = value === null ? 1 : readTemperature(value);
      else if (name === 'asker') state.asker = value === null ? defaultAsker : resolveAsker(value, state.tokens);
    } catch (err) {
      errors.push({ code: 'bad_attribute', message: err.message });
    }
  }
  return errors;
}
