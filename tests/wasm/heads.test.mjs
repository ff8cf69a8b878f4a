// The heads lab's module through its JS wrapper, with the real binary: the
// whole-model gradient against central finite differences computed here in JS
// (every parameter set through the heap), determinism, bad hyper-parameters and
// the API's edges, zeroing heads, the shape of what the element reads, and one
// seed trained to its labels, each checked against the grids it measures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadHeads, HeadsError, DEFAULT_CONFIG } from '../../wasm/heads.js';

const core = await loadHeads();

test('the whole-model gradient matches central finite differences through wasm', () => {
  for (const config of [{}, { heads: 3, dModel: 10, dHead: 3, seed: 7 }]) {
    const lab = core.createLab(config);
    if (config.seed === 7) lab.train(300); // peaked attention, where a wrong softmax backward shows
    const { gradient } = lab.lossAndGradient(3);
    const p = lab.parameters();
    assert.equal(gradient.length, p.length);
    const h = 1e-5;
    let worst = 0;
    for (let i = 0; i < p.length; i++) {
      const keep = p[i];
      p[i] = keep + h;
      lab.setParameters(p);
      const up = lab.lossAndGradient(3).loss;
      p[i] = keep - h;
      lab.setParameters(p);
      const down = lab.lossAndGradient(3).loss;
      p[i] = keep;
      const numeric = (up - down) / (2 * h);
      worst = Math.max(worst, Math.abs(gradient[i] - numeric) / Math.max(Math.abs(gradient[i]) + Math.abs(numeric), 1e-4));
    }
    lab.dispose();
    assert.ok(worst < 1e-5, `worst relative error ${worst} (${JSON.stringify(config)})`);
  }
});

test('the same seed gives the same numbers; another seed others', () => {
  const a = core.createLab({ seed: 5 }), b = core.createLab({ seed: 5 }), c = core.createLab({ seed: 6 });
  const la = a.train(30).trainLoss, lb = b.train(30).trainLoss, lc = c.train(30).trainLoss;
  assert.equal(la, lb);
  assert.deepEqual(a.parameters(), b.parameters());
  assert.notEqual(la, lc);
  a.reset();
  assert.equal(a.train(30).trainLoss, la, 'reset starts the same seed again');
  for (const lab of [a, b, c]) lab.dispose();
});

test('bad hyper-parameters get clear errors and the model is kept', () => {
  const lab = core.createLab();
  const cases = [
    [{ heads: 0 }, /heads must be a whole number from 1 to 4 \(got 0\)/],
    [{ heads: 5 }, /heads must be a whole number from 1 to 4 \(got 5\)/],
    [{ heads: 2.5 }, /got 2\.5/],
    [{ heads: '2' }, /got "2"/],
    [{ dModel: 65 }, /dModel must be a whole number from 1 to 64/],
    [{ dHead: 0 }, /dHead must be a whole number from 1 to 32/],
    [{ batch: 257 }, /batch must be a whole number from 1 to 256/],
    [{ learningRate: 0 }, /learningRate must be a number above 0 and at most 1 \(got 0\)/],
    [{ learningRate: NaN }, /got NaN/],
    [{ learningRate: 2 }, /got 2/],
    [{ seed: -1 }, /seed must be a whole number from 0 to 4294967295/],
    [{ seed: 2 ** 32 }, /seed must be/],
  ];
  lab.train(10);
  const before = lab.parameters();
  for (const [config, message] of cases) {
    assert.throws(() => lab.reset(config), (err) => err instanceof HeadsError && err.code === 'bad_hyper_parameter'
      && message.test(err.message), JSON.stringify(config));
    assert.throws(() => core.createLab(config), HeadsError);
  }
  assert.deepEqual(lab.parameters(), before, 'a refused reset keeps the trained model');
  assert.equal(lab.config.heads, DEFAULT_CONFIG.heads);
  assert.throws(() => lab.train(0), /steps must be a whole number from 1 to 10000 \(got 0\)/);
  assert.throws(() => lab.train(10001), /steps must be/);
  assert.throws(() => lab.sentence(256), (err) => err.code === 'bad_argument' && /sentence must be 0 to 255/.test(err.message));
  assert.throws(() => lab.sentence(-1), HeadsError);
  assert.throws(() => lab.setParameters(new Float64Array(3)), /3 numbers for a model of/);
  assert.throws(() => core.createLab(null), /must be an object/);
  lab.dispose();
});

