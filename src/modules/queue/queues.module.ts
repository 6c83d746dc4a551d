import { BullModule, InjectQueue } from '@nestjs/bullmq';
import { Queue, type QueueOptions } from 'bullmq';
import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { LIGHT_QUEUE, HEAVY_QUEUE } from '../../jobs/job-types';
import { BULK_QUEUE } from '../../jobs/bulk-types';
import { WEBHOOK_QUEUE } from '../../jobs/webhook';
import { bullConnection, closeBullConnections } from '../redis/redis-connection';
import { HEAVY_EVENTS_MAX_LEN } from './retention';

/** The light lane's queues beyond shard 0 (none unless REDIS_QUEUE_SHARDS > 1). */
export const LIGHT_SHARD_QUEUES = Symbol('LIGHT_SHARD_QUEUES');

/**
 * The lanes' queues (light and heavy), the bulk jobs' chunks and their webhooks, available to every module of the process (producer, health, metrics, dashboard).
 * Its connection fails fast while Redis is down instead of queueing commands in memory. Every connection
 * (queue, worker, queue events) comes from the one factory, for REDIS_URL, Sentinel or Cluster alike.
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: bullConnection(config), prefix: config.queuePrefix }),
    }),
    ...[LIGHT_QUEUE, HEAVY_QUEUE, BULK_QUEUE, WEBHOOK_QUEUE].map((name) =>
      BullModule.registerQueueAsync({
        name,
        inject: [APP_CONFIG],
        useFactory: (config: AppConfig): QueueOptions => ({
          connection: bullConnection(config, { enableOfflineQueue: false }),
          prefix: config.queuePrefix,
          // Written to the queue's meta hash, where the workers' scripts read it when they add an event.
          ...(name === HEAVY_QUEUE ? { streams: { events: { maxLen: HEAVY_EVENTS_MAX_LEN } } } : {}),
        }),
      }),
    ),
  ],
  providers: [
    {
      // The light lane's other shards (REDIS_QUEUE_SHARDS, modules/queue/shards.ts), with the fail-fast connection.
      provide: LIGHT_SHARD_QUEUES,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Queue[] =>
        config.lightQueuePrefixes
          .slice(1)
          .map((prefix) => new Queue(LIGHT_QUEUE, { connection: bullConnection(config, { enableOfflineQueue: false }), prefix })),
    },
  ],
  exports: [BullModule, LIGHT_SHARD_QUEUES],
})
export class QueuesModule implements OnApplicationShutdown {
  /**
   * The workers (@Processor) get their connection from @nestjs/bullmq, which builds it from the registered
   * queue's options (`queue.opts.connection`), read after this constructor (BullRegistrar.onModuleInit). A worker
   * must not fail fast: with enableOfflineQueue false, a connection lost while jobs flow (a Sentinel failover, a
   * Redis restart) makes BullMQ's fetch loop retry without ever yielding to the event loop, so the worker sits at
   * 100 % CPU and never reconnects (seen in test/redis-ha.e2e-spec.ts). So the worker gets the factory's default
   * connection: commands wait for the reconnect. The queue itself keeps the fail-fast connection it was built with.
   */
  constructor(
    @InjectQueue(LIGHT_QUEUE) light: Queue,
    @InjectQueue(HEAVY_QUEUE) heavy: Queue,
    @InjectQueue(BULK_QUEUE) bulk: Queue,
    @InjectQueue(WEBHOOK_QUEUE) webhooks: Queue,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LIGHT_SHARD_QUEUES) private readonly shards: Queue[],
  ) {
    light.opts.connection = bullConnection(config);
    heavy.opts.connection = bullConnection(config);
    bulk.opts.connection = bullConnection(config);
    webhooks.opts.connection = bullConnection(config);
  }

  /** Cluster mode: the Cluster clients BullMQ shares are not closed by BullMQ (runs after the queue and workers closed). */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.shards.map((q) => q.close().catch(() => undefined)));
    await closeBullConnections();
  }
}
