// Hardening round 3 (docs/hardening.md), in node with the real core:
//  - a change that changes nothing fires nothing: every setter and propose() compare the
//    candidate with the current state by value, so writing a widget's own state back ends;
//  - a model switch holds a subscription to the model in use only while a view listens;
//  - the public worker pool checks its sizes at its own edge, and a closed pool computes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { createAttentionPool, serveRows } from '../../wasm/parallel.js';
import { createExampleModel } from '../../web/model/example.js';
import { createModelSwitch } from '../../web/model/switch.js';
import { encodeState } from '../../web/model/share.js';
import { presetState } from '../../web/model/presets.js';
import { inputs } from './kernel-reference.mjs';

const attn = await loadAttention();
const attend = (state) => attn.attend(state);
const NONE = { causal: null, scaled: null, temperature: null, asker: null };

function loaded(sources = {}) {
  const model = createExampleModel();
  model.load({ attributes: NONE, ...sources });
  model.setCompute(attend);
  const events = [];
  model.subscribe((e) => events.push(e.reason));
  return { model, events };
}

// The same numbers in a new object, its keys in another order: equal by value, not by identity.
function sameValues(state) {
  const { asker, temperature, scaled, causal, wv, wk, wq, embeddings, tokens } = structuredClone(state);
  return { asker, temperature, scaled, causal, wv, wk, wq, embeddings, tokens };
}

test('a change that changes nothing fires nothing: every setter and propose compare values', () => {
  const { model, events } = loaded({ preset: 'cat-sat' });
  const version = model.version;
  const shown = model.state;
  const outcomes = [
    model.setConfig(sameValues(shown)),
    model.setConfig(encodeState(shown)),
    model.setPreset('cat-sat'),
    model.followLink(encodeState(shown)),
    model.propose(sameValues(shown), 'train'),
    model.propose(sameValues(shown), 'link'),
    model.edit('wq', 0, 0, shown.wq[0][0]),
    model.setSwitch('causal', shown.causal),
    model.setSwitch('temperature', shown.temperature),
    model.setAsker(shown.asker),
    model.reset(),
  ];
  assert.ok(outcomes.every((o) => o.ok), 'each is accepted');
  assert.deepEqual(events, [], 'no event for a change that changes nothing');
  assert.equal(model.version, version, 'no committed change counted');
  // A real change still fires, once.
  model.edit('wq', 0, 0, 3);
  assert.deepEqual(events, ['edit']);
});

test('config set to the state on screen adopts it as the example (Reset restores it), silently', () => {
  const { model, events } = loaded({ preset: 'cat-sat' });
  model.edit('wq', 0, 0, 3);
  model.setConfig(sameValues(model.state));
  assert.deepEqual(events, ['edit']);
  assert.equal(model.source.kind, 'config');
  model.setSwitch('causal', true);
  model.reset();
  assert.equal(model.state.wq[0][0], 3, 'Reset restores the config, the example now');
  assert.deepEqual(events, ['edit', 'switch', 'reset']);
});

test('two models synced both ways through config, as the README suggests, settle after one round', () => {
  const a = loaded({ preset: 'cat-sat' });
  const b = loaded({ preset: 'river-bank' });
  let rounds = 0;
  // Each writes its state into the other on every change, as two widgets' handlers would.
  a.model.subscribe(() => { if (++rounds < 50) b.model.setConfig(a.model.state); });
  b.model.subscribe(() => { if (++rounds < 50) a.model.setConfig(b.model.state); });
  a.model.edit('wq', 0, 0, 3);
  assert.ok(rounds <= 2, `${rounds} rounds of write-back`);
  assert.deepEqual(b.model.state, a.model.state);
});

test('the initial verified load still fires once, and a load of the same state after it does not', () => {
  const model = createExampleModel();
  const events = [];
  model.subscribe((e) => events.push(e.reason));
  model.load({ preset: 'cat-sat', attributes: NONE });
  model.setCompute(attend);
  model.setCompute(attend);
  assert.deepEqual(events, ['load']);
});

// A model whose subscribe() counts the listeners it holds.
function counted(model) {
  let live = 0;
  const subscribe = model.subscribe.bind(model);
  model.subscribe = (listener) => {
    live += 1;
    const stop = subscribe(listener);
    let stopped = false;
    return () => {
      if (!stopped) live -= 1;
      stopped = true;
      stop();
    };
  };
  return () => live;
}

test('a model switch listens to the model in use only while a view listens to it', () => {
  const shared = loaded({ preset: 'river-bank' }).model;
  const live = counted(shared);
  const own = createExampleModel();
  const view = createModelSwitch(own);
  view.use(shared);
  assert.equal(live(), 0, 'no view listens yet');
  const stop = view.subscribe(() => {});
  assert.equal(live(), 1);
  stop(); // the view was removed: the shared example keeps nothing of it
  assert.equal(live(), 0, 'a removed view stays subscribed to the shared example');
  const again = view.subscribe(() => {});
  view.use(null); // back to its own example
  assert.equal(live(), 0);
  view.use(shared);
  assert.equal(live(), 1);
  again();
  assert.equal(live(), 0);
});

