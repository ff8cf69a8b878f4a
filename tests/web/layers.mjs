// The layers of web/ and the rule between them: an import points down the stack, never up.
//
//   wasm/ (and the built dist/)   0  the core and its JS: never imports web/
//   web/shared/                   1  DOM builders, number text, colour, ticks, the controllers
//   web/model/                    2  the example domain: state, configs, limits, presets, links, the model
//   web/views/                    3  panels, the tour, training, figures, the scale and heads labs
//   web/elements/                 4  the element classes: lifecycle and wiring
//   web/ (its own files)          5  the entry modules: register the elements, the iframe page, the relay
//
// An import is any `import … from`, `export … from`, bare `import '…'`, `import('…')`, or
// `new URL('…', import.meta.url)` (a worker or asset the module starts). A folder's imports of
// another folder of the same layer are allowed, but the folders must form no cycle.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** Layer rank by path prefix (repo-relative, POSIX), most specific first. */
export const LAYERS = [
  ['dist/', 0, 'the built core'],
  ['wasm/', 0, 'wasm'],
  ['web/shared/', 1, 'shared'],
  ['web/model/', 2, 'model'],
  ['web/views/', 3, 'views'],
  ['web/elements/', 4, 'elements'],
  ['web/', 5, 'entries'],
];

/** { rank, name } of a repo-relative path, or null when it belongs to no layer. */
export function layerOf(path) {
  for (const [prefix, rank, name] of LAYERS) {
    if (!path.startsWith(prefix)) continue;
    // web/ itself holds only entries: a folder under it that no layer names belongs to none.
    if (prefix === 'web/' && path.slice(prefix.length).includes('/')) return null;
    return { rank, name };
  }
  return null;
}

// The specifier of each import form, with the offset it starts at.
const FORMS = [
  /\bimport\s+[\w$*{}\s,]*?\bfrom\s*(['"])([^'"]+)\1/g,  // import x from '…'
  /\bexport\s+[\w$*{}\s,]*?\bfrom\s*(['"])([^'"]+)\1/g,  // export { x } from '…'
  /\bimport\s*(['"])([^'"]+)\1/g,                        // import '…'
  /\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g,               // import('…')
  /\bnew\s+URL\s*\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g, // new URL('…', import.meta.url)
];

// Comments hold example code (`import { x } from '…'` in a header): blanked, lines kept.
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\/|(^|[^:\\'"`])\/\/.*$/gm, (match, lead = '') =>
    (match.startsWith('/*') ? match.replace(/[^\n]/g, ' ') : lead + ' '.repeat(match.length - lead.length)));
}

/** Every import of a module's text: [{ specifier, line }], in order. */
export function importsOf(text) {
  const code = withoutComments(text);
  const found = new Map();
  for (const form of FORMS)
    for (const match of code.matchAll(form)) {
      const at = match.index + match[0].lastIndexOf(match[2]);
      found.set(at, match[2]);
    }
  return [...found].sort(([a], [b]) => a - b)
    .map(([at, specifier]) => ({ specifier, line: code.slice(0, at).split('\n').length }));
}

/**
 * Checks modules ({ path: text }, paths repo-relative) against the layers. Returns the problems
 * as sentences naming file:line: an import that points up a layer, an import that leaves every
 * layer, a module in no layer, and each cycle of folders.
 */
export function checkLayers(modules) {
  const problems = [];
  const edges = new Map(); // folder -> Map(folder -> "file:line" of one import)
  for (const [path, text] of Object.entries(modules)) {
    const from = layerOf(path);
    if (!from) {
      problems.push(`${path} is in no layer: put it in web/shared, web/model, web/views or web/elements`);
      continue;
    }
    for (const { specifier, line } of importsOf(text)) {
      if (!specifier.startsWith('.')) continue; // bare names (none today) are packages, below everything
      const target = posix.normalize(posix.join(posix.dirname(path), specifier));
      const to = layerOf(target);
      const where = `${path}:${line}`;
      if (!to) problems.push(`${where} imports ${specifier}, which is in no layer`);
      else if (to.rank > from.rank)
        problems.push(`${where} imports ${specifier}: ${from.name} (layer ${from.rank}) may not import ${to.name} (layer ${to.rank})`);
      const [a, b] = [posix.dirname(path), posix.dirname(target)];
      if (a !== b) {
        if (!edges.has(a)) edges.set(a, new Map());
        if (!edges.get(a).has(b)) edges.get(a).set(b, where);
      }
    }
  }
  for (const cycle of folderCycles(edges))
    problems.push(`folders import each other in a cycle: ${cycle.map(([folder, where]) => `${folder} (${where})`).join(' -> ')} -> ${cycle[0][0]}`);
  return problems;
}

// Each cycle of the folder graph once: [[folder, "file:line" of its import of the next], ...].
function folderCycles(edges) {
  const cycles = [];
  const done = new Set();
  const path = [];
  const onPath = new Map(); // folder -> its index in path
  const visit = (folder) => {
    onPath.set(folder, path.length);
    path.push(folder);
    for (const [next] of edges.get(folder) ?? []) {
      if (onPath.has(next)) {
        const loop = path.slice(onPath.get(next));
        cycles.push(loop.map((f, k) => [f, edges.get(f).get(loop[(k + 1) % loop.length])]));
      } else if (!done.has(next)) visit(next);
    }
    path.pop();
    onPath.delete(folder);
    done.add(folder);
  };
  for (const folder of [...edges.keys()].sort()) if (!done.has(folder)) visit(folder);
  return cycles;
}

/** The repo's modules under web/ and wasm/: { path: text } (generated stylesheet modules included). */
export function repoModules(roots = ['web', 'wasm']) {
  const modules = {};
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.m?js$/.test(entry.name)) modules[relative(REPO, full).split(sep).join('/')] = readFileSync(full, 'utf8');
    }
  };
  for (const root of roots) walk(join(REPO, root));
  return modules;
}

