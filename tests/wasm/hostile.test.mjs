// A seeded random fuzz of the JS API: a few thousand calls of attend() and
// attendRaw() with hostile arguments (random nesting, HTML and script in
// strings, huge arrays up to and past the caps, NaN / Infinity / 1e308 / -0,
// booleans, objects, undefined, __proto__ keys, getters and proxies that throw,
// typed arrays of the wrong type). Every call must either return a well-formed
// result or throw an AttentionError with a known code and a short, non-empty
// message: never another exception type, never a hang. Afterwards the module
// still computes the chapter's numbers and no prototype has been touched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention, AttentionError } from '../../wasm/attention.js';
import { catSat } from './cast.mjs';
import { mulberry32 } from '../../web/views/scale/inputs.js';

const CASES = 4000;
const CODES = new Set(['shape_mismatch', 'empty', 'non_finite', 'invalid_argument', 'bad_temperature', 'too_large']);
const MAX_MESSAGE = 400; // messages quote input, but never much of it

const attn = await loadAttention();
const { maxTokens, maxDim } = attn.limits;

const random = mulberry32; // seeded, so a failure repeats with its case number

// ---- hostile values ------------------------------------------------------

const NUMBERS = [0, -0, 1, -1, 0.5, 2, NaN, Infinity, -Infinity, 1e308, -1e308, Number.MAX_VALUE,
  Number.MIN_VALUE, 5e-324, 1e-308, 1e154, 1e200, 700, 710, -745, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1];
const STRINGS = ['', 'abc', '1', '0x10', ' 2 ', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>', '__proto__', 'constructor', '\u0000', '\u{1F600}', 'x'.repeat(100_000)];

const throwingGetter = (key) => Object.defineProperty({}, key, { get() { throw new Error(`getter ${key}`); }, enumerable: true });
const throwingProxy = (target) => new Proxy(target, { get() { throw new TypeError('proxy says no'); } });

// Values of every kind a page could hand over, some built to throw when read.
const OTHERS = [
  () => true, () => false, () => null, () => undefined, () => ({}), () => [], () => [[]], () => [[], []],
  () => Object.create(null), () => JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}'),
  () => ({ valueOf: () => 1, toString: () => '1' }), () => ({ toString() { throw new Error('toString'); } }),
  () => Symbol('s'), () => 10n, () => 10n ** 400n, () => function f() { return 1; }, () => new Date(0), () => /re/,
  () => new Map([[0, 1]]), () => new Set([1]), () => new Int8Array(3), () => new Float64Array(3),
  () => new Float32Array(3), () => new Uint8ClampedArray(3), () => new BigInt64Array(3), () => new ArrayBuffer(8),
  () => new DataView(new ArrayBuffer(8)), () => throwingGetter('0'), () => throwingProxy([1, 2, 3]), () => throwingProxy({}),
  () => { const a = [1, 2, 3]; Object.defineProperty(a, 1, { get() { throw new Error('index getter'); } }); return a; },
  () => new Proxy([[1]], { get: (t, k) => (k === 'length' ? -1 : t[k]) }),
  () => new Proxy([[1]], { get: (t, k) => (k === 'length' ? 2 ** 40 : t[k]) }),
  () => new Proxy([1, 2], { get: (t, k) => (k === 'length' ? 'two' : t[k]) }),
  () => ({ constructor: { name: Symbol('evil') } }), () => ({ constructor: { name: 'X'.repeat(10_000) } }),
  () => Object.assign([1, 2, 3], { length: 3 }), () => [, 1, 2], () => new Array(5),
  () => Object.freeze([[1, 0, 0]]), () => ({ length: 3, 0: 1, 1: 2, 2: 3 }),
];

function pick(rand, list) {
  return list[Math.floor(rand() * list.length)];
}

