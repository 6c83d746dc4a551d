/**
 * The answers of light jobs this API process computed lately, by job id (a keyed hash of the operation, its
 * normalised input and the engine version, so an entry can never answer a different question or an older engine's).
 * A repeated request is answered from memory without touching Redis: a caller polling the same chart, a page
 * drawing its bodygraph again. Bounded by bytes (RESULT_CACHE_MB) and by age (RESULT_CACHE_SECONDS); least recently
 * used entries go first. Computations are deterministic, so a kept answer is the answer.
 *
 * Hand-written on a Map (insertion order is recency order) rather than a package: it is 40 lines, and the path it
 * sits on is measured in microseconds.
 */
export class ResultCache {
  private readonly entries = new Map<string, { value: string; at: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(id: string): string | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    if (this.now() - entry.at > this.maxAgeMs) {
      this.bytes -= sizeOf(id, entry.value);
      return undefined;
    }
    this.entries.set(id, entry); // most recently used last
    return entry.value;
  }

  set(id: string, value: string): void {
    const size = sizeOf(id, value);
    if (size > this.maxBytes / 16) return; // one answer never takes a large part of the cache
    const old = this.entries.get(id);
    if (old) {
      this.entries.delete(id);
      this.bytes -= sizeOf(id, old.value);
    }
    this.entries.set(id, { value, at: this.now() });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(oldest, entry.value);
    }
  }

  /** Entries kept (a metric). */
  get size(): number {
    return this.entries.size;
  }
}

/** Memory an entry holds, about: two bytes per UTF-16 code unit and a little for the entry itself. */
function sizeOf(id: string, value: string): number {
  return 2 * (id.length + value.length) + 64;
}
