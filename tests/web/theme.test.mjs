// One theming prefix: every custom property an element's stylesheet declares or reads is public
// under --aw- (the widget's --aw-*, the scale lab's --aw-scale-*, the heads lab's --aw-heads-*)
// or private under --_ (set by the element itself, never a page's to set). Read from the CSS
// sources (scripts/build-web.mjs CSS_SOURCES) and the styles kept in JS (the figures', the
// example's, the value's), and from every setProperty in web/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CSS_SOURCES } from '../../scripts/build-web.mjs';
import { REPO } from './layers.mjs';

const PROPERTY = /--[A-Za-z0-9_-]+/g;
const allowed = (name) => /^--aw-[a-z]/.test(name) || /^--_[a-z]/.test(name);

function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return jsFiles(path);
    return /\.js$/.test(e.name) && !e.name.endsWith('.css.js') ? [path] : [];
  });
}

test('every custom property in the stylesheets and in web/\'s code is --aw-* or a private --_*', () => {
  const found = [];
  for (const source of CSS_SOURCES) {
    const text = readFileSync(join(REPO, source), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [name] of text.matchAll(PROPERTY)) found.push([source, name]);
  }
  for (const file of jsFiles(join(REPO, 'web'))) {
    const text = readFileSync(file, 'utf8');
    // Inside CSS text and style calls only: template strings of CSS, var(...), setProperty('...').
    for (const [, name] of text.matchAll(/(?:var\(|setProperty\(['"]|getPropertyValue\(['"`]|\n\s*|[{;]\s*)(--[A-Za-z0-9_-]+)/g))
      found.push([relative(REPO, file), name]);
  }
  assert.ok(found.some(([, n]) => n === '--aw-scale-heat-0') && found.some(([, n]) => n === '--aw-heads-fg'),
    'the labs\' properties were found');
  const stray = found.filter(([, name]) => !allowed(name)).map(([file, name]) => `${file}: ${name}`);
  assert.deepEqual([...new Set(stray)], []);
});
