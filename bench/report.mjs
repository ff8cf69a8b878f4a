// What a run prints and what it keeps: the machine it ran on, each measurement's table, and
// docs/benchmarks.md, rendered from bench/template.md (the method, written by hand) and
// bench/results.json (the latest result of every measurement; a run of some measurements replaces
// theirs and keeps the others'). Run history is the history of those two files in git.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MEASUREMENTS, ALIASES } from './measurements.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = new URL('./results.json', import.meta.url);
const TEMPLATE = new URL('./template.md', import.meta.url);
const DOC = new URL('../docs/benchmarks.md', import.meta.url);

// ---- the machine and the commit ----------------------------------------------------------------

// The CPU flags that decide how fast four-wide SIMD and fused multiply-add run.
const FLAGS = ['sse4_2', 'avx', 'avx2', 'fma', 'avx512f'];

/** CPU model (from /proc/cpuinfo, else lscpu), cores, the flags above, node and Chromium versions. */
export function machine(chromium = null) {
  let cpu = 'unknown CPU', flags = [];
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    cpu = info.match(/^model name\s*:\s*(.+)$/m)?.[1].trim() ?? cpu;
    flags = (info.match(/^flags\s*:\s*(.+)$/m)?.[1] ?? '').split(/\s+/);
  } catch {
    try {
      const text = execFileSync('lscpu', { encoding: 'utf8' });
      cpu = text.match(/^Model name:\s*(.+)$/m)?.[1].trim() ?? cpu;
      flags = (text.match(/^Flags:\s*(.+)$/m)?.[1] ?? '').split(/\s+/);
    } catch { /* neither: the model stays unknown */ }
  }
  return { cpu, cores: availableParallelism(), flags: FLAGS.filter((f) => flags.includes(f)), node: process.version, chromium };
}

export const describeMachine = (m) =>
  `${m.cpu}, ${m.cores} cores (${m.flags.join(' ') || 'no SSE4.2'}); node ${m.node}${m.chromium ? `; Chromium ${m.chromium}` : ''}`;

/** The checkout's commit, short, marked when the tree has changes not committed. */
export function commitOf(root = ROOT) {
  try {
    const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
    return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') ? ' (with changes not committed)' : '');
  } catch {
    return 'unknown commit';
  }
}

// ---- numbers and tables -------------------------------------------------------------------------

const COUNTS = ['tasks', 'frames', 'edits', 'requests'];

/** Three significant figures or so; counts whole (or to a tenth, a median of an even count); a layout shift to three decimals. */
export function fmt(x, unit) {
  if (x == null || !Number.isFinite(x)) return '–';
  if (unit === 'CLS') return x.toFixed(3);
  if (COUNTS.includes(unit)) return x.toFixed(Number.isInteger(x) ? 0 : 1);
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(2);
}

const targetText = (t) => (t ? t.replace('>=', '≥').replace('<=', '≤') : '');
const mark = (row) => (row.met == null ? '' : row.met ? ' ✓' : ' ✗');
const table = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)];

// Groups that share most of their rows' labels read best as one grid; others as a list.
function pivotable(rows) {
  const groups = [...new Set(rows.map((r) => r.group))];
  const labels = [...new Set(rows.map((r) => r.label))];
  return groups.length > 1 && rows.length / (groups.length * labels.length) >= 0.75 ? { groups, labels } : null;
}

