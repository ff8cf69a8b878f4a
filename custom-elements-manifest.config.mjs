// The custom-elements manifest (custom-elements.json) is generated from the element
// classes' JSDoc tags (@attr, @prop, @fires, @csspart, @cssprop) by
// @custom-elements-manifest/analyzer: `node scripts/build-types.mjs`. Every element class
// is a file of web/elements/ (the glob below finds a new one).

import { PRESETS } from './web/model/presets.js';

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

// The `preset` attribute's type is every preset web/model/presets.js defines (its @attr tag says
// {string}), so a new preset is typed for every framework (scripts/build-types.mjs) at once.
const presetNames = {
  name: 'preset-names',
  packageLinkPhase({ customElementsManifest }) {
    const union = Object.keys(PRESETS).map((name) => `'${name}'`).join('|');
    for (const mod of customElementsManifest.modules) {
      for (const d of mod.declarations ?? []) {
        for (const a of d.customElement ? d.attributes ?? [] : []) if (a.name === 'preset') a.type = { text: union };
      }
    }
  },
};

export default {
  globs: ['web/elements/*.js', 'web/shared/events.js'],
  plugins: [documentedOnly, presetNames],
  packagejson: false, // package.json names custom-elements.json itself; the analyzer would rewrite it
};
