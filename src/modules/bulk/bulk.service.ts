import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { PRIORITY_LIMIT, type Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../common/api-error';
import { buildValidationPipe } from '../../common/validation';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { BulkStore, type BulkMeta, type RedisLike } from '../../jobs/bulk-store';
import { type BulkJobView, viewOf } from '../../jobs/bulk-view';
import { BULK_CHUNK_JOB, BULK_QUEUE, chunkItems, type ChunkItem, type ChunkPayload, type ItemErrorBody } from '../../jobs/bulk-types';
import { CallbackRefused, checkCallbackUrl, newWebhookSecret, queueWebhook, WEBHOOK_QUEUE } from '../../jobs/webhook';
import { unavailable } from '../../common/outage-gate';
import { KEEP_FAILED } from '../queue/retention';
import { ITEM_OPERATIONS, itemError, prepareItem, type PreparedItem } from '../batch/item-validation';
import { type RawItem, RowProblem } from './bulk-input';
import type { BulkJobOptionsDto, BulkOperation } from './bulk.dto';
export { BULK_MAX_ITEMS } from './bulk.dto';

/**
 * Validation gives the event loop a turn after this much of it, ms, so other requests are served while a large job is
 * read (an item takes 30-45 µs: the 256 items a turn held before were 8-11 ms of every other request's latency).
 */
const VALIDATE_SLICE_MS = 2;
/** Chunks added to the queue per round trip. */
const ADD_BATCH = 8;
/** How long a job being accepted is kept if its request never finishes queueing it, s. */
const ACCEPTING_TTL_S = 600;
/** What a job id looks like (anything else is no job, without asking Redis). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A refused job's caller should try again after about this long (a running job of the key may finish). */
const TOO_MANY_JOBS_RETRY_S = '10';
const STORAGE_FULL_RETRY_S = '60';

/**
 * Bulk jobs on the API side: validates every item as its single call would be (an invalid one becomes that item's
 * error, never the job's), writes the job and its chunks, and reads the job back for its owner only. Nothing is
 * computed here; the workers run the chunks (processors/bulk-chunk.ts).
 */
@Injectable()
export class BulkService {
  private readonly pipe = buildValidationPipe();
  private store?: Promise<BulkStore>;
  /** When validation last gave the event loop a turn (shared by the jobs this process reads at once). */
  private turnAt = 0;

  constructor(
    @InjectQueue(BULK_QUEUE) private readonly queue: Queue,
    @InjectQueue(WEBHOOK_QUEUE) private readonly webhooks: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The queue's own connection (fail-fast: a request meets an outage as 503, never waits on it unbounded). */
  storeOf(): Promise<BulkStore> {
    this.store ??= Promise.resolve(this.queue.getBackend().client).then(
      (client) => new BulkStore(client as unknown as RedisLike, this.config.queuePrefix, this.config.jobsRetentionS),
    );
    return this.store;
  }

  /** Refuses a new job past the key's limit of jobs in progress (429) or past the storage limit (503). */
  async admit(keyHash: string): Promise<void> {
    const store = await this.storeOf();
    const [active, stored] = await redisCall(() => Promise.all([store.activeJobs(keyHash), store.storedBytes()]));
    if (active >= this.config.jobsMaxActivePerKey) {
      throw new ApiError(
        429,
        'TOO_MANY_JOBS',
        `This key has ${active} bulk jobs queued or running, the most it may have at once; wait for one to finish (or cancel one).`,
        { active, max: this.config.jobsMaxActivePerKey },
        { 'Retry-After': TOO_MANY_JOBS_RETRY_S },
      );
    }
    if (stored >= this.config.jobsMaxStoredMb * 1024 * 1024) {
      throw new ApiError(503, 'STORAGE_FULL', 'Bulk jobs hold all the storage they may use for now; try again later.', undefined, {
        'Retry-After': STORAGE_FULL_RETRY_S,
      });
    }
  }

  /**
   * Validates the items, records the job and queues its chunks: the job's view (state queued, or running already).
   * `input` is the items, or their batches as a body is read (modules/bulk/bulk-input.ts): chunks are queued as they
   * fill, so workers start on the first while later rows are still parsed, and no more than a few chunks' items are
   * held at once. `bodyBytes` (the request body's size) stands for the input the job holds in Redis, for the storage
   * limit.
   */
  async create(
    keyHash: string,
    options: BulkJobOptionsDto,
    input: RawItem[] | AsyncIterable<RawItem[]>,
    bodyBytes: number,
  ): Promise<BulkJobView & { webhookSecret?: string }> {
    const operation: BulkOperation = options.operation ?? 'chart';
    if (operation === 'bodygraph' && options.meaning !== undefined) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'meaning: drawings carry no texts; leave meaning out for bodygraph', [
        { field: 'meaning', problems: ['not for bodygraph'] },
      ]);
    }
    if (options.progressEvery !== undefined && options.callbackUrl === undefined) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'progressEvery: progress events go to a callbackUrl; give one, or leave progressEvery out', [
        { field: 'progressEvery', problems: ['needs a callbackUrl'] },
      ]);
    }
    if (options.callbackUrl !== undefined) await this.refuseCallback(options.callbackUrl);
    // An array is the one batch of its job.
    const reader: Iterator<RawItem[]> | AsyncIterator<RawItem[]> = Array.isArray(input) ? [input][Symbol.iterator]() : input[Symbol.asyncIterator]();
    // The first items before the job is recorded: a body with none (or whose CSV header is refused) is the request's
    // 400, with no job.
    let next = await reader.next();
    while (!next.done && next.value.length === 0) next = await reader.next();
    if (next.done)
      throw new ApiError(400, 'VALIDATION_FAILED', 'items: a bulk job needs at least one item', [{ field: 'items', problems: ['at least one item'] }]);
    const id = randomBytes(12).toString('base64url');
    const size = chunkItems(operation);
    const store = await this.storeOf();
    const meta = {
      id,
      keyHash,
      operation,
      createdAt: Date.now(),
      meaning: options.meaning,
      callbackUrl: options.callbackUrl,
      progressEvery: options.progressEvery,
    };
    // The key's first job with a callbackUrl creates its webhook secret, shown in this answer only.
    const secret = options.callbackUrl ? await redisCall(() => store.ensureWebhookSecret(keyHash, newWebhookSecret())) : undefined;
    // Recorded for a few minutes at first: a process that dies before every chunk is queued leaves no job that
    // would hold one of its key's places for a day.
    await redisCall(() => store.create(meta, bodyBytes, ACCEPTING_TTL_S));
    const job = ITEM_OPERATIONS[operation].job;
    let total = 0;
    let chunks = 0;
    let pending: RawItem[] = [];
    let batch: ChunkPayload[] = [];
    const fill = async () => {
      batch.push({ bulkId: id, chunk: chunks++, job, items: await this.validate(operation, options.meaning, pending, total) });
      total += pending.length;
      pending = [];
    };
    try {
      for (; !next.done; next = await reader.next()) {
        for (const raw of next.value) {
          pending.push(raw);
          if (pending.length === size) await fill();
          if (batch.length === ADD_BATCH) {
            await this.queueChunks(store, id, batch);
            batch = [];
          }
        }
      }
      if (pending.length > 0) await fill();
      if (batch.length > 0) await this.queueChunks(store, id, batch);
    } catch (err) {
      // A body found broken or too large after some of its chunks were queued: the job is failed, so workers skip
      // what is queued, and the request answers the error (the job's id was never given).
      await store.fail(id, 'its body was refused while it was read').catch(() => undefined);
      throw err;
    }
    const accepted = await redisCall(() => store.accept(id, total, chunks));
    // As it is now: its first chunks may be done already, or all of them (then this step completed it).
    const current = await redisCall(() => store.get(id));
    if (current && accepted.outcome === 'completed') {
      await redisCall(() => queueWebhook(this.webhooks, current, 'job.completed', this.config.webhookRetryBaseMs));
    } else if (current && accepted.progress !== undefined) {
      await redisCall(() => queueWebhook(this.webhooks, current, 'job.progress', this.config.webhookRetryBaseMs, accepted.progress));
    }
    const view = viewOf(current ?? { ...meta, state: 'queued', total, chunks, done: 0, failed: 0, chunksDone: 0, bytes: 0 });
    return secret?.created ? { ...view, webhookSecret: secret.secret } : view;
  }

  /**
   * A few chunks per round trip: one MULTI of every chunk (15 MB for 100,000 items) would hold Redis, and every
   * interactive request with it, for a noticeable time.
   */
  private async queueChunks(store: BulkStore, id: string, chunks: ChunkPayload[]): Promise<void> {
    try {
      await this.queue.addBulk(
        chunks.map((c) => ({
          name: BULK_CHUNK_JOB,
          data: c,
          opts: {
            jobId: `${id}-${c.chunk}`,
            // Each job's first chunks before any job's later ones: a small job is not queued behind a large one.
            priority: Math.min(c.chunk + 1, PRIORITY_LIMIT),
            // A chunk fails only when Redis does (answers are stored by the chunk itself): try again.
            attempts: 5,
            backoff: { type: 'exponential', delay: 1_000 },
            removeOnComplete: true,
            removeOnFail: KEEP_FAILED,
          },
        })),
      );
    } catch {
      await store.fail(id, 'its chunks could not be queued').catch(() => undefined);
      throw unavailable('The job queue could not take the job; try again shortly.');
    }
  }

  /** A new webhook secret for the key: the old one stops signing at once (retries of earlier events included). */
  async rotateWebhookSecret(keyHash: string): Promise<{ webhookSecret: string }> {
    const store = await this.storeOf();
    const webhookSecret = newWebhookSecret();
    await redisCall(() => store.rotateWebhookSecret(keyHash, webhookSecret));
    return { webhookSecret };
  }

  private async refuseCallback(url: string): Promise<void> {
    try {
      await checkCallbackUrl(new URL(url), this.config.webhookAllowPrivate);
    } catch (err) {
      const problem = err instanceof CallbackRefused ? err.message : 'callbackUrl is not a URL';
      throw new ApiError(400, 'CALLBACK_URL_REFUSED', problem, [{ field: 'callbackUrl', problems: [problem] }]);
    }
  }

  /** The job, if this key created it; 404 otherwise (another key's job is not told apart from no job). */
  async owned(id: string, keyHash: string): Promise<BulkMeta> {
    const store = await this.storeOf();
    const meta = ID.test(id) ? await redisCall(() => store.get(id)) : undefined;
    if (!meta || meta.keyHash !== keyHash) throw new ApiError(404, 'JOB_NOT_FOUND', 'No bulk job with this id was created with this key (or it has expired).');
    return meta;
  }

  async view(id: string, keyHash: string): Promise<BulkJobView> {
    return viewOf(await this.owned(id, keyHash));
  }

  /** Cancels a queued or running job (its chunks stop within a fraction of a second); a finished job stays as it is. */
  async cancel(id: string, keyHash: string): Promise<BulkJobView> {
    const meta = await this.owned(id, keyHash);
    const store = await this.storeOf();
    const state = await redisCall(() => store.cancel(id));
    const after = (await redisCall(() => store.get(id))) ?? meta;
    if (state === 'cancelled' && meta.state !== 'cancelled') {
      // Chunks not yet taken are dropped from the queue (a worker would skip them anyway, one round trip each).
      void Promise.allSettled(Array.from({ length: meta.chunks - meta.chunksDone }, (_, i) => this.queue.remove(`${id}-${meta.chunksDone + i}`)));
      await redisCall(() => queueWebhook(this.webhooks, after, 'job.cancelled', this.config.webhookRetryBaseMs));
    }
    return viewOf(after);
  }

  /** A chunk's raw items as its items, the first at position `offset` in the job (the id of an item without one). */
  private async validate(operation: BulkOperation, meaning: string | undefined, raws: RawItem[], offset: number): Promise<ChunkItem[]> {
    const definition = ITEM_OPERATIONS[operation];
    const out: ChunkItem[] = [];
    for (let n = 0; n < raws.length; n++) {
      if (performance.now() - this.turnAt >= VALIDATE_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        this.turnAt = performance.now();
      }
      const raw = raws[n];
      const i = offset + n;
      let prepared: PreparedItem;
      if (raw instanceof RowProblem) prepared = itemError(raw.id ?? i, raw.field, raw.problem, raw.code);
      else {
        const item = meaning !== undefined && raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? { meaning, ...raw } : raw;
        prepared = await prepareItem(this.pipe, item, i, definition);
        if ('job' in prepared && (prepared.job.input as { format?: string }).format === 'png') {
          prepared = itemError(prepared.id, 'format', 'bulk jobs draw SVG only (format "svg"); ask /v1/chart/bodygraph for a PNG');
        }
      }
      out.push('job' in prepared ? { id: prepared.id, input: prepared.job.input } : { id: prepared.id, error: errorOf(prepared.error) });
    }
    return out;
  }
}

function errorOf(err: ApiError): ItemErrorBody {
  return err.details === undefined
    ? { status: err.status, code: err.code, message: err.message }
    : { status: err.status, code: err.code, message: err.message, details: err.details };
}

/** A Redis call on a request's path: an outage is a 503 with Retry-After, never a 500. */
export async function redisCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw unavailable('Redis is not reachable; try again shortly.');
  }
}
