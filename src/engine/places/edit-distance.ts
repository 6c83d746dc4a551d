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
