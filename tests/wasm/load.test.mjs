// loadAttention() never throws, and a core that cannot load says why in words a page author can
// act on: the page's CSP (compiling refused), no WebAssembly at all, or plain failure; never the
// module's raw abort text ("Build with -s ASSERTIONS=1"), and no console warnings from the module.
// (A module file that answers 404 is in tests/browser/ship-load.spec.js: node cannot fake it.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention, AttentionError } from '../../wasm/attention.js';

function isLoadError(err, pattern) {
  assert.ok(err instanceof AttentionError, `not an AttentionError: ${err}`);
  assert.equal(err.code, 'load_failed');
  assert.match(err.message, /^the attention core could not load: /);
  assert.match(err.message, pattern);
  assert.doesNotMatch(err.message, /ASSERTIONS|Aborted\(/);
  assert.doesNotMatch(err.message, /\.\s*$/, 'the caller ends the sentence');
  return true;
}

// Runs `body` with console.warn and console.error counted, returns the count.
async function countingWarnings(body) {
  const { warn, error } = console;
  let count = 0;
  console.warn = console.error = () => { count += 1; };
  try {
    await body();
  } finally {
    Object.assign(console, { warn, error });
  }
  return count;
}

test('bad options reject (never a synchronous throw) with a readable message', async () => {
  for (const options of [null, 'simd', 42, { simd: 'yes' }, { simd: null }, { path: 'kernel' }, { path: 1 }]) {
    let promise;
    assert.doesNotThrow(() => { promise = loadAttention(options); }, `loadAttention(${JSON.stringify(options)})`);
    await assert.rejects(promise, (err) => {
      assert.ok(err instanceof AttentionError);
      assert.equal(err.code, 'invalid_argument');
      assert.match(err.message, /^loadAttention takes nothing or \{ path: both \| teaching \| raw, variant: relaxed \| simd \| scalar, simd: true \| false, training: true \| false \} \(got .{1,45}\)$/);
      return true;
    });
  }
});

// Chromium's own words when a page's CSP has no 'wasm-unsafe-eval'.
const CSP_REFUSAL = "WebAssembly.instantiate(): Compiling or instantiating WebAssembly module violates the following "
  + "Content Security policy directive because 'unsafe-eval' is not an allowed source of script in the following "
  + "Content Security Policy directive: \"script-src 'self'\".";

test("a CSP that blocks WebAssembly is named, with the fix ('wasm-unsafe-eval'), and the module stays quiet", async () => {
  const { instantiate } = WebAssembly;
  WebAssembly.instantiate = () => Promise.reject(new WebAssembly.CompileError(CSP_REFUSAL));
  try {
    const warnings = await countingWarnings(() => assert.rejects(loadAttention({ simd: false }),
      (err) => isLoadError(err, /this page's Content-Security-Policy blocks WebAssembly: .*'wasm-unsafe-eval' in script-src$/)));
    assert.equal(warnings, 0);
  } finally {
    WebAssembly.instantiate = instantiate;
  }
});

test('another failure while starting quotes the reason, cut short, without the abort wrapper', async () => {
  const { instantiate } = WebAssembly;
  WebAssembly.instantiate = () => Promise.reject(new RangeError(`out of memory ${'x'.repeat(5000)}`));
  try {
    await assert.rejects(loadAttention({ simd: false }), (err) => {
      isLoadError(err, /RangeError: out of memory x+…$/);
      assert.ok(err.message.length < 300, `${err.message.length} characters`);
      assert.ok(err.cause, 'the original error is kept as its cause');
      return true;
    });
  } finally {
    WebAssembly.instantiate = instantiate;
  }
});

// loadAttention() loads both modules at once and reports the first failure: either one's
// must read the same, or the words would depend on which module lost the race.
test('the teaching core and the kernel word the same failure the same', async () => {
  const { instantiate } = WebAssembly;
  WebAssembly.instantiate = () => Promise.reject(new RangeError('out of memory'));
  try {
    const words = await Promise.all(['teaching', 'raw'].map((path) =>
      loadAttention({ simd: false, path }).catch((err) => err.message)));
    assert.deepEqual(words, Array(2).fill('the attention core could not load: RangeError: out of memory'));
  } finally {
    WebAssembly.instantiate = instantiate;
  }
});

test('no WebAssembly at all: says so and that the core needs it', async () => {
  const wasm = globalThis.WebAssembly;
  delete globalThis.WebAssembly;
  try {
    await assert.rejects(loadAttention({ simd: false }),
      (err) => isLoadError(err, /this browser has no WebAssembly \(or it is turned off\), and the core needs it$/));
  } finally {
    globalThis.WebAssembly = wasm;
  }
});

test('after a failure the next call loads (nothing cached from the failure)', async () => {
  const attn = await loadAttention({ simd: false });
  assert.equal(attn.variant, 'scalar');
});

// After the failure tests above: those need nothing loaded yet.
test("each path loads its own module: 'teaching' has attend() only, 'raw' attendRaw only, and each says what to load instead", async () => {
  const teaching = await loadAttention({ path: 'teaching' });
  const raw = await loadAttention({ path: 'raw', variant: 'scalar' });
  const both = await loadAttention({ variant: 'scalar' });
  assert.equal(teaching.variant, null);
  assert.equal(raw.variant, 'scalar');
  assert.deepEqual(raw.limits, teaching.limits, 'both modules read the same caps from attention.hpp');
  const x = [[1, 0], [0, 1]], w = [[1, 0], [0, 1]];
  assert.deepEqual(teaching.attend({ embeddings: x, wq: w, wk: w, wv: w }).outputs, both.attend({ embeddings: x, wq: w, wk: w, wv: w }).outputs);
  const f = new Float32Array([1, 0, 0, 1]);
  assert.deepEqual(raw.attendRaw(f, f, f, 2, 2).outputs, both.attendRaw(f, f, f, 2, 2).outputs);
  assert.throws(() => teaching.attendRaw(f, f, f, 2, 2), (err) => err.code === 'unsupported'
    && /^attendRaw is not in this core: it was loaded with \{ path: 'teaching' \}; use loadAttention\(\) or loadAttention\(\{ path: 'raw' \}\)$/.test(err.message));
  assert.throws(() => raw.attend({}), (err) => err.code === 'unsupported' && /^attend is not in this core/.test(err.message));
  assert.throws(() => teaching.trainStep({}), (err) => err.code === 'unsupported');
  await assert.rejects(loadAttention({ path: 'raw', training: true }), (err) => err.code === 'invalid_argument');
  assert.equal(await loadAttention({ path: 'teaching' }), teaching, 'one object per page for the same modules');
  const stats = both.memoryStats();
  assert.ok(stats.heapBytes >= raw.memoryStats().heapBytes + teaching.memoryStats().heapBytes - 1, 'both heaps counted');
});
