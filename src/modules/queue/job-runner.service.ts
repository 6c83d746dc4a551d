import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Job, Queue } from 'bullmq';
import type Redis from 'ioredis';
import { ApiError } from '../../common/api-error';
import type { RequestTrace } from '../../common/request-log';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CHART_QUEUE, INPUT_ERROR_MARKER, InputErrorPayload, JobName } from '../../jobs/job-types';
import { jobIdFor } from './job-id';
import { QueueEventsService } from './queue-events.service';
import { jobOptions } from './retention';

const RETRY_AFTER_S = '2';
/** How stale the cached waiting count may be before the back-pressure check reads it again. */
const WAITING_COUNT_MAX_AGE_MS = 100;

/**
 * The producer side of request/reply: enqueue a job whose id is the hash of its input, wait for a worker to
 * finish it, and turn every way that can fail into an ApiError with the right status.
 */
@Injectable()
export class JobRunner implements OnModuleInit {
  private readonly logger = new Logger(JobRunner.name);
  private waiting = { count: 0, at: 0, pending: undefined as Promise<number> | undefined };
  private jobIdSecret = '';

  constructor(
    @InjectQueue(CHART_QUEUE) private readonly queue: Queue,
    private readonly events: QueueEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The job-id key: created once per Redis (SET NX) and shared by every API replica. */
  async onModuleInit(): Promise<void> {
    // Every waiting request adds a 'closing' listener to the queue; thousands may wait at once.
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
    if (!this.events.ready) throw unavailable('The job queue is not reachable right now.');
    await this.refuseWhenOverloaded();
    const jobId = jobIdFor(name, input, this.jobIdSecret);
    if (trace) trace.jobId = jobId;
    const deadline = Date.now() + this.config.jobTimeoutMs;
    // One retry covers a retained job evicted between our add and our wait ("Missing key").
    for (let attempt = 0; ; attempt++) {
      const job = await this.add(name, input, jobId);
      try {
        return (await this.wait(job, deadline)) as R;
      } catch (err) {
        const apiError = this.toApiError(err, jobId);
        if (apiError) throw apiError;
        if (attempt >= 1) throw new ApiError(500, 'INTERNAL', 'The computation failed unexpectedly.');
        // Unexpected failure (crashed or stalled worker): drop the failed job so it is computed afresh.
        this.logger.warn({ msg: 'job failed unexpectedly, retrying', jobId, reason: messageOf(err) });
        await this.queue.remove(jobId).catch(() => undefined);
      }
    }
  }

  private async add(name: JobName, input: object, jobId: string): Promise<Job> {
    try {
      return await this.queue.add(name, input, jobOptions(jobId));
    } catch (err) {
      this.logger.warn({ msg: 'enqueue failed', reason: messageOf(err) });
      throw unavailable('The job queue is not reachable right now.');
    }
  }

  private wait(job: Job, deadline: number): Promise<unknown> {
    const ttl = Math.max(1, deadline - Date.now());
    let timer: NodeJS.Timeout | undefined;
    // Our own timer as well as BullMQ's: waitUntilFinished first awaits the connections, which can hang in an outage.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out before finishing')), ttl + 50);
    });
    return Promise.race([job.waitUntilFinished(this.events.queueEvents, ttl), timeout]).finally(() =>
      clearTimeout(timer),
    );
  }

  /** Maps a failed wait to the caller's error; undefined means "unexpected, may retry". */
  private toApiError(err: unknown, jobId: string): ApiError | undefined {
    const message = messageOf(err);
    if (message.startsWith(INPUT_ERROR_MARKER)) {
      const payload = parseInputError(message);
      return new ApiError(422, payload.code, payload.message, payload.details);
    }
    if (message.includes('timed out before finishing')) {
      return new ApiError(504, 'COMPUTE_TIMEOUT', `No worker finished the computation within ${this.config.jobTimeoutMs} ms.`, undefined, { 'Retry-After': RETRY_AFTER_S });
    }
    if (isConnectionError(message) || !this.events.ready) {
      return unavailable('The job queue became unreachable while the request waited.');
    }
    this.logger.warn({ msg: 'job failed', jobId, reason: message });
    return undefined; // "Missing key", a stalled or crashed worker: worth one fresh attempt
  }

  /** Above QUEUE_MAX_WAITING waiting jobs, refuse new work instead of queueing without bound. */
  private async refuseWhenOverloaded(): Promise<void> {
    const now = Date.now();
    if (now - this.waiting.at > WAITING_COUNT_MAX_AGE_MS) {
      this.waiting.pending ??= this.queue
        .getWaitingCount()
        .then((count) => {
          this.waiting = { count, at: Date.now(), pending: undefined };
          return count;
        })
        .catch((err: unknown) => {
          this.waiting.pending = undefined;
          throw err;
        });
      try {
        await this.waiting.pending;
      } catch {
        throw unavailable('The job queue is not reachable right now.');
      }
    }
    if (this.waiting.count >= this.config.queueMaxWaiting) {
      throw new ApiError(503, 'OVERLOADED', 'Too many computations are waiting; try again shortly.', { waiting: this.waiting.count }, { 'Retry-After': RETRY_AFTER_S });
    }
  }
}

function unavailable(message: string): ApiError {
  return new ApiError(503, 'SERVICE_UNAVAILABLE', message, undefined, { 'Retry-After': RETRY_AFTER_S });
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function isConnectionError(message: string): boolean {
  return /ECONNREFUSED|Connection is closed|enableOfflineQueue|Stream isn't writeable|ETIMEDOUT|closing/i.test(message);
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
