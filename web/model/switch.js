// A widget's model, switchable: the widget's own example model, or the shared one of the
// <attention-example> its `example` attribute names. The widget keeps talking to one
// object; which model answers can change while it lives (the example appears later, is
// removed, is put back).
//
// Routing: the methods that feed a widget's own DOM sources into a model (load, setCompute,
// setPreset, setConfig, setAttributes, followLink) always go to the widget's own model, so
// a view never overwrites the shared example with its own attributes, and never makes it
// resolve its sources again. Everything else (state, result, version, edit, setSwitch,
// setAsker, drag, reset, propose, subscribe, and whatever the model gains later) goes to the
// model in use. A Proxy forwards them, so no method list needs to be kept in step.
const OWN_ONLY = new Set(['load', 'setCompute', 'setPreset', 'setConfig', 'setAttributes', 'followLink']);

/**
 * @param {object} own the widget's own example model
 * @returns {object} the model to use, with two extras: use(model | null) and `shared` (the model in use, if not own)
 */
export function createModelSwitch(own) {
  let current = own;
  const listeners = new Set();
  // The widget's own compute, held while a shared example is in use: its own example is not on
  // screen, so checking it would be one more attend() per figure for nothing. Handed to the own
  // model when it is in use again (the example is removed).
  let held = null;
  // The switch listens to the model in use only while a view listens to the switch: a view
  // subscribes as it connects and unsubscribes as it disconnects, so a removed figure leaves
  // nothing in an example that stays on the page.
  let unsubscribe = null;

  function relay(event) {
    for (const listener of [...listeners]) listener(event);
  }

  function listen(on) {
    if (on && !unsubscribe) unsubscribe = current.subscribe((event) => relay(event));
    if (!on && unsubscribe) {
      unsubscribe();
      unsubscribe = null;
    }
  }

  // Subscribers follow the switch: they hear the model in use, and, when it changes, one
  // 'load' event for the new one if it has numbers (so every view repaints at once).
  function use(model) {
    const next = model ?? own;
    if (next === current) return;
    const listening = unsubscribe !== null;
    listen(false);
    current = next;
    if (current === own && held) own.setCompute(held); // before listening: the one 'load' below tells
    held = null;
    listen(listening);
    if (current.result) relay({ reason: 'load', state: current.state, result: current.result, notes: [], model: current });
  }

  function subscribe(listener) {
    listeners.add(listener);
    listen(true);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) listen(false);
    };
  }

  // The outcome while held: nothing to report yet (the own model reports when it computes).
  function setCompute(compute) {
    if (current !== own) {
      held = compute;
      return { ok: true, notes: [] };
    }
    return own.setCompute(compute);
  }

  const extras = { use, subscribe, setCompute };
  return new Proxy(own, {
    get(_, prop) {
      if (prop === 'shared') return current === own ? null : current;
      if (Object.hasOwn(extras, prop)) return extras[prop];
      const target = typeof prop === 'string' && OWN_ONLY.has(prop) ? own : current;
      const value = Reflect.get(target, prop, target);
      // Methods run on the real model (its private fields are not on the proxy).
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
