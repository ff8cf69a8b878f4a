// What the labs' static imports reach, read from the sources (following relative imports) and from
// the hosted build. The heads lab's worker bundles as one file (Vite's and VitePress's default
// worker format, iife, cannot split code): no module it reaches holds a dynamic import();
// ship-bundlers.spec.js builds it with real Vites. Neither lab carries the widget's English words
// (web/shared/i18n/en.js, through messages.js): each adds its own to the registry.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPO } from './pack.mjs';
import { HOSTED, filesFor } from './budget.mjs';

const STATIC = /(?:^|[;\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC = /\bimport\s*\(/;

/** Every module file `entry` reaches through static relative imports. */
function staticGraph(entry, seen = new Set()) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  for (const [, spec] of text.matchAll(STATIC)) staticGraph(join(dirname(entry), spec), seen);
  return seen;
}

/** The text without comments, so a comment that names import() is not code. */
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

test('the heads worker reaches no dynamic import(), so it bundles as one file', () => {
  const graph = [...staticGraph(join(REPO, 'web/views/heads/heads-worker.js'))];
  const names = graph.map((file) => relative(REPO, file));
  assert.ok(names.includes('dist/attention-heads.mjs'), `the worker imports its module statically: ${names}`);
  assert.ok(names.includes('web/views/heads/engine.js'), 'the graph is followed');
  const dynamic = graph.filter((file) => DYNAMIC.test(code(readFileSync(file, 'utf8')))).map((file) => relative(REPO, file));
  assert.deepEqual(dynamic, [], 'modules the worker reaches that import() lazily');
});

// Keys only web/shared/i18n/en.js has (the widget's): a lab's built code that holds one carries the widget's words.
const WIDGET_KEYS = ['status.loading', 'controls.causal', 'share.copied'];

for (const [lab, entry, words] of [['heads', 'attention-heads.js', 'en-heads.js'], ['scale', 'attention-scale.js', 'en-scale.js']]) {
  test(`the ${lab} lab does not carry the widget's English words, in its sources or its hosted build`, () => {
    const names = [...staticGraph(join(REPO, 'web', entry))].map((file) => relative(REPO, file));
    assert.ok(names.includes(`web/shared/i18n/${words}`), `the graph is followed: ${names}`);
    assert.deepEqual(names.filter((name) => /i18n\/(en|messages)\.js$/.test(name)), [], 'modules that bring the widget\'s words');
    const built = [...filesFor(entry)].filter((name) => name.endsWith('.js'));
    const carried = built.flatMap((name) => WIDGET_KEYS.filter((key) => readFileSync(join(HOSTED, name), 'utf8').includes(`"${key}"`))
      .map((key) => `${name}: ${key}`));
    assert.deepEqual(carried, [], 'the widget\'s words in the lab\'s hosted files (dist/browser: scripts/build-web.mjs)');
  });
}
