// The kernel modules' JavaScript: a loader of a few lines instead of Emscripten's runtime.
//
//   node scripts/kernel-module.mjs <NAME.wasm> <out.mjs>      (wasm/CMakeLists.txt runs it)
//
// The kernel (wasm/kernel_exports.cpp) needs almost nothing of that runtime: plain C exports, no
// allocator (its workspace grows the memory in place), one import (env.emscripten_resize_heap), no
// file system, no startup work. So each kernel module is its wasm and a default export that
// instantiates it with the imports it is given, resolving to the WebAssembly.Instance;
// wasm/kernel-runner.js makes the imports (the memory growth) and calls the exports by their C
// names. Emscripten's own glue for the same wasm is 1.6 KB gzip more than this loader
// (docs/budget.md).
//
// Two forms, the same wasm bytes:
// - inlinedModule: dist/NAME.mjs, the wasm inlined as base64 (node, the tests and bundlers import
//   it with no asset to handle; scripts/relax-simd.mjs rewrites its payload in place);
// - hostedModule: dist/browser/NAME.mjs beside NAME.wasm (scripts/build-web.mjs), which the
//   browser compiles while it streams in.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';

// The prefix scripts/relax-simd.mjs and scripts/build-web.mjs find the payload by.
const DATA_URI = 'data:application/octet-stream;base64,';

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
  writeFileSync(`${output}.tmp`, inlinedModule(readFileSync(input), basename(input)));
  renameSync(`${output}.tmp`, output);
}
