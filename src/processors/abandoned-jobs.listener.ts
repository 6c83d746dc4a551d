import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { abandonedChannel, ABANDONED_MARKER } from '../jobs/job-types';
import { createSubscriber } from '../modules/redis/redis-connection';
import { WorkerState } from './worker.state';

/**
 * Stops heavy jobs nobody waits for. An API process announces a heavy job on the abandoned channel when its last
 * waiter gives up (modules/queue/path/6-pending-jobs.ts); every worker process hears it, and the one running the job
 * aborts it through BullMQ's own cancellation (worker.cancelJob → the processor's AbortSignal). The job's next
 * slice (jobs/slicer.ts) then throws, and it fails as abandoned, not retried. A worker that misses the message (its
 * subscriber reconnecting) runs the job to its end, as it did before this existed.
 *
 * Pub/sub rather than a key the slices poll: one message per abandoned job instead of a Redis read per slice.
 */
/** How long an announcement is remembered for a job not yet begun (the gap it covers is a few ms), and how many at most. */
const REMEMBER_MS = 2_000;
const REMEMBER_MAX = 10_000;

@Injectable()
export class AbandonedJobsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AbandonedJobs');
  private subscriber?: Redis;
  /** Job ids announced lately, oldest first, with when (see wasAbandoned). */
  private readonly recent = new Map<string, number>();

  constructor(
    private readonly state: WorkerState,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // A subscribed connection runs nothing else, hence its own; it reconnects and resubscribes by itself.
    const subscriber = (this.subscriber = createSubscriber(this.config));
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel: string, jobId: string) => this.cancel(jobId));
    subscriber.subscribe(abandonedChannel(this.config.queuePrefix)).catch((err: Error) => this.logger.warn(`abandoned channel: ${err.message}`));
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
  }

  /**
   * Whether the job was announced as abandoned a moment ago while this process held it but had not begun it (moved to
   * active in Redis, its processor not yet called: cancelJob finds nothing to abort then). Its processor asks this as
   * it begins and stops at its first slice. Answered once per announcement, and only for REMEMBER_MS: the same job
   * added afresh later (another caller asked for it) is computed.
   */
  wasAbandoned(jobId: string | undefined): boolean {
    if (jobId === undefined) return false;
    const at = this.recent.get(jobId);
    if (at === undefined) return false;
    this.recent.delete(jobId);
    return Date.now() - at < REMEMBER_MS;
  }

  private cancel(jobId: string): void {
    const now = Date.now();
    for (const [id, at] of this.recent) {
      if (now - at < REMEMBER_MS && this.recent.size < REMEMBER_MAX) break; // oldest first: the rest are newer
      this.recent.delete(id);
    }
    let running = false;
    for (const worker of this.state.workers) running = worker.cancelJob(jobId, ABANDONED_MARKER) || running;
    if (running) this.logger.debug({ msg: 'stopping a job nobody waits for', jobId });
    else this.recent.set(jobId, now);
  }
}
