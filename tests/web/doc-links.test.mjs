// Every relative link in README.md and docs/*.md leads somewhere: the file exists, and a
// #fragment names a heading of the target (GitHub's anchors), so trimming or renaming a section
// cannot leave a dangling link. Links inside code (fenced blocks, `inline`) are not links.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = [join(REPO, 'README.md'),
  ...readdirSync(join(REPO, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(REPO, 'docs', f))];

const unfenced = (md) => md.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/** The text outside fenced code blocks and inline code spans. */
export const prose = (md) => unfenced(md).replace(/`[^`\n]*`/g, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchors(md) {
  const seen = new Map();
  const out = new Set();
  for (const [, text] of unfenced(md).replace(/`([^`\n]*)`/g, '$1').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** [text](target) and ![alt](target) links, with their targets, outside code. */
export const links = (md) => [...prose(md).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);

const isExternal = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target);

test('anchors: GitHub\'s slugs, code spans kept as text, repeats numbered', () => {
  const md = '# The rules (tested in `tests/wasm/model.test.mjs`)\n## A/B runs\n## Kernel\n## Kernel\n```\n# not a heading\n```\n';
  assert.deepEqual([...anchors(md)], ['the-rules-tested-in-testswasmmodeltestmjs', 'ab-runs', 'kernel', 'kernel-1']);
});

test('links: outside code only', () => {
  assert.deepEqual(links('see [a](a.md#x), ![p](p.png)\n`[no](no.md)`\n```\n[no](no.md)\n```\n'), ['a.md#x', 'p.png']);
});

test('every relative link in README.md and docs/*.md resolves, anchors included', () => {
  const broken = [];
  for (const file of DOCS) {
    const md = readFileSync(file, 'utf8');
    for (const target of links(md)) {
      if (isExternal(target)) continue;
      const [path, fragment] = target.split('#');
      const to = path ? join(dirname(file), decodeURIComponent(path)) : file;
      const where = `${relative(REPO, file)}: ${target}`;
      if (!existsSync(to)) { broken.push(`${where} (no such file)`); continue; }
      if (fragment !== undefined && to.endsWith('.md') && !anchors(readFileSync(to, 'utf8')).has(fragment))
        broken.push(`${where} (no such heading)`);
    }
  }
  assert.deepEqual(broken, []);
});
