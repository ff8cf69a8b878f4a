// The one element convention (see docs/architecture.md): every element class extends
// ElementBase, so its module can be imported where there is no DOM (server-side rendering,
// node tests, bundlers), and registers itself through defineElement(). What several elements
// do alike is a controller each adds to itself (./controllers/, in the style of Lit's reactive
// controllers): an object with hostConnected() and hostDisconnected(), told as the element is
// connected and disconnected, that owns its own listeners.

/** HTMLElement where there is one, else an empty class: importing never throws. */
const Base = globalThis.HTMLElement ?? class {};

export class ElementBase extends Base {
  #controllers = new Set();
  #connection = null; // AbortController of the current connection

  // Adds a controller ({ hostConnected?(), hostDisconnected?() }); added while connected, it is
  // connected at once (an element's own controllers are added as it is made, before it connects).
  addController(controller) {
    this.#controllers.add(controller);
    if (this.#connection) controller.hostConnected?.();
  }

  // Aborts when the element is disconnected: a listener added with it goes then (null while disconnected).
  get connectionSignal() {
    return this.#connection?.signal ?? null;
  }

  // An element that overrides these calls super.connectedCallback() / super.disconnectedCallback() first.
  connectedCallback() {
    this.#connection?.abort();
    this.#connection = new AbortController();
    for (const controller of this.#controllers) controller.hostConnected?.();
  }

  disconnectedCallback() {
    for (const controller of this.#controllers) controller.hostDisconnected?.();
    this.#connection?.abort();
    this.#connection = null;
  }
}

/**
 * Registers `cls` as `tag` in `registry` and returns the class registered under that tag.
 * No registry (node): a no-op returning `cls`. Already registered: returns what is there.
 * A class can be registered under one name only, so a second name gets a subclass.
 */
export function defineElement(cls, tag, registry = globalThis.customElements) {
  if (!registry) return cls;
  const existing = registry.get(tag);
  if (existing) return existing;
  try {
    registry.define(tag, cls);
  } catch (err) {
    if (err?.name !== 'NotSupportedError') throw err;
    registry.define(tag, class extends cls {});
  }
  return registry.get(tag);
}
