// The relaxed-SIMD build's post-link rewrite (scripts/relax-simd.mjs) on small
// hand-assembled modules: it rewrites exactly the draft fma instructions, the
// result computes a * b + c, and it refuses everything that is not the
// expected pattern (nothing to rewrite, a byte match that is not an
// instruction, a module binaryen cannot read, not wasm at all).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  DRAFT_FMA, RELAXED_MADD, RewriteRefused, codeSection, countRelaxedInstructions, findAll,
  relaxModuleText, rewriteMadd, validatesWithRelaxedSimd,
} from '../../scripts/relax-simd.mjs';

const SPLAT = [0xfd, 0x13], LANE0 = [0xfd, 0x1f, 0x00], I32_CONST = 0x41;
const get = (i) => [0x20, i];

// A module exporting f(a, b, c: f32) -> f32 with the given body, plus an
// optional data segment (bytes outside the code section).
function module(body, data = null) {
  const section = (id, bytes) => [id, bytes.length, ...bytes];
  const code = [0x00, ...body, 0x0b]; // no locals
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, [1, 0x60, 3, 0x7d, 0x7d, 0x7d, 1, 0x7d]),
    ...section(3, [1, 0]),
    ...(data ? section(5, [1, 0, 1]) : []), // one memory of one page
    ...section(7, [1, 1, 0x66, 0x00, 0]),    // export "f"
    ...section(10, [1, code.length, ...code]),
    ...(data ? section(11, [1, 0, I32_CONST, 0, 0x0b, data.length, ...data]) : []),
  ]);
}
// splat(a), splat(b), splat(c), draft fma, lane 0: a * b + c after the rewrite.
const FMA_BODY = [...get(0), ...SPLAT, ...get(1), ...SPLAT, ...get(2), ...SPLAT, ...DRAFT_FMA, ...LANE0];

test('rewrites the draft fma to relaxed_madd, which then computes a * b + c', () => {
  const before = module(FMA_BODY, DRAFT_FMA); // the same bytes in a data segment must stay
  const { fma, otherRelaxed } = countRelaxedInstructions(before);
  assert.deepEqual({ fma, otherRelaxed }, { fma: 1, otherRelaxed: 0 });
  const after = rewriteMadd(before, fma);
  const { start, end } = codeSection(after);
  assert.equal(findAll(after, RELAXED_MADD, start, end).length, 1);
  assert.equal(findAll(after, DRAFT_FMA).length, 1, 'the data segment is untouched');
  assert.deepEqual(validatesWithRelaxedSimd(before, after), [false, true]);
  const script = 'const b = Buffer.from(process.argv[1], "base64");' +
    'WebAssembly.instantiate(b).then(({ instance }) => console.log(instance.exports.f(3, 5, 7)));';
  const out = execFileSync(process.execPath, ['--experimental-wasm-relaxed-simd', '-e', script,
    Buffer.from(after).toString('base64')], { encoding: 'utf8' });
  assert.equal(Number(out), 3 * 5 + 7); // not 3 + 5 * 7 = 38, the draft's meaning
});

test('refuses a module with nothing to rewrite', () => {
  const plain = module([...get(0)]);
  assert.throws(() => rewriteMadd(plain, countRelaxedInstructions(plain).fma), RewriteRefused);
});

test('refuses when fd af 01 also occurs inside an instruction immediate', () => {
  // i32.const 22525 is encoded 41 fd af 01: the pattern, but not an fma.
  const tricky = module([I32_CONST, ...DRAFT_FMA, 0x1a, ...FMA_BODY]); // const, drop, then the real fma
  const { fma } = countRelaxedInstructions(tricky);
  assert.equal(fma, 1);
  assert.throws(() => rewriteMadd(tricky, fma), /holds fd af 01 2 times but has 1 fma/);
});

test('refuses what binaryen cannot read, modules already rewritten, and non-wasm', () => {
  const rewritten = rewriteMadd(module(FMA_BODY), 1);
  assert.throws(() => countRelaxedInstructions(rewritten), RewriteRefused);
  assert.throws(() => codeSection(new TextEncoder().encode('not wasm')), /not a wasm module/);
  assert.throws(() => relaxModuleText('export default 1;'), /exactly one inlined wasm module, found 0/);
});

test('the whole step on an emcc-style .mjs: one payload replaced, the rest of the text kept', () => {
  const payload = Buffer.from(module(FMA_BODY)).toString('base64');
  const text = `var a = "data:application/octet-stream;base64,"; var w = "data:application/octet-stream;base64,${payload}"; // end`;
  const { text: out, rewritten } = relaxModuleText(text);
  assert.equal(rewritten, 1);
  const [, head, b64, tail] = out.match(/^(.*base64,)([A-Za-z0-9+/=]+)(".*)$/);
  assert.equal(head + tail, text.replace(payload, ''));
  const bytes = new Uint8Array(Buffer.from(b64, 'base64'));
  assert.equal(findAll(bytes, RELAXED_MADD).length, 1);
  assert.throws(() => relaxModuleText(out), RewriteRefused, 'a second run refuses: binaryen cannot read the result');
});
