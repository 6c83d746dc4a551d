import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { ApiError } from '../../common/api-error';
import { ClientGone } from '../../common/client-gone';
import { describeError } from '../../common/error.filter';
import { beforeDeadline, DeadlineExceeded } from '../../common/deadline';
import type { RequestTrace } from '../../common/request-log';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { JobName, parseInputError } from '../../jobs/job-types';
import { jobIdFor } from './job-id';
import { OutageGate, RETRY_AFTER_S, unavailable } from '../../common/outage-gate';
import { combinedCost, jobCost, refuseIfTooLarge } from './path/2-job-cost';
import { BACKGROUND_PRIORITY, CostShare, ShareTicket } from './path/3-cost-share';
import { Lanes } from './path/4-lanes';
import { Coalescer, RESULT_CACHE } from './path/5-coalesce';
import { isRedisFault, JobFailed, JobWait, PendingJobs } from './path/6-pending-jobs';
import { ResultCache } from './result-cache';

/**
 * How a request's jobs are run. `background`: work for no key (the buy page's sample), admitted under the caller's
 * pseudo-key (trace.keyHash) like any key's, but queued at BACKGROUND_PRIORITY, behind every keyed job, and under job
 * ids of its own (`bg-…`), so a keyed request for the same input never joins, and waits on, a background job.
 */
export interface RunOptions {
  background?: boolean;
}

export const BACKGROUND_JOB_ID_PREFIX = 'bg-';

/** One job of many (runMany): its value, or its ApiError. */
export type Outcome = { ok: true; value: unknown } | { ok: false; error: ApiError };

/** How long a refusal for the key's own backlog is held before it is answered (see `admit`). */
export const REFUSAL_HOLD_MS = 300;
/** A held refusal is answered at least this long before the request's deadline. */
const REFUSAL_HOLD_MARGIN_MS = 250;

/**
 * The producer side of request/reply, a request's path after the HTTP edge (stage 1, path/1-key-admission.ts) in
 * the order it meets the stages: its cost (2), its key's share (3), its lane (4), a group with the other light
 * requests of the same turn (5), the job added and awaited (6). A light request asked lately is answered from
 * this process's ResultCache before any of it.
 * One deadline per request (JOB_TIMEOUT_MS from its arrival) bounds every wait: for its key's turn, for Redis to
 * come back, for the back-pressure count, for the add and for the result; every way that can fail becomes an
 * ApiError with the right status.
 */
@Injectable()
export class JobRunner implements OnModuleInit {
  private readonly logger = new Logger(JobRunner.name);
  private jobIdSecret = '';

