// The presets the README documents (its attribute table's `preset` row), read from the text: the
// oracle the types are held to, independent of the code that generates them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './pack.mjs';

export function documentedPresets(readme = readFileSync(join(REPO, 'README.md'), 'utf8')) {
  const row = readme.split('\n').find((line) => line.startsWith('| `preset` |'));
  if (!row) throw new Error('README.md has no `preset` row in its attribute table');
  const values = row.split('|')[2].replace(/\([^)]*\)/g, ''); // the values cell, its default dropped
  return [...values.matchAll(/`([a-z-]+)`/g)].map(([, name]) => name);
}
