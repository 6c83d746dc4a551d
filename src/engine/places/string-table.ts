import { boundedLevenshteinAt, letterSignature } from './edit-distance';

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

/** Every HEAD_STRIDE-th head is also kept in a sample (see Heads). */
const HEAD_STRIDE = 64;

/**
 * The heads of a sorted list, searched in two steps: a sample of every HEAD_STRIDE-th (about 100 kB for 800,000
 * heads: it stays in cache from search to search), then the one stretch of HEAD_STRIDE heads it points to (a few
 * adjacent cache lines), where a plain binary search over them all missed the cache at most of its 20 steps.
 */
export class Heads {
  private readonly sample: Float64Array;
  constructor(readonly heads: Float64Array) {
    this.sample = new Float64Array(Math.ceil(heads.length / HEAD_STRIDE));
    for (let b = 0; b < this.sample.length; b++) this.sample[b] = heads[b * HEAD_STRIDE];
  }

  /** The first index whose head is >= h (heads.length if none). */
  lower(h: number): number {
    const sample = this.sample;
    let lo = 0;
    let hi = sample.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sample[mid] < h) lo = mid + 1;
      else hi = mid;
    }
    // heads[(lo - 1) * HEAD_STRIDE] < h <= heads[lo * HEAD_STRIDE]: the answer is in between
    const heads = this.heads;
    let a = lo === 0 ? 0 : (lo - 1) * HEAD_STRIDE + 1;
    let b = Math.min(lo * HEAD_STRIDE, heads.length);
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (heads[mid] < h) a = mid + 1;
      else b = mid;
    }
    return a;
  }

  /** The first index at or after `from` whose head is > h (heads.length if none): a gallop from `from` (a head's strings are few). */
  upper(h: number, from: number): number {
    const heads = this.heads;
    const n = heads.length;
    let lo = from;
    let step = 1;
    while (lo + step < n && heads[lo + step] <= h) {
      lo += step;
      step *= 2;
    }
    let hi = Math.min(n, lo + step);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (heads[mid] <= h) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  get bytes(): number {
    return this.heads.byteLength + this.sample.byteLength;
  }
}

/**
 * Many strings in one: the strings concatenated (one JS string) and their start offsets. Loading 550,000 words
 * this way is one decode and a prefix sum, where String.split took ~110 ms and kept 550,000 heap objects
 * (~30 MB); comparisons read char codes in place, and get(i) makes a string only when one is needed.
 */
export class StringTable {
  /** starts[i] .. starts[i + 1] is string i in text. */
  private readonly starts: Int32Array;
  /** Heads of the strings (see headOf), made by indexHeads() for a table searched with lowerBound. */
  private heads: Heads | null = null;
  /** Each string's letterSignature, made on first use (a lower bound of distances, see signature). */
  private signatures: Uint32Array | null = null;

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

  /** The Levenshtein distance between string i and s, or max + 1 once it must exceed max (read in place). */
  distance(i: number, s: string, max: number): number {
    return boundedLevenshteinAt(s, this.text, this.starts[i], this.starts[i + 1] - this.starts[i], max);
  }

  /**
   * String i's letterSignature (edit-distance.ts): with signatureGap, a lower bound of its distance to another
   * string. The table's signatures are made at the first call (one pass over the text, 4 bytes a string).
   */
  signature(i: number): number {
    if (!this.signatures) {
      const signatures = new Uint32Array(this.length);
      for (let k = 0; k < signatures.length; k++) signatures[k] = letterSignature(this.text, this.starts[k], this.starts[k + 1] - this.starts[k]);
      this.signatures = signatures;
    }
    return this.signatures[i];
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
    this.heads = new Heads(heads);
  }

  /** String i's head (headOf), once indexHeads() has run. */
  head(i: number): number {
    return this.heads!.heads[i];
  }

  /** First index whose string is not less than s (the strings sorted in code-unit order). */
  lowerBound(s: string): number {
    let lo = 0;
    let hi = this.length;
    if (this.heads) {
      // before the strings with s's head all are less than s, after them all greater
      const h = headOf(s);
      lo = this.heads.lower(h);
      hi = this.heads.upper(h, lo);
    }
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, s) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Bytes held: the text (2 per code unit at most), the offsets, the heads and the signatures once made. */
  get bytes(): number {
    return this.text.length * 2 + this.starts.byteLength + (this.heads?.bytes ?? 0) + (this.signatures?.byteLength ?? 0);
  }
}
