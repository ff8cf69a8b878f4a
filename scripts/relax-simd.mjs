// The relaxed-SIMD build's post-link step: rewrites clang 14's pre-standard
// fused multiply-add opcode to the final f32x4.relaxed_madd, in place.
//
//   node scripts/relax-simd.mjs <linked.mjs> <out.mjs>
//
// Why: emcc 3.1.6 (clang 14) emits `fd af 01` for __builtin_wasm_fma_f32x4,
// an opcode of the relaxed-SIMD draft that no engine validates any more, and
// its binaryen (108) cannot read the final `fd 85 02`, so the rewrite has to
// come after binaryen, on the linked module. Same length (3 bytes for 3), so no
// size field changes. The operands stay on the stack in the same order; the
// source (core/src/kernel_simd.hpp, madd4) is written for the final meaning,
// relaxed_madd(a, b, c) = a * b + c.
//
// It refuses (exit 1, nothing written) unless the pattern is exactly what is
// expected: one wasm module inlined in the .mjs; in its code section the bytes
// fd af 01 occur exactly as often as binaryen's disassembly lists
// f32x4.relaxed_fma instructions, at least once, and no other relaxed
// instruction exists. A byte match inside some immediate would make the counts
// differ. Then the result must validate where relaxed SIMD is enabled, and the
// input must not (checked in a child node with --experimental-wasm-relaxed-simd).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readUleb as readLeb } from './wasm-leb.mjs';

export const DRAFT_FMA = [0xfd, 0xaf, 0x01];
export const RELAXED_MADD = [0xfd, 0x85, 0x02];
const DATA_URI = 'data:application/octet-stream;base64,';

/** Thrown when the input is not exactly what the rewrite expects. */
export class RewriteRefused extends Error {}

/**
 * The code section of a wasm binary: { start, end } byte offsets of its contents.
 * Throws RewriteRefused on anything that is not a well-formed module header and section list.
 */
export function codeSection(bytes) {
  const header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  if (bytes.length < 8 || header.some((b, i) => bytes[i] !== b)) throw new RewriteRefused('not a wasm module (version 1)');
  let at = 8, found = null;
  while (at < bytes.length) {
    const id = bytes[at++];
    const [size, next] = readUleb(bytes, at);
    at = next;
    if (at + size > bytes.length) throw new RewriteRefused('a section runs past the end of the module');
    if (id === 10) {
      if (found) throw new RewriteRefused('two code sections');
      found = { start: at, end: at + size };
    }
    at += size;
  }
  if (!found) throw new RewriteRefused('no code section');
  return found;
}

const readUleb = (bytes, at) => readLeb(bytes, at, () => { throw new RewriteRefused('a malformed section size'); });

/** Offsets of every occurrence of `pattern` in bytes[start, end). */
export function findAll(bytes, pattern, start = 0, end = bytes.length) {
  const hits = [];
  for (let i = start; i + pattern.length <= end; i++)
    if (pattern.every((b, k) => bytes[i + k] === b)) hits.push(i);
  return hits;
}

/**
 * Rewrites every draft fma in the code section to relaxed_madd; returns a new array.
 * instructions: how many f32x4.relaxed_fma the disassembly lists (the byte count must equal it).
 */
export function rewriteMadd(bytes, instructions) {
  const { start, end } = codeSection(bytes);
  const hits = findAll(bytes, DRAFT_FMA, start, end);
  if (instructions < 1) throw new RewriteRefused('the module has no fused multiply-add to rewrite');
  if (hits.length !== instructions)
    throw new RewriteRefused(`the code section holds fd af 01 ${hits.length} times but has ${instructions} fma instructions`);
  const out = Uint8Array.from(bytes);
  for (const at of hits) out.set(RELAXED_MADD, at);
  return out;
}

/** The instructions binaryen's wasm-dis lists: { fma, otherRelaxed }. Throws if it cannot read the module. */
export function countRelaxedInstructions(bytes) {
  const dir = mkdtempSync(join(tmpdir(), 'relax-simd-'));
  try {
    writeFileSync(join(dir, 'in.wasm'), bytes);
    let text;
    try {
      text = execFileSync('wasm-dis', [join(dir, 'in.wasm')], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      throw new RewriteRefused(`binaryen's wasm-dis could not read the module (${String(err.stderr || err.message).split('\n')[0]})`);
    }
    const fma = (text.match(/\(f32x4\.relaxed_fma\b/g) ?? []).length;
    const relaxed = (text.match(/\([a-z0-9]+\.relaxed_[a-z_0-9]+/g) ?? []).length;
    return { fma, otherRelaxed: relaxed - fma };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether node with relaxed SIMD enabled validates each module: [boolean, ...]. */
export function validatesWithRelaxedSimd(...modules) {
  const script = 'let s="";process.stdin.on("data",(c)=>s+=c).on("end",()=>{' +
    'console.log(JSON.stringify(JSON.parse(s).map((b)=>WebAssembly.validate(Buffer.from(b,"base64")))))})';
  const out = execFileSync(process.execPath, ['--experimental-wasm-relaxed-simd', '-e', script],
    { input: JSON.stringify(modules.map((m) => Buffer.from(m).toString('base64'))), encoding: 'utf8' });
  return JSON.parse(out);
}

/** The whole step on the text of an emcc SINGLE_FILE .mjs; returns the new text. */
export function relaxModuleText(text) {
  // The loader's own isDataURI check quotes the prefix alone; the module is the one with a payload.
  const payloads = [...text.matchAll(/data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/g)];
  if (payloads.length !== 1) throw new RewriteRefused(`expected exactly one inlined wasm module, found ${payloads.length}`);
  const at = payloads[0].index + DATA_URI.length;
  const end = at + payloads[0][1].length;
  const wasm = new Uint8Array(Buffer.from(text.slice(at, end), 'base64'));
  const { fma, otherRelaxed } = countRelaxedInstructions(wasm);
  if (otherRelaxed !== 0) throw new RewriteRefused(`${otherRelaxed} relaxed instructions other than fma; only fma is rewritten`);
  const relaxed = rewriteMadd(wasm, fma);
  const [before, after] = validatesWithRelaxedSimd(wasm, relaxed);
  if (before) throw new RewriteRefused('the module already validates before the rewrite: not the expected draft opcode');
  if (!after) throw new RewriteRefused('the rewritten module does not validate with relaxed SIMD');
  return { text: text.slice(0, at) + Buffer.from(relaxed).toString('base64') + text.slice(end), rewritten: fma };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [input, output] = process.argv.slice(2);
  try {
    const { text, rewritten } = relaxModuleText(readFileSync(input, 'utf8'));
    writeFileSync(`${output}.tmp`, text);
    renameSync(`${output}.tmp`, output); // all or nothing: a refused rewrite leaves no output
    console.log(`relax-simd: ${rewritten} fused multiply-adds rewritten to f32x4.relaxed_madd in ${output}`);
  } catch (err) {
    console.error(`relax-simd: refused: ${err.message}`);
    process.exit(1);
  }
}
