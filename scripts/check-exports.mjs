// Every file package.json's "exports", "types" and "customElements" name must exist:
// a typo there would ship a package whose import fails only on the user's site.
import { readFile, access } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url)));
const targets = new Set([pkg.types, pkg.customElements]);
for (const target of Object.values(pkg.exports)) {
  for (const path of typeof target === 'string' ? [target] : Object.values(target)) targets.add(path);
}
const missing = [];
for (const path of targets) {
  if (path.includes('*')) continue; // folder patterns: their files are checked by the pack test
  try {
    await access(new URL(`../${path}`, import.meta.url));
  } catch {
    missing.push(path);
  }
}
if (missing.length) {
  console.error(`check-exports: missing ${missing.join(', ')}`);
  process.exit(1);
}
console.log(`check-exports: ${targets.size} targets present`);
