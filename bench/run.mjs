// npm run bench: every measurement of bench/measurements.mjs, printed, and docs/benchmarks.md
// rewritten with the results (the benchmarks are never tests: nothing here is timed by `npm test`).
//
//   npm run bench                        # all of them, in the table's order
//   npm run bench -- kernel widget       # some, by name (npm run bench:widget, :load, ... are such lists)
//   npm run bench -- --quick             # every one at a tiny size: checks the harness, writes nothing
//   npm run bench -- --ab main widget    # A/B: this tree against another ref, same-run ratios, writes nothing
//   node bench/run.mjs --list            # the names
//   node bench/run.mjs --render          # docs/benchmarks.md again from bench/template.md and results.json
//
// Options a measurement reads: --sizes=2048 --dims=128 --only=simd,ort (kernel), --page=/web/scale.html
// and --url=http://… (load). --no-write prints without keeping; --keep keeps the A/B worktree.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import config from '../playwright.config.js';
import { checkoutRef } from './ab.mjs';
import { runInChild } from './child.mjs';
import { MEASUREMENTS, pick } from './measurements.mjs';
import { commitOf, describeMachine, machine, renderOnly, renderRows, renderRowsAB, saveResults } from './report.mjs';
import { runGroup, runGroupAB, Skipped } from './rounds.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FLAGS = ['quick', 'no-write', 'keep', 'list', 'render'];
const OPTIONS = ['sizes', 'dims', 'only', 'page', 'url', 'other-root']; // --other-root: a child's A/B side

/** argv -> { names, flags, options, ab, child } */
function parseArgs(argv) {
  const out = { names: [], flags: new Set(), options: {}, ab: null, child: null };
  for (let i = 0; i < argv.length; i++) {
    const [key, value] = argv[i].startsWith('--') ? argv[i].slice(2).split(/=(.*)/s) : [null, argv[i]];
    if (key === null) out.names.push(value);
    else if (key === 'ab' || key === 'child') out[key] = value ?? argv[++i];
    else if (FLAGS.includes(key)) out.flags.add(key);
    else if (!OPTIONS.includes(key)) throw new Error(`--${key} is not an option; the flags: ${FLAGS.join(', ')}; the options: ${OPTIONS.slice(0, -1).join(', ')}`);
    else if (!value) throw new Error(`--${key} needs a value: --${key}=…`);
    else out.options[key] = value;
  }
  if (out.ab === undefined || out.child === undefined) throw new Error('--ab and --child need a value');
  return out;
}

/** What every measurement's functions get: options, the run's shared browser and servers, notes. */
function makeContext({ quick, ab, options }) {
  const cache = new Map(), closers = [];
  let notes = [];
  const ctx = {
    quick, ab, options,
    option: (key) => options[key],
    list: (key) => (options[key] ? String(options[key]).split(',').map(Number) : undefined),
    cache(key, make) {
      if (!cache.has(key)) cache.set(key, make());
      return cache.get(key);
    },
    onClose: (fn) => closers.push(fn),
    note: (text) => { if (!notes.includes(text)) notes.push(text); },
    takeNotes: () => { const taken = notes; notes = []; return taken; },
    chromium: () => ctx.cache('chromium', async () => {
      const browser = await chromium.launch(config.use.launchOptions);
      ctx.onClose(() => browser.close());
      return browser;
    }),
    async close() {
      for (const fn of closers.reverse()) await fn();
    },
  };
  return ctx;
}

