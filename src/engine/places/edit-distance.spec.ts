import { boundedLevenshteinAt, letterSignature, signatureGap } from './edit-distance';

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

describe('signatureGap of two letterSignatures', () => {
  const gap = (a: string, b: string) => signatureGap(letterSignature(a, 0, a.length), letterSignature(b, 0, b.length));

  it('counts the buckets only one side fills, the larger side', () => {
    expect(gap('berlin', 'berlin')).toBe(0);
    expect(gap('berlin', 'nilreb')).toBe(0); // the same letters: no bound, the distance decides
    expect(gap('berlin', 'berlim')).toBe(1);
    expect(gap('abc', 'xyz')).toBe(3);
    expect(gap('ab', 'wxyz')).toBe(4);
    expect(letterSignature('a berlin b', 2, 6)).toBe(letterSignature('berlin', 0, 6)); // read in place
  });

  it('never exceeds the Levenshtein distance (the textbook definition), for any letters, accents, digits, spaces and scripts', () => {
    let seed = 11;
    const rnd = (n: number) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0), seed % n);
    // Characters whose low 5 bits collide on purpose: 'a' (97), 'A' (65), '!' (33), 'á' (225), 'а' Cyrillic (1072).
    const alphabet = ['a', 'A', '!', 'á', 'а', 'b', 'é', ' ', '1', 'q', 'z', '東', 'ß', '-'];
    const word = (max: number) => Array.from({ length: rnd(max) }, () => alphabet[rnd(alphabet.length)]).join('');
    for (let k = 0; k < 20_000; k++) {
      const a = word(14);
      // half the pairs near each other (a few edits of a), the rest unrelated
      let b = a;
      if (k % 2) b = word(14);
      else
        for (let e = rnd(4); e > 0; e--) b = ((p) => b.slice(0, p) + (rnd(2) ? alphabet[rnd(alphabet.length)] : '') + b.slice(p + rnd(2)))(rnd(b.length + 1));
      expect(gap(a, b)).toBeLessThanOrEqual(levenshtein(a, b));
    }
  });
});
