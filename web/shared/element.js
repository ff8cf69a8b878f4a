// The one element convention (see docs/architecture.md): every element class extends
// ElementBase, so its module can be imported where there is no DOM (server-side rendering,
// node tests, bundlers), and registers itself through defineElement(). What several elements
// do alike is a controller each adds to itself (./controllers/, in the style of Lit's reactive
// controllers): an object with hostConnected() and hostDisconnected(), told as the element is
// connected and disconnected, that owns its own listeners.
//
// An upgrade builds nothing. The module that defines the elements upgrades every one on the page
// in one task, and on a chapter page of fifty elements that task was long on a phone. So an
// element's constructor makes only what must show at once (a box holding its room); the rest is
// its setUp(), run in a task of its own after it first connects, or at once when a public member
// needs it (build()). Until then ElementBase holds back the lifecycle: on build it replays the
// element's attributes, as an upgrade does, and then connects it. An element without a setUp()
// builds as it connects.

/** HTMLElement where there is one, else an empty class: importing never throws. */
const Base = globalThis.HTMLElement ?? class {};

export class ElementBase extends Base {
  #controllers = new Set();
  #connection = null; // AbortController of the current connection
  #built = false;
  #connectedOnce = false;

  // An element's hooks, each called once built: setUp() (optional) once; connected(first) on each
  // connect (first: the first since it was built); disconnected(); attributeChanged(name, old, new)
  // for a change of an observed attribute to a new value.
  connected() {}
  disconnected() {}
  attributeChanged() {}

  // Adds a controller ({ hostConnected?(), hostDisconnected?() }); added while connected, it is
  // connected at once (an element's own controllers are added as it is built, before it connects).
  addController(controller) {
    this.#controllers.add(controller);
    if (this.#connection) controller.hostConnected?.();
  }

  // Aborts when the element is disconnected: a listener added with it goes then (null while disconnected).
  get connectionSignal() {
    return this.#connection?.signal ?? null;
  }

  /** Builds the element now if it is not built yet: what a public member calls before it reads the element. */
  build() {
    if (this.#built) return;
    this.#setUp();
    if (this.isConnected) this.connectedCallback();
  }

  // The element's setUp(), then its attributes as an upgrade gives them: each one it observes.
  #setUp() {
    this.#built = true;
    this.setUp?.();
    const observed = this.constructor.observedAttributes ?? [];
    for (const { name, value } of [...(this.attributes ?? [])])
      if (observed.includes(name)) this.attributeChanged(name, null, value);
  }

  connectedCallback() {
    if (!this.#built) {
      // Built in a task of its own (the element may have gone, or been built, by then).
      if (this.setUp) return void setTimeout(() => this.isConnected && this.build(), 0);
      this.#setUp();
    }
    this.#connection?.abort();
    this.#connection = new AbortController();
    for (const controller of this.#controllers) controller.hostConnected?.();
    const first = !this.#connectedOnce;
    this.#connectedOnce = true;
    this.connected(first);
  }

  disconnectedCallback() {
    if (!this.#built) return;
    for (const controller of this.#controllers) controller.hostDisconnected?.();
    this.#connection?.abort();
    this.#connection = null;
    this.disconnected();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (this.#built && oldValue !== newValue) this.attributeChanged(name, oldValue, newValue);
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
