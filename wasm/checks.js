// Argument checks at the JS edge, shared by the teaching, raw and training paths
// (attention.js, raw-path.js, training-path.js): bad input leaves as an AttentionError
// with a stable code before it touches a heap.
import { quote } from './quote.js';

/** Thrown for every bad input; `code` is stable, `message` is for people. */
export class AttentionError extends Error {
  constructor(message, code) {
    super(message);
    this.name = 'AttentionError';
    this.code = code;
  }
}

// Input from a page can throw while being read (a getter, a proxy, a revoked
// proxy). That is bad input like any other, so it leaves as an AttentionError.
export function readInput(read) {
  try {
    return read();
  } catch (err) {
    if (err instanceof AttentionError) throw err;
    let why;
    try {
      why = String(err?.message ?? err).slice(0, 80);
    } catch {
      why = 'it threw while being read';
    }
    throw new AttentionError(`the input could not be read: ${why || 'it threw while being read'}`, 'invalid_argument');
  }
}

// attend()'s request -> plain values for the core. Throws AttentionError on bad input.
export function readRequest(request = {}, limits) {
  if (request === null || typeof request !== 'object')
    throw new AttentionError(`attend needs an object { embeddings, wq, wk, wv, ... } (got ${describe(request)})`,
      'invalid_argument');
  const { embeddings, wq, wk, wv, scaled = false, causal = false, temperature = 1 } = request;
  const x = readMatrix('embeddings', embeddings, limits.maxTokens, limits.maxDim);
  const q = readMatrix('wq', wq, limits.maxDim, limits.maxDim);
  const k = readMatrix('wk', wk, limits.maxDim, limits.maxDim);
  const v = readMatrix('wv', wv, limits.maxDim, limits.maxDim);
  checkFlag('scaled', scaled);
  checkFlag('causal', causal);
  if (typeof temperature !== 'number' || !(temperature > 0) || !Number.isFinite(temperature))
    throw new AttentionError(
      `temperature must be a finite number above 0 (got ${describe(temperature)})`, 'bad_temperature');
  return { x, q, k, v, scaled, causal, temperature };
}

export function checkFlag(name, value) {
  if (typeof value !== 'boolean')
    throw new AttentionError(`${name} must be true or false (got ${describe(value)})`, 'invalid_argument');
}

export function checkSize(name, value) {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new AttentionError(`attendRaw: ${name} must be a whole number of at least 1 (got ${describe(value)})`,
      value === 0 ? 'empty' : 'invalid_argument');
}

// A nested array (or array of typed arrays) of finite numbers -> { rows, cols, data: Float64Array }.
export function readMatrix(name, value, maxRows, maxCols) {
  if (!Array.isArray(value))
    throw new AttentionError(`${name} must be an array of rows (got ${describe(value)})`, 'invalid_argument');
  const rows = value.length;
  if (rows === 0) throw new AttentionError(`${name} has no rows; give at least one`, 'empty');
  if (rows > maxRows)
    throw new AttentionError(`${name} has ${rows} rows; at most ${maxRows} are allowed`, 'too_large');
  const first = value[0];
  if (!isRow(first))
    throw new AttentionError(`${name} row 1 must be an array of numbers (got ${describe(first)})`, 'invalid_argument');
  const cols = first.length;
  if (cols === 0) throw new AttentionError(`${name} row 1 is empty; rows need at least one number`, 'empty');
  if (cols > maxCols)
    throw new AttentionError(`${name} rows have ${cols} numbers; at most ${maxCols} are allowed`, 'too_large');
  const data = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    const row = value[r];
    if (!isRow(row))
      throw new AttentionError(`${name} row ${r + 1} must be an array of numbers (got ${describe(row)})`, 'invalid_argument');
    if (row.length !== cols)
      throw new AttentionError(
        `${name} row ${r + 1} has ${row.length} numbers but row 1 has ${cols}; every row needs the same length`,
        'shape_mismatch');
    for (let c = 0; c < cols; c++) data[r * cols + c] = readNumber(name, row[c], r, c);
  }
  return { rows, cols, data };
}

export function isRow(row) {
  return Array.isArray(row) || row instanceof Float64Array || row instanceof Float32Array;
}

export function readNumber(name, x, r, c) {
  if (typeof x === 'number' && Number.isFinite(x)) return x; // the common case: no message built
  const where = `${name} row ${r + 1}, column ${c + 1}`;
  if (typeof x !== 'number')
    throw new AttentionError(`${where} is ${describe(x)}, not a number`, 'invalid_argument');
  if (!Number.isFinite(x))
    throw new AttentionError(`${where} is ${x}; every entry must be a finite number`, 'non_finite');
  return x;
}

// A short, safe description of any value for a message: the package's one quoting rule
// (wasm/quote.js): never long, never markup, no direction controls, never throws.
export const describe = (value) => quote(value, 40);

export function nestGrids({ wq, wk, wv }) {
  return { wq: nest(wq), wk: nest(wk), wv: nest(wv) };
}

// { rows, cols, data } -> rows of plain numbers
// (A plain loop: Array.from(subarray) per row took half the time of a small attend().)
export function nest({ rows, cols, data }) {
  const out = new Array(rows);
  for (let r = 0; r < rows; r++) {
    const row = new Array(cols);
    for (let c = 0; c < cols; c++) row[c] = data[r * cols + c];
    out[r] = row;
  }
  return out;
}

// The real length of a typed array: a subclass getter or a proxy cannot fake it
// (a faked one would make the copy into the heap throw or read the wrong count).
export const typedArrayLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Float32Array.prototype), 'length').get;