test('API edges: a number not finite is refused, a refused config keeps no memory, bad masks and counts', () => {
  const lab = core.createLab();
  const before = lab.parameters();
  for (const bad of [NaN, Infinity, -Infinity]) {
    const p = lab.parameters();
    p[7] = bad;
    assert.throws(() => lab.setParameters(p), (err) => err instanceof HeadsError && err.code === 'bad_argument'
      && /number 7 is .*not a finite number/.test(err.message), String(bad));
  }
  assert.deepEqual(lab.parameters(), before, 'nothing changed');
  for (const bad of [NaN, 0, 1.5, '3', null])
    assert.throws(() => lab.lossAndGradient(bad), (err) => err.code === 'bad_argument', String(bad));
  for (const zeroed of [[2], [-1], [0.5], ['0'], 'all', null]) {
    assert.throws(() => lab.measure({ zeroed }), (err) => err.code === 'bad_argument', JSON.stringify(zeroed));
    assert.throws(() => lab.sentence(0, 3, { zeroed }), (err) => err.code === 'bad_argument', JSON.stringify(zeroed));
  }
  // A refused config is refused before the module allocates a model: 100,000 of them keep nothing.
  // (Each used to keep a model's few hundred bytes: tens of megabytes of wasm memory.)
  const memory = () => process.memoryUsage().external;
  const start = memory();
  for (let i = 0; i < 100_000; i++) assert.throws(() => core.createLab({ heads: 9 }), HeadsError);
  const grown = memory() - start;
  assert.ok(grown < 2e6, `the module's memory grew by ${(grown / 1e6).toFixed(1)} MB`);
  lab.dispose();
});

test('zeroing heads: the guesses and the held-out loss change, the weights do not; none is the model', () => {
  const lab = core.createLab({ seed: 3 });
  lab.train(300);
  const whole = lab.measure(), s = lab.sentence(0, 4);
  assert.equal(whole.zeroedLoss, whole.heldOutLoss, 'nothing zeroed');
  whole.heads.forEach((h, i) => {
    const m = lab.measure({ zeroed: [i] });
    assert.equal(m.zeroedLoss, h.ablatedLoss, `zeroing head ${i + 1} alone costs what its report says`);
    assert.equal(m.heldOutLoss, whole.heldOutLoss);
    assert.ok(Math.abs(h.cost - (h.ablatedLoss - whole.heldOutLoss)) < 1e-12);
    const z = lab.sentence(0, 4, { zeroed: [i] });
    assert.deepEqual(z.weights, s.weights, 'a zeroed head still attends');
    assert.notDeepEqual(z.guesses, s.guesses);
  });
  assert.ok(lab.measure({ zeroed: [0, 1] }).zeroedLoss > whole.heldOutLoss, 'zeroing both costs');
  assert.deepEqual(lab.sentence(0, 4, { zeroed: [] }), s);
  lab.dispose();
});

test('a sentence: causal weights whose rows sum to 1, sorted guesses', () => {
  const lab = core.createLab({ heads: 3 });
  const s = lab.sentence(0, 4);
  assert.equal(s.words.length, core.sentenceLength);
  assert.equal(s.weights.length, 3);
  for (const grid of s.weights)
    grid.forEach((row, i) => {
      row.forEach((w, j) => (j > i ? assert.equal(w, 0) : assert.ok(w > 0)));
      assert.ok(Math.abs(row.reduce((a, b) => a + b) - 1) < 1e-12);
    });
  assert.equal(s.words[s.jobRow], ',');
  assert.ok(s.firstNoun === 1 || s.firstNoun === 2);
  assert.equal(s.guesses.length, 4);
  for (let i = 1; i < 4; i++) assert.ok(s.guesses[i - 1].probability >= s.guesses[i].probability);
  lab.dispose();
});

