// The hosted build leaves out what only helps while developing: a missing message's console note
// (web/shared/i18n/registry.js, warnMissing) is in the source modules and in no file of dist/.
// Needs dist/ (scripts/build-web.mjs, run by setup).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const at = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const NOTE = 'English is shown';

test('the missing-message note: in the sources, in no built file', () => {
  assert.ok(readFileSync(at('web/shared/i18n/registry.js'), 'utf8').includes(NOTE));
  const built = [...readdirSync(at('dist/browser')).map((f) => `dist/browser/${f}`), ...readdirSync(at('dist')).map((f) => `dist/${f}`)]
    .filter((f) => /\.m?js$/.test(f));
  assert.ok(built.length > 10, built.join(' '));
  const holding = built.filter((f) => readFileSync(at(f), 'utf8').includes(NOTE));
  assert.deepEqual(holding, []);
});