/** Runs one measurement on one side, or on both (A/B). Returns { rows, skipped, notes }. */
async function measure(m, ctx, sides) {
  const rows = [], skipped = [];
  for (const group of m.groups(ctx)) {
    const started = performance.now();
    const sets = [];
    try {
      for (const side of sides) sets.push(await group.setup(side));
      const [mine, theirs] = sets;
      rows.push(...(theirs ? await runGroupAB({ name: group.name, ...mine, otherCases: theirs.cases })
        : await runGroup({ name: group.name, ...mine })));
    } catch (err) {
      if (!(err instanceof Skipped)) throw err;
      skipped.push(`${group.name}: not run, ${err.message}`);
    } finally {
      for (const set of sets) await set.close?.();
    }
    process.stderr.write(`  ${m.name}: ${group.name} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  }
  // A target is set for the full sizes: a quick run's tiny ones neither meet nor miss it.
  const held = ctx.quick ? rows.map((r) => ({ ...r, target: null, met: null })) : rows;
  return { rows: held, skipped, notes: ctx.takeNotes() };
}

/** A measurement whose node needs flags this one lacks runs in a child node that has them. */
function inChild(m, args, other) {
  const pass = [...Object.entries(args.options).map(([k, v]) => `--${k}=${v}`), ...(args.flags.has('quick') ? ['--quick'] : [])];
  if (other) pass.push(`--other-root=${other.root}`);
  return runInChild(new URL(import.meta.url), ['--child', m.name, ...pass], m.nodeFlags);
}

const needsChild = (m) => (m.nodeFlags ?? []).some((flag) => !process.execArgv.includes(flag));

function chromiumVersion() {
  try {
    return execFileSync(config.use.launchOptions.executablePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).match(/[\d.]{6,}/)?.[0] ?? null;
  } catch {
    return null;
  }
}

async function main(args) {
  if (args.flags.has('list')) {
    for (const m of MEASUREMENTS) console.log(`${m.name.padEnd(17)} ${m.unit.padEnd(12)} ${m.what}`);
    return;
  }
  if (args.flags.has('render')) return void console.log(`bench: wrote ${renderOnly()}`);
  const quick = args.flags.has('quick');
  const chosen = args.child ? pick([args.child]) : pick(args.names);
  const otherRoot = args.options['other-root'];
  delete args.options['other-root'];
  const ctx = makeContext({ quick, ab: Boolean(args.ab || otherRoot), options: args.options });

  if (args.child) { // in a child node: one measurement, its result as the last line
    const sides = [{ root: ROOT }, ...(otherRoot ? [{ root: otherRoot }] : [])];
    try {
      console.log(JSON.stringify(await measure(chosen[0], ctx, sides)));
    } finally {
      await ctx.close();
    }
    return;
  }

  const other = args.ab ? checkoutRef(args.ab) : null;
  const sides = [{ root: ROOT, label: 'this tree' }, ...(other ? [other] : [])];
  const commit = commitOf();
  console.log(`# bench: ${describeMachine(machine())}; commit ${commit}${other ? `, against ${other.label}` : ''}${quick ? '; quick (tiny sizes, not kept)' : ''}`);
  const kept = {};
  let failed = 0;
  try {
    for (const m of chosen) {
      let result;
      try {
        result = needsChild(m) ? await inChild(m, args, other) : await measure(m, ctx, sides);
      } catch (err) {
        failed += 1;
        console.log(`\n## ${m.name}: FAILED\n\n${err.stack ?? err}`);
        continue;
      }
      console.log(`\n## ${m.name}\n\n${m.what}\n`);
      for (const line of [...result.notes, ...result.skipped]) console.log(`- ${line}`);
      console.log((other ? renderRowsAB(result.rows, other.label) : renderRows(result.rows)).join('\n'));
      if (result.rows.length)
        kept[m.name] = { commit, machine: machine(m.runs === 'node' ? null : chromiumVersion()),
          settings: Object.entries(args.options).map(([k, v]) => `--${k}=${v}`).join(' ') || undefined, ...result };
    }
  } finally {
    await ctx.close();
    if (other && !args.flags.has('keep')) other.remove();
  }
  if (!quick && !other && !args.flags.has('no-write') && Object.keys(kept).length)
    console.log(`\nbench: kept ${Object.keys(kept).join(', ')}; wrote ${saveResults(kept)}`);
  process.exitCode = failed ? 1 : 0;
}

try {
  await main(parseArgs(process.argv.slice(2)));
} catch (err) {
  console.error(`bench: ${err.message}`);
  process.exitCode = 2;
}
