/**
 * Where a bulk job lives in Redis, for the API (create, read, cancel, count) and the workers (begin and store a
 * chunk). Every key sits under the service's prefix (a hash tag in a cluster), so each script's keys share a slot.
 *
 *   <prefix>:bulk:<id>          hash: the job's state and counters (keyHash, operation, total, done, failed, …)
 *   <prefix>:bulk:<id>:results  hash: chunk number → that chunk's answer lines (NDJSON), and `<number>c` → the same
 *                               as CSV rows, both gzip-compressed
 *   <prefix>:bulk:key:<keyHash> set: the key's jobs not yet known to be finished (the per-key limit)
 *   <prefix>:bulk:stored        hash: job id → bytes it holds (its chunks' input and its compressed answers)
 *   <prefix>:bulk:expiries      sorted set: job id by the time its data expires (stored bytes are released then)
 *   <prefix>:bulk:webhook-secret:<keyHash>  the key's webhook secret (jobs/webhook.ts)
 *
 * Exactly once: a chunk's answers are written with HSETNX and its counters raised in the same script, so a chunk
 * run twice (its worker killed, BullMQ running it again) is counted once and its first answers are kept.
 */
import type { Cluster, Redis } from 'ioredis';
import { type BulkState, FINAL_STATES } from './bulk-types';
import { webhookSecretKey } from './webhook';

export type RedisLike = Redis | Cluster;

/** The state and counters of a job as stored (numbers as numbers; times in ms since the epoch). */
export interface BulkMeta {
  id: string;
  keyHash: string;
  operation: string;
  state: BulkState;
  total: number;
  done: number;
  failed: number;
  chunks: number;
  chunksDone: number;
  createdAt: number;
  startedAt?: number;
  finishedAt?: number;
  meaning?: string;
  /** Where the job's end is announced (a webhook), if anywhere. */
  callbackUrl?: string;
  /** Also announce each further this many percent of items done (job.progress), with a callbackUrl. */
  progressEvery?: number;
  /** Compressed answer bytes stored so far. */
  bytes: number;
}

const BEGIN_CHUNK = `
local state = redis.call('HGET', KEYS[1], 'state')
if state == 'queued' then
  redis.call('HSET', KEYS[1], 'state', 'running', 'startedAt', ARGV[1])
  return 'running'
end
return state or 'gone'`;

const STORE_CHUNK = `
local state = redis.call('HGET', KEYS[1], 'state')
if not state then return 'gone' end
if state ~= 'queued' and state ~= 'running' then return state end
if redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2]) == 0 then return 'duplicate' end
redis.call('HSET', KEYS[2], ARGV[1] .. 'c', ARGV[8])
local retention = tonumber(ARGV[6])
redis.call('EXPIRE', KEYS[2], retention)
local bytes = string.len(ARGV[2]) + string.len(ARGV[8])
redis.call('HINCRBY', KEYS[1], 'bytes', bytes)
redis.call('HINCRBY', KEYS[3], ARGV[7], bytes)
local done = redis.call('HINCRBY', KEYS[1], 'done', ARGV[3])
redis.call('HINCRBY', KEYS[1], 'failed', ARGV[4])
if state == 'queued' then redis.call('HSET', KEYS[1], 'state', 'running', 'startedAt', ARGV[5]) end
local n = redis.call('HINCRBY', KEYS[1], 'chunksDone', 1)
-- Still being read (FINALIZE sets the count of chunks, then completes the job if its chunks are all done).
if redis.call('HEXISTS', KEYS[1], 'accepting') == 1 then return 'stored' end
if n >= tonumber(redis.call('HGET', KEYS[1], 'chunks')) then
  redis.call('HSET', KEYS[1], 'state', 'completed', 'finishedAt', ARGV[5])
  redis.call('EXPIRE', KEYS[1], retention)
  redis.call('ZADD', KEYS[4], tonumber(ARGV[5]) + retention * 1000, ARGV[7])
  return 'completed'
end
local every = tonumber(redis.call('HGET', KEYS[1], 'progressEvery') or '0')
if every > 0 then
  local total = tonumber(redis.call('HGET', KEYS[1], 'total'))
  local step = math.floor(done * 100 / (total * every))
  if step > math.floor((done - tonumber(ARGV[3])) * 100 / (total * every)) and step * every < 100 then
    return 'stored:' .. (step * every)
  end
end
return 'stored'`;

/** The end of a job's reading: its total and chunks are known, and it completes here if they are all done already. */
const FINALIZE = `
local state = redis.call('HGET', KEYS[1], 'state')
if not state then return 'gone' end
local retention = tonumber(ARGV[4])
redis.call('HSET', KEYS[1], 'total', ARGV[1], 'chunks', ARGV[2])
redis.call('HDEL', KEYS[1], 'accepting')
redis.call('EXPIRE', KEYS[1], retention)
if state ~= 'queued' and state ~= 'running' then return state end
if tonumber(redis.call('HGET', KEYS[1], 'chunksDone')) >= tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[1], 'state', 'completed', 'finishedAt', ARGV[3])
  redis.call('ZADD', KEYS[2], tonumber(ARGV[3]) + retention * 1000, ARGV[5])
  return 'completed'
end
local every = tonumber(redis.call('HGET', KEYS[1], 'progressEvery') or '0')
if every > 0 then
  local step = math.floor(tonumber(redis.call('HGET', KEYS[1], 'done')) * 100 / (tonumber(ARGV[1]) * every))
  if step > 0 and step * every < 100 then return 'accepted:' .. (step * every) end
end
return 'accepted'`;

