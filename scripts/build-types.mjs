// Regenerates the element API files from the element classes' JSDoc tags:
//   custom-elements.json   by @custom-elements-manifest/analyzer (custom-elements-manifest.config.mjs)
//   web/react.d.ts         JSX types for React: every element, attribute, settable property and event
//   web/preact.d.ts        the same for Preact
//   web/solid.d.ts         the same for Solid (properties as prop:name, events as on:name)
// All are committed (a fresh clone and the package have them); tests/package/types.test.mjs
// fails when they are stale. Run after changing an element's tags: node scripts/build-types.mjs
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each element's package entry: its .d.ts exports every type the element's tags name. */
export const ENTRIES = {
  'attention-widget': './attention-widget.js',
  'attention-scale': './attention-scale.js',
  'attention-heads': './attention-heads.js',
  'attention-example': './attention-widget.js',
  'attention-value': './attention-widget.js',
};

/** Runs the analyzer into `outdir` (relative to the repo: the analyzer joins even absolute ones) and returns the manifest. */
export async function analyze(outdir = '.') {
  await promisify(execFile)(join(ROOT, 'node_modules/.bin/custom-elements-manifest'),
    ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', outdir], { cwd: ROOT });
  return JSON.parse(await readFile(join(resolve(ROOT, outdir), 'custom-elements.json'), 'utf8'));
}

/** The custom elements of a manifest: [{ tagName, name, attributes, members, events, ... }]. */
export function elementsOf(manifest) {
  return manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement);
}

const camel = (s) => s.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const pascal = (s) => camel(s).replace(/^./, (c) => c.toUpperCase());

// A type from a tag ("WidgetConfig", "'a'|'b'") with the entry's names qualified: M.WidgetConfig.
const qualify = (text, ns) => text.replace(/\b([A-Z]\w*)\b/g, `${ns}.$1`);

// What differs between the JSX flavours: the module augmented, its base props for an element, how
// a property is named, and where events go: an `onname` prop per element, or Solid's one
// JSX.CustomEvents table that its `on:name` props read.
const ownProp = (name) => name;
export const FLAVOURS = {
  react: { title: 'React (19)', imports: "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
    base: (cls) => `DetailedHTMLProps<HTMLAttributes<${cls}>, ${cls}>`, property: ownProp },
  preact: { title: 'Preact (10)', imports: "import type { JSX } from 'preact';", base: (cls) => `JSX.HTMLAttributes<${cls}>`,
    property: ownProp },
  solid: { title: 'Solid (1.9)', imports: "import type { JSX } from 'solid-js';", base: (cls) => `JSX.HTMLAttributes<${cls}>`,
    property: (name) => `'prop:${name}'`, customEvents: true },
};

/** web/<flavour>.d.ts for a manifest: 'react', 'preact' or 'solid'. */
export function jsxTypes(manifest, flavour = 'react') {
  const { title, imports, base, property, customEvents } = FLAVOURS[flavour];
  const lines = [
    `// JSX types for ${title} for every element of this package. Generated from custom-elements.json`,
    '// by scripts/build-types.mjs: edit the JSDoc tags in the element classes, not this file.',
    `// Use: import type {} from 'attention-widget/${flavour}';  (once, anywhere in the program)`,
    imports,
  ];
  const bodies = [];
  const intrinsic = [];
  const events = new Map(); // Solid: event name -> its type, for JSX.CustomEvents
  for (const el of elementsOf(manifest)) {
    const entry = ENTRIES[el.tagName];
    if (!entry) throw new Error(`build-types: no entry module listed for <${el.tagName}> in ENTRIES`);
    const ns = pascal(el.tagName);
    lines.push(`import type * as ${ns} from '${entry}';`);
    const props = [];
    for (const a of el.attributes ?? []) {
      const type = a.type?.text ?? 'string';
      // Attributes arrive as strings in markup; React passes numbers and booleans through.
      const jsx = type === 'boolean' ? 'boolean | string' : type === 'number' ? 'number | string' : qualify(type, ns);
      props.push(`  /** ${a.description ?? ''} */\n  '${a.name}'?: ${jsx};`);
    }
    for (const m of el.members ?? []) {
      if (m.kind !== 'field' || m.readonly || m.static) continue;
      props.push(`  /** ${m.description ?? ''} (a property) */\n  ${property(m.name)}?: ${qualify(m.type?.text ?? 'unknown', ns)};`);
    }
    for (const e of el.events ?? []) {
      const type = qualify(e.type?.text ?? 'Event', ns);
      if (customEvents) {
        if (!events.has(e.name)) events.set(e.name, `      /** ${e.description ?? ''} */\n      '${e.name}': ${type};`);
      } else props.push(`  /** ${e.description ?? ''} */\n  'on${e.name}'?: (event: ${type}) => void;`);
    }
    bodies.push(`/** <${el.tagName}>: ${(el.description ?? '').replace(/\s+/g, ' ')} */`,
      `export interface ${ns}Props extends ${base(`${ns}.${el.name}`)} {`,
      ...props, '}', '');
    intrinsic.push(`      '${el.tagName}': ${ns}Props;`);
  }
  const module = flavour === 'solid' ? 'solid-js' : flavour;
  const eventTable = customEvents ? ['    interface CustomEvents {', ...events.values(), '    }'] : [];
  return [...lines, '', ...bodies,
    `declare module '${module}' {`, '  namespace JSX {', '    interface IntrinsicElements {', ...intrinsic,
    '    }', ...eventTable, '  }', '}', ''].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = await analyze();
  for (const flavour of Object.keys(FLAVOURS)) await writeFile(join(ROOT, `web/${flavour}.d.ts`), jsxTypes(manifest, flavour));
  console.log(`build-types: custom-elements.json, ${Object.keys(FLAVOURS).map((f) => `web/${f}.d.ts`).join(', ')} for ${elementsOf(manifest).map((e) => `<${e.tagName}>`).join(', ')}`);
}
