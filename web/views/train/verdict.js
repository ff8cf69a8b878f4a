// When a share may be called "its largest": one rule for every sentence the train panel writes.
//
// A share is judged by what the page prints, two decimals. It is the asker's largest share only
// when its printed value is above every other printed share of the row AND at least CLEAR times
// an even spread (1/n for n words): 0.15 among seven words (even: 0.14) is not "its largest", it is
// an even spread. Two printed values that are equal are a tie, said as a tie, never one winner.

/** How far above an even spread (1/n) a share must be to be called "its largest". */
export const CLEAR = 1.5;

const printed = (x) => Number(x.toFixed(2));

/**
 * Judges row[key] (a row of shares, summing to 1):
 *   { kind: 'largest' }                 above every other printed share and at least CLEAR / n
 *   { kind: 'even', even }              above every other, but below CLEAR / n (even = 1 / n)
 *   { kind: 'tie', others: [j, ...] }   its printed value equals the largest printed one of others
 *   { kind: 'below', rival: j }         another share prints larger (rival: the largest, first of a tie)
 * each with `share` (row[key]) and `key`.
 */
export function judge(row, key) {
  const p = row.map(printed);
  const top = Math.max(...p);
  const base = { key, share: row[key] };
  if (p[key] < top) return { ...base, kind: 'below', rival: p.indexOf(top) };
  const others = p.flatMap((x, j) => (j !== key && x === top ? [j] : []));
  if (others.length > 0) return { ...base, kind: 'tie', others };
  if (p[key] < CLEAR / row.length) return { ...base, kind: 'even', even: 1 / row.length };
  return { ...base, kind: 'largest' };
}

/** The row's largest printed share, judged: where the asker looks most, and whether clearly. */
export function strongest(row) {
  const p = row.map(printed);
  return judge(row, p.indexOf(Math.max(...p)));
}
