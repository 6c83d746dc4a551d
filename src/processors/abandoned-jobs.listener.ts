import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { abandonedChannel, ABANDONED_MARKER } from '../jobs/job-types';
import { createRedisClient } from '../modules/redis/redis-connection';
import { ChartWorkerState } from './chart-worker.state';

/**
 * Stops heavy jobs nobody waits for. An API process announces a heavy job on the abandoned channel when its last
 * waiter gives up (modules/queue/path/6-pending-jobs.ts); every worker process hears it, and the one running the job
 * aborts it through BullMQ's own cancellation (worker.cancelJob → the processor's AbortSignal). The job's next
 * slice (jobs/slicer.ts) then throws, and it fails as abandoned, not retried. A worker that misses the message (its
 * subscriber reconnecting) runs the job to its end, as it did before this existed.
 *
 * Pub/sub rather than a key the slices poll: one message per abandoned job instead of a Redis read per slice.
 */
@Injectable()
export class AbandonedJobsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AbandonedJobs');
  private subscriber?: Redis;

  constructor(
    private readonly state: ChartWorkerState,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // A subscribed connection runs nothing else, hence its own; it reconnects and resubscribes by itself.
    const subscriber = (this.subscriber = createRedisClient(this.config, { maxRetriesPerRequest: null }) as Redis);
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel: string, jobId: string) => this.cancel(jobId));
    subscriber.subscribe(abandonedChannel(this.config.queuePrefix)).catch((err: Error) => this.logger.warn(`abandoned channel: ${err.message}`));
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
  }

  private cancel(jobId: string): void {
    for (const worker of this.state.workers) {
      if (worker.cancelJob(jobId, ABANDONED_MARKER)) this.logger.debug({ msg: 'stopping a job nobody waits for', jobId });
    }
  }
}