  constructor(
    private readonly lanes: Lanes,
    private readonly pending: PendingJobs,
    private readonly gate: OutageGate,
    private readonly share: CostShare,
    private readonly coalescer: Coalescer,
    @Inject(RESULT_CACHE) private readonly cache: ResultCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The job-id key: created once per Redis (SET NX) and shared by every API replica. */
  async onModuleInit(): Promise<void> {
    const client = (await this.lanes.queue('light').getBackend().client) as unknown as Redis;
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
    const cost = jobCost(name, input);
    refuseIfTooLarge([cost], this.config.jobTimeoutMs);
    if (cost.lane === 'light') {
      const cached = this.cache.get(jobId);
      if (cached !== undefined) return cached as R;
    }
    // A heavy request stops what is done for it when its caller hangs up: it leaves its key's line, and its job the
    // queue or its worker (stage 6). A light one is over within milliseconds either way.
    const gone = cost.lane === 'heavy' ? trace?.clientGone?.() : undefined;
    let ticket: ShareTicket | undefined;
    try {
      if (Date.now() >= deadline) throw new DeadlineExceeded();
      // The share settles by the deadline itself (a request that cannot meet it is refused there with 503).
      ticket = await this.admit(trace?.keyHash ?? 'anonymous', cost, deadline, gone);
      await this.gate.pass(() => this.pending.up, deadline, 'The job queue');
      await this.lanes.refuseWhenOverloaded(deadline);
      // Admitted in the same turn as its caller hung up (the hang-up's event not yet handled): add nothing.
      if (gone?.aborted) throw gone.reason;
      const wait = this.waitFor(cost.lane, jobId, name, input, cost.computeMs, ticket.priority, trace?.keyHash);
      try {
        const result = (await beforeDeadline(wait.promise, deadline, gone)) as R;
        ticket.done();
        return result;
      } catch (err) {
        // A heavy job that spent most of its time limit queued behind its own key's earlier heavy work: the key's
        // backlog, not a slow computation, ran the time out (admission's prediction was short), so it is answered
        // as admission would have answered it.
        if (err instanceof DeadlineExceeded && cost.lane === 'heavy' && ticket.behindOwnWork && this.pending.up) {
          const startedAt = wait.startedAt();
          if (!startedAt || startedAt - (deadline - this.config.jobTimeoutMs) > this.config.jobTimeoutMs / 2) throw ticket.overloaded();
        }
        throw err;
      } finally {
        wait.cancel();
      }
    } catch (err) {
      throw this.toApiError(err);
    } finally {
      ticket?.release();
    }
  }

  /**
   * Runs many jobs as one request (a batch): one deadline, one admission for their summed cost, one back-pressure
   * check, one bulk add. Each job settles on its own — a value or its ApiError (an input error, or 504 if it is not
   * done by the deadline); only what stops the whole batch (an outage, an overload) is thrown.
   */
  async runMany(jobs: readonly { name: JobName; input: object }[], trace?: RequestTrace, options: RunOptions = {}): Promise<Outcome[]> {
    const deadline = (trace?.receivedAt ?? Date.now()) + this.config.jobTimeoutMs;
    const costs = jobs.map(({ name, input }) => jobCost(name, input));
    refuseIfTooLarge(costs, this.config.jobTimeoutMs);
    const gone = trace?.clientGone?.();
    let ticket: ShareTicket | undefined;
    try {
      if (Date.now() >= deadline) throw new DeadlineExceeded();
      ticket = await this.admit(trace?.keyHash ?? 'anonymous', combinedCost(costs), deadline, gone);
      await this.gate.pass(() => this.pending.up, deadline, 'The job queue');
      await this.lanes.refuseWhenOverloaded(deadline);
      if (gone?.aborted) throw gone.reason;
      const priority = options.background ? BACKGROUND_PRIORITY : ticket.priority;
      const ids = jobs.map(({ name, input }) => `${options.background ? BACKGROUND_JOB_ID_PREFIX : ''}${jobIdFor(name, input, this.jobIdSecret)}`);
      // Light items go in groups (stage 5), which make their own options; heavy ones are added together in one round trip.
      const heavySpecs = [];
      for (let i = 0; i < jobs.length; i++) {
        if (costs[i].lane !== 'heavy') continue;
        const { name, input } = jobs[i];
        heavySpecs.push({ lane: 'heavy' as const, jobId: ids[i], name, data: input, opts: this.lanes.options(ids[i], name, priority) });
      }
      const heavy = this.pending.waitAll(heavySpecs);
      const waits = jobs.map(({ name, input }, i) =>
        costs[i].lane === 'heavy' ? heavy.shift()! : this.waitFor('light', ids[i], name, input, costs[i].computeMs, priority, trace?.keyHash),
      );
      try {
        const settled = this.settleAll(waits, deadline);
        // The caller hanging up ends the whole batch at once (every wait cancelled, its heavy jobs abandoned): one
        // listener on its signal for the batch, not one per item. Each item is bounded by the deadline already.
        const results = gone ? await beforeDeadline(settled, deadline + 1_000, gone) : await settled;
        ticket.done();
        return results;
      } finally {
        for (const w of waits) w.cancel();
      }
    } catch (err) {
      throw this.toApiError(err);
    } finally {
      ticket?.release();
    }
  }

  /**
   * Each wait's outcome, in order, once all have settled or at the deadline, when those still waiting become 504s.
   * One timer for the whole batch rather than a race and a timer per item: a 100-item batch made 100 of each (with
   * the job options that light items no longer get, about a tenth of what the API allocated beside a key sending batches).
   */
  private settleAll(waits: readonly JobWait[], deadline: number): Promise<Outcome[]> {
    return new Promise((resolve) => {
      const results = new Array<Outcome | undefined>(waits.length).fill(undefined);
      let left = waits.length;
      let timer: NodeJS.Timeout | undefined;
      const finish = () => {
        clearTimeout(timer);
        left = -1;
        for (let i = 0; i < results.length; i++) results[i] ??= { ok: false, error: this.toApiError(new DeadlineExceeded()) };
        resolve(results as Outcome[]);
      };
      const settle = (i: number, outcome: Outcome) => {
        if (left <= 0) return; // past the deadline: answered already
        results[i] = outcome;
        if (--left === 0) finish();
      };
      for (let i = 0; i < waits.length; i++)
        waits[i].promise.then(
          (value) => settle(i, { ok: true, value }),
          (err: unknown) => settle(i, { ok: false, error: this.itemError(err) }),
        );
      const ms = deadline - Date.now();
      if (left === 0 || ms <= 0) finish();
      else timer = setTimeout(finish, ms);
    });
  }

  /**
   * Stage 3. A refusal for the key's own backlog (503 OVERLOADED) is answered REFUSAL_HOLD_MS after it is decided
   * (never past the deadline): a client that ignores Retry-After and asks again at once would otherwise spin, each
   * refusal costing the API a parse, a validation and an answer, and with 32 connections take a core from every other
   * key's requests (10,000 refusals in 14 s were measured). Held, such a client asks about three times a second per
   * connection; nothing is held in the share meanwhile (its cost was never admitted).
   */
  private async admit(key: string, cost: Parameters<CostShare['admit']>[1], deadline: number, gone?: AbortSignal): Promise<ShareTicket> {
    try {
      return await this.share.admit(key, cost, deadline, gone);
    } catch (err) {
      const holdMs = Math.min(REFUSAL_HOLD_MS, deadline - Date.now() - REFUSAL_HOLD_MARGIN_MS);
      if (err instanceof ApiError && err.code === 'OVERLOADED' && holdMs > 0) await new Promise((r) => setTimeout(r, holdMs));
      throw err;
    }
  }

  /** Stage 5 for a light job (grouped), stage 6 directly for a heavy one. */
  private waitFor(lane: 'light' | 'heavy', jobId: string, name: JobName, input: object, computeMs: number, priority: number, key = 'anonymous'): JobWait {
    if (lane === 'light') return this.coalescer.wait(jobId, name, input, computeMs, priority, key);
    return this.pending.wait(lane, jobId, name, input, this.lanes.options(jobId, name, priority));
  }

  /** A batch item's error, its answer in the batch's; a 500 is logged with its cause here (no ErrorFilter sees it). */
  private itemError(err: unknown): ApiError {
    const apiError = this.toApiError(err);
    if (apiError.code === 'INTERNAL') this.logger.error({ msg: 'batch item failed unexpectedly' }, describeError(apiError));
    return apiError;
  }

  private toApiError(err: unknown): ApiError {
    if (err instanceof ApiError) return err;
    // Nobody reads this answer (the connection is closed); the status is nginx's for it, and the request log shows it.
    if (err instanceof ClientGone) return new ApiError(499, 'CLIENT_CLOSED_REQUEST', err.message);
    if (err instanceof JobFailed && err.isInputError) {
      const payload = parseInputError(err.reason);
      return new ApiError(422, payload.code, payload.message, payload.details);
    }
    // Redis failed the job again and again (PendingJobs computes it afresh each time, up to a bound): an outage.
    if (err instanceof JobFailed && isRedisFault(err.reason)) return unavailable('The job queue failed the computation repeatedly; try again shortly.');
    if (err instanceof DeadlineExceeded) {
      // Redis still away at the deadline is an outage (503), not a slow computation (504).
      if (!this.pending.up) return unavailable("The job queue did not come back within the request's time limit.");
      return new ApiError(504, 'COMPUTE_TIMEOUT', `No worker finished the computation within ${this.config.jobTimeoutMs} ms.`, undefined, {
        'Retry-After': RETRY_AFTER_S,
      });
    }
    return new ApiError(500, 'INTERNAL', 'The computation failed unexpectedly.', undefined, {}, err);
  }
}