// Any value at all; nested arrays of values down to `depth`.
function hostileValue(rand, depth = 2) {
  const r = rand();
  if (r < 0.3) return pick(rand, NUMBERS);
  if (r < 0.45) return pick(rand, STRINGS);
  if (r < 0.75 || depth === 0) return pick(rand, OTHERS)();
  const length = Math.floor(rand() * 5);
  return Array.from({ length }, () => hostileValue(rand, depth - 1));
}

// A matrix that is nearly right, with one thing wrong (or nothing: valid cases matter too).
function hostileMatrix(rand, rows, cols) {
  const m = Array.from({ length: rows }, () => Array.from({ length: cols }, () => Math.round(rand() * 8 - 4) / 2));
  const r = Math.floor(rand() * rows), c = Math.floor(rand() * cols);
  switch (Math.floor(rand() * 9)) {
    case 0: m[r][c] = pick(rand, NUMBERS); break;                        // NaN, 1e308, -0, ...
    case 1: m[r][c] = hostileValue(rand, 1); break;                      // anything in a cell
    case 2: m[r] = hostileValue(rand, 2); break;                         // anything as a row
    case 3: m[r] = m[r].slice(0, Math.floor(rand() * cols)); break;      // ragged
    case 4: m[r] = Float64Array.from(m[r]); break;                       // typed rows are allowed
    case 5: m[r] = Int32Array.from(m[r]); break;                         // ... but not this type
    case 6: return hostileValue(rand, 3);                                // anything as the matrix
    case 7: m.forEach((row) => row.fill(pick(rand, NUMBERS))); break;    // all huge, all tiny, ...
    default: break;                                                      // left valid
  }
  return m;
}

// A request from the chapter's, with fields replaced, junk keys added, or the whole thing hostile.
function hostileRequest(rand) {
  if (rand() < 0.1) return hostileValue(rand, 3);
  const request = { ...catSat };
  const n = 1 + Math.floor(rand() * 6), dModel = 1 + Math.floor(rand() * 5), dK = 1 + Math.floor(rand() * 4);
  if (rand() < 0.5) {
    request.embeddings = hostileMatrix(rand, n, dModel);
    request.wq = hostileMatrix(rand, dK, dModel);
    request.wk = hostileMatrix(rand, dK, dModel);
    request.wv = hostileMatrix(rand, 1 + Math.floor(rand() * 4), dModel);
  } else {
    const field = pick(rand, ['embeddings', 'wq', 'wk', 'wv']);
    request[field] = hostileMatrix(rand, request[field].length, 3);
  }
  for (const key of ['scaled', 'causal', 'temperature'])
    if (rand() < 0.2) request[key] = rand() < 0.5 ? pick(rand, NUMBERS) : hostileValue(rand, 1);
  if (rand() < 0.1) Object.defineProperty(request, '__proto__', { value: { embeddings: [[1]] }, enumerable: true });
  if (rand() < 0.05) {
    const key = pick(rand, ['embeddings', 'wq', 'temperature']);
    const { [key]: replaced, ...rest } = request;
    return Object.assign(throwingGetter(key), rest);
  }
  if (rand() < 0.05) return throwingProxy(request);
  return request;
}

// attendRaw arguments: right-sized Float32Arrays with one thing wrong, or nothing.
function hostileRawArgs(rand) {
  const n = 1 + Math.floor(rand() * 12), d = 1 + Math.floor(rand() * 6);
  const buffer = () => Float32Array.from({ length: n * d }, () => rand() * 2 - 1);
  const args = [buffer(), buffer(), buffer(), n, d, { scaled: rand() < 0.5, causal: rand() < 0.5, weights: rand() < 0.5 }];
  const slot = Math.floor(rand() * 6);
  switch (Math.floor(rand() * 6)) {
    case 0: args[slot] = hostileValue(rand, 2); break;
    case 1: if (slot < 3) args[slot][Math.floor(rand() * n * d)] = pick(rand, NUMBERS); break;
    case 2: if (slot < 3) args[slot] = pick(rand, [Float64Array, Int32Array, Array]).from(args[slot]); break;
    case 3: args[5] = { [pick(rand, ['scaled', 'causal', 'weights'])]: hostileValue(rand, 1) }; break;
    case 4: args[3 + Math.floor(rand() * 2)] = pick(rand, [0, -1, 1.5, 2 ** 53, NaN, '3', 1e308]); break;
    default: break;
  }
  return args;
}

