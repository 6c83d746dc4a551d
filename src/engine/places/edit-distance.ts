/**
 * Levenshtein distance with a bound, for the gazetteer's suggestions: a refused name is compared with every place
 * (of its country) whose length is near its own, tens of thousands of comparisons, which were most of a refusal's
 * 3-20 ms. So only the band of the table that can stay within the bound is computed (Ukkonen), the name is read
 * where it lies in the string table's text (no substring per place), and the two rows are scratch arrays.
 */

/** The two rows of the distance table, reused; grown for a longer name. */
let rowA = new Int32Array(128);
let rowB = new Int32Array(128);

/**
 * The Levenshtein distance between `a` and the `n` UTF-16 code units of `text` from `start` when it is at most `max`;
 * otherwise some number above `max` (it gives up, answering max + 1, once every path must exceed max).
 */
export function boundedLevenshteinAt(a: string, text: string, start: number, n: number, max: number): number {
  const m = a.length;
  const over = max + 1;
  if (Math.abs(m - n) > max) return over;
  if (rowA.length <= n + 1) {
    rowA = new Int32Array(2 * n + 4);
    rowB = new Int32Array(2 * n + 4);
  }
  let prev = rowA;
  let cur = rowB;
  // Only the band |i - j| <= max is computed (Ukkonen): a cell outside it is above max, and is written as max + 1
  // where a neighbour in the band reads it.
  for (let j = 0; j <= n; j++) prev[j] = j <= max ? j : over;
  for (let i = 1; i <= m; i++) {
    const ca = a.charCodeAt(i - 1);
    const lo = Math.max(1, i - max);
    const hi = Math.min(n, i + max);
    cur[lo - 1] = lo === 1 && i <= max ? i : over;
    let rowMin = cur[lo - 1];
    for (let j = lo; j <= hi; j++) {
      const substitute = prev[j - 1] + (ca === text.charCodeAt(start + j - 1) ? 0 : 1);
      const value = Math.min(prev[j] + 1, cur[j - 1] + 1, substitute, over);
      cur[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (hi < n) cur[hi + 1] = over;
    if (rowMin > max) return over;
    const done = prev;
    prev = cur;
    cur = done;
  }
  return prev[n];
}

/**
 * Which of 32 buckets (a code unit's low 5 bits: the Latin letters each have their own) the `n` code units of `text`
 * from `start` fall in, as bits. See signatureGap.
 */
export function letterSignature(text: string, start: number, n: number): number {
  let signature = 0;
  for (let j = start; j < start + n; j++) signature |= 1 << (text.charCodeAt(j) & 31);
  return signature;
}

/**
 * A lower bound of the Levenshtein distance between two strings from their signatures: one edit adds at most one
 * bucket and empties at most one, so the buckets only one side fills each cost an edit, those of either side alike.
 * Most names of a refused name's length are ruled out by it at once, without a distance table: a refused name
 * without a country took 14 ms in the worker, now 2 (with one, 1.4-2.2 ms, now 0.2-0.4), the suggestions the same
 * (1,500 misspelled names compared).
 */
export function signatureGap(a: number, b: number): number {
  return Math.max(bitCount(a & ~b), bitCount(b & ~a));
}

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