// The roles of a sentence's rows, read from its words here (not from the module): the grammar is
// "the [ADJ] N1 , seeing the [ADJ] N2 , VERB".
function rolesOf(words) {
  const adjectiveFirst = ['big', 'small', 'old'].includes(words[1]);
  return adjectiveFirst
    ? ['first-word', 'adjective', 'first-noun', 'first-comma', 'seeing', 'second-the', 'seen', 'verb-comma', 'verb']
    : ['first-word', 'first-noun', 'first-comma', 'seeing', 'second-the', 'adjective', 'seen', 'verb-comma', 'verb'];
}

// Every measurement behind the labels, recomputed here from the grids of every held-out sentence.
function measureFromGrids(lab, sentences, heads) {
  const sums = Array.from({ length: heads }, () => ({ byRole: {}, all: 0, noun: [0, 0], count: [0, 0] }));
  for (let i = 0; i < sentences; i++) {
    const s = lab.sentence(i, 1);
    const roles = rolesOf(s.words), plural = /s$|^mice$/.test(s.words[roles.indexOf('first-noun')]) ? 1 : 0;
    s.weights.forEach((grid, h) => {
      for (let row = 1; row < grid.length; row++) {
        sums[h].byRole[roles[row]] = (sums[h].byRole[roles[row]] ?? 0) + grid[row][row - 1] / sentences;
        sums[h].all += grid[row][row - 1] / sentences / (grid.length - 1);
      }
      sums[h].noun[plural] += grid[roles.indexOf('verb-comma')][roles.indexOf('first-noun')];
      sums[h].count[plural] += 1;
    });
  }
  return sums.map(({ byRole, all, noun, count }) => ({ byRole, all, nounShare: (noun[0] + noun[1]) / sentences,
    singular: noun[0] / count[0], plural: noun[1] / count[1] }));
}

test('one seed trained in wasm grows a previous-word head and a first-noun head; every number is the grids\' mean', () => {
  const lab = core.createLab({ seed: 3 });
  let m;
  for (let steps = 0; steps < 1500; steps += 250) {
    lab.train(250);
    m = lab.measure();
    if (m.heads.some((h) => h.job === 'previous-word') && m.heads.some((h) => h.job === 'first-noun')) break;
  }
  const jobs = m.heads.map((h) => h.job).sort();
  assert.deepEqual(jobs, ['first-noun', 'previous-word'], JSON.stringify(m));
  assert.ok(m.heads.every((h) => h.needed));
  const previous = m.heads.find((h) => h.job === 'previous-word');
  assert.ok(previous.previousByRole['verb-comma'] >= 0.8);
  assert.ok(previous.jobRoles.includes('verb-comma'));
  assert.ok(previous.ablatedLoss - m.heldOutLoss > 0.15, 'zeroing the previous-word head costs loss');

  const mine = measureFromGrids(lab, m.heldOutSentences, m.heads.length);
  m.heads.forEach((h, i) => {
    const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9, `head ${i + 1} ${what}: ${a} against ${b}`);
    for (const [role, share] of Object.entries(mine[i].byRole)) near(h.previousByRole[role], share, role);
    near(h.previousShare, mine[i].all, 'over every row');
    near(h.nounShare, mine[i].nounShare, 'first noun');
    near(h.nounShareSingular, mine[i].singular, 'first noun, singular');
    near(h.nounSharePlural, mine[i].plural, 'first noun, plural');
    const where = h.job === 'previous-word' ? h.jobRoles.map((r) => mine[i].byRole[r]) : [mine[i].nounShare];
    if (h.job !== 'none') near(h.jobShare, where.reduce((a, b) => a + b) / where.length, 'the job over its rows');
  });
  lab.dispose();
});