const CANCEL = `
local state = redis.call('HGET', KEYS[1], 'state')
if state == 'queued' or state == 'running' then
  local retention = tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'state', 'cancelled', 'finishedAt', ARGV[1])
  redis.call('EXPIRE', KEYS[1], retention)
  redis.call('EXPIRE', KEYS[2], retention)
  redis.call('ZADD', KEYS[3], tonumber(ARGV[1]) + retention * 1000, ARGV[3])
  return 'cancelled'
end
return state or 'gone'`;

const FAIL = `
local state = redis.call('HGET', KEYS[1], 'state')
if state == 'queued' or state == 'running' then
  redis.call('HSET', KEYS[1], 'state', 'failed', 'finishedAt', ARGV[1], 'reason', ARGV[2])
  return 'failed'
end
return state or 'gone'`;

/** What storing a chunk did (BulkStore.storeChunk). */
export interface StoredChunk {
  outcome: string;
  progress?: number;
}

export class BulkStore {
  constructor(
    private readonly redis: RedisLike,
    private readonly prefix: string,
    /** How long a job's state and answers are kept after it finishes (JOBS_RETENTION), seconds. */
    private readonly retentionS: number,
  ) {}

  private metaKey = (id: string) => `${this.prefix}:bulk:${id}`;
  private resultsKey = (id: string) => `${this.prefix}:bulk:${id}:results`;
  private keyJobsKey = (keyHash: string) => `${this.prefix}:bulk:key:${keyHash}`;
  private get storedKey() {
    return `${this.prefix}:bulk:stored`;
  }
  private get expiriesKey() {
    return `${this.prefix}:bulk:expiries`;
  }

  /**
   * Records a new job (state queued) while its items are still read: its total and chunks are counted as they are
   * queued and set by `accept` at the end (until then no chunk completes it), and it is kept `ttlS` until then, so
   * a job whose request died half-way expires soon.
   */
  async create(
    meta: Omit<BulkMeta, 'state' | 'done' | 'failed' | 'chunksDone' | 'bytes' | 'total' | 'chunks'>,
    inputBytes: number,
    ttlS = this.retentionS,
  ): Promise<void> {
    const fields: Record<string, string> = {
      id: meta.id,
      keyHash: meta.keyHash,
      operation: meta.operation,
      state: 'queued',
      total: '0',
      done: '0',
      failed: '0',
      chunks: '0',
      chunksDone: '0',
      createdAt: String(meta.createdAt),
      bytes: '0',
      accepting: '1',
    };
    if (meta.meaning) fields.meaning = meta.meaning;
    if (meta.callbackUrl) fields.callbackUrl = meta.callbackUrl;
    if (meta.progressEvery) fields.progressEvery = String(meta.progressEvery);
    await this.redis
      .multi()
      .hset(this.metaKey(meta.id), fields)
      .expire(this.metaKey(meta.id), ttlS)
      .sadd(this.keyJobsKey(meta.keyHash), meta.id)
      .expire(this.keyJobsKey(meta.keyHash), this.retentionS)
      .hincrby(this.storedKey, meta.id, inputBytes)
      .zadd(this.expiriesKey, meta.createdAt + this.retentionS * 1000, meta.id)
      .exec();
  }

  /**
   * Every chunk of the job is queued: its total and chunks are set, it is kept the whole retention, and it completes
   * now if its workers have done every chunk already ('completed'; else 'accepted', with `progress` when its
   * progressEvery steps were passed while it was read, or its final state or 'gone').
   */
  async accept(id: string, total: number, chunks: number, now = Date.now()): Promise<StoredChunk> {
    const answer = (await this.redis.eval(FINALIZE, 2, this.metaKey(id), this.expiriesKey, total, chunks, now, this.retentionS, id)) as string;
    const [outcome, percent] = answer.split(':');
    return percent === undefined ? { outcome } : { outcome, progress: Number(percent) };
  }

  async get(id: string): Promise<BulkMeta | undefined> {
    const raw = await this.redis.hgetall(this.metaKey(id));
    if (!raw.id) return undefined;
    const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
    return {
      id: raw.id,
      keyHash: raw.keyHash,
      operation: raw.operation,
      state: raw.state as BulkState,
      total: Number(raw.total),
      done: Number(raw.done),
      failed: Number(raw.failed),
      chunks: Number(raw.chunks),
      chunksDone: Number(raw.chunksDone),
      createdAt: Number(raw.createdAt),
      startedAt: num(raw.startedAt),
      finishedAt: num(raw.finishedAt),
      meaning: raw.meaning,
      callbackUrl: raw.callbackUrl,
      progressEvery: num(raw.progressEvery),
      bytes: Number(raw.bytes),
    };
  }