// ---- what every outcome must look like ---------------------------------

function assertGoodError(err, label) {
  assert.ok(err instanceof AttentionError, `${label}: threw ${err?.constructor?.name ?? typeof err}, not an AttentionError: ${String(err?.message ?? err).slice(0, 200)}`);
  assert.ok(CODES.has(err.code), `${label}: unknown code ${err.code}`);
  assert.equal(typeof err.message, 'string');
  assert.ok(err.message.length > 0 && err.message.length <= MAX_MESSAGE, `${label}: message of ${err.message.length} chars`);
}

const isNumberGrid = (g, rows, cols) =>
  Array.isArray(g) && g.length === rows && g.every((row) => Array.isArray(row) && row.length === cols && row.every((x) => typeof x === 'number'));

// A result is well formed: the shapes add up, and no Infinity or NaN anywhere
// except where the API documents it (-Infinity for masked logits, +Infinity
// for a displayed e^logit too large to print).
function assertGoodResult(r, label) {
  const { n, dK, dV } = r;
  for (const [name, rows, cols] of [['queries', n, dK], ['keys', n, dK], ['values', n, dV], ['scores', n, n],
    ['logits', n, n], ['exponentials', n, n], ['weights', n, n], ['outputs', n, dV]])
    assert.ok(isNumberGrid(r[name], rows, cols), `${label}: ${name} is not ${rows} x ${cols} numbers`);
  for (const name of ['queries', 'keys', 'values', 'scores', 'weights', 'outputs'])
    assert.ok(r[name].flat().every(Number.isFinite), `${label}: ${name} has a non-finite number`);
  assert.ok(r.logits.flat().every((x) => Number.isFinite(x) || x === -Infinity), `${label}: logits has NaN or +Infinity`);
  assert.ok(r.exponentials.flat().every((x) => x >= 0), `${label}: exponentials has NaN or a negative`);
  assert.ok(Number.isFinite(r.divisor) && r.divisor > 0, `${label}: divisor ${r.divisor}`);
  for (const row of r.weights) {
    assert.ok(row.every((w) => w >= 0 && w <= 1), `${label}: weight outside [0, 1]`);
    assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-9, `${label}: weights row does not sum to 1`);
  }
}

function assertGoodRawResult(r, n, d, label) {
  assert.ok(r.outputs instanceof Float32Array && r.outputs.length === n * d, `${label}: outputs shape`);
  assert.ok(r.outputs.every(Number.isFinite), `${label}: outputs not finite`);
  if (r.weights !== null) {
    assert.ok(r.weights instanceof Float32Array && r.weights.length === n * n, `${label}: weights shape`);
    assert.ok(r.weights.every((w) => w >= 0 && w <= 1), `${label}: weight outside [0, 1]`);
  }
}

// Runs one call; returns 'ok' or the error code.
function outcome(call, check, label) {
  let result;
  try {
    result = call();
  } catch (err) {
    assertGoodError(err, label);
    return err.code;
  }
  check(result);
  return 'ok';
}

const prototypeKeys = () => [Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).sort().join());

