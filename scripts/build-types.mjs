// Regenerates the element API files from the element classes' JSDoc tags:
//   custom-elements.json   by @custom-elements-manifest/analyzer (custom-elements-manifest.config.mjs)
//   web/react.d.ts         JSX types for React: every element, attribute, settable property and event
//   web/preact.d.ts        the same for Preact
//   web/solid.d.ts         the same for Solid (properties as prop:name, events as on:name)
//   web/vue.d.ts           Vue 3 template types: each element in GlobalComponents, typed $props and $emit;
//                          and Vue's TSX (jsxImportSource "vue"): each tag in IntrinsicElementAttributes
//   web/svelte.d.ts        Svelte 5 (svelte-check): each tag in svelte/elements' SvelteHTMLElements
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
  'attention-if': './attention-widget.js',
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

// An element's API with the entry's type names qualified by `ns`: attributes as markup takes them,
// settable properties, and events ({ name, type, doc } each).
function apiOf(el, ns) {
  const attributes = (el.attributes ?? []).map((a) => {
    const type = a.type?.text ?? 'string';
    // Attributes arrive as strings in markup; frameworks pass numbers and booleans through.
    const markup = type === 'boolean' ? 'boolean | string' : type === 'number' ? 'number | string' : qualify(type, ns);
    return { name: a.name, type: markup, doc: a.description ?? '' };
  });
  const properties = (el.members ?? []).filter((m) => m.kind === 'field' && !m.readonly && !m.static)
    .map((m) => ({ name: m.name, type: qualify(m.type?.text ?? 'unknown', ns), doc: `${m.description ?? ''} (a property)` }));
  const events = (el.events ?? []).map((e) => ({ name: e.name, type: qualify(e.type?.text ?? 'Event', ns), doc: e.description ?? '' }));
  return { attributes, properties, events };
}

// Each element with its namespace (the pascal-cased tag) and the import line of its entry's types.
function elementsWithEntries(manifest) {
  return elementsOf(manifest).map((el) => {
    const entry = ENTRIES[el.tagName];
    if (!entry) throw new Error(`build-types: no entry module listed for <${el.tagName}> in ENTRIES`);
    const ns = pascal(el.tagName);
    return { el, ns, importLine: `import type * as ${ns} from '${entry}';`, api: apiOf(el, ns) };
  });
}

const member = (indent, { name, type, doc }, optional = true) => `${indent}/** ${doc} */\n${indent}${name}${optional ? '?' : ''}: ${type};`;
const summary = (el) => `/** <${el.tagName}>: ${(el.description ?? '').replace(/\s+/g, ' ')} */`;
const header = (title, flavour) => [
  `// ${title} for every element of this package. Generated from custom-elements.json`,
  '// by scripts/build-types.mjs: edit the JSDoc tags in the element classes, not this file.',
  `// Use: import type {} from 'attention-widget/${flavour}';  (once, anywhere in the program)`,
];

/** web/<flavour>.d.ts for a manifest: 'react', 'preact' or 'solid'. */
export function jsxTypes(manifest, flavour = 'react') {
  const { title, imports, base, property, customEvents } = FLAVOURS[flavour];
  const lines = [...header(`JSX types for ${title}`, flavour), imports];
  const bodies = [];
  const intrinsic = [];
  const events = new Map(); // Solid: event name -> its type, for JSX.CustomEvents
  for (const { el, ns, importLine, api } of elementsWithEntries(manifest)) {
    lines.push(importLine);
    const props = [...api.attributes.map((a) => member('  ', { ...a, name: `'${a.name}'` })),
      ...api.properties.map((p) => member('  ', { ...p, name: property(p.name) }))];
    for (const e of api.events) {
      if (customEvents) {
        if (!events.has(e.name)) events.set(e.name, member('      ', { ...e, name: `'${e.name}'` }, false));
      } else props.push(member('  ', { ...e, name: `'on${e.name}'`, type: `(event: ${e.type}) => void` }));
    }
    bodies.push(summary(el), `export interface ${ns}Props extends ${base(`${ns}.${el.name}`)} {`, ...props, '}', '');
    intrinsic.push(`      '${el.tagName}': ${ns}Props;`);
  }
  const module = flavour === 'solid' ? 'solid-js' : flavour;
  // React's entry is also web/react.js, the components for server-rendered apps (hand-written types).
  const components = flavour === 'react' ? ["export { AttentionWidget, AttentionExample, AttentionValue, AttentionIf, AttentionScale, "
    + "AttentionHeads } from './react-components.js';", ''] : [];
  const eventTable = customEvents ? ['    interface CustomEvents {', ...events.values(), '    }'] : [];
  return [...lines, '', ...components, ...bodies,
    `declare module '${module}' {`, '  namespace JSX {', '    interface IntrinsicElements {', ...intrinsic,
    '    }', ...eventTable, '  }', '}', ''].join('\n');
}

// Vue's documented way for custom elements not built with Vue ("Web Components" guide): a
// GlobalComponents entry whose instance type has a $props (what templates may bind: attributes,
// properties, Vue's own props) and a $emit (the events, so @name="..." handlers are typed).
const VUE_HELPER = `/** The instance type Vue's template checker reads for a custom element: its props and events. */
export type VueCustomElement<Host extends HTMLElement, Props, Events extends { [Name in keyof Events]: Event }> = new () => Host & {
  /** @deprecated For template type checking only: no such property exists on the element. */
  $props: Props & PublicProps;
  /** @deprecated For template type checking only: listen with @event-name in templates. */
  $emit: EmitFn<{ [Name in keyof Events]: (event: Events[Name]) => void }>;
};`;

