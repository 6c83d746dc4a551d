import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { BulkStore, type RedisLike } from '../jobs/bulk-store';
import { BULK_QUEUE, type ChunkPayload } from '../jobs/bulk-types';
import { queueWebhook, WEBHOOK_QUEUE } from '../jobs/webhook';
import { MetricsService } from '../modules/metrics/metrics.service';
import { runChunk } from './bulk-chunk';
import { type ChunkWriter, ChunkWriterThread, InlineChunkWriter } from './chunk-writer';
import { WorkerState } from './worker.state';
import { lockTimings } from './worker-options';

/**
 * The bulk lane: chunks of bulk jobs (POST /v1/jobs), BULK_CONCURRENCY at once per worker process, their items run
 * after every interactive item the process holds (processors/bulk-chunk.ts). A chunk whose worker died is run again
 * by another (its lock expires); the store counts it once. Its lock is renewed by BullMQ's timer, which runs between
 * the items' turns, however long interactive work holds the chunk back.
 */
@Processor(BULK_QUEUE, { ...lockTimings(10_000), maxStalledCount: 10 })
export class BulkProcessor extends WorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BulkProcessor.name);
  private store?: Promise<BulkStore>;
  /** BULK_WRITER=thread: the process's writer thread, started with its first chunk. */
  private writerThread?: ChunkWriterThread;
  private loggedInline = false;

  constructor(
    private readonly state: WorkerState,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(WEBHOOK_QUEUE) private readonly webhooks: Queue,
    @Optional() private readonly metrics?: MetricsService,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.bulkConcurrency;
    this.state.add(this.worker);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.writerThread?.close();
  }

  /** The worker's own connection: it waits for Redis to come back rather than failing a chunk at once. */
  private storeOf(): Promise<BulkStore> {
    this.store ??= Promise.resolve(this.worker.getBackend().client).then(
      (client) => new BulkStore(client as unknown as RedisLike, this.config.queuePrefix, this.config.jobsRetentionS),
    );
    return this.store;
  }

  /**
   * Runs a chunk; the chunk that completes its job queues the job's webhook. A chunk stored before but run again
   * (its first run died after storing, perhaps before queueing the event) queues it too: the event's id makes
   * that a no-op when it was queued already. A chunk that carried the job past a step of its progressEvery queues
   * that step's event (a run that died between storing and queueing loses that one step's event, never the end's).
   */
  async process(job: Job<ChunkPayload>): Promise<string> {
    const store = await this.storeOf();
    const { outcome, progress } = await runChunk(job.data, store, this.metrics, (operation, size) => this.openWriter(operation, size));
    if (outcome === 'completed' || outcome === 'duplicate') {
      const meta = await store.get(job.data.bulkId);
      if (meta?.state === 'completed') await queueWebhook(this.webhooks, meta, 'job.completed', this.config.webhookRetryBaseMs);
    } else if (progress !== undefined) {
      const meta = await store.get(job.data.bulkId);
      if (meta) await queueWebhook(this.webhooks, meta, 'job.progress', this.config.webhookRetryBaseMs, progress);
    }
    return outcome;
  }

  /** Where a chunk's answers are encoded and compressed (BULK_WRITER, processors/chunk-writer.ts). */
  private openWriter(operation: string, size: number): ChunkWriter {
    if (this.config.bulkWriter === 'inline') return new InlineChunkWriter(operation, size);
    this.writerThread ??= new ChunkWriterThread(this.config.bulkWriterNice);
    const writer = this.writerThread.writer(operation, size);
    if (this.writerThread.unavailable && !this.loggedInline) {
      this.loggedInline = true;
      this.logger.warn(`bulk answers are written inline: the writer thread could not start (${this.writerThread.unavailable})`);
    }
    return writer;
  }

  /**
   * A chunk that failed its last attempt (Redis away through all of them, or a bug) fails its job: it could never
   * complete, and its owner is told (state failed, the webhook) instead of waiting for it.
   */
  @OnWorkerEvent('failed')
  async onFailed(job: Job<ChunkPayload> | undefined, err: Error): Promise<void> {
    if (!job || job.attemptsMade < (job.opts.attempts ?? 1)) return;
    this.logger.error(`bulk job ${job.data.bulkId}: chunk ${job.data.chunk} failed for good: ${err.message}`);
    try {
      const store = await this.storeOf();
      if ((await store.fail(job.data.bulkId, `chunk ${job.data.chunk}: ${err.message}`)) !== 'failed') return;
      const meta = await store.get(job.data.bulkId);
      if (meta) await queueWebhook(this.webhooks, meta, 'job.failed', this.config.webhookRetryBaseMs);
    } catch (e) {
      this.logger.warn(`bulk job ${job.data.bulkId}: could not be marked failed: ${(e as Error).message}`);
    }
  }

  @OnWorkerEvent('error')
  onError(err: Error): void {
    this.logger.warn(`bulk worker: ${err.message}`);
  }
}