test(`${CASES} hostile calls each return a good result or throw a good AttentionError`, { timeout: 120_000 }, (t) => {
  const rand = random(5);
  const before = prototypeKeys();
  const tally = {};
  for (let i = 0; i < CASES; i++) {
    const label = `case ${i}`;
    let code;
    if (i % 4 === 3) {
      const args = hostileRawArgs(rand);
      code = outcome(() => attn.attendRaw(...args), (r) => assertGoodRawResult(r, args[3], args[4], label), `${label} (attendRaw)`);
    } else {
      const request = hostileRequest(rand);
      code = outcome(() => attn.attend(request), (r) => assertGoodResult(r, label), `${label} (attend)`);
    }
    tally[code] = (tally[code] ?? 0) + 1;
  }
  t.diagnostic(`outcomes: ${JSON.stringify(tally)}`);
  assert.ok(tally.ok > CASES / 20, 'too few valid calls: the generator is not reaching the math');
  assert.deepEqual(prototypeKeys(), before, 'a prototype gained or lost a property');
  assert.equal(({}).polluted, undefined);
  assert.equal(attn.attend(catSat).weights[2][1].toFixed(2), '0.67');
});

test('sizes at and past the caps: refused quickly, or computed', () => {
  const rows = (count, cols) => Array.from({ length: count }, (_, i) => Array.from({ length: cols }, (_, c) => ((i + c) % 3) - 1));
  const atCap = attn.attend({ ...catSat, embeddings: rows(maxTokens, 3) });
  assertGoodResult(atCap, 'n at the cap');
  const wide = rows(2, maxDim);
  assertGoodResult(attn.attend({ embeddings: wide, wq: wide, wk: wide, wv: wide }), 'd at the cap');
  for (const request of [
    { ...catSat, embeddings: rows(maxTokens + 1, 3) },
    { ...catSat, embeddings: new Array(10_000_000) },                 // sparse, refused by its length
    { ...catSat, wq: rows(2, maxDim + 1) },
  ])
    assert.throws(() => attn.attend(request), (err) => err instanceof AttentionError && err.code === 'too_large');
  const big = new Float32Array(attn.limits.maxStreamTokens + 1);
  assert.throws(() => attn.attendRaw(big, big, big, big.length, 1, { weights: false }), { code: 'too_large' });
});

test('1e308 entries give a clear overflow error, never Infinity in the results', () => {
  const huge = { ...catSat, embeddings: [[1e308, 0, 0], [0, 1e308, 0], [1, 1, 1]] };
  assert.throws(() => attn.attend(huge), (err) => {
    assert.ok(err instanceof AttentionError);
    assert.equal(err.code, 'non_finite');
    assert.match(err.message, /too large.*overflowed/);
    return true;
  });
  for (const field of ['embeddings', 'wq', 'wk', 'wv']) {
    const request = { ...catSat, [field]: catSat[field].map((row) => row.map((x) => x * 1e308)) };
    const code = outcome(() => attn.attend(request), (r) => assertGoodResult(r, `${field} x 1e308`), `${field} x 1e308`);
    assert.ok(code === 'ok' || code === 'non_finite', `${field} x 1e308 gave ${code}`);
  }
  const q = new Float32Array([3e38, 3e38]);
  assert.throws(() => attn.attendRaw(q, q, q, 1, 2, { scaled: false }), { code: 'non_finite', message: /too large/ });
});

test('a temperature so small that a logit overflows is reported, not shown as -Infinity', () => {
  // scores row 1 = [0, -1]; -1 / 5e-324 is -Infinity, which only the causal mask may produce.
  const request = { embeddings: [[1, 0], [0, 1]], wq: [[1, 0]], wk: [[0, -1]], wv: [[1, 1]] };
  assert.throws(() => attn.attend({ ...request, temperature: 5e-324 }),
    { name: 'AttentionError', code: 'non_finite', message: /temperature is too small/ });
  assertGoodResult(attn.attend({ ...request, temperature: 1e-300 }), 'temperature 1e-300');
});

test('a request is never changed, and a frozen one works', () => {
  const request = structuredClone({ ...catSat, scaled: true, causal: true, temperature: 2 });
  const copy = structuredClone(request);
  attn.attend(Object.freeze(request));
  assert.deepEqual(request, copy);
});
