// The relaxed-SIMD build (f32x4.relaxed_madd) under the same kernel tests and
// differential fuzz as the other builds. Node 20 validates relaxed SIMD only
// with --experimental-wasm-relaxed-simd, which it refuses in NODE_OPTIONS, so
// the tests run in a child node started with the flag.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hasRelaxedSimd, loadAttention } from '../../wasm/attention.js';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

function nodeWithRelaxedSimd(args, env = {}) {
  // Without NODE_TEST_CONTEXT: a child `node --test` that sees it reports to the
  // parent runner in its own binary protocol instead of printing TAP.
  const { NODE_TEST_CONTEXT, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--experimental-wasm-relaxed-simd', ...args],
      { env: { ...inherited, ...env }, maxBuffer: 1 << 24 },
      (err, stdout, stderr) => resolve({ code: err ? err.code ?? 1 : 0, stdout, stderr }));
  });
}

test('the relaxed build passes the kernel and band tests and 300 fuzz cases (child node with relaxed SIMD)', async () => {
  const run = await nodeWithRelaxedSimd(['--test', '--test-reporter=tap', here('./kernel.test.mjs'), here('./kernel-fuzz.test.mjs'), here('./rows.test.mjs')],
    { ATTENTION_TEST_VARIANTS: 'relaxed,simd' });
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /# fail 0/);
  assert.match(run.stdout, /# pass [1-9]/);
  assert.match(run.stdout, /wasm kernel \(relaxed, simd\)/);
});

test('with relaxed SIMD the default load picks the relaxed build; without, the SIMD build', async () => {
  const script = "const m = await import(process.argv[1]); console.log(JSON.stringify([m.usableVariants(), (await m.loadAttention()).variant]));";
  const run = await nodeWithRelaxedSimd(['--input-type=module', '-e', script, here('../../wasm/attention.js')]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), [['relaxed', 'simd', 'scalar'], 'relaxed']);
  // This process has no flag: the probe says no, and the default is the SIMD build.
  assert.equal(hasRelaxedSimd(), false);
  assert.equal((await loadAttention()).variant, 'simd');
});

test('asking for the relaxed build where it does not validate is a load_failed error, not a crash', async () => {
  await assert.rejects(loadAttention({ variant: 'relaxed' }), (err) => err.code === 'load_failed');
  await assert.rejects(loadAttention({ variant: 'fast' }), (err) => err.code === 'invalid_argument');
});
