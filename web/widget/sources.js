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