/** A measurement's rows as Markdown table lines. */
export function renderRows(rows) {
  if (!rows.length) return [];
  const pivot = pivotable(rows);
  const cell = (group, label) => {
    const r = rows.find((x) => x.group === group && x.label === label);
    return r ? fmt(r.median, r.unit) + mark(r) : 'not run';
  };
  const header = (label) => {
    const r = rows.find((x) => x.label === label);
    return `${label} (${r.unit}${r.target ? `; target ${targetText(r.target)}` : ''})`;
  };
  if (pivot && pivot.groups.length <= 5) // few groups (the five demo pages): a column each
    return table(['', ...pivot.groups], pivot.labels.map((l) => [header(l), ...pivot.groups.map((g) => cell(g, l))]));
  if (pivot) // many groups (the kernel's shapes): a row each
    return table(['', ...pivot.labels.map(header)], pivot.groups.map((g) => [g, ...pivot.labels.map((l) => cell(g, l))]));
  const oneGroup = new Set(rows.map((r) => r.group)).size === 1;
  return table([...(oneGroup ? [] : ['']), '', 'median', 'middle half', 'unit', 'target'], rows.map((r) => [
    ...(oneGroup ? [] : [r.group]), r.label, fmt(r.median, r.unit),
    r.count > 1 ? `${fmt(r.q1, r.unit)}–${fmt(r.q3, r.unit)}` : '', r.unit, targetText(r.target) + mark(r)]));
}

/** An A/B run's rows: this tree, the other ref, and the median of the per-round ratio. */
export function renderRowsAB(rows, otherLabel) {
  const ratio = ({ median, q1, q3, count }) => (count ? `${median.toFixed(3)} (${q1.toFixed(3)}–${q3.toFixed(3)})` : '–');
  return table(['', '', 'this tree', otherLabel, 'unit', 'this ÷ other (middle half)'], rows.map((r) => [
    r.group, r.label, fmt(r.median, r.unit), fmt(r.other.median, r.unit), r.unit, ratio(r.ratio)]));
}

// ---- results.json and docs/benchmarks.md -------------------------------------------------------------

export function readResults() {
  return existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
}

/** Keeps this run's results (each replaces its measurement's last one), then rewrites the doc. */
export function saveResults(run) {
  const results = { ...readResults(), ...run };
  const ordered = Object.fromEntries(MEASUREMENTS.filter((m) => results[m.name]).map((m) => [m.name, results[m.name]]));
  writeFileSync(RESULTS, `${JSON.stringify(ordered, null, 1)}\n`);
  writeFileSync(DOC, renderDoc(ordered));
  return fileURLToPath(DOC);
}

function renderDoc(results) {
  const machines = [];
  const machineOf = (m) => {
    const text = describeMachine(m);
    if (!machines.includes(text)) machines.push(text);
    return String.fromCharCode(65 + machines.indexOf(text)); // A, B, ...
  };
  const scriptOf = (m) => {
    const alias = Object.keys(ALIASES).find((a) => ALIASES[a].includes(m.name));
    return m.script ? `\`npm run bench:${m.script}\`` : alias ? `\`npm run bench:${alias}\`` : '';
  };
  const registry = table(['name', 'what it measures', 'unit', 'alone'],
    MEASUREMENTS.map((m) => [`[\`${m.name}\`](#${m.name})`, m.what, m.unit, scriptOf(m) || `\`npm run bench -- ${m.name}\``]));
  const sections = MEASUREMENTS.map((m) => {
    const r = results[m.name];
    const head = `### ${m.name}\n\n`;
    if (!r) return `${head}Not measured yet.`;
    const where = `Commit ${r.commit}, machine ${machineOf(r.machine)}${r.settings ? `; ${r.settings}` : ''}.`;
    const notes = [...(r.notes ?? []), ...(r.skipped ?? [])].map((n) => `\n- ${n}`).join('');
    return `${head}${where}${notes}\n\n${renderRows(r.rows).join('\n')}`;
  });
  const machineList = machines.length ? machines.map((text, i) => `- ${String.fromCharCode(65 + i)}: ${text}`).join('\n')
    : 'No measurement has been recorded yet.';
  return readFileSync(TEMPLATE, 'utf8')
    .replace('{{measurements}}', registry.join('\n'))
    .replace('{{machines}}', machineList)
    .replace('{{results}}', sections.join('\n\n'));
}

/** Re-renders docs/benchmarks.md from the template and the results kept (node bench/run.mjs --render). */
export function renderOnly() {
  writeFileSync(DOC, renderDoc(readResults()));
  return fileURLToPath(DOC);
}
