import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Lane, LANE_QUEUES, LANES } from '../../jobs/job-types';
import { bullConnection } from '../redis/redis-connection';

/**
 * The QueueEvents streams an API process listens on, one per lane's queue (each holds its own blocking
 * connection). The API is ready only once it is consuming them all: a hand-rolled listener that starts late loses
 * completions.
 */
@Injectable()
export class QueueEventsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QueueEventsService.name);
  private readonly streams: Record<Lane, QueueEvents[]>;
  private consuming = false;
  /** The streams' own Redis connections, whose status tells whether events can arrive. */
  private streamClients: { status: string }[] = [];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const open = (name: string, prefix: string) => {
      const events = new QueueEvents(name, { connection: bullConnection(config), prefix, autorun: false });
      // Every waiting request adds two listeners; thousands may wait at once.
      events.setMaxListeners(0);
      events.on('error', (err) => this.logger.warn(`queue events (${name}): ${err.message}`));
      return events;
    };
    this.streams = {
      light: config.lightQueuePrefixes.map((prefix) => open(LANE_QUEUES.light, prefix)),
      heavy: [open(LANE_QUEUES.heavy, config.queuePrefix)],
    };
  }

  /** The stream of a lane's queue (of its shard `shard`, for the light lane). */
  of(lane: Lane, shard = 0): QueueEvents {
    return this.streams[lane][shard];
  }

  /** Every stream of a lane, by shard. */
  all(lane: Lane): readonly QueueEvents[] {
    return this.streams[lane];
  }

  async onModuleInit(): Promise<void> {
    await Promise.all(
      LANES.flatMap((lane) => this.streams[lane]).map(async (events) => {
        void events.run().catch((err: Error) => this.logger.error(`queue events (${events.name}) stopped: ${err.message}`));
        await events.waitUntilReady();
        this.streamClients.push(await (events.getBackend() as unknown as { client: Promise<{ status: string }> }).client);
      }),
    );
    this.consuming = true;
  }

  /** True while every stream's connection is up and being read. */
  get ready(): boolean {
    return this.consuming && this.streamClients.every((c) => c.status === 'ready');
  }

  async onApplicationShutdown(): Promise<void> {
    this.consuming = false;
    await Promise.all(LANES.flatMap((lane) => this.streams[lane]).map((events) => events.close().catch(() => undefined)));
  }
}
