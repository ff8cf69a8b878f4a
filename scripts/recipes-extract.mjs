// Reads a site generator's recipe out of docs/embedding.md, so that `npm run test:recipes`
// builds each site from the text an author reads, not from a copy of it that could drift.
//
// A recipe is the paragraph that starts with `**Name**` and everything after it up to the next
// paragraph that starts with `**` or the next `## ` heading. Its fenced code blocks are the steps:
// a block whose first line is a comment naming a file (`// .vitepress/config.js`, `# conf.py`,
// `<!-- docs/lesson.md (any page) -->`, `{# lesson.njk #}`, `{/* src/pages/lesson.mdx */}`,
// `.. lesson.rst`) is that file's content, or a part of it (see applyBlocks), and a `sh` block
// is a command run in the site's folder. A block may name several files, each on its own line.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const EXT = 'js|mjs|cjs|ts|json|ya?ml|py|rst|md|mdx|njk|astro|html';
// A whole line that is only a comment holding a path, and maybe a note in brackets.
const NAMING = new RegExp(String.raw`^(?://|#|<!--|\{#|\{/\*|\.\.)\s*((?:[\w.-]+/)*[\w.-]+\.(?:${EXT}))`
  + String.raw`(?:\s+\([^)]*\))?\s*(?:-->|#\}|\*/\}|:)?\s*$`);

/** The path a line names, or null when it is not a naming comment. */
export function namedFile(line) {
  const m = NAMING.exec(line.trim());
  return m ? m[1] : null;
}

/** The text of the recipe led by `**name**` (exactly that bold text), or throws. */
export function recipeText(markdown, name) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`**${name}**`));
  if (start < 0) throw new Error(`docs/embedding.md has no recipe "**${name}**"`);
  let end = start + 1;
  let fenced = false;
  for (; end < lines.length; end++) {
    const l = lines[end];
    if (l.startsWith('```')) fenced = !fenced;
    if (!fenced && (l.startsWith('**') || l.startsWith('## '))) break;
  }
  return lines.slice(start, end).join('\n');
}

/**
 * The steps of a recipe, in order: { kind: 'file', file, lang, text } for each file a block
 * names (the naming line left out: an MDX page cannot hold an HTML comment) and
 * { kind: 'run', lang, text } for each sh block.
 */
export function recipeSteps(markdown, name) {
  const steps = [];
  const fence = /^```(\w*)\n([\s\S]*?)^```$/gm;
  for (const [, lang, body] of recipeText(markdown, name).matchAll(fence)) {
    if (lang === 'sh') { steps.push({ kind: 'run', lang, text: body.trimEnd() }); continue; }
    let current = null;
    for (const line of body.replace(/\n$/, '').split('\n')) {
      const file = namedFile(line);
      if (file) { current = { kind: 'file', file, lang, lines: [] }; steps.push(current); continue; }
      if (!current) throw new Error(`recipe "${name}": a ${lang} block does not start by naming its file`);
      current.lines.push(line);
    }
  }
  for (const s of steps) if (s.lines) { s.text = s.lines.join('\n').replace(/^\n+/, ''); delete s.lines; }
  return steps;
}

export const MARK = '@@recipe@@';

/**
 * Merges a file step into the skeleton's text for the same file: the step replaces the line
 * holding MARK (where a config's object or a page's body wants it), or is appended (a YAML or
 * Python config, a page). With no skeleton the step is the whole file.
 */
export function merge(skeleton, step) {
  if (skeleton == null) return `${step.text}\n`;
  const lines = skeleton.split('\n');
  const at = lines.findIndex((l) => l.includes(MARK));
  if (at < 0) return `${skeleton.replace(/\n*$/, '\n')}${step.text}\n`;
  return [...lines.slice(0, at), step.text, MARK, ...lines.slice(at + 1)].join('\n');
}

/**
 * Writes a site: the skeleton's files (what the generator itself needs: its minimal config and a
 * page), each recipe step merged into them, then the leftover marks removed. Returns the commands
 * (the sh steps) for the caller to run, in order.
 */
export async function applyRecipe(site, skeleton, steps) {
  const files = new Map(Object.entries(skeleton));
  for (const step of steps) if (step.kind === 'file') files.set(step.file, merge(files.get(step.file), step));
  for (const [file, text] of files) {
    await mkdir(dirname(join(site, file)), { recursive: true });
    await writeFile(join(site, file), text.split('\n').filter((l) => !l.includes(MARK)).join('\n'));
  }
  return steps.filter((s) => s.kind === 'run').map((s) => s.text);
}

export const readEmbedding = (repo) => readFile(join(repo, 'docs/embedding.md'), 'utf8');
