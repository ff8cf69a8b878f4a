// SVG snapshots of every plot (the method of Observable Plot's test/plot.js): each named function of
// plots.mjs draws its plot from fixed data; its SVG, numbers rounded to two decimals, must equal
// tests/snapshots/NAME.svg. On a mismatch the new picture is written beside the old as
// NAME-changed.svg (git-ignored: open both and look) and the test fails. To accept a change on
// purpose, after looking at it: UPDATE_SNAPSHOTS=1 node --test tests/snapshots/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serialize } from './dom.mjs';
import * as plots from './plots.mjs';

const DIR = fileURLToPath(new URL('.', import.meta.url));
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';

// Ids from a page-wide counter (uid) depend on what was drawn before: numbered afresh per picture.
function normalised(root) {
  const ids = new Map();
  return `${serialize(root)}\n`.replace(/\b(id|aria-describedby|aria-labelledby)="([a-z]+)-(\d+)"/g,
    (all, attr, prefix, n) => {
      const key = `${prefix}-${n}`;
      if (!ids.has(key)) ids.set(key, `${prefix}-${ids.size + 1}`);
      return `${attr}="${ids.get(key)}"`;
    });
}

for (const [name, draw] of Object.entries(plots)) {
  test(`plot ${name}`, () => {
    const actual = normalised(draw());
    const file = `${DIR}${name}.svg`;
    const changed = `${DIR}${name}-changed.svg`;
    if (UPDATE) {
      writeFileSync(file, actual);
      rmSync(changed, { force: true });
      return;
    }
    assert.ok(existsSync(file), `no snapshot ${name}.svg: draw it with UPDATE_SNAPSHOTS=1, look at it, commit it`);
    const expected = readFileSync(file, 'utf8');
    if (actual === expected) {
      rmSync(changed, { force: true });
      return;
    }
    writeFileSync(changed, actual);
    assert.fail(`${name} differs from its snapshot: compare tests/snapshots/${name}.svg with ${name}-changed.svg`);
  });
}
