// The kernel modules' own JavaScript (scripts/kernel-module.mjs), which replaced emcc's runtime:
// the import and export names are shortened and nothing else of the wasm changes; a wasm with an
// export or import the table does not know stops the build; the published modules carry exactly
// the names raw-path.js calls; the hosted loader streams its .wasm, falls back to its bytes when
// the server sends another MIME type, and names a file that did not arrive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EXPORTS, IMPORTS, KernelModuleError, hostedModule, inlinedModule, shortNames } from '../../scripts/kernel-module.mjs';

const uleb = (n) => (n < 128 ? [n] : [(n & 0x7f) | 0x80, ...uleb(n >> 7)]);
const section = (id, bytes) => [id, ...uleb(bytes.length), ...bytes];
const str = (s) => [s.length, ...Buffer.from(s)];
const FUNC = 0, TABLE = 1, MEMORY = 2;

// A module shaped like the kernel: one function import, a memory, a table, one function
// exported under every C name of `exports` (default: all the table's, plus emcc's table export).
function kernelLike({ exports = [...Object.keys(EXPORTS), '__indirect_function_table'],
  importName = ['env', 'emscripten_resize_heap'] } = {}) {
  const entries = exports.map((name) => (name === 'memory' ? [...str(name), MEMORY, 0]
    : name === '__indirect_function_table' ? [...str(name), TABLE, 0] : [...str(name), FUNC, 1]));
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, [2, 0x60, 1, 0x7f, 1, 0x7f, 0x60, 0, 1, 0x7f]), // (i32) -> i32, () -> i32
    ...section(2, [1, ...str(importName[0]), ...str(importName[1]), FUNC, 0]),
    ...section(3, [1, 1]),
    ...section(4, [1, 0x70, 0, 1]), // a table of funcref, at least 1
    ...section(5, [1, 0, 1]),       // a memory of one page
    ...section(7, [entries.length, ...entries.flat()]),
    ...section(10, [1, 4, 0, 0x41, 42, 0x0b]), // function 1: i32.const 42
  ]);
}

function sections(bytes) {
  const out = new Map();
  for (let at = 8; at < bytes.length;) {
    const id = bytes[at++];
    let size = 0;
    for (let shift = 0; ; shift += 7) {
      const b = bytes[at++];
      size |= (b & 0x7f) << shift;
      if (b < 0x80) break;
    }
    out.set(id, Buffer.from(bytes.subarray(at, at + size)));
    at += size;
  }
  return out;
}

test('shortNames renames the import and every export by the table, drops the table export, copies the rest', async () => {
  const before = kernelLike();
  const after = shortNames(before);
  const module = new WebAssembly.Module(after);
  assert.deepEqual(WebAssembly.Module.imports(module).map(({ module: m, name }) => [m, name]),
    [IMPORTS['env.emscripten_resize_heap']]);
  assert.deepEqual(WebAssembly.Module.exports(module).map((e) => e.name).sort(), Object.values(EXPORTS).sort());
  const [was, now] = [sections(before), sections(after)];
  for (const id of [1, 3, 4, 5, 10]) assert.ok(was.get(id).equals(now.get(id)), `section ${id} is copied as it was`);
  const { instance } = await WebAssembly.instantiate(after, { e: { g: () => 0 } });
  assert.equal(instance.exports[EXPORTS.attn_resize](), 42);
});

test('shortNames stops at an export or import it does not know, at a missing export, and at non-wasm', () => {
  assert.throws(() => shortNames(kernelLike({ exports: [...Object.keys(EXPORTS), 'attn_new_thing'] })),
    new KernelModuleError('an export not in the table: attn_new_thing'));
  assert.throws(() => shortNames(kernelLike({ exports: Object.keys(EXPORTS).slice(1) })), /1 exports of the table are missing/);
  assert.throws(() => shortNames(kernelLike({ importName: ['env', 'emscripten_memcpy_big'] })),
    /an import not in the table: env.emscripten_memcpy_big/);
  assert.throws(() => shortNames(new TextEncoder().encode('not wasm at all')), /not a wasm module/);
});

test('every published kernel module imports and exports exactly the short names raw-path.js uses', async () => {
  for (const file of ['attention-kernel.mjs', 'attention-kernel-scalar.mjs', 'attention-kernel-relaxed.mjs']) {
    const text = readFileSync(new URL(`../../dist/${file}`, import.meta.url), 'utf8');
    const wasm = Buffer.from(text.match(/base64,([A-Za-z0-9+/=]+)"/)[1], 'base64');
    if (file.includes('relaxed') && !WebAssembly.validate(wasm)) continue; // needs --experimental-wasm-relaxed-simd (relaxed.test.mjs)
    const module = new WebAssembly.Module(wasm);
    assert.deepEqual(WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}:${i.kind}`), ['e.g:function'], file);
    assert.deepEqual(WebAssembly.Module.exports(module).map((e) => e.name).sort(), Object.values(EXPORTS).sort(), file);
  }
});

test('the inlined module instantiates its own bytes with the imports it is given', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kernel-module-'));
  try {
    writeFileSync(join(dir, 'k.mjs'), inlinedModule(shortNames(kernelLike()), 'k.wasm'));
    const create = (await import(pathToFileURL(join(dir, 'k.mjs')).href)).default;
    const instance = await create({ e: { g: () => 0 } });
    assert.equal(instance.exports[EXPORTS.attn_resize](), 42);
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
    const instance = await create({ e: { g: () => 0 } });
    return { result: instance.exports[EXPORTS.attn_resize](), asked };
  } catch (err) {
    return { error: err, asked };
  } finally {
    globalThis.fetch = fetch;
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the hosted loader streams its .wasm; served with another MIME type, it compiles the bytes', async () => {
  const bytes = shortNames(kernelLike());
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
