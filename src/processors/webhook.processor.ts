import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { BulkStore, type RedisLike } from '../jobs/bulk-store';
import { CallbackRefused, deliver, signature, WEBHOOK_QUEUE, type WebhookPayload } from '../jobs/webhook';

/** Deliveries one worker process makes at once (each mostly waits for its receiver). */
const WEBHOOK_CONCURRENCY = 8;

/**
 * Delivers bulk jobs' webhook events (jobs/webhook.ts): signed with the key's secret as it is at each attempt (so a
 * rotated secret signs the retries), a 2xx ends it, anything else is retried by BullMQ with its back-off. A refused
 * address is not retried.
 */
@Processor(WEBHOOK_QUEUE)
export class WebhookProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookProcessor.name);
  private store?: BulkStore;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = WEBHOOK_CONCURRENCY;
  }

  async process(job: Job<WebhookPayload>): Promise<number> {
    this.store ??= new BulkStore((await this.worker.getBackend().client) as unknown as RedisLike, this.config.queuePrefix, this.config.jobsRetentionS);
    const { url, keyHash, eventId, body } = job.data;
    const secret = await this.store.webhookSecret(keyHash);
    if (!secret) throw new UnrecoverableError('the key has no webhook secret');
    const headers = { 'HD-Signature': signature(secret, body, Math.floor(Date.now() / 1000)), 'HD-Event-Id': eventId };
    let status: number;
    try {
      status = await deliver(url, body, headers, this.config.webhookAllowPrivate);
    } catch (err) {
      if (err instanceof CallbackRefused) throw new UnrecoverableError(err.message);
      throw err;
    }
    if (status < 200 || status >= 300) throw new Error(`the receiver answered ${status}`);
    return status;
  }

  @OnWorkerEvent('error')
  onError(err: Error): void {
    this.logger.warn(`webhook worker: ${err.message}`);
  }
}
