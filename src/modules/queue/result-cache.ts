/**
 * The answers of light jobs this API process computed lately, by job id (a keyed hash of the operation, its
 * normalised input and the engine version, so an entry can never answer a different question or an older engine's).
 * A repeated request is answered from memory without touching Redis: a caller polling the same chart, a page
 * drawing its bodygraph again. Bounded by bytes (RESULT_CACHE_MB) and by age (RESULT_CACHE_SECONDS); least recently
 * used entries go first. Computations are deterministic, so a kept answer is the answer.
 *
 * An answer is kept for long only when it was asked for again: most light requests are asked once (distinct
 * births), and keeping each of them filled the cache with answers nobody asked for again, held in the old
 * generation of the heap (which the API's heap growth then doubles) and promoted there by a collection each.
 * - A first answer is held on probation for PROBATION_MS (within an eighth of the bytes): a burst of identical
 *   requests, some arriving just after the first was answered, is still computed once. A request that finds it
 *   there makes it a kept answer.
 * - A doorkeeper remembers a 30-bit hash of the last DOORKEEPER_IDS to 2 × DOORKEEPER_IDS ids whose answers went
 *   on probation (two generations of Sets of small integers, about 3 MB at most): an answer computed again after
 *   its probation is kept. A hash collision only keeps an answer early.
 *
 * Hand-written on two Maps (insertion order is recency order) rather than a package: it is about 100 lines, and the
 * path it sits on is measured in microseconds.
 */
/** Ids the doorkeeper remembers in a generation: at 1,000 distinct answers a second, a repeat within 1-2 minutes is kept. */
export const DOORKEEPER_IDS = 65_536;
/** How long a first answer is held for an identical request that arrives just after it. */
export const PROBATION_MS = 2_000;

export class ResultCache {
  private readonly entries = new Map<string, { value: string; at: number }>();
  private bytes = 0;
  /** First answers on probation, oldest first, and their bytes. */
  private readonly probation = new Map<string, { value: string; at: number }>();
  private probationBytes = 0;
  /** The doorkeeper: hashes of the ids whose answers went on probation lately, this generation and the one before. */
  private putOnProbation = new Set<number>();
  private putOnProbationBefore = new Set<number>();

  constructor(
    private readonly maxBytes: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(id: string): string | undefined {
    const entry = this.entries.get(id);
    if (!entry) return this.fromProbation(id);
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
    if (!old && !this.computedBefore(id)) {
      this.onProbation(id, value, size);
      return;
    }
    this.keep(id, value, size, old);
  }

  private keep(id: string, value: string, size: number, old = this.entries.get(id)): void {
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

  /** A first answer, held for PROBATION_MS; the oldest go first, by age and by bytes. */
  private onProbation(id: string, value: string, size: number): void {
    const old = this.probation.get(id);
    if (old) {
      this.probation.delete(id);
      this.probationBytes -= sizeOf(id, old.value);
    }
    const now = this.now();
    this.probation.set(id, { value, at: now });
    this.probationBytes += size;
    for (const [oldest, entry] of this.probation) {
      if (this.probationBytes <= this.maxBytes / 8 && now - entry.at <= PROBATION_MS) break;
      this.probation.delete(oldest);
      this.probationBytes -= sizeOf(oldest, entry.value);
    }
  }

  /** An answer on probation asked for again: kept from now on. */
  private fromProbation(id: string): string | undefined {
    const entry = this.probation.get(id);
    if (!entry) return undefined;
    this.probation.delete(id);
    const size = sizeOf(id, entry.value);
    this.probationBytes -= size;
    if (this.now() - entry.at > PROBATION_MS) return undefined;
    this.keep(id, entry.value, size);
    return entry.value;
  }

  /** Whether this id's answer went on probation lately; if not, it is remembered now. */
  private computedBefore(id: string): boolean {
    const hash = hashOf(id);
    if (this.putOnProbation.has(hash) || this.putOnProbationBefore.has(hash)) return true;
    this.putOnProbation.add(hash);
    if (this.putOnProbation.size >= DOORKEEPER_IDS) {
      this.putOnProbationBefore = this.putOnProbation;
      this.putOnProbation = new Set<number>();
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
