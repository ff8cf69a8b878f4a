// custom-elements.json against the official schema and against the elements themselves. The
// oracles read the element sources and classes, never the manifest generator
// (custom-elements-manifest.config.mjs, scripts/build-types.mjs):
//   attributes  each class's observedAttributes (imported in node: importing must not throw)
//   properties  each class's public prototype accessors and methods, and the static define()
//   events      every Event subclass named 'attention-*' constructed in the element's module graph
//   parts       every part="…" / part: '…' / setAttribute('part', …) in that graph
//   CSS         every var(--aw-*) its stylesheets (the *.css.js modules in that graph) read
// The module graph is each element file's relative static and dynamic imports, followed to the end.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { REPO } from './pack.mjs';

const require = createRequire(join(REPO, 'package.json'));
const Ajv = require('ajv');
const schema = require('custom-elements-manifest/schema.json');
const manifest = JSON.parse(readFileSync(join(REPO, 'custom-elements.json'), 'utf8'));

// [{ path, declaration }] for each custom element of the manifest.
const elements = manifest.modules.flatMap((mod) => (mod.declarations ?? [])
  .filter((d) => d.customElement).map((declaration) => ({ path: mod.path, declaration })));

// Every module file reachable from `entry` by relative imports: import … from, export … from,
// import('…'), and new URL('…', import.meta.url) (workers).
function moduleGraph(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g),
      ...text.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g),
      ...text.matchAll(/new URL\(\s*['"](\.{1,2}\/[^'"]+\.m?js)['"]\s*,\s*import\.meta\.url/g)];
    for (const [, spec] of specifiers) visit(resolve(dirname(file), spec));
  };
  visit(join(REPO, entry));
  return [...seen];
}

