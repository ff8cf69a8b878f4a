// The heads lab's worker bundles as one file (Vite's and VitePress's default worker format, iife,
// cannot split code): no module its static imports reach holds a dynamic import(). Read from the
// sources, following relative imports; ship-bundlers.spec.js builds it with real Vites.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPO } from './pack.mjs';

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
