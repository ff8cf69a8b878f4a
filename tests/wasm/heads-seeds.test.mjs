// The heads lab as a learner runs it, for seeds 0-5: the real training loop (engine.js) on the real
// wasm module, Train pressed once, until it pauses itself. The claims docs/heads.md makes of it: the
// run stops on the plateau rule (never on a spike, never on the step limit), and with two heads one
// is labelled for the previous word and the other for the first noun, both needed; with one head,
// the head ends with a label that says what it does. It prints a table of the runs, which
// docs/heads.md sums up (node --test tests/wasm/heads-seeds.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TrainingEngine, PLATEAU } from '../../web/views/heads/engine.js';
import { headLabel } from '../../web/views/heads/labels.js';
import { loadHeads } from '../../wasm/heads.js';

const core = await loadHeads();
const SEEDS = [0, 1, 2, 3, 4, 5];

// Train pressed on a fresh model; the scheduler runs every tick at once. Returns where it paused,
// the newest measurement and the held-out losses on the way.
function runToPause(config) {
  const messages = [];
  const queue = [];
  const engine = new TrainingEngine(core, (m) => messages.push(m), (fn) => queue.push(fn));
  engine.handle({ type: 'reset', config });
  engine.handle({ type: 'train' });
  while (queue.length) queue.shift()();
  const pause = messages.find((m) => m.type === 'running' && !m.running);
  const measured = messages.filter((m) => m.type === 'progress' && m.measured).map((m) => ({ steps: m.steps, ...m.measured }));
  return { pause, measured: measured.at(-1), all: measured };
}

// Which head does which needed job in a measurement (-1: none).
const jobs = ({ heads }) => ({
  previous: heads.findIndex((h) => h.job === 'previous-word' && h.needed),
  noun: heads.findIndex((h) => h.job === 'first-noun' && h.needed),
});

const f2 = (x) => x.toFixed(2);
const f3 = (x) => x.toFixed(3);

test('two heads, seeds 0-5: Train pauses itself on a plateau with a previous-word head and a first-noun head', () => {
  const rows = [];
  for (const seed of SEEDS) {
    const { pause, measured, all } = runToPause({ seed, heads: 2 });
    assert.equal(pause.reason, 'plateau', `seed ${seed}: paused for ${pause.reason} at ${pause.steps}`);
    assert.ok(pause.newest <= pause.best + PLATEAU.spike + 1e-9, `seed ${seed}: not on a spike`);
    assert.equal(measured.steps, pause.steps);
    const labels = measured.heads.map((h, i) => headLabel(i, h));
    const { previous, noun } = jobs(measured);
    assert.ok(previous >= 0 && noun >= 0, `seed ${seed} at ${pause.steps}: ${labels.join(' / ')}`);
    const p = measured.heads[previous], n = measured.heads[noun];
    const formed = all.find((m) => jobs(m).previous >= 0 && jobs(m).noun >= 0).steps;
    rows.push(`| ${seed} | ${pause.steps} | ${formed} | ${f3(pause.best)} / ${f3(pause.newest)} `
      + `| head ${previous + 1}: ${f2(p.previousByRole['verb-comma'])} at the comma; ${f2(p.previousShare)} over all rows `
      + `| head ${noun + 1}: ${f2(n.nounShare)} (${f2(n.nounShareSingular)}, ${f2(n.nounSharePlural)}) `
      + `| +${f2(p.cost)} / +${f2(n.cost)} |`);
  }
  console.log(['', '| seed | paused at | both jobs first labelled at | best / last held-out loss '
    + '| previous-word head | first-noun head (singular, plural) | zeroing costs (previous / noun) |',
  '|---|---|---|---|---|---|---|', ...rows].join('\n'));
});

test('one head, seeds 0-5: it pauses on a plateau, and its label says what it does', () => {
  const rows = [];
  for (const seed of SEEDS) {
    const { pause, measured } = runToPause({ seed, heads: 1 });
    assert.equal(pause.reason, 'plateau', `seed ${seed}: paused for ${pause.reason} at ${pause.steps}`);
    const [h] = measured.heads;
    assert.ok(h.needed, `seed ${seed}: one head is needed`);
    const label = headLabel(0, h);
    assert.doesNotMatch(label, /not needed|neither job/, `seed ${seed}`);
    rows.push(`| ${seed} | ${pause.steps} | ${f3(measured.heldOutLoss)} | ${label.replace('Head 1: ', '')} |`);
  }
  console.log(['', '| seed | paused at | held-out loss | the label |', '|---|---|---|---|', ...rows].join('\n'));
});
