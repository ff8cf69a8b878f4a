// The custom-elements manifest (custom-elements.json) is generated from the element
// classes' JSDoc tags (@attr, @prop, @fires, @csspart, @cssprop) by
// @custom-elements-manifest/analyzer: `node scripts/build-types.mjs`. Every element class
// is a file of web/elements/ (the glob below finds a new one).

// The analyzer also guesses events from every dispatchEvent(new X(...)) and members from
// every assignment; the documented API is what the JSDoc tags say, so keep only that.
const documentedOnly = {
  name: 'documented-only',
  packageLinkPhase({ customElementsManifest }) {
    for (const mod of customElementsManifest.modules) {
      for (const d of mod.declarations ?? []) {
        if (!d.customElement) continue;
        d.events = (d.events ?? []).filter((e) => e.name?.startsWith('attention-') && e.description);
        d.members = (d.members ?? []).filter((m) => !m.name.startsWith('#') && m.privacy !== 'private'
          && (m.description || m.static));
      }
    }
  },
};

export default {
  globs: ['web/elements/*.js', 'web/shared/events.js'],
  plugins: [documentedOnly],
  packagejson: false, // package.json names custom-elements.json itself; the analyzer would rewrite it
};
