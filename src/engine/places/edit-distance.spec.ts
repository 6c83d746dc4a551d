import { boundedLevenshteinAt } from './edit-distance';

/** The textbook definition (full table, no bound): the oracle. */
function levenshtein(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}

describe('boundedLevenshteinAt', () => {
  it('known distances', () => {
    expect(boundedLevenshteinAt('kitten', 'sitting', 0, 7, 5)).toBe(3);
    expect(boundedLevenshteinAt('parsi', 'paris', 0, 5, 3)).toBe(2);
    expect(boundedLevenshteinAt('', 'abc', 0, 3, 3)).toBe(3);
    expect(boundedLevenshteinAt('same', 'same', 0, 4, 0)).toBe(0);
  });

  it('equals the full definition up to the bound (above it, some number above the bound), for names read in place inside a longer text, rows reused between calls', () => {
    let seed = 5;
    const rnd = (n: number) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0), seed % n);
    const word = (max: number) => Array.from({ length: rnd(max) }, () => 'abcé-'[rnd(5)]).join('');
    for (let k = 0; k < 5_000; k++) {
      const a = word(12);
      const b = word(k % 100 === 0 ? 300 : 12); // now and then one longer than the scratch rows
      const before = word(6);
      const text = before + b + word(6);
      const max = rnd(5);
      const full = levenshtein(a, b);
      const bounded = boundedLevenshteinAt(a, text, before.length, b.length, max);
      if (full <= max) expect(bounded).toBe(full);
      else expect(bounded).toBeGreaterThan(max);
    }
  });
});
