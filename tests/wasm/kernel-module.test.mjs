// The kernel modules' own JavaScript (scripts/kernel-module.mjs), which replaced emcc's runtime:
// the published modules import the one function kernel-runner.js gives and export every name it
// calls, and nothing unused; the inlined module instantiates its own bytes; the hosted loader
// streams its .wasm, falls back to its bytes when the server sends another MIME type, and names a
// file that did not arrive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hostedModule, inlinedModule } from '../../scripts/kernel-module.mjs';

const uleb = (n) => (n < 128 ? [n] : [(n & 0x7f) | 0x80, ...uleb(n >> 7)]);
const section = (id, bytes) => [id, ...uleb(bytes.length), ...bytes];
const str = (s) => [s.length, ...Buffer.from(s)];
const FUNC = 0;

// A tiny module shaped like the kernel: one function import (env.emscripten_resize_heap) and
// one export, attn_resize, that returns 42.
const kernelLike = () => new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
  ...section(1, [2, 0x60, 1, 0x7f, 1, 0x7f, 0x60, 0, 1, 0x7f]), // (i32) -> i32, () -> i32
  ...section(2, [1, ...str('env'), ...str('emscripten_resize_heap'), FUNC, 0]),
  ...section(3, [1, 1]),
  ...section(7, [1, ...str('attn_resize'), FUNC, 1]),
  ...section(10, [1, 4, 0, 0x41, 42, 0x0b]), // function 1: i32.const 42
]);
const imports = { env: { emscripten_resize_heap: () => 0 } };

// What wasm/kernel-runner.js calls and gives, read from its source: exports.NAME, and the env import.
const runner = readFileSync(new URL('../../wasm/kernel-runner.js', import.meta.url), 'utf8');
const called = new Set([...runner.matchAll(/\bexports\.(\w+)/g)].map(([, name]) => name));
const given = [...runner.matchAll(/env: \{ (\w+):/g)].map(([, name]) => `env.${name}:function`);

test('every published kernel module imports what kernel-runner.js gives and exports every name it calls', async () => {
  assert.deepEqual(given, ['env.emscripten_resize_heap:function']);
  assert.ok(called.has('attn_run_band') && called.has('memory'), `${[...called]}`);
  for (const file of ['attention-kernel.mjs', 'attention-kernel-scalar.mjs', 'attention-kernel-relaxed.mjs']) {
    const text = readFileSync(new URL(`../../dist/${file}`, import.meta.url), 'utf8');
    const wasm = Buffer.from(text.match(/base64,([A-Za-z0-9+/=]+)"/)[1], 'base64');
    if (file.includes('relaxed') && !WebAssembly.validate(wasm)) continue; // needs --experimental-wasm-relaxed-simd (relaxed.test.mjs)
    const module = new WebAssembly.Module(wasm);
    assert.deepEqual(WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}:${i.kind}`), given, file);
    // emcc's function table is exported whatever the module needs; every other export is called
    const exported = WebAssembly.Module.exports(module).map((e) => e.name).filter((name) => name !== '__indirect_function_table');
    assert.deepEqual(exported.sort(), [...called].sort(), file);
  }
});

test('the inlined module instantiates its own bytes with the imports it is given', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kernel-module-'));
  try {
    writeFileSync(join(dir, 'k.mjs'), inlinedModule(kernelLike(), 'k.wasm'));
    const create = (await import(pathToFileURL(join(dir, 'k.mjs')).href)).default;
    const instance = await create(imports);
    assert.equal(instance.exports.attn_resize(), 42);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// The hosted loader with fetch answering `response()` for its .wasm: what it resolves to or throws.
async function hosted(response) {
  const dir = mkdtempSync(join(tmpdir(), 'kernel-module-'));
  const { fetch } = globalThis;
  const asked = [];
  globalThis.fetch = async (url) => { asked.push(String(url)); return response(); };
  try {
    writeFileSync(join(dir, 'attention-kernel-x.mjs'), hostedModule('attention-kernel-x'));
    const create = (await import(pathToFileURL(join(dir, 'attention-kernel-x.mjs')).href)).default;
    const instance = await create(imports);
    return { result: instance.exports.attn_resize(), asked };
  } catch (err) {
    return { error: err, asked };
  } finally {
    globalThis.fetch = fetch;
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the hosted loader streams its .wasm; served with another MIME type, it compiles the bytes', async () => {
  const bytes = kernelLike();
  const streamed = await hosted(() => new Response(bytes, { headers: { 'content-type': 'application/wasm' } }));
  assert.equal(streamed.result, 42);
  assert.equal(streamed.asked.length, 1, 'one request');
  assert.match(streamed.asked[0], /\/attention-kernel-x\.wasm$/, 'the .wasm beside the loader');
  const plain = await hosted(() => new Response(bytes, { headers: { 'content-type': 'application/octet-stream' } }));
  assert.equal(plain.result, 42);
  assert.equal(plain.asked.length, 2, 'asked again for its bytes');
});

test('the hosted loader names a .wasm that did not arrive, and passes on a compile error in its own words', async () => {
  const missing = await hosted(() => new Response('not found', { status: 404 }));
  assert.match(missing.error?.message ?? '', /^file:.*\/attention-kernel-x\.wasm did not arrive \(HTTP 404\)$/);
  const broken = await hosted(() => new Response(new Uint8Array([0, 97, 115, 109, 9]), { headers: { 'content-type': 'application/wasm' } }));
  assert.ok(broken.error instanceof WebAssembly.CompileError, `${broken.error}`);
});