// The event name each Event subclass in web/ gives super(): { AttentionErrorEvent: 'attention-error', ... }.
function eventClasses() {
  const names = {};
  const files = moduleGraph('web/attention-widget.js').concat(moduleGraph('web/attention-scale.js'),
    moduleGraph('web/attention-heads.js'));
  for (const file of new Set(files)) {
    const text = readFileSync(file, 'utf8');
    for (const [, cls, body] of text.matchAll(/class (\w+) extends [^{]*Event[^{]*\{([\s\S]*?)\n\}/g)) {
      const name = body.match(/super\(\s*'(attention-[a-z-]+)'/)?.[1];
      if (name) names[cls] = name;
    }
  }
  return names;
}

function readsOf(graph) {
  const texts = graph.map((file) => readFileSync(file, 'utf8'));
  const css = graph.filter((f) => f.endsWith('.css.js')).map((f) => readFileSync(f.slice(0, -3), 'utf8'));
  return { texts, css };
}

test('custom-elements.json validates against the custom-elements-manifest schema', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const valid = ajv.validate(schema, manifest);
  const errors = (ajv.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  assert.ok(valid, `schema errors:\n${errors.join('\n')}`);
  const dev = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).devDependencies;
  assert.ok(dev.ajv && dev['custom-elements-manifest'], 'the schema and its validator are declared devDependencies');
  assert.equal(manifest.schemaVersion, require('custom-elements-manifest/package.json').version,
    'the manifest says the schema version it is checked against');
});

test('every element is in the manifest with exactly its observedAttributes', async () => {
  assert.deepEqual(elements.map((e) => e.declaration.tagName).sort(),
    ['attention-example', 'attention-heads', 'attention-if', 'attention-scale', 'attention-value', 'attention-widget']);
  for (const { path, declaration: d } of elements) {
    const cls = (await import(join(REPO, path)))[d.name];
    assert.deepEqual((d.attributes ?? []).map((a) => a.name).sort(), [...cls.observedAttributes].sort(), `<${d.tagName}> attributes`);
  }
});

test('every element lists exactly its public properties and methods', async () => {
  // The platform's callbacks and ElementBase's hooks (web/shared/element.js) are not the element's API.
  const lifecycle = /^(constructor|connectedCallback|disconnectedCallback|adoptedCallback|attributeChangedCallback|setUp|connected|disconnected|attributeChanged)$/;
  for (const { path, declaration: d } of elements) {
    const cls = (await import(join(REPO, path)))[d.name];
    const own = Object.entries(Object.getOwnPropertyDescriptors(cls.prototype)).filter(([name]) => !lifecycle.test(name));
    const listed = (d.members ?? []).filter((m) => !m.static);
    assert.deepEqual(listed.map((m) => m.name).sort(), own.map(([name]) => name).sort(), `<${d.tagName}> members`);
    for (const [name, desc] of own) {
      const m = listed.find((x) => x.name === name);
      assert.equal(m.kind, typeof desc.value === 'function' ? 'method' : 'field', `<${d.tagName}>.${name} kind`);
      if (desc.get) assert.equal(Boolean(m.readonly), !desc.set, `<${d.tagName}>.${name} is read-only exactly when it has no setter`);
      assert.ok(m.description, `<${d.tagName}>.${name} has a description`);
    }
    assert.ok(typeof cls.define === 'function' && d.members.some((m) => m.name === 'define' && m.static),
      `<${d.tagName}> documents the static define()`);
  }
});

test('every element lists every attention-* event its modules dispatch', () => {
  const classes = eventClasses();
  assert.ok(Object.keys(classes).length >= 4, `found the event classes: ${JSON.stringify(classes)}`);
  for (const { path, declaration: d } of elements) {
    const { texts } = readsOf(moduleGraph(path));
    const fired = new Set();
    for (const text of texts) for (const [, cls] of text.matchAll(/new (\w+Event)\(/g)) if (classes[cls]) fired.add(classes[cls]);
    const listed = (d.events ?? []).map((e) => e.name);
    assert.deepEqual([...fired].filter((name) => !listed.includes(name)), [], `<${d.tagName}> fires events it does not list`);
    for (const e of d.events ?? []) {
      assert.ok(fired.has(e.name), `<${d.tagName}> lists ${e.name}, which nothing in its modules fires`);
      assert.equal(classes[e.type?.text], e.name, `<${d.tagName}> ${e.name}: its class ${e.type?.text} fires that name`);
    }
  }
});

test('every element lists the parts its modules set', () => {
  for (const { path, declaration: d } of elements) {
    const { texts } = readsOf(moduleGraph(path));
    const parts = new Set();
    for (const text of texts) {
      const found = [...text.matchAll(/\bpart="([^"]+)"/g), ...text.matchAll(/\bpart: '([^']+)'/g),
        ...text.matchAll(/setAttribute\('part', '([^']+)'\)/g)];
      for (const [, names] of found) names.split(/\s+/).forEach((name) => parts.add(name));
    }
    assert.deepEqual((d.cssParts ?? []).map((p) => p.name).sort(), [...parts].sort(), `<${d.tagName}> parts`);
    for (const p of d.cssParts ?? []) assert.ok(p.description, `<${d.tagName}> ::part(${p.name}) has a description`);
  }
});

// The labs' older names (--aw-scale-*, --aw-heads-*) sit behind the shared ones in the one token
// sheet every element adopts, so every element reads all of them; each lab's old names are listed
// on that lab only (on the others they would only be noise: the shared name is the one to use).
test('every element lists every --aw-* custom property its stylesheets read', () => {
  const labPrefix = { 'attention-scale': '--aw-scale-', 'attention-heads': '--aw-heads-' };
  for (const { path, declaration: d } of elements) {
    const { texts, css } = readsOf(moduleGraph(path));
    const read = new Set(css.flatMap((text) => [...text.matchAll(/var\(\s*(--aw-[a-z0-9-]+)/g)].map(([, name]) => name)));
    const othersOld = Object.entries(labPrefix).filter(([tag]) => tag !== d.tagName).map(([, prefix]) => prefix);
    const expected = [...read].filter((name) => !othersOld.some((prefix) => name.startsWith(prefix)));
    const listed = (d.cssProperties ?? []).map((p) => p.name);
    assert.deepEqual(expected.filter((name) => !listed.includes(name)).sort(), [], `<${d.tagName}> reads custom properties it does not list`);
    // and nothing listed that the element never reads (in its CSS, or set from its scripts)
    const anywhere = texts.join('\n') + css.join('\n');
    for (const name of listed) assert.ok(anywhere.includes(name), `<${d.tagName}> lists ${name}, which it never reads`);
    for (const p of d.cssProperties ?? []) assert.ok(p.description, `<${d.tagName}> ${p.name} has a description`);
  }
});

// A listed default is the value the element shows when the page sets nothing: the innermost
// fallback of a var() chain that reads the property, in one of the element's light stylesheets
// (tokens-dark.css holds the dark defaults, which the manifest does not list).
test('every listed custom property default is the fallback its stylesheet gives', () => {
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const { path, declaration: d } of elements) {
    const graph = moduleGraph(path).filter((f) => !f.endsWith('-dark.css.js'));
    const { css } = readsOf(graph);
    for (const p of (d.cssProperties ?? []).filter((x) => x.default !== undefined)) {
      const chain = new RegExp(`var\\(${escape(p.name)},(?:\\s*var\\(--aw-[a-z0-9-]+,)*\\s*${escape(p.default)}\\)`);
      assert.ok(css.some((text) => chain.test(text)), `<${d.tagName}> ${p.name}: default ${p.default} is not its stylesheet's fallback`);
    }
  }
});

// attention-widget/react's components take each element's events as on<CamelCase> props: the
// table they are made from (web/react-events.js) and their types (web/react-components.d.ts)
// against the manifest's events.
test('the React components take exactly each element\'s events, and their types name each handler', async () => {
  const { EVENTS, eventProps } = await import('../../web/react-events.js');
  const types = readFileSync(join(REPO, 'web/react-components.d.ts'), 'utf8');
  for (const { declaration: d } of elements) {
    assert.deepEqual([...(EVENTS[d.tagName] ?? [])].sort(), (d.events ?? []).map((e) => e.name).sort(), `<${d.tagName}> events`);
    for (const [prop, name] of Object.entries(eventProps(d.tagName))) {
      assert.match(prop, /^on[A-Z][A-Za-z]*$/, name);
      assert.ok(types.includes(`${prop}: Handler<`), `web/react-components.d.ts types ${prop}`);
    }
  }
});
