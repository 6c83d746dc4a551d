/**
 * Stage 6 of a request's path: the job is added to its lane's queue and the request awaits its result.
 */
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { JobsOptions } from 'bullmq';
import type Redis from 'ioredis';
import { withTimeout } from '../../../common/with-timeout';
import { ABANDONED_MARKER, GROUP_JOB, INPUT_ERROR_MARKER, JobName, Lane, LANES } from '../../../jobs/job-types';
import { ANSWER_IN_JOB_HASH, RESULT_FIELD } from '../../../jobs/result-by-reference';
import { QueueEventsService } from '../queue-events.service';
import { Lanes } from './4-lanes';

/** How often the sweep looks at the jobs this process waits for. */
const SWEEP_EVERY_MS = 250;
/**
 * A job not finished this long after its add (or its last check) has its state read from Redis: this catches a
 * completion event that never came (the stream is trimmed, so a reader that fell far behind loses events).
 * Every reconnect checks all jobs at once, so Redis restarts do not wait for it. Under overload each waiting
 * request costs one read per 3 s.
 */
const CHECK_AFTER_MS = 3_000;
/** One Redis call of the sweep may take this long before the job is simply looked at again. */
const CALL_TIMEOUT_MS = 2_000;

/** A job that failed for a reason other than its input, after one fresh attempt. */
export class JobFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'JobFailed';
  }

  get isInputError(): boolean {
    return this.reason.startsWith(INPUT_ERROR_MARKER);
  }
}

/**
 * Failure reasons that name Redis, not the computation: BullMQ fails a job whose computation succeeded when the
 * command recording its completion fails with an error it does not count as a lost connection (ioredis's "Too many
 * Cluster redirections" while a Cluster master fails over, a MOVED or CLUSTERDOWN reply, a replica still read-only).
 * Such a failure, met twice by one job or once with its remove failing too, is the likeliest cause of the one 500 of
 * 2,287 requests in a clean-clone CI run of the shard failover test (2026-12-01; its log was not kept, not reproduced).
 */
const REDIS_FAULT =
  /^(MOVED|ASK|CLUSTERDOWN|TRYAGAIN|READONLY|LOADING) |^Too many Cluster redirections|^Connection is closed|ECONNRESET|ECONNREFUSED|^Missing lock for job/;

/** A job failed by Redis around it, not by its computation (see REDIS_FAULT). */
export function isRedisFault(reason: string): boolean {
  return REDIS_FAULT.test(reason);
}

/** A job failed by Redis is added afresh up to this many times (within the request's deadline). */
const MAX_REDIS_FAULTS = 5;

/** A request's wait for its job. */
export interface JobWait {
  promise: Promise<unknown>;
  /** When a worker took the job, ms (0: not yet, as far as this process heard). */
  startedAt(): number;
  /** The request stops waiting (settled or not). */
  cancel(): void;
}

