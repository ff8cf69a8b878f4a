// The kernel modules' JavaScript: a loader of a few lines instead of Emscripten's runtime.
//
//   node scripts/kernel-module.mjs <NAME.wasm> <out.mjs>      (wasm/CMakeLists.txt runs it)
//
// The kernel (wasm/kernel_exports.cpp) needs almost nothing of that runtime: plain C exports, no
// allocator (its workspace grows the memory in place), one import (emscripten_resize_heap), no
// file system, no startup work. So each kernel module is its wasm and a default export that
// instantiates it with the imports it is given, resolving to the WebAssembly.Instance;
// wasm/kernel-runner.js makes the imports (the memory growth) and calls the exports.
//
// The wasm's import and export names are shortened first (shortNames: one letter each, as emcc
// itself does for its own glue; the names are a fifth of the compressed size of a module this
// small otherwise), by a table below that kernel-runner.js follows; an export not in the table stops
// the build. Only names change: every other section is copied byte for byte.
//
// Two forms, the same wasm bytes:
// - inlinedModule: dist/NAME.mjs, the wasm inlined as base64 (node, the tests and bundlers import
//   it with no asset to handle; scripts/relax-simd.mjs rewrites its payload in place);
// - hostedModule: dist/browser/NAME.mjs beside NAME.wasm (scripts/build-web.mjs), which the
//   browser compiles while it streams in.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readUleb as readLeb, uleb } from './wasm-leb.mjs';

// The prefix scripts/relax-simd.mjs and scripts/build-web.mjs find the payload by.
const DATA_URI = 'data:application/octet-stream;base64,';

/** The kernel's exports as the modules carry them: its C name -> the name kernel-runner.js calls. */
export const EXPORTS = Object.freeze({
  memory: 'm', __wasm_call_ctors: 'i', attn_resize: 'r', attn_buffer: 'b', attn_run_band: 'c',
  attn_status_code: 's', attn_status_message: 't', attn_limit: 'l', attn_memory: 'u',
});
// Exported by emcc, used by no one outside the module: left out.
const UNUSED = new Set(['__indirect_function_table']);
/** Its one import, "module.name" -> [module, name] as the modules carry it (kernel-runner.js gives it). */
export const IMPORTS = Object.freeze({ 'env.emscripten_resize_heap': ['e', 'g'] });

/** Thrown when the wasm is not what shortNames expects; the build stops. */
export class KernelModuleError extends Error {}

// A malformed number stops the build with this script's own error.
const readUleb = (bytes, at) => readLeb(bytes, at, (message) => { throw new KernelModuleError(message); });

const utf8 = new TextEncoder();
const name = (text) => [...uleb(utf8.encode(text).length), ...utf8.encode(text)];

function readName(bytes, at) {
  const [length, start] = readUleb(bytes, at);
  return [new TextDecoder().decode(bytes.subarray(start, start + length)), start + length];
}

// The import section with its names shortened: function imports only (the kernel has no other).
function shortImports(body) {
  let [count, at] = readUleb(body, 0);
  const out = [...uleb(count)];
  for (; count > 0; count--) {
    let module, field;
    [module, at] = readName(body, at);
    [field, at] = readName(body, at);
    const short = IMPORTS[`${module}.${field}`];
    if (!short) throw new KernelModuleError(`an import not in the table: ${module}.${field}`);
    if (body[at] !== 0) throw new KernelModuleError(`${module}.${field} is not a function import`);
    const [, end] = readUleb(body, at + 1); // kind 0, then the type index
    out.push(...name(short[0]), ...name(short[1]), ...body.subarray(at, end));
    at = end;
  }
  return out;
}

// The export section with each name shortened, the unused ones left out.
function shortExports(body) {
  let [count, at] = readUleb(body, 0);
  const kept = [];
  for (; count > 0; count--) {
    let field;
    [field, at] = readName(body, at);
    const [, end] = readUleb(body, at + 1); // the kind byte, then the index
    if (Object.hasOwn(EXPORTS, field)) kept.push([...name(EXPORTS[field]), ...body.subarray(at, end)]);
    else if (!UNUSED.has(field)) throw new KernelModuleError(`an export not in the table: ${field}`);
    at = end;
  }
  if (kept.length !== Object.keys(EXPORTS).length) throw new KernelModuleError(`${Object.keys(EXPORTS).length - kept.length} exports of the table are missing`);
  return [...uleb(kept.length), ...kept.flat()];
}

/** The kernel's wasm with its import and export names shortened (EXPORTS, IMPORTS): a new Uint8Array. */
export function shortNames(wasm) {
  const header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  if (wasm.length < 8 || header.some((b, i) => wasm[i] !== b)) throw new KernelModuleError('not a wasm module (version 1)');
  const parts = [wasm.subarray(0, 8)];
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, start] = readUleb(wasm, at + 1);
    const end = start + size;
    if (end > wasm.length) throw new KernelModuleError('a section runs past the end of the module');
    const body = wasm.subarray(start, end);
    const renamed = id === 2 ? shortImports(body) : id === 7 ? shortExports(body) : null;
    parts.push(renamed ? Uint8Array.from([id, ...uleb(renamed.length), ...renamed]) : wasm.subarray(at, end));
    at = end;
  }
  return new Uint8Array(Buffer.concat(parts));
}

/** dist/NAME.mjs: the kernel's wasm inlined, and its loader. */
export function inlinedModule(wasm, source) {
  return `// The attention kernel (wasm/kernel_exports.cpp) as one file: its WebAssembly inlined, and its
// loader. Written by scripts/kernel-module.mjs from ${source}; wasm/kernel-runner.js drives it.
const WASM = "${DATA_URI}${Buffer.from(wasm).toString('base64')}";

/** Compiles and instantiates the kernel with \`imports\`: a Promise of its WebAssembly.Instance. */
export default async function createAttentionKernel(imports) {
  const bytes = Uint8Array.from(atob(WASM.slice(${DATA_URI.length})), (c) => c.charCodeAt(0));
  return (await WebAssembly.instantiate(bytes, imports)).instance;
}
`;
}

/** dist/browser/NAME.mjs: the loader of the NAME.wasm beside it (minified by build-web). */
export function hostedModule(name) {
  return `// The attention kernel's loader (scripts/kernel-module.mjs): ${name}.wasm, compiled while it streams in.
const url = new URL("${name}.wasm", import.meta.url);

/** Compiles and instantiates the kernel with \`imports\`: a Promise of its WebAssembly.Instance. */
export default async function createAttentionKernel(imports) {
  try {
    return (await WebAssembly.instantiateStreaming(fetch(url), imports)).instance;
  } catch {
    // Streaming needs the file served as application/wasm: from its bytes, then. A file that did
    // not arrive is named (a refused compile, such as a page's CSP, fails here again, in its own words).
    const response = await fetch(url);
    if (!response.ok) throw new Error(\`\${url} did not arrive (HTTP \${response.status})\`);
    return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
  }
}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [input, output] = process.argv.slice(2);
  writeFileSync(`${output}.tmp`, inlinedModule(shortNames(readFileSync(input)), basename(input)));
  renameSync(`${output}.tmp`, output);
}
