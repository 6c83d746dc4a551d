/**
 * Many strings in one: the strings concatenated (one JS string) and their start offsets. Loading 550,000 words
 * this way is one decode and a prefix sum, where String.split took ~110 ms and kept 550,000 heap objects
 * (~30 MB); comparisons read char codes in place, and get(i) makes a string only when one is needed.
 */
export class StringTable {
  /** starts[i] .. starts[i + 1] is string i in text. */
  private readonly starts: Int32Array;

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

  /** First index whose string is not less than s (the strings sorted in code-unit order). */
  lowerBound(s: string): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, s) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Bytes held: the text (2 per code unit at most) and the offsets. */
  get bytes(): number {
    return this.text.length * 2 + this.starts.byteLength;
  }
}