interface Waiter {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Entry {
  lane: Lane;
  /** The lane's queue the job is in (the light lane's shards, modules/queue/shards.ts; 0 otherwise). */
  shard: number;
  jobId: string;
  name: JobName | typeof GROUP_JOB;
  data: object;
  opts: JobsOptions;
  waiters: Set<Waiter>;
  settled: boolean;
  /** An add or a state read is in flight. */
  busy: boolean;
  /** The job must be added (again): its add failed, or Redis lost it. */
  needsAdd: boolean;
  /** Its failed job must leave Redis before it is added again (an add over it would change nothing). */
  needsRemove: boolean;
  /** Times it was failed by Redis rather than by its computation (isRedisFault), each added afresh. */
  redisFaults: number;
  checkedAt: number;
  /** One fresh attempt after an unexpected failure (a worker died twice under it, say). */
  retried: boolean;
  /** When a worker took the job (its `active` event came), ms; 0 until then. */
  startedAt: number;
  /** Its answer is being read from its job hash (a heavy answer, jobs/result-by-reference.ts). */
  reading?: boolean;
  /** A failure event came while another Redis call on it was in flight: its state is read again once that call ends. */
  failureHeard?: boolean;
}

/** The queue connection as far as this file needs it. */
type ClientState = { status: string; on(event: 'ready', listener: () => void): unknown };

/** isFinished's answer: 1 completed, 2 failed, -1 no such job, 0 waiting or running. */
type FinishedState = [number, string | null];

/**
 * The jobs this API process waits for, one entry per job id (identical concurrent requests share one). A
 * completion normally arrives on the QueueEvents stream; the sweep covers every way that can fail: an event
 * lost while the stream's connection was down, a job that vanished with Redis's data (added again), an add
 * that failed during an outage (added again once Redis is back), a job failed by a stalled worker (added
 * afresh once). Requests give up at their own deadline (JobRunner); the entry goes when its last waiter does.
 */
@Injectable()
export class PendingJobs implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PendingJobs.name);
  private readonly entries = new Map<string, Entry>();
  private sweepTimer?: NodeJS.Timeout;
  private clients: ClientState[] = [];

  constructor(
    private readonly lanes: Lanes,
    private readonly events: QueueEventsService,
  ) {}

  async onModuleInit(): Promise<void> {
    for (const lane of LANES) {
      for (const [shard, queue] of this.lanes.all(lane).entries()) {
        const client = await queue.getBackend().client;
        this.clients.push(client);
        // After a reconnect every waiting job is looked at at once: its events may have been lost meanwhile.
        client.on('ready', () => {
          for (const entry of this.entries.values()) entry.checkedAt = 0;
        });
        const events = this.events.of(lane, shard);
        events.on('completed', ({ jobId, returnvalue }) => this.resolve(jobId, returnvalue));
        events.on('active', ({ jobId }) => {
          const entry = this.entries.get(jobId);
          if (entry && !entry.startedAt) entry.startedAt = Date.now();
        });
        events.on('failed', ({ jobId, failedReason }) => {
          const entry = this.entries.get(jobId);
          if (!entry) return;
          // An input error is final, however often it is heard. Any other failure is acted on once per failed run,
          // and the event may come late: confirmFailed reads which run the notice is about.
          if (failedReason.startsWith(INPUT_ERROR_MARKER)) this.failed(entry, failedReason);
          else void this.confirmFailed(entry);
        });
      }
    }
    this.sweepTimer = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.sweepTimer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweepTimer);
  }

  /** True when jobs can be added and their completions arrive: the queue's connection and the event stream are up. */
  get up(): boolean {
    return this.clients.length > 0 && this.clients.every((c) => c.status === 'ready') && this.events.ready;
  }

  /** Jobs this process is waiting for (a metric). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Waits for the job's result (adding the job unless this process already waits for it). `cancel` must be
   * called when the caller stops waiting, settled or not; `startedAt` tells when a worker took the job.
   */
  wait(lane: Lane, jobId: string, name: JobName | typeof GROUP_JOB, data: object, opts: JobsOptions, shard = 0): JobWait {
    let entry = this.entries.get(jobId);
    const isNew = !entry;
    if (!entry) {
      entry = {
        lane,
        shard,
        jobId,
        name,
        data,
        opts,
        waiters: new Set(),
        settled: false,
        busy: false,
        needsAdd: true,
        needsRemove: false,
        redisFaults: 0,
        checkedAt: Date.now(),
        retried: false,
        startedAt: 0,
      };
      this.entries.set(jobId, entry);
    }
    const joined = this.join(entry);
    if (isNew) void this.add(entry);
    return joined;
  }

  /**
   * One more waiter on an entry; `cancel` removes it, and the entry with its last waiter. A heavy job whose last
   * waiter gives up (its deadline passed, its caller hung up) is abandoned: computing it would answer no one and only
   * lengthen the wait of the key's later requests. (Another API replica waiting for the same job finds it missing,
   * or failed as abandoned, and adds it again.)
   */
  private join(entry: Entry): JobWait {
    let waiter!: Waiter;
    const promise = new Promise<unknown>((resolve, reject) => (waiter = { resolve, reject }));
    entry.waiters.add(waiter);
    return {
      promise,
      startedAt: () => entry.startedAt,
      cancel: () => {
        entry.waiters.delete(waiter);
        if (entry.waiters.size > 0 || this.entries.get(entry.jobId) !== entry) return;
        this.entries.delete(entry.jobId);
        if (entry.lane === 'heavy' && !entry.settled && !entry.needsAdd) void this.abandon(entry);
      },
    };
  }

  /**
   * A heavy job nobody here waits for: removed from its queue if no worker has taken it, else announced to the
   * workers, and the one running it stops at its next slice. BullMQ refuses to remove a job a worker holds (it throws
   * "locked"), and the 'active' event may still be on its way, so a refused remove is announced too.
   */
  private async abandon(entry: Entry): Promise<void> {
    try {
      if (!entry.startedAt) {
        const removed = await withTimeout(this.lanes.queue(entry.lane, entry.shard).remove(entry.jobId), CALL_TIMEOUT_MS).catch(() => 0);
        if (removed === 1) return;
      }
      await withTimeout(this.lanes.announceAbandoned(entry.jobId), CALL_TIMEOUT_MS);
    } catch {
      // Redis away: the job runs to its end, as before
    }
  }

  /**
   * As `wait`, for many jobs at once (a batch): the new ones are added in one round trip (BullMQ addBulk), then
   * their states are read together (a repeat is answered from the kept result). The same job id twice shares one
   * entry. A failed bulk add leaves the jobs to the sweep, which adds them once Redis answers.
   */
  waitAll(specs: readonly { lane: Lane; jobId: string; name: JobName; data: object; opts: JobsOptions }[]): JobWait[] {
    const fresh: Entry[] = [];
    const waits = specs.map((spec) => {
      const known = this.entries.get(spec.jobId);
      if (!known) {
        const entry: Entry = {
          lane: spec.lane,
          shard: 0,
          jobId: spec.jobId,
          name: spec.name,
          data: spec.data,
          opts: spec.opts,
          waiters: new Set(),
          settled: false,
          busy: true,
          needsAdd: true,
          needsRemove: false,
          redisFaults: 0,
          checkedAt: Date.now(),
          retried: false,
          startedAt: 0,
        };
        this.entries.set(spec.jobId, entry);
        fresh.push(entry);
      }
      return this.join(this.entries.get(spec.jobId)!);
    });
    if (fresh.length) void this.addBulk(fresh);
    return waits;
  }

  private async addBulk(fresh: Entry[]): Promise<void> {
    try {
      await Promise.all(
        LANES.map(async (lane) => {
          const jobs = fresh.filter((e) => e.lane === lane).map((e) => ({ name: e.name, data: e.data, opts: e.opts }));
          if (jobs.length) await withTimeout(this.lanes.queue(lane).addBulk(jobs), CALL_TIMEOUT_MS);
        }),
      );
      for (const e of fresh) e.needsAdd = false;
      await Promise.all(
        fresh.map(async (e) => {
          if (!e.settled && (await this.check(e)) === -1) e.needsAdd = true;
        }),
      );
    } catch {
      // Redis away or slow: the sweep adds (or re-reads) each job on its own
    } finally {
      for (const e of fresh) {
        e.busy = false;
        e.checkedAt = Date.now();
        if (e.lane === 'heavy' && !e.settled && !e.needsAdd && this.entries.get(e.jobId) !== e) void this.abandon(e);
      }
    }
  }

  /**
   * Adds the job and reads its state once (it may have finished before: a repeat answered from the kept result). A
   * group is only added: its id is new, and it is removed as it completes (queue/retention.ts), so a read would
   * find nothing to answer from, only a group already done and gone.
   */
  private async add(entry: Entry): Promise<void> {
    if (entry.busy || entry.settled) return;
    entry.busy = true;
    try {
      if (entry.name === GROUP_JOB) {
        await withTimeout(this.lanes.queue(entry.lane, entry.shard).add(entry.name, entry.data, entry.opts), CALL_TIMEOUT_MS);
        entry.needsAdd = false;
        return;
      }
      // Two rounds at most: a job missing right after its add was lost by a Redis restart in between.
      for (let round = 0; round < 2 && !entry.settled; round++) {
        await withTimeout(this.lanes.queue(entry.lane, entry.shard).add(entry.name, entry.data, entry.opts), CALL_TIMEOUT_MS);
        entry.needsAdd = false;
        if ((await this.check(entry)) !== -1) break;
        entry.needsAdd = true;
      }
    } catch {
      entry.needsAdd = true; // Redis away: the sweep adds it once Redis is back
    } finally {
      this.idle(entry);
      // Its last waiter left while the add was in flight (cancel skips a job not yet added): abandon it now.
      if (entry.lane === 'heavy' && !entry.settled && !entry.needsAdd && this.entries.get(entry.jobId) !== entry) void this.abandon(entry);
    }
  }

  /** Reads the job's state and acts on it; returns the state. */
  private async check(entry: Entry): Promise<number> {
    const [state, result] = (await withTimeout(
      this.lanes.queue(entry.lane, entry.shard).getBackend().isFinished(entry.jobId, true),
      CALL_TIMEOUT_MS,
    )) as FinishedState;
    if (state === 1) this.resolve(entry.jobId, parseReturnValue(result));
    else if (state === 2) this.failed(entry, result ?? 'failed');
    return state;
  }

  private sweep(): void {
    if (!this.up) return;
    const now = Date.now();
    for (const entry of this.entries.values()) {
      if (entry.settled || entry.busy) continue;
      if (entry.needsRemove) void this.removeFailed(entry);
      else if (entry.needsAdd) void this.add(entry);
      else if (now - entry.checkedAt >= CHECK_AFTER_MS) void this.recheck(entry);
    }
  }

  /**
   * A failure event, read against the job's state in Redis before it is acted on. A failed run is heard twice when
   * the state read after an add finds it failed before its event comes; the event of a run already computed afresh
   * may even come after the new add. Acting on both would spend a fresh attempt (or one of the Redis faults) on one
   * failure: a poison job answered after one run instead of two, seen as 6 runs instead of 7 in a CI run of
   * 2026-12-01. Failures are rare, so the read costs nothing that matters.
   */
  private async confirmFailed(entry: Entry): Promise<void> {
    // Already acted on: the remove and add of its fresh run are due.
    if (entry.settled || entry.needsRemove || entry.needsAdd) return;
    // Being read (or added): that read may have been made before the failure, so the state is read again after it.
    if (entry.busy) {
      entry.failureHeard = true;
      return;
    }
    entry.busy = true;
    try {
      await this.check(entry);
    } catch {
      // Redis away or slow: the sweep reads it later, and every reconnect reads all jobs at once
    } finally {
      this.idle(entry);
    }
  }

  /**
   * The entry's Redis call is over. A failure it found is removed at once rather than at the next sweep (its
   * removeFailed found the entry busy); a failure event heard meanwhile is confirmed now.
   */
  private idle(entry: Entry): void {
    entry.busy = false;
    entry.checkedAt = Date.now();
    const heard = entry.failureHeard;
    entry.failureHeard = false;
    if (entry.settled || !this.up) return;
    if (entry.needsRemove) void this.removeFailed(entry);
    else if (heard) void this.confirmFailed(entry);
  }

  private async recheck(entry: Entry): Promise<void> {
    entry.busy = true;
    try {
      if ((await this.check(entry)) === -1) {
        this.logger.warn({ msg: 'job vanished from Redis, adding it again', jobId: entry.jobId });
        entry.needsAdd = true;
      }
    } catch {
      // looked at again on the next sweep
    } finally {
      this.idle(entry);
    }
  }

  private resolve(jobId: string, value: unknown): void {
    const entry = this.entries.get(jobId);
    if (!entry || entry.settled) return;
    if (value === ANSWER_IN_JOB_HASH) void this.readAnswer(entry);
    else this.settle(entry, (w) => w.resolve(value));
  }

  /**
   * A heavy answer, kept in its job's hash (jobs/result-by-reference.ts): read by this process, which waits for it. A
   * hash gone meanwhile (removed by retention before it was read) has the job computed afresh; Redis away or slow
   * leaves the job to the sweep, which reads its state (and so this field) again.
   */
  private async readAnswer(entry: Entry): Promise<void> {
    if (entry.reading) return;
    entry.reading = true;
    try {
      const queue = this.lanes.queue(entry.lane, entry.shard);
      const client = (await queue.getBackend().client) as unknown as Pick<Redis, 'hget'>;
      const answer = await withTimeout(client.hget(queue.toKey(entry.jobId), RESULT_FIELD), CALL_TIMEOUT_MS);
      if (entry.settled) return;
      if (answer !== null) this.settle(entry, (w) => w.resolve(answer));
      else if (!entry.busy) this.addAfresh(entry);
    } catch {
      entry.checkedAt = 0;
    } finally {
      entry.reading = false;
    }
  }

  private failed(entry: Entry, reason: string): void {
    if (entry.settled) return;
    if (reason.startsWith(ABANDONED_MARKER)) {
      // Stopped for another waiter that gave up (on another replica, or here before this request asked): compute it again.
      this.addAfresh(entry);
      return;
    }
    const inputError = reason.startsWith(INPUT_ERROR_MARKER);
    if (!inputError && isRedisFault(reason) && entry.redisFaults < MAX_REDIS_FAULTS) {
      // Computed, then failed by Redis around it (a failover): not the job's fault, so not its one fresh attempt.
      entry.redisFaults++;
      this.logger.warn({ msg: 'job failed by Redis, adding it afresh', jobId: entry.jobId, reason });
      this.addAfresh(entry);
      return;
    }
    if (inputError || entry.retried) {
      this.settle(entry, (w) => w.reject(new JobFailed(reason)));
      return;
    }
    // Unexpected (a worker died under the job more often than BullMQ allows): compute it once more, afresh.
    this.logger.warn({ msg: 'job failed unexpectedly, adding it afresh', jobId: entry.jobId, reason });
    entry.retried = true;
    this.addAfresh(entry);
  }

  /**
   * Removes the failed job and adds it again under its id. The add waits for the remove: BullMQ's add of an id it
   * still holds changes nothing, and the failed job found again would answer the request with its old failure. A
   * remove that fails (Redis away or failing over) is tried again by the sweep.
   */
  private addAfresh(entry: Entry): void {
    entry.needsRemove = true;
    entry.needsAdd = true;
    void this.removeFailed(entry);
  }

  private async removeFailed(entry: Entry): Promise<void> {
    if (entry.busy || entry.settled) return;
    entry.busy = true;
    try {
      // 1 removed, 0 nothing to remove (gone already, or taken by a worker for another replica's request): either way
      // the id is free, or running, and the add below joins it.
      await withTimeout(this.lanes.queue(entry.lane, entry.shard).remove(entry.jobId), CALL_TIMEOUT_MS);
      entry.needsRemove = false;
    } catch {
      // looked at again on the next sweep
    } finally {
      entry.busy = false;
      entry.checkedAt = Date.now();
    }
    // (Nobody waits for it any more: its last waiter left while the remove was in flight. Nothing to add.)
    if (!entry.needsRemove && this.up && this.entries.get(entry.jobId) === entry) void this.add(entry);
  }

  private settle(entry: Entry, notify: (w: Waiter) => void): void {
    entry.settled = true;
    this.entries.delete(entry.jobId);
    for (const waiter of entry.waiters) notify(waiter);
  }
}

/** Workers return JSON text, which BullMQ stores JSON-encoded (as its own getReturnValue reads it). */
function parseReturnValue(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
