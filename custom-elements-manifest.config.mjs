// The custom-elements manifest (custom-elements.json) is generated from the element
// classes' JSDoc tags (@attr, @prop, @fires, @csspart, @cssprop) by
// @custom-elements-manifest/analyzer: `node scripts/build-types.mjs`. Every element class
// is a file of web/elements/ (the glob below finds a new one).

import { readFileSync } from 'node:fs';
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

// Event classes extend `globalThis.Event ?? class {}` (importable without a DOM), which the analyzer
// cannot name; the schema needs a name: it is the platform's Event.
const eventSuperclass = {
  name: 'event-superclass',
  packageLinkPhase({ customElementsManifest }) {
    for (const mod of customElementsManifest.modules) {
      for (const d of mod.declarations ?? []) {
        if (d.kind !== 'class' || !d.superclass || d.superclass.name) continue;
        if (!d.name.endsWith('Event')) throw new Error(`${mod.path}: ${d.name} extends an expression the manifest cannot name`);
        d.superclass = { name: 'Event', package: 'global:' };
      }
    }
  },
};

// The theme tokens (web/shared/tokens.css) are one sheet every element but <attention-if> adopts, so
// each such element reads every shared --aw-* property: these are listed on each of them, with the
// light default the sheet gives. Each lab's older names (--aw-scale-fg, ...) stay on that lab, with
// the sheet's default and the shared name that wins over them. A new token needs a line here.
const SHARED_TOKENS = {
  '--aw-bg': 'Background.',
  '--aw-fg': 'Text.',
  '--aw-muted': 'Secondary text.',
  '--aw-panel': 'Panel and control surfaces.',
  '--aw-border': 'Borders.',
  '--aw-focus': 'Focus ring and switches.',
  '--aw-error': 'Messages.',
  '--aw-alert-bg': "Messages' background.",
  '--aw-note-bg': "Notes' background.",
  '--aw-accent': "The labs' controls (the chapter's violet).",
  '--aw-grid': "Plots' grid lines.",
  '--aw-font': 'Font family.',
};
const TOKENS_CSS = readFileSync(new URL('./web/shared/tokens.css', import.meta.url), 'utf8');

// { name -> { fallback, first } } for each chain `--_x: var(--aw-a, var(--aw-b, DEFAULT))` of tokens.css:
// its light default and the name first in the chain (the one that wins).
function tokenChains(css) {
  const chains = new Map();
  for (const [, expr] of css.matchAll(/--_[a-z0-9-]+:\s*([^;]*var\(--aw-[^;]*);/g)) {
    const names = [...expr.matchAll(/var\((--aw-[a-z0-9-]+)/g)].map(([, name]) => name);
    const fallback = expr.replace(/var\(--aw-[a-z0-9-]+,\s*/g, '').replace(/\)+\s*$/, '').trim();
    for (const name of names) chains.set(name, { fallback, first: names[0] });
  }
  return chains;
}

const sharedTokens = {
  name: 'shared-tokens',
  packageLinkPhase({ customElementsManifest }) {
    const chains = tokenChains(TOKENS_CSS);
    for (const name of Object.keys(SHARED_TOKENS)) if (!chains.has(name)) throw new Error(`tokens.css reads no ${name}`);
    for (const mod of customElementsManifest.modules) {
      const adopts = readFileSync(new URL(mod.path, new URL('./', import.meta.url)), 'utf8').includes('tokens.css.js');
      for (const d of mod.declarations ?? []) {
        if (!d.customElement || !adopts) continue;
        const listed = d.cssProperties ?? [];
        const missing = Object.entries(SHARED_TOKENS).filter(([name]) => !listed.some((p) => p.name === name))
          .map(([name, description]) => ({ name, description }));
        d.cssProperties = [...listed, ...missing].map((p) => {
          const chain = chains.get(p.name);
          if (!chain) return p;
          const older = chain.first !== p.name ? ` (an older name: ${chain.first} wins when both are set)` : '';
          return { ...p, description: `${p.description.replace(/\s*\(an older name: [^)]*\)$/, '')}${older}`, default: chain.fallback };
        });
      }
    }
  },
};

export default {
  globs: ['web/elements/*.js', 'web/shared/events.js'],
  plugins: [documentedOnly, presetNames, eventSuperclass, sharedTokens],
  packagejson: false, // package.json names custom-elements.json itself; the analyzer would rewrite it
};