  /** Just the state (a worker checks it between items to stop a cancelled job): 'gone' once expired. */
  async state(id: string): Promise<BulkState | 'gone'> {
    return ((await this.redis.hget(this.metaKey(id), 'state')) as BulkState | null) ?? 'gone';
  }

  /** A worker starts a chunk: the job turns running (from queued); answers the state it is in now. */
  async beginChunk(id: string, now = Date.now()): Promise<BulkState | 'gone'> {
    return (await this.redis.eval(BEGIN_CHUNK, 1, this.metaKey(id), now)) as BulkState | 'gone';
  }

  /**
   * Stores a chunk's compressed answers and counts its items, once (see the file's comment). Answers 'completed' for
   * the chunk that finished the job, 'stored', 'duplicate' (stored before), or the job's final state or 'gone'; with
   * `progress`, the multiple of the job's progressEvery percent this chunk's items carried it past (each chunk's
   * count is added atomically, so every step is crossed by exactly one chunk).
   */
  async storeChunk(id: string, chunk: number, data: Buffer, csv: Buffer, done: number, failed: number, now = Date.now()): Promise<StoredChunk> {
    const answer = (await this.redis.eval(
      STORE_CHUNK,
      4,
      this.metaKey(id),
      this.resultsKey(id),
      this.storedKey,
      this.expiriesKey,
      chunk,
      data,
      done,
      failed,
      now,
      this.retentionS,
      id,
      csv,
    )) as string;
    const [outcome, percent] = answer.split(':');
    return percent === undefined ? { outcome } : { outcome, progress: Number(percent) };
  }

  /** Cancels a queued or running job; answers the state it is in afterwards ('gone' if unknown). */
  async cancel(id: string, now = Date.now()): Promise<BulkState | 'gone'> {
    return (await this.redis.eval(CANCEL, 3, this.metaKey(id), this.resultsKey(id), this.expiriesKey, now, this.retentionS, id)) as BulkState | 'gone';
  }

  /** A job that cannot go on (its chunks could not be queued, or one failed for good): failed, with a reason for the operator. */
  async fail(id: string, reason: string, now = Date.now()): Promise<BulkState | 'gone'> {
    return (await this.redis.eval(FAIL, 1, this.metaKey(id), now, reason)) as BulkState | 'gone';
  }

  /** A chunk's compressed answers (NDJSON or CSV rows), or undefined when not stored (cancelled before it ran, or expired). */
  async readChunk(id: string, chunk: number, format: 'ndjson' | 'csv' = 'ndjson'): Promise<Buffer | undefined> {
    return (await this.redis.hgetBuffer(this.resultsKey(id), format === 'csv' ? `${chunk}c` : String(chunk))) ?? undefined;
  }

  /** The key's jobs still queued or running; finished or expired ones are forgotten on the way. */
  async activeJobs(keyHash: string): Promise<number> {
    const key = this.keyJobsKey(keyHash);
    const ids = await this.redis.smembers(key);
    if (ids.length === 0) return 0;
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hget(this.metaKey(id), 'state');
    const states = ((await pipeline.exec()) ?? []).map(([, state]) => state as string | null);
    const finished = ids.filter((_, i) => {
      const state = states[i];
      return !state || FINAL_STATES.has(state);
    });
    if (finished.length) await this.redis.srem(key, ...finished);
    return ids.length - finished.length;
  }

  /** The key's webhook secret; created by the first call (`created` true then: the one time it is shown). */
  async ensureWebhookSecret(keyHash: string, fresh: string): Promise<{ secret: string; created: boolean }> {
    const created = (await this.redis.set(webhookSecretKey(this.prefix, keyHash), fresh, 'NX')) === 'OK';
    return { secret: created ? fresh : ((await this.webhookSecret(keyHash)) ?? fresh), created };
  }

  async rotateWebhookSecret(keyHash: string, fresh: string): Promise<void> {
    await this.redis.set(webhookSecretKey(this.prefix, keyHash), fresh);
  }

  async webhookSecret(keyHash: string): Promise<string | undefined> {
    return (await this.redis.get(webhookSecretKey(this.prefix, keyHash))) ?? undefined;
  }

  /** Bytes held by every job not yet expired (expired jobs are released on the way). */
  async storedBytes(now = Date.now()): Promise<number> {
    const expired = await this.redis.zrangebyscore(this.expiriesKey, '-inf', now);
    if (expired.length) {
      await this.redis
        .multi()
        .hdel(this.storedKey, ...expired)
        .zrem(this.expiriesKey, ...expired)
        .exec();
    }
    const values = await this.redis.hvals(this.storedKey);
    return values.reduce((sum, v) => sum + (Number(v) || 0), 0);
  }
}