// Stand-in workers that run the real worker side, as tests/wasm/parallel.test.mjs does.
class StandInWorker extends EventTarget {
  static computed = 0;
  #state = {};
  postMessage(data, transfer = []) {
    const message = structuredClone(data, { transfer });
    setTimeout(async () => {
      if (message.type === 'rows') StandInWorker.computed += 1;
      const { reply, transfer: back } = await serveRows(Promise.resolve(attn), this.#state, message);
      if (!this.terminated) this.dispatchEvent(Object.assign(new Event('message'), { data: structuredClone(reply, { transfer: back }) }));
    }, 0);
  }
  terminate() { this.terminated = true; }
}

const code = (expected) => (err) => {
  assert.equal(err.name, 'AttentionError', `${err.name}: ${err.message}`);
  assert.equal(err.code, expected, err.message);
  return true;
};

test('a closed pool computes nothing: not in its workers, not on the page', async () => {
  const x = inputs(40, 8, 3);
  const pool = createAttentionPool({ workers: 2, createWorker: () => new StandInWorker() });
  await pool.setKeysValues(x.K, x.V, 40, 8);
  pool.close();
  StandInWorker.computed = 0;
  await assert.rejects(pool.attendRaw(x.Q), code('closed'));
  await assert.rejects(pool.attendRaw(x.Q.subarray(1)), code('closed'), 'closed is said first, before the arguments');
  await assert.rejects(pool.setKeysValues(x.K, x.V, 40, 8), code('closed'));
  assert.equal(StandInWorker.computed, 0);
  // A pool with no worker (the page computes) is closed the same way, also while its core loads.
  const none = createAttentionPool({ createWorker: () => { throw new Error('no workers here'); } });
  await none.setKeysValues(x.K, x.V, 40, 8);
  const underway = none.attendRaw(x.Q);
  none.close();
  await assert.rejects(underway, code('closed'));
  await assert.rejects(none.attendRaw(x.Q), code('closed'));
});

test('the pool checks sizes at its own edge, with attendRaw\'s codes', async () => {
  const x = inputs(40, 8, 4);
  for (const pool of [createAttentionPool({ workers: 2, createWorker: () => new StandInWorker() }),
    createAttentionPool({ createWorker: () => { throw new Error('no workers here'); } })]) {
    await assert.rejects(pool.setKeysValues(x.K, x.V, NaN, 8), code('invalid_argument'));
    await assert.rejects(pool.setKeysValues(x.K, x.V, 40, 2.5), code('invalid_argument'));
    await assert.rejects(pool.setKeysValues(x.K, x.V.subarray(8), 40, 8), code('shape_mismatch'));
    await assert.rejects(pool.setKeysValues([1, 2], x.V, 1, 2), code('invalid_argument'));
    const big = new Float32Array(16385);
    await assert.rejects(pool.setKeysValues(big, big, 16385, 1), code('too_large'));
    await pool.setKeysValues(x.K, x.V, 40, 8);
    await assert.rejects(pool.attendRaw(x.Q.subarray(8)), code('shape_mismatch'));
    await assert.rejects(pool.attendRaw(x.Q, { causal: 'yes' }), code('invalid_argument'));
    const small = { weights: new Float32Array(40 * 39), outputs: new Float32Array(40 * 8) };
    await assert.rejects(pool.attendRaw(x.Q, { into: small }), code('shape_mismatch'));
    const untouched = { weights: new Float32Array(40 * 40).fill(7), outputs: new Float32Array(40 * 8).fill(7) };
    await assert.rejects(pool.attendRaw(x.Q, { into: { ...untouched, outputs: new Float32Array(3) } }), code('shape_mismatch'));
    assert.ok(untouched.weights.every((v) => v === 7), 'a refused call writes nothing');
    const r = await pool.attendRaw(x.Q);
    assert.deepEqual(r.outputs, attn.attendRaw(x.Q, x.K, x.V, 40, 8).outputs);
    pool.close();
  }
});

test('a grid past the caps is refused with too_large by the workers\' core, before any result is kept', async () => {
  const n = 8193, d = 1; // over maxRawTokens with the weights grid; fine outputs only
  const K = new Float32Array(n * d).fill(0.5);
  const pool = createAttentionPool({ workers: 2, createWorker: () => new StandInWorker() });
  await pool.setKeysValues(K, K, n, d);
  await assert.rejects(pool.attendRaw(K), code('too_large'));
  const r = await pool.attendRaw(K, { weights: false });
  assert.equal(r.outputs.length, n * d);
  pool.close();
});


test('the scale lab\'s client, closed while a job waits for the page\'s thread, computes nothing', async () => {
  const { ComputeClient } = await import('../../web/views/scale/client.js');
  const { loadKernelRunner } = await import('../../wasm/attention.js');
  const runner = await loadKernelRunner();
  const run = runner.run;
  let runs = 0;
  runner.run = (...args) => { runs += 1; return run.apply(runner, args); };
  try {
    const results = [];
    const client = new ComputeClient({ forceMainThread: true, onResult: (m) => results.push(m) });
    client.request('grid', { n: 64, dk: 8, scaled: true, causal: false, input: 'random', seed: 1, maxPixels: 64 });
    client.close(); // the job yields a task before it computes: closed meanwhile
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(runs, 0, 'the kernel ran for a closed client');
    assert.deepEqual(results, []);
  } finally {
    runner.run = run;
  }
});
