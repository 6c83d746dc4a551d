/**
 * Per key, per UTC day and operation, how many calls were answered (README "Usage"). Counting must cost nothing
 * measurable, so a request only adds one to a number in memory; every FLUSH_MS (and on shutdown) the counts are
 * written to Redis in one pipeline: one HINCRBY per counted (key, day, operation) into that key-day's hash and
 * into the key's totals hash, and one EXPIRE per key-day hash. A flush that fails puts its counts back, so the
 * next one carries them.
 *
 * Names: `<prefix>:usage:<keyhash>:<YYYY-MM-DD>` (field: operation id, kept USAGE_TTL_S) and
 * `<prefix>:usage:<keyhash>:total`. The prefix is the service's (a {hash tag} in cluster mode), so one pipeline
 * stays in one slot. <keyhash> is the hex SHA-256 of the key, as everywhere else: the key itself is never stored.
 *
 * Pure: no Nest.
 */
import type { ChainableCommander } from 'ioredis';

export const FLUSH_MS = 1_000;
/** How long a day's counts are kept (about 13 months). */
export const USAGE_TTL_S = 400 * 24 * 3600;
/** How many days GET /v1/usage lists, today included. */
export const USAGE_DAYS = 30;

export function usageDayName(prefix: string, keyHash: string, date: string): string {
  return `${prefix}:usage:${keyHash}:${date}`;
}

export function usageTotalName(prefix: string, keyHash: string): string {
  return `${prefix}:usage:${keyHash}:total`;
}

/** The UTC date (YYYY-MM-DD) of an instant. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The `days` UTC dates ending with today's, newest first. */
export function lastDates(now: number, days: number): string[] {
  return Array.from({ length: days }, (_, i) => utcDate(now - i * 86_400_000));
}

/** What pipeline() needs of a Redis client (ioredis Redis or Cluster). */
export interface PipelineClient {
  pipeline(): ChainableCommander;
}

/** key hash → date → operation → count. */
type Pending = Map<string, Map<string, Map<string, number>>>;

export class UsageCounter {
  private pending: Pending = new Map();
  private flushing?: Promise<void>;

  constructor(
    private readonly redis: PipelineClient,
    private readonly prefix: string,
  ) {}

  /** One answered call. */
  add(keyHash: string, operation: string, now = Date.now(), by = 1): void {
    this.addOn(keyHash, utcDate(now), operation, by);
  }

  /** Counts not yet written, for one key: date → operation → count. */
  pendingFor(keyHash: string): Map<string, Map<string, number>> {
    return this.pending.get(keyHash) ?? new Map<string, Map<string, number>>();
  }

  get pendingSize(): number {
    return this.pending.size;
  }

  /**
   * Writes what was counted so far in one pipeline. Flushes do not overlap: a call during one waits for it and
   * then writes what came meanwhile. Throws when Redis did not take the counts (they are kept for the next flush).
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.write(batch).finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async write(batch: Pending): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const [keyHash, days] of batch) {
      const total = usageTotalName(this.prefix, keyHash);
      for (const [date, ops] of days) {
        const day = usageDayName(this.prefix, keyHash, date);
        for (const [op, n] of ops) {
          pipeline.hincrby(day, op, n);
          pipeline.hincrby(total, op, n);
        }
        pipeline.expire(day, USAGE_TTL_S);
      }
    }
    let results: [Error | null, unknown][] | null;
    try {
      results = await pipeline.exec();
    } catch (err) {
      this.putBack(batch);
      throw err;
    }
    // A pipeline is not a transaction: commands that failed alone are few (none in practice); their counts are lost
    // rather than counted twice by a retry of the whole batch.
    const failed = (results ?? []).find(([e]) => e);
    if (!results) this.putBack(batch);
    if (!results || failed) throw failed?.[0] ?? new Error('usage flush: no answer');
  }

  private putBack(batch: Pending): void {
    for (const [keyHash, days] of batch) for (const [date, ops] of days) for (const [op, n] of ops) this.addOn(keyHash, date, op, n);
  }

  private addOn(keyHash: string, date: string, op: string, n: number): void {
    let days = this.pending.get(keyHash);
    if (!days) this.pending.set(keyHash, (days = new Map<string, Map<string, number>>()));
    let ops = days.get(date);
    if (!ops) days.set(date, (ops = new Map<string, number>()));
    ops.set(op, (ops.get(op) ?? 0) + n);
  }
}

export interface UsageDay {
  date: string;
  byOperation: Record<string, number>;
  total: number;
}

export interface UsageReport {
  today: UsageDay;
  last30Days: UsageDay[];
  totals: { byOperation: Record<string, number>; total: number };
}

/** Reads a key's usage: today, the last USAGE_DAYS days (newest first, today included) and all-time totals. */
export async function readUsage(redis: PipelineClient, prefix: string, keyHash: string, now = Date.now()): Promise<UsageReport> {
  const dates = lastDates(now, USAGE_DAYS);
  const pipeline = redis.pipeline();
  for (const date of dates) pipeline.hgetall(usageDayName(prefix, keyHash, date));
  pipeline.hgetall(usageTotalName(prefix, keyHash));
  const results = (await pipeline.exec()) ?? [];
  const maps = results.map(([err, value]) => {
    if (err) throw err;
    return toCounts(value as Record<string, string>);
  });
  const days = dates.map((date, i) => ({ date, byOperation: maps[i], total: sum(maps[i]) }));
  const totals = maps[dates.length];
  return { today: days[0], last30Days: days, totals: { byOperation: totals, total: sum(totals) } };
}

function toCounts(fields: Record<string, string>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(fields ?? {})
      .map(([op, n]) => [op, Number(n)] as const)
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

function sum(counts: Record<string, number>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}
