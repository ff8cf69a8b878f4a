// Server rendering imports modules in node, where there is no DOM: every module the package
// exports (all of web/ is exported as ./web/*) must import without throwing and define nothing.
// The labs' workers (worker.js, heads-worker.js) are the exceptions: worker scripts, never imported by a page.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { REPO } from './pack.mjs';

async function modules(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...await modules(path));
    else if (/\.m?js$/.test(entry.name)) out.push(path);
  }
  return out;
}

const files = [...await modules(join(REPO, 'web')), join(REPO, 'wasm/attention.js'),
  join(REPO, 'dist/attention-widget.bundle.js'), ...(await modules(join(REPO, 'dist/browser')))]
  .filter((f) => !/[/\\](heads-)?worker\.js$/.test(f));

test(`all ${files.length} modules of the package import in node without a DOM`, async () => {
  assert.equal(globalThis.customElements, undefined);
  for (const file of files)
    await assert.doesNotReject(import(file), `${relative(REPO, file)} threw on import in node`);
  assert.equal(globalThis.customElements, undefined, 'nothing defines a registry');
});
