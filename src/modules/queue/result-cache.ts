/**
 * The answers of light jobs this API process computed lately, by job id (a keyed hash of the operation, its
 * normalised input and the engine version, so an entry can never answer a different question or an older engine's).
 * A repeated request is answered from memory without touching Redis: a caller polling the same chart, a page
 * drawing its bodygraph again. Bounded by bytes (RESULT_CACHE_MB) and by age (RESULT_CACHE_SECONDS); least recently
 * used entries go first. Computations are deterministic, so a kept answer is the answer.
 *
 * An answer is kept only when the same answer was computed once before, lately (a doorkeeper): most light
 * requests are asked once (distinct births), and keeping each of them filled the cache with answers nobody asked
 * for again, held in the old generation of the heap (which the API's heap growth then doubles) and promoted there
 * by a collection each. The first repeat is computed again; from the second on, repeats come from memory. The
 * doorkeeper remembers a 30-bit hash of the last DOORKEEPER_IDS to 2 × DOORKEEPER_IDS ids it turned away (two
 * generations of Sets of small integers, about 3 MB at most); a hash collision only keeps an answer early.
 *
 * Hand-written on a Map (insertion order is recency order) rather than a package: it is 40 lines, and the path it
 * sits on is measured in microseconds.
 */
/** Ids the doorkeeper remembers in a generation: at 1,000 distinct answers a second, a repeat within 1-2 minutes is kept. */
export const DOORKEEPER_IDS = 65_536;

export class ResultCache {
  private readonly entries = new Map<string, { value: string; at: number }>();
  private bytes = 0;
  /** Hashes of the ids whose answers were turned away lately: this generation, and the one before. */
  private turnedAway = new Set<number>();
  private turnedAwayBefore = new Set<number>();

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
    if (!old && !this.computedBefore(id)) return;
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

  /** Whether this id's answer was turned away lately; if not, it is remembered now. */
  private computedBefore(id: string): boolean {
    const hash = hashOf(id);
    if (this.turnedAway.has(hash) || this.turnedAwayBefore.has(hash)) return true;
    this.turnedAway.add(hash);
    if (this.turnedAway.size >= DOORKEEPER_IDS) {
      this.turnedAwayBefore = this.turnedAway;
      this.turnedAway = new Set<number>();
    }
    return false;
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

/** FNV-1a over the id's UTF-16 code units, as a small integer (a Set of them holds no strings). */
function hashOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 2; // 30 bits: a V8 small integer on every build
}
