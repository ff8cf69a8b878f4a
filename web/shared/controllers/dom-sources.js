// What an element's DOM says about its example, as plain text for its model (the rules are the
// model's: web/model/sources.js): the link payload for it in the page's #fragment, a JSON child
// <script type="application/json">, the `config` property, the preset attribute, and the
// attributes that override the example's own values. Changes are batched: every change marked
// before a microtask passes reaches `apply` as one call, so setting four attributes recomputes
// once. Nothing flows before the element first connects; the first call carries every source.
import { linkPayload } from '../link.js';

/**
 * A controller the element adds to itself (ElementBase.addController).
 * @param {HTMLElement} host the element
 * @param {{ attributes: string[], apply: (change: { first: boolean, dirty: Set<string>, sources: object }) => void,
 *   link?: () => string | null }} options attributes: the names that override the example's own values;
 *   apply: makes the model's transition; link: the payload the page's link carries for the element
 */
export function readDomSources(host, { attributes, apply, link = () => linkPayload(host) }) {
  let config = { value: undefined, set: false }; // the config property, as last set
  let dirty = new Set();
  let scheduled = false;
  let started = false;
  let loaded = false;

  // Every source, as the model's load() takes them (`link` read only for a load: finding an
  // element's key may walk the page).
  const read = (withLink) => ({
    link: withLink ? link() : null, config: config.value, hasConfig: config.set,
    json: host.querySelector(':scope > script[type="application/json"]')?.textContent ?? null,
    preset: host.getAttribute('preset'),
    attributes: Object.fromEntries(attributes.map((name) => [name, host.getAttribute(name)])),
  });

  const flush = () => {
    scheduled = false;
    if (!started) return;
    const changed = dirty;
    dirty = new Set();
    const first = !loaded;
    loaded = true;
    apply({ first, dirty: changed, sources: read(first) });
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(flush);
  };

  /** Notes that `name` changed ('config', 'preset' or an attribute) and schedules a flush. */
  const mark = (name) => {
    dirty.add(name);
    schedule();
  };

  const controller = {
    /** Whether the element has connected once (changes flow from then on). */
    get started() { return started; },
    /** Whether the first flush (every source at once) has run. */
    get loaded() { return loaded; },
    mark,
    /** The config property was set: it goes to the model with the next flush. */
    setConfig(value) {
      config = { value, set: true };
      mark('config');
    },
    hostConnected() {
      // A `config` set before the element was upgraded lives on the instance: route it through the setter.
      if (Object.hasOwn(host, 'config')) {
        const value = host.config;
        delete host.config;
        host.config = value;
      }
      if (started) return;
      started = true;
      schedule();
    },
  };
  host.addController(controller);
  return controller;
}
