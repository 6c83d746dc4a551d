import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { ApiError } from '../../common/api-error';
import { beforeDeadline, DeadlineExceeded } from '../../common/deadline';
import type { RequestTrace } from '../../common/request-log';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CHART_QUEUE, INPUT_ERROR_MARKER, InputErrorPayload, JobName } from '../../jobs/job-types';
import { jobIdFor } from './job-id';
import { KeyLoad } from './key-load';
import { OutageGate, RETRY_AFTER_S, unavailable } from './outage-gate';
import { JobFailed, PendingJobs } from './pending-jobs';
import { jobOptions } from './retention';

/** How stale the cached count of jobs waiting for a worker may be before the back-pressure check reads it again. */
const WAITING_COUNT_MAX_AGE_MS = 100;

/**
 * The producer side of request/reply: enqueue a job whose id is the hash of its input, wait for a worker to
 * finish it, and turn every way that can fail into an ApiError with the right status. One deadline per request
 * (JOB_TIMEOUT_MS from its arrival) bounds every wait: for Redis to come back, for the back-pressure count,
 * for the add and for the result.
 */
@Injectable()
export class JobRunner implements OnModuleInit {
  private waiting = { count: 0, at: 0, pending: undefined as Promise<number> | undefined };
  private jobIdSecret = '';

  constructor(
    @InjectQueue(CHART_QUEUE) private readonly queue: Queue,
    private readonly pending: PendingJobs,
    private readonly gate: OutageGate,
    private readonly keyLoad: KeyLoad,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The job-id key: created once per Redis (SET NX) and shared by every API replica. */
  async onModuleInit(): Promise<void> {
    this.queue.setMaxListeners(0);
    const client = (await this.queue.getBackend().client) as unknown as Redis;
    const key = `${this.config.queuePrefix}:job-id-secret`;
    await client.set(key, randomBytes(32).toString('base64url'), 'NX');
    const secret = await client.get(key);
    if (!secret) throw new Error('could not read the job-id secret from Redis');
    this.jobIdSecret = secret;
  }

  /** Runs a job and returns its result; `trace.jobId` receives the job id for the request log. */
  async run<R>(name: JobName, input: object, trace?: RequestTrace): Promise<R> {
    const deadline = (trace?.receivedAt ?? Date.now()) + this.config.jobTimeoutMs;
    const jobId = jobIdFor(name, input, this.jobIdSecret);
    if (trace) trace.jobId = jobId;
    if (Date.now() >= deadline) throw this.toApiError(new DeadlineExceeded());
    const load = this.keyLoad.enter(trace?.keyHash);
    try {
      await this.gate.pass(() => this.pending.up, deadline, 'The job queue');
      await this.refuseWhenOverloaded(deadline);
      const wait = this.pending.wait(jobId, name, input, { ...jobOptions(jobId, name), priority: load.priority });
      try {
        return (await beforeDeadline(wait.promise, deadline)) as R;
      } finally {
        wait.cancel();
      }
    } catch (err) {
      throw this.toApiError(err);
    } finally {
      load.leave();
    }
  }

  /**
   * Runs many jobs as one request (a batch): one deadline, one back-pressure check, one bulk add. Each job settles
   * on its own — a value or its ApiError (an input error, or 504 if it is not done by the deadline); only what
   * stops the whole batch (an outage, an overload) is thrown.
   */
  async runMany(
    jobs: readonly { name: JobName; input: object }[],
    trace?: RequestTrace,
  ): Promise<({ ok: true; value: unknown } | { ok: false; error: ApiError })[]> {
    const deadline = (trace?.receivedAt ?? Date.now()) + this.config.jobTimeoutMs;
    if (Date.now() >= deadline) throw this.toApiError(new DeadlineExceeded());
    const load = this.keyLoad.enter(trace?.keyHash);
    try {
      await this.gate.pass(() => this.pending.up, deadline, 'The job queue');
      await this.refuseWhenOverloaded(deadline);
      const specs = jobs.map(({ name, input }) => {
        const jobId = jobIdFor(name, input, this.jobIdSecret);
        return { jobId, name, data: input, opts: { ...jobOptions(jobId, name), priority: load.priority } };
      });
      const waits = this.pending.waitAll(specs);
      try {
        return await Promise.all(
          waits.map((w) =>
            beforeDeadline(w.promise, deadline).then(
              (value) => ({ ok: true as const, value }),
              (err: unknown) => ({ ok: false as const, error: this.toApiError(err) }),
            ),
          ),
        );
      } finally {
        for (const w of waits) w.cancel();
      }
    } catch (err) {
      throw this.toApiError(err);
    } finally {
      load.leave();
    }
  }

  private toApiError(err: unknown): ApiError {
    if (err instanceof ApiError) return err;
    if (err instanceof JobFailed && err.isInputError) {
      const payload = parseInputError(err.reason);
      return new ApiError(422, payload.code, payload.message, payload.details);
    }
    if (err instanceof DeadlineExceeded) {
      // Redis still away at the deadline is an outage (503), not a slow computation (504).
      if (!this.pending.up) return unavailable("The job queue did not come back within the request's time limit.");
      return new ApiError(504, 'COMPUTE_TIMEOUT', `No worker finished the computation within ${this.config.jobTimeoutMs} ms.`, undefined, {
        'Retry-After': RETRY_AFTER_S,
      });
    }
    return new ApiError(500, 'INTERNAL', 'The computation failed unexpectedly.');
  }

  /**
   * Above QUEUE_MAX_WAITING jobs waiting for a worker, refuse new work instead of queueing without bound. The
   * count is shared by concurrent requests and at most 100 ms old; a failed read keeps the last count (the
   * request itself will meet the outage, if there is one, in its own wait).
   */
  private async refuseWhenOverloaded(deadline: number): Promise<void> {
    if (Date.now() - this.waiting.at > WAITING_COUNT_MAX_AGE_MS) {
      this.waiting.pending ??= this.queue
        // Jobs with a priority (all of ours: see KeyLoad) wait in 'prioritized', not in 'waiting'.
        .getJobCountByTypes('waiting', 'prioritized')
        .then((count) => {
          this.waiting.count = count;
          this.waiting.at = Date.now();
          return count;
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

function parseInputError(message: string): InputErrorPayload {
  try {
    const payload = JSON.parse(message.slice(INPUT_ERROR_MARKER.length)) as InputErrorPayload;
    if (typeof payload.code === 'string' && typeof payload.message === 'string') return payload;
  } catch {
    // fall through
  }
  return { code: 'INVALID_INPUT', message: 'The input could not be computed.' };
}
