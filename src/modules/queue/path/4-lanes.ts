/**
 * Stage 4 of a request's path: the lane's queue and the job's options. Light and heavy jobs wait in separate BullMQ
 * queues (jobs/job-types.ts); within a queue, a job's priority is its key's cost already in flight (stage 3), so
 * a key with little in flight is served before a busy key's backlog. Also the back-pressure check: above
 * QUEUE_MAX_WAITING jobs waiting for a worker (both lanes), new work is refused instead of queued without bound.
 */
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import { ApiError } from '../../../common/api-error';
import { beforeDeadline, DeadlineExceeded } from '../../../common/deadline';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import type Redis from 'ioredis';
import { abandonedChannel, LIGHT_QUEUE, HEAVY_QUEUE, Lane, LANES } from '../../../jobs/job-types';
import { LIGHT_SHARD_QUEUES } from '../queues.module';
import { RETRY_AFTER_S } from '../../../common/outage-gate';
import { groupJobOptions, jobOptions } from '../retention';

/** How stale the cached count of jobs waiting for a worker may be before the back-pressure check reads it again. */
const WAITING_COUNT_MAX_AGE_MS = 100;

@Injectable()
export class Lanes {
  /** Each lane's queues: the light lane's shards (shard 0 is the registered queue), the heavy lane's one. */
  private readonly queues: Record<Lane, Queue[]>;
  private nextShard = 0;
  private waiting = { count: 0, at: 0, pending: undefined as Promise<number> | undefined };

  constructor(
    @InjectQueue(LIGHT_QUEUE) light: Queue,
    @InjectQueue(HEAVY_QUEUE) heavy: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LIGHT_SHARD_QUEUES) shards: Queue[],
  ) {
    this.queues = { light: [light, ...shards], heavy: [heavy] };
    for (const lane of LANES) for (const q of this.queues[lane]) q.setMaxListeners(0);
  }

  /** A lane's queue: shard `shard` of the light lane, the heavy lane's only one. */
  queue(lane: Lane, shard = 0): Queue {
    return this.queues[lane][shard];
  }

  /** Every queue of a lane. */
  all(lane: Lane): readonly Queue[] {
    return this.queues[lane];
  }

  /**
   * Tells every worker that nobody waits for heavy job `jobId` any more: the one running it stops at its next slice
   * (processors/abandoned-jobs.listener.ts). One PUBLISH; in a cluster it reaches the subscribers on every node.
   */
  async announceAbandoned(jobId: string): Promise<void> {
    // (BullMQ types its client by the commands it uses itself; it is an ioredis Redis or Cluster.)
    const client = (await this.queues.heavy[0].getBackend().client) as unknown as Pick<Redis, 'publish'>;
    await client.publish(abandonedChannel(this.config.queuePrefix), jobId);
  }

  /** The shard a new group goes to: each in turn, so each shard (and its Redis master) gets an equal part. */
  pickShard(lane: Lane): number {
    const n = this.queues[lane].length;
    if (n === 1) return 0;
    this.nextShard = (this.nextShard + 1) % n;
    return this.nextShard;
  }

  /** A job's options: its id (the hash of its input), retention, and its priority within the lane. */
  options(jobId: string, name: string, priority: number): JobsOptions {
    return { ...jobOptions(jobId, name), priority };
  }

  /** A group's options (stage 5): light lane, removed once complete, the priority of its most urgent item. */
  groupOptions(jobId: string, priority: number): JobsOptions {
    return { ...groupJobOptions(jobId), priority };
  }

  /**
   * 503 OVERLOADED above QUEUE_MAX_WAITING jobs waiting for a worker. The count is shared by concurrent requests and
   * at most 100 ms old; a failed read keeps the last count (the request itself will meet the outage, if there is
   * one, in its own wait).
   */
  async refuseWhenOverloaded(deadline: number): Promise<void> {
    if (Date.now() - this.waiting.at > WAITING_COUNT_MAX_AGE_MS) {
      this.waiting.pending ??= Promise.all(
        // Jobs with a priority (all of ours) wait in 'prioritized', not in 'waiting'.
        LANES.flatMap((lane) => this.queues[lane].map((q) => q.getJobCountByTypes('waiting', 'prioritized'))),
      )
        .then((counts) => {
          this.waiting.count = counts.reduce((a, b) => a + b, 0);
          this.waiting.at = Date.now();
          return this.waiting.count;
        })
        .finally(() => {
          this.waiting.pending = undefined;
        });
      try {
        await beforeDeadline(this.waiting.pending, deadline);
      } catch (err) {
        if (err instanceof DeadlineExceeded) throw err;
      }
    }
    if (this.waiting.count >= this.config.queueMaxWaiting) {
      throw new ApiError(
        503,
        'OVERLOADED',
        'Too many computations are waiting; try again shortly.',
        { waiting: this.waiting.count },
        { 'Retry-After': RETRY_AFTER_S },
      );
    }
  }
}
