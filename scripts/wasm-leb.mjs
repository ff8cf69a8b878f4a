// LEB128 numbers as a wasm binary writes them (sizes, counts, indices), for the build steps that
// read or rewrite a module: scripts/relax-simd.mjs.

/** The unsigned number at bytes[at]: [value, the offset after it]. `fail(message)` throws. */
export function readUleb(bytes, at, fail) {
  let value = 0, shift = 0, b;
  do {
    if (at >= bytes.length || shift > 28) fail('a malformed number in the module');
    b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return [value, at];
}

/** `value` as unsigned LEB128 bytes. */
export function uleb(value) {
  const out = [];
  do {
    let b = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) b |= 0x80;
    out.push(b);
  } while (value);
  return out;
}
