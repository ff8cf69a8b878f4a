// The one element convention (see docs/architecture.md): every element class extends
// ElementBase, so its module can be imported where there is no DOM (server-side rendering,
// node tests, bundlers), and registers itself through defineElement().

/** HTMLElement where there is one, else an empty class: importing never throws. */
export const ElementBase = globalThis.HTMLElement ?? class {};

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
