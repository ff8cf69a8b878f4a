// The element API files against the elements themselves: custom-elements.json lists exactly
// each element's observedAttributes, with its events, parts and custom properties (all --aw-*), and it and
// the framework types (web/react.d.ts, preact, solid, vue) are what scripts/build-types.mjs makes from the current JSDoc tags.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { TYPE_FILES, analyze, elementsOf } from '../../scripts/build-types.mjs';
import { REPO } from './pack.mjs';

const committed = JSON.parse(await readFile(join(REPO, 'custom-elements.json'), 'utf8'));

test('every element in the manifest documents exactly its observedAttributes', async () => {
  const elements = elementsOf(committed);
  assert.deepEqual(elements.map((e) => e.tagName).sort(),
    ['attention-example', 'attention-heads', 'attention-if', 'attention-scale', 'attention-value', 'attention-widget']);
  for (const mod of committed.modules) {
    for (const d of (mod.declarations ?? []).filter((x) => x.customElement)) {
      const cls = (await import(join(REPO, mod.path)))[d.name]; // importing in node must not throw either
      assert.ok(cls, `${mod.path} exports ${d.name}`);
      assert.deepEqual((d.attributes ?? []).map((a) => a.name).sort(), [...cls.observedAttributes].sort(),
        `<${d.tagName}>: the @attr tags and observedAttributes differ`);
      for (const a of d.attributes) assert.ok(a.description && a.type?.text, `<${d.tagName} ${a.name}> has a type and a description`);
      assert.ok(d.events.some((e) => e.name === 'attention-error' && e.type?.text === 'AttentionErrorEvent'),
        `<${d.tagName}> documents attention-error`);
      for (const e of d.events) assert.ok(e.type?.text && e.description, `<${d.tagName}> ${e.name} has a class and a description`);
    }
  }
});

test('every element documents its theming custom properties, all under the one prefix --aw-', () => {
  const prefix = { 'attention-scale': '--aw-scale-', 'attention-heads': '--aw-heads-' };
  for (const el of elementsOf(committed)) {
    const names = (el.cssProperties ?? []).map((p) => p.name);
    assert.ok(names.length > 0, `<${el.tagName}> documents no @cssprop`);
    // The shared --aw-* names on every element; a lab's older names (--aw-scale-*) on that lab only.
    const others = Object.entries(prefix).filter(([tag]) => tag !== el.tagName).map(([, p]) => p);
    for (const name of names) assert.ok(name.startsWith('--aw-') && !others.some((p) => name.startsWith(p)), `<${el.tagName}>: ${name}`);
    for (const p of el.cssProperties) assert.ok(p.description, `<${el.tagName}> ${p.name} has a description`);
  }
});

test('custom-elements.json and the framework types are current (else: node scripts/build-types.mjs)', async () => {
  const dir = 'build/cem-check'; // the analyzer writes under the repo, whatever --outdir says
  try {
    const fresh = await analyze(dir);
    assert.deepEqual(fresh, committed, 'custom-elements.json is stale: run node scripts/build-types.mjs');
    for (const [name, make] of Object.entries(TYPE_FILES))
      assert.equal(make(fresh), await readFile(join(REPO, `web/${name}.d.ts`), 'utf8'),
        `web/${name}.d.ts is stale: run node scripts/build-types.mjs`);
  } finally {
    await rm(join(REPO, dir), { recursive: true, force: true });
  }
});

test('the preset attribute accepts every documented preset, in the manifest and every framework type', async () => {
  const { documentedPresets } = await import('./documented-presets.mjs');
  const { PRESETS } = await import('../../web/model/presets.js');
  const documented = documentedPresets();
  assert.ok(documented.includes('it-hungry') && documented.length >= 5, `the README lists the presets: ${documented}`);
  assert.deepEqual([...documented].sort(), Object.keys(PRESETS).sort(), 'the README and web/model/presets.js list the same presets');
  const names = (union) => [...union.matchAll(/'([^']+)'/g)].map(([, name]) => name).sort();
  for (const d of elementsOf(committed).filter((e) => e.attributes?.some((a) => a.name === 'preset'))) {
    const preset = d.attributes.find((a) => a.name === 'preset');
    assert.deepEqual(names(preset.type.text), [...documented].sort(), `<${d.tagName} preset> in custom-elements.json`);
  }
  for (const file of Object.keys(TYPE_FILES)) {
    const text = await readFile(join(REPO, `web/${file}.d.ts`), 'utf8');
    const unions = [...text.matchAll(/'preset'\??: ([^;]+);/g)].map(([, union]) => union);
    assert.ok(unions.length >= 2, `web/${file}.d.ts types preset for the widget and the example`);
    for (const union of unions) assert.deepEqual(names(union), [...documented].sort(), `preset in web/${file}.d.ts`);
  }
});
