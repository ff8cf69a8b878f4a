// Server rendering imports modules in node, where there is no DOM: every module the package
// ships (package.json "files": web/'s folders whole, its entries by name; not the demo pages'
// own scripts) must import without throwing and define nothing. The labs' workers (worker.js,
// heads-worker.js) are the exceptions: worker scripts, never imported by a page; and web/react.js,
// which needs react and @lit/react (optional peers, not installed here): a real server renders it
// in recipes/next.spec.js.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
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

const shipped = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).files;
const ships = (file) => shipped.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));
const files = [...(await modules(join(REPO, 'web'))).filter((f) => ships(relative(REPO, f).split(sep).join('/'))),
  join(REPO, 'wasm/attention.js'), join(REPO, 'dist/attention-widget.bundle.js'), ...(await modules(join(REPO, 'dist/browser')))]
  .filter((f) => !/[/\\](heads-)?worker\.js$/.test(f) && f !== join(REPO, 'web/react.js'));

test(`all ${files.length} modules of the package import in node without a DOM`, async () => {
  assert.equal(globalThis.customElements, undefined);
  for (const file of files)
    await assert.doesNotReject(import(file), `${relative(REPO, file)} threw on import in node`);
  assert.equal(globalThis.customElements, undefined, 'nothing defines a registry');
});