// Vue's TSX reads a lowercase tag from JSX.IntrinsicElements (vue/jsx-runtime), which takes
// @vue/runtime-dom's IntrinsicElementAttributes and lets any other tag be `any`: one entry per tag
// there, with the attributes as written (no-worker: tsc does not camel-case JSX names) and a
// listener per event as Vue's runtime reads it (onAttentionChange listens to attention-change).
function vueJsxProps(el, ns, api) {
  const hyphenated = api.attributes.filter((a) => a.name.includes('-'));
  const base = hyphenated.length ? `Omit<${ns}Props, ${hyphenated.map((a) => `'${camel(a.name)}'`).join(' | ')}>` : `${ns}Props`;
  return [`/** <${el.tagName}> in Vue's TSX: the same, with hyphenated attributes as written and on + the camel-cased event name. */`,
    `export interface ${ns}JsxProps extends ${base} {`,
    ...hyphenated.map((a) => member('  ', { ...a, name: `'${a.name}'` })),
    ...api.events.map((e) => member('  ', { ...e, name: `on${pascal(e.name)}`, type: `(event: ${e.type}) => void` })), '}', ''];
}

/** web/vue.d.ts for a manifest: every element typed for Vue 3 SFC templates (vue-tsc) and Vue's TSX (tsc). */
export function vueTypes(manifest) {
  const lines = [...header('Vue 3 template and TSX types', 'vue'),
    "// vue-tsc checks templates with it; Vue's compiler must still treat the tags as elements (isCustomElement).",
    "import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';"];
  const bodies = [];
  const globals = [];
  const intrinsic = [];
  for (const { el, ns, importLine, api } of elementsWithEntries(manifest)) {
    lines.push(importLine);
    // vue-tsc reads a hyphenated attribute (no-worker) as its camel-cased prop (noWorker), as for components.
    const props = [...api.attributes.map((a) => (a.name.includes('-') ? { ...a, doc: `${a.doc} (the ${a.name} attribute)` } : a)),
      ...api.properties].map((p) => member('  ', { ...p, name: `'${camel(p.name)}'` }));
    const events = api.events.map((e) => member('  ', { ...e, name: `'${e.name}'` }, false));
    bodies.push(summary(el), `export interface ${ns}Props extends HTMLAttributes {`, ...props, '}', '',
      `/** The events <${el.tagName}> fires, by name. */`, `export interface ${ns}Events {`, ...events, '}', '',
      ...vueJsxProps(el, ns, api));
    globals.push(`    '${el.tagName}': VueCustomElement<${ns}.${el.name}, ${ns}Props, ${ns}Events>;`);
    intrinsic.push(`    '${el.tagName}': ${ns}JsxProps;`);
  }
  return [...lines, '', VUE_HELPER, '', ...bodies,
    "declare module 'vue' {", '  interface GlobalComponents {', ...globals, '  }',
    '  interface IntrinsicElementAttributes {', ...intrinsic, '  }', '}', ''].join('\n');
}

// Svelte 5 reads an element's attributes, properties and `on<event>` handlers from svelte/elements'
// SvelteHTMLElements (its documented augmentation for custom elements); it sets a name the element
// has as a property (config={...}), any other as an attribute. A type alias, not an interface: the
// table's index signature ({ [name: string]: any }) takes an alias without complaint.
/** web/svelte.d.ts for a manifest: every element typed for svelte-check. */
export function svelteTypes(manifest) {
  const lines = [...header('Svelte 5 types', 'svelte'), "import type { HTMLAttributes } from 'svelte/elements';"];
  const bodies = [];
  const table = [];
  for (const { el, ns, importLine, api } of elementsWithEntries(manifest)) {
    lines.push(importLine);
    const props = [...api.attributes.map((a) => member('  ', { ...a, name: `'${a.name}'` })),
      ...api.properties.map((p) => member('  ', p)),
      ...api.events.map((e) => member('  ', { ...e, name: `'on${e.name}'`, type: `(event: ${e.type}) => void` }))];
    bodies.push(summary(el), `export type ${ns}Props = HTMLAttributes<${ns}.${el.name}> & {`, ...props, '};', '');
    table.push(`    '${el.tagName}': ${ns}Props;`);
  }
  return [...lines, '', ...bodies, "declare module 'svelte/elements' {", '  interface SvelteHTMLElements {', ...table,
    '  }', '}', ''].join('\n');
}

/** Every generated types file: web/<name>.d.ts -> its text for a manifest. */
export const TYPE_FILES = {
  ...Object.fromEntries(Object.keys(FLAVOURS).map((f) => [f, (manifest) => jsxTypes(manifest, f)])),
  vue: vueTypes,
  svelte: svelteTypes,
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = await analyze();
  for (const [name, make] of Object.entries(TYPE_FILES)) await writeFile(join(ROOT, `web/${name}.d.ts`), make(manifest));
  console.log(`build-types: custom-elements.json, ${Object.keys(TYPE_FILES).map((f) => `web/${f}.d.ts`).join(', ')} for ${elementsOf(manifest).map((e) => `<${e.tagName}>`).join(', ')}`);
}
