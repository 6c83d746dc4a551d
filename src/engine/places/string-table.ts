/**
 * Many strings in one: the strings concatenated (one JS string) and their start offsets. Loading 550,000 words
 * this way is one decode and a prefix sum, where String.split took ~110 ms and kept 550,000 heap objects
 * (~30 MB); comparisons read char codes in place, and get(i) makes a string only when one is needed.
 */
/**
 * A string's head: its first three UTF-16 code units as one number (a missing one counts 0, which no name holds), so
 * that heads compare as the strings' starts do. A sorted list's heads narrow a binary search to the few strings
 * that share a key's head with one read per step, before any string is compared (each comparison reads through
 * offsets into text that lie far apart: a chain of cache misses).
 */
export function headOf(s: string): number {
  const n = s.length;
  return (n > 0 ? s.charCodeAt(0) * 2 ** 32 : 0) + (n > 1 ? s.charCodeAt(1) * 2 ** 16 : 0) + (n > 2 ? s.charCodeAt(2) : 0);
}

/**
 * In sorted heads, the first index in [lo, hi) whose head is >= h (above: > h), or hi. `above` gallops from lo (a
 * head's strings are few, and reads near lo are in cache after the search for lo).
 */
export function headBound(heads: Float64Array, h: number, above: boolean, lo: number, hi: number): number {
  if (above) {
    let step = 1;
    while (lo + step < hi && heads[lo + step] <= h) {
      lo += step;
      step *= 2;
    }
    hi = Math.min(hi, lo + step);
  }
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (heads[mid] < h || (above && heads[mid] === h)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class StringTable {
  /** starts[i] .. starts[i + 1] is string i in text. */
  private readonly starts: Int32Array;
  /** Heads of the strings (see headOf), made by indexHeads() for a table searched with lowerBound. */
  private heads: Float64Array | null = null;

  constructor(
    private readonly text: string,
    lengths: Uint16Array,
  ) {
    const starts = new Int32Array(lengths.length + 1);
    for (let i = 0; i < lengths.length; i++) starts[i + 1] = starts[i] + lengths[i];
    if (starts[lengths.length] !== text.length) throw new Error('gazetteer: string table lengths do not match its text');
    this.starts = starts;
  }

  get length(): number {
    return this.starts.length - 1;
  }

  get(i: number): string {
    return this.text.slice(this.starts[i], this.starts[i + 1]);
  }

  start(i: number): number {
    return this.starts[i];
  }
  end(i: number): number {
    return this.starts[i + 1];
  }
  size(i: number): number {
    return this.starts[i + 1] - this.starts[i];
  }
  charCodeAt(pos: number): number {
    return this.text.charCodeAt(pos);
  }

  /** Does string i start with prefix? */
  startsWith(i: number, prefix: string): boolean {
    return this.size(i) >= prefix.length && this.text.startsWith(prefix, this.starts[i]);
  }

  /** Compares string i with s in UTF-16 code units (negative: string i sorts first). */
  compare(i: number, s: string): number {
    const a = this.starts[i];
    const n = this.starts[i + 1] - a;
    const m = Math.min(n, s.length);
    for (let j = 0; j < m; j++) {
      const d = this.text.charCodeAt(a + j) - s.charCodeAt(j);
      if (d) return d;
    }
    return n - s.length;
  }

  /** Makes lowerBound narrow by heads first (the strings must be sorted); head(i) answers from then on. */
  indexHeads(): void {
    if (this.heads) return;
    const heads = new Float64Array(this.length);
    for (let i = 0; i < heads.length; i++) {
      const a = this.starts[i];
      const n = this.starts[i + 1] - a;
      const t = this.text;
      heads[i] = (n > 0 ? t.charCodeAt(a) * 2 ** 32 : 0) + (n > 1 ? t.charCodeAt(a + 1) * 2 ** 16 : 0) + (n > 2 ? t.charCodeAt(a + 2) : 0);
    }
    this.heads = heads;
  }

  /** String i's head (headOf), once indexHeads() has run. */
  head(i: number): number {
    return this.heads![i];
  }

  /** First index whose string is not less than s (the strings sorted in code-unit order). */
  lowerBound(s: string): number {
    let lo = 0;
    let hi = this.length;
    if (this.heads) {
      // before the strings with s's head all are less than s, after them all greater
      const h = headOf(s);
      lo = headBound(this.heads, h, false, 0, hi);
      hi = headBound(this.heads, h, true, lo, hi);
    }
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, s) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Bytes held: the text (2 per code unit at most), the offsets and the heads. */
  get bytes(): number {
    return this.text.length * 2 + this.starts.byteLength + (this.heads?.byteLength ?? 0);
  }
}
