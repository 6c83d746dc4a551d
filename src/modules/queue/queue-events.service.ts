import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CHART_QUEUE } from '../../jobs/job-types';
import { bullConnection } from '../redis/redis-connection';

/**
 * The one QueueEvents stream an API process listens on (each QueueEvents holds its own blocking connection).
 * The API is ready only once it is consuming: a hand-rolled listener that starts late loses completions.
 */
@Injectable()
export class QueueEventsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QueueEventsService.name);
  readonly queueEvents: QueueEvents;
  private consuming = false;
  /** The stream's own Redis connection, whose status tells whether events can arrive. */
  private streamClient?: { status: string };

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.queueEvents = new QueueEvents(CHART_QUEUE, {
      connection: bullConnection(config),
      prefix: config.queuePrefix,
      autorun: false,
    });
    // Every waiting request adds two listeners; thousands may wait at once.
    this.queueEvents.setMaxListeners(0);
    this.queueEvents.on('error', (err) => this.logger.warn(`queue events: ${err.message}`));
  }

  async onModuleInit(): Promise<void> {
    void this.queueEvents.run().catch((err: Error) => this.logger.error(`queue events stopped: ${err.message}`));
    await this.queueEvents.waitUntilReady();
    this.streamClient = await (this.queueEvents.getBackend() as unknown as { client: Promise<{ status: string }> }).client;
    this.consuming = true;
  }

  /** True while the stream's connection is up and being read. */
  get ready(): boolean {
    return this.consuming && this.streamClient?.status === 'ready';
  }

  async onApplicationShutdown(): Promise<void> {
    this.consuming = false;
    await this.queueEvents.close().catch(() => undefined);
  }
}
