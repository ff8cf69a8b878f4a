// How every measurement is timed, in one place.
//
// A measurement is a list of groups; a group is a few cases run together in rounds. In round r each
// case runs once, in an order rotated by r, so a slow stretch of a shared machine (seconds at a time)
// falls on every case of the group alike. A ratio between cases (this kernel against
// onnxruntime-web, causal against full) is computed inside each round and reported as the median
// over rounds: a same-run ratio, steadier than the ratio of two medians taken minutes apart. An A/B
// run (bench/ab.mjs) runs every case on both sides, this tree and another ref, in every round, the
// side that goes first alternating, and reports the median of the per-round ratio this / other.
//
// A case:   { id, label, unit, run(round), rounds?, warmup?, fixed?, target?, figures? }
//   run(round) returns one round's value: a number, an array of numbers (one round's samples, pooled
//   for the median; the round's own median for its ratios), or { [figure]: number | number[] } for a
//   case that reports several figures, each described in `figures: { [figure]: { label, unit, target } }`.
//   rounds: at most this many rounds for the case (slow ones); fixed: a value already measured (a
//   checked first run that took seconds), used instead of running it again.
// A derived row: { id, label, unit, from(values), target? }, from the values of one round, keyed
//   'case' or 'case.figure'; it is computed per round and its median reported.
// A target is text: '>= 1.8', '< 2', '<= 0.05'.

/** The median (the upper one of an even count). */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** [first quartile, third quartile]: the middle half of xs. */
export function quartiles(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return [s[Math.floor((s.length - 1) / 4)], s[Math.ceil((3 * (s.length - 1)) / 4)]];
}

/** Does `value` meet `target` ('>= 1.8')? null when there is no target. */
export function meets(value, target) {
  if (!target) return null;
  const [, op, bound] = /^(<=|>=|<|>)\s*(\S+)$/.exec(target) ?? [];
  if (!op) throw new Error(`a target reads like '>= 1.8', not '${target}'`);
  const b = Number(bound);
  return { '<=': value <= b, '>=': value >= b, '<': value < b, '>': value > b }[op];
}

// The series a case reports: one, or one per figure.
function seriesOf(c, value) {
  if (typeof value === 'number' || Array.isArray(value))
    return [{ key: c.id, label: c.label, unit: c.unit, target: c.target, value }];
  return Object.entries(value).map(([figure, v]) => {
    const f = c.figures?.[figure] ?? {};
    return { key: `${c.id}.${figure}`, label: [c.label, f.label ?? figure].filter(Boolean).join(': '), unit: f.unit ?? c.unit,
      target: f.target, value: v };
  });
}

const roundValue = (v) => (Array.isArray(v) ? median(v) : v);

// Collects the samples of each series and the per-round values (for derived rows and ratios).
class Tally {
  constructor() {
    this.series = new Map(); // key -> { label, unit, target, samples: [] }
    this.rounds = [];        // per round: { key: value }
  }
  add(round, c, value, order) {
    this.rounds[round] ??= {};
    for (const [k, s] of seriesOf(c, value).entries()) {
      if (!this.series.has(s.key)) this.series.set(s.key, { label: s.label, unit: s.unit, target: s.target, samples: [], order: order + k / 1000 });
      this.series.get(s.key).samples.push(...[s.value].flat());
      this.rounds[round][s.key] = roundValue(s.value);
    }
  }
  // Each derived row is computed inside each round, from that round's values, and kept per round
  // like a case's, so an A/B run takes its ratio round by round too.
  derive(derived) {
    for (const d of derived) {
      const samples = [];
      for (const values of this.rounds.filter(Boolean)) {
        const x = d.from(values);
        if (!Number.isFinite(x)) continue;
        values[d.id] = x;
        samples.push(x);
      }
      if (samples.length) this.series.set(d.id, { label: d.label, unit: d.unit, target: d.target, samples, order: Infinity });
    }
  }
}

// Rows in the order of their cases (and figures), derived rows last, whichever case ran first.
const inOrder = (series) => [...series.entries()].sort(([, a], [, b]) => a.order - b.order);

const summary = (samples) => {
  const [q1, q3] = quartiles(samples);
  return { median: median(samples), q1, q3, count: samples.length };
};

async function warm(c, warmup) {
  for (let i = 0; i < (c.warmup ?? warmup); i++) await c.run(-1 - i);
}

/** Runs one group: its cases in rotating rounds. Returns its rows. */
export async function runGroup({ name, cases, derived = [], rounds = 1, warmup = 0 }) {
  const tally = new Tally();
  for (const c of cases) if (c.fixed == null) await warm(c, warmup);
  for (const [i, c] of cases.entries()) if (c.fixed != null) tally.add(0, c, c.fixed, i);
  for (let r = 0; r < rounds; r++)
    for (let k = 0; k < cases.length; k++) {
      const i = (k + r) % cases.length, c = cases[i];
      if (c.fixed != null || r >= (c.rounds ?? rounds)) continue;
      tally.add(r, c, await c.run(r), i);
    }
  tally.derive(derived);
  return inOrder(tally.series).map(([, s]) => {
    const stats = summary(s.samples);
    return { group: name, label: s.label, unit: s.unit, ...stats, target: s.target ?? null, met: meets(stats.median, s.target) };
  });
}

/**
 * Runs one group on two sides: `cases` of this tree and `otherCases` (the same ids) of the other
 * ref. Returns rows with this side's median, the other's, and the median of the per-round ratio.
 */
export async function runGroupAB({ name, cases, otherCases, derived = [], rounds = 1, warmup = 0 }) {
  const pairs = cases.map((c) => {
    const other = otherCases.find((o) => o.id === c.id);
    if (!other) throw new Error(`${name}: the other side has no case ${c.id}`);
    return [c, other];
  });
  const tallies = [new Tally(), new Tally()];
  for (const pair of pairs) for (const c of pair) await warm(c, warmup);
  for (let r = 0; r < rounds; r++)
    for (let k = 0; k < pairs.length; k++) {
      const i = (k + r) % pairs.length, pair = pairs[i];
      if (r >= (pair[0].rounds ?? rounds)) continue;
      for (const side of r % 2 ? [1, 0] : [0, 1]) tallies[side].add(r, pair[side], await pair[side].run(r), i);
    }
  for (const t of tallies) t.derive(derived);
  const [mine, theirs] = tallies;
  return inOrder(mine.series).filter(([key]) => theirs.series.has(key)).map(([key, s]) => {
    const ratios = mine.rounds.map((values, r) => values?.[key] / theirs.rounds[r]?.[key]).filter(Number.isFinite);
    return { group: name, label: s.label, unit: s.unit, ...summary(s.samples), other: summary(theirs.series.get(key).samples),
      ratio: summary(ratios) };
  });
}

/** Thrown by a group's setup when it cannot run here (a missing package, a build the engine lacks). */
export class Skipped extends Error {}
