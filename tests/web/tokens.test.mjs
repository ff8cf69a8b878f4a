// One set of theme tokens for all five elements (web/shared/tokens.css): the element stylesheets
// read roles (--_*) and keep no colour defaults of their own; every role they read is set by the
// tokens or by the element itself; every custom property the elements document (@cssprop) is
// still read somewhere, so a page that sets one (the labs' older names included) changes a colour.
// Read from the source files, not from the code under test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CSS_SOURCES } from '../../scripts/build-web.mjs';
import { REPO } from './layers.mjs';

const TOKENS = 'web/shared/tokens.css';
// The token sheets: the shared ones and the widget's math roles, each light and dark.
const TOKEN_SHEETS = [TOKENS, 'web/shared/tokens-dark.css', 'web/views/widget/roles.css', 'web/views/widget/roles-dark.css'];
const read = (path) => readFileSync(join(REPO, path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
// The styles kept in JS: template strings of CSS.
const JS_STYLES = ['web/views/figures/figure-css.js', 'web/elements/value.js', 'web/elements/example.js'];
const styles = () => [...CSS_SOURCES.filter((s) => !TOKEN_SHEETS.includes(s)), ...JS_STYLES].map((path) => [path, read(path)]);

const declared = (text) => new Set([...text.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));
const readRoles = (text) => new Set([...text.matchAll(/var\(\s*(--_[\w-]+)/g)].map((m) => m[1]));
// A hex colour or a colour function as a custom property's own value (not inside a var() fallback).
const COLOUR_DEFAULT = /(--[\w-]+)\s*:\s*(#[0-9a-f]{3,8}\b|(?:rgb|hsl|oklch|lab)a?\()/gi;

test('the tokens are one of the stylesheets every shadow root adopts, and the first built', () => {
  assert.equal(CSS_SOURCES[0], TOKENS);
  for (const sheet of TOKEN_SHEETS) assert.ok(CSS_SOURCES.includes(sheet), `${sheet} is built`);
});

test('each dark sheet sets every role its light sheet sets that has a colour, and nothing else', () => {
  for (const [light, dark] of [[TOKEN_SHEETS[0], TOKEN_SHEETS[1]], [TOKEN_SHEETS[2], TOKEN_SHEETS[3]]]) {
    const coloured = (text) => [...text.matchAll(/(--_[\w-]+)\s*:[^;]*#[0-9a-f]{6}/gi)].map((m) => m[1]);
    // The same in both: the job row's orange outline and the viridis ramp (dark to bright already).
    const want = coloured(read(light)).filter((n) => !/^--_(job|viridis-\d)$/.test(n)).sort();
    assert.deepEqual([...declared(read(dark))].sort(), want, `${dark} against ${light}`);
  }
});

test('no element stylesheet keeps its own colour defaults: they are all in the tokens', () => {
  const copies = styles().flatMap(([path, text]) => [...text.matchAll(COLOUR_DEFAULT)].map((m) => `${path}: ${m[1]}`));
  assert.deepEqual(copies, []);
  assert.doesNotMatch(styles().map(([, t]) => t).join('\n'), /prefers-color-scheme/,
    'a colour scheme is chosen in one place, the tokens');
});

test('every role an element reads is set by the tokens or by that element\'s own stylesheet', () => {
  const tokens = declared(read(TOKENS));
  // A widget's shadow root adopts its math roles, host.css and widget.css with the train, guided, share and figure styles.
  const widgetOwn = new Set(['web/views/widget/roles.css', 'web/views/widget/host.css', 'web/views/widget/widget.css', 'web/views/widget/share.css', 'web/views/train/train.css',
    'web/views/guided/guided.css', 'web/views/figures/figure-css.js'].flatMap((p) => [...declared(read(p))]));
  const missing = [];
  for (const [path, text] of styles()) {
    const own = path.startsWith('web/views/widget') || /train|guided|figure/.test(path) ? widgetOwn : declared(text);
    for (const role of readRoles(text)) if (!tokens.has(role) && !own.has(role)) missing.push(`${path}: ${role}`);
  }
  assert.deepEqual(missing, []);
});

test('every documented custom property is read, the labs\' older names included', () => {
  const all = [...TOKEN_SHEETS.map(read), ...styles().map(([, t]) => t)].join('\n');
  const documented = readdirSync(join(REPO, 'web/elements')).flatMap((f) =>
    [...readFileSync(join(REPO, 'web/elements', f), 'utf8').matchAll(/@cssprop \[?(--aw-[\w-]+)/g)].map((m) => m[1]));
  assert.ok(documented.includes('--aw-scale-fg') && documented.includes('--aw-heads-train'), 'the labs\' names were found');
  const unread = documented.filter((name) => !new RegExp(`var\\(\\s*${name}[,)\\s]`).test(all));
  assert.deepEqual(unread, []);
});
