/**
 * Stage 5 of a request's path: light jobs that reach this API process within one event-loop turn travel to Redis
 * together, as one BullMQ job (a group, jobs/job-types.ts), and come back together. A job's trip through BullMQ
 * costs Redis about 40 commands and three Lua scripts, and the API and the worker a few hundred microseconds each,
 * whatever the job holds; a chart's compute is a tenth of a millisecond. Under load many requests arrive per turn,
 * so the trip is shared; a lone request still leaves in the turn it arrived (no timer, no added latency).
 *
 * Fairness is kept: a group holds the requests of one key (stage 3 gave them their priority), except that requests
 * whose keys have nothing else in flight (priority 1, the front of the queue) travel together whoever sent them.
 * A group is capped (GROUP_MAX_ITEMS, GROUP_MAX_COMPUTE_MS) and the worker yields between its items, so no group
 * holds a worker for long.
 *
 * Also here: identical requests in flight at once share one item (as they shared one job id before), and a
 * repeated request is answered from this process's ResultCache without a trip at all.
 */
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { GROUP_JOB, GroupPayload, GroupResult, JobName } from '../../../jobs/job-types';
import { ResultCache } from '../result-cache';
import { Lanes } from './4-lanes';
import { JobFailed, JobWait, PendingJobs } from './6-pending-jobs';

/**
 * A group's size: at most this many items … An idle key's request reaches a busy worker only when one of the groups
 * it holds is done (WORKER_CONCURRENCY of them; light turns then put it first), so a group's time on the worker is
 * that request's wait. A chart's item takes 0.3-0.6 ms there (place, zone, chart, JSON, not just the chart's
 * 0.12 ms of estimate), so a group of 32 held a slot for 10-19 ms: key B's p50 beside 100-chart batches was 33 ms
 * (39-53 ms in earlier runs that slow day) against 24 and 27 ms with 8, and /v1/chart at 32 connections was
 * unchanged within the machine's drift (735, 852 req/s with 32; 782, 702 with 8, interleaved). A batch's 100
 * charts now take 13 trips through Redis, not 4.
 */
export const GROUP_MAX_ITEMS = 8;
/** … and about this much estimated compute (a worker slice, jobs/slicer.ts). */
export const GROUP_MAX_COMPUTE_MS = 4;
/**
 * While this many groups are out, new requests gather for up to HOLD_MS (or until a group comes back) before
 * leaving: under load groups grow instead of multiplying, so each trip through Redis carries more. Below it, a
 * request leaves in the turn it arrived.
 */
export const HOLD_WHILE_GROUPS = 4;
export const HOLD_MS = 1;
/** The requests of idle keys (priority 1) share groups whoever sent them. */
const FRONT = '\u0000front';

export const RESULT_CACHE = Symbol('RESULT_CACHE');

interface Waiter {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Item {
  id: string;
  name: JobName;
  data: object;
  waiters: Set<Waiter>;
  group: Group;
}

interface Group {
  key: string;
  items: Item[];
  computeMs: number;
  priority: number;
  /** Items with waiters still (the group's job is given up when none is left). */
  live: number;
  wait?: JobWait;
  /** Counts the group as back (once). */
  onBack?: () => void;
}

@Injectable()
export class Coalescer {
  /** Items in flight, by id (an identical request joins its item). */
  private readonly items = new Map<string, Item>();
  /** Groups filling during this turn, by key. */
  private readonly filling = new Map<string, Group>();
  private flushPending = false;
  private holdTimer?: NodeJS.Timeout;
  /** Groups sent and not yet answered (or given up). */
  private out = 0;
  /** Items and groups sent (metrics: their ratio is the mean group size). */
  itemsSent = 0;
  groupsSent = 0;

  constructor(
    private readonly pending: PendingJobs,
    private readonly lanes: Lanes,
    @Inject(RESULT_CACHE) private readonly cache: ResultCache,
  ) {}

  /**
   * Waits for a light job's result: from the cache, by joining the identical item in flight, or in a group of the
   * current turn. `key` is the requester's key (hashed); `priority` its job priority from stage 3.
   */
  wait(id: string, name: JobName, data: object, computeMs: number, priority: number, key: string): JobWait {
    const cached = this.cache.get(id);
    if (cached !== undefined) return { promise: Promise.resolve(cached), startedAt: () => 0, cancel: () => undefined };
    let item = this.items.get(id);
    if (!item) {
      const groupKey = priority <= 1 ? FRONT : key;
      let group = this.filling.get(groupKey);
      if (!group) {
        group = { key: groupKey, items: [], computeMs: 0, priority, live: 0 };
        this.filling.set(groupKey, group);
      }
      item = { id, name, data, waiters: new Set(), group };
      this.items.set(id, item);
      group.items.push(item);
      group.live++;
      group.computeMs += computeMs;
      group.priority = Math.min(group.priority, priority);
      if (group.items.length >= GROUP_MAX_ITEMS || group.computeMs >= GROUP_MAX_COMPUTE_MS) this.send(group);
      else this.scheduleFlush();
    }
    return this.join(item);
  }

  private join(item: Item): JobWait {
    let waiter!: Waiter;
    const promise = new Promise<unknown>((resolve, reject) => (waiter = { resolve, reject }));
    item.waiters.add(waiter);
    return {
      promise,
      startedAt: () => item.group.wait?.startedAt() ?? 0,
      cancel: () => {
        if (!item.waiters.delete(waiter) || item.waiters.size > 0) return;
        if (this.items.get(item.id) === item) this.items.delete(item.id);
        if (--item.group.live === 0 && item.group.wait) {
          item.group.wait.cancel();
          item.group.onBack?.();
        }
      },
    };
  }

  private scheduleFlush(): void {
    if (this.out >= HOLD_WHILE_GROUPS) {
      // A group coming back flushes at once (see send); the timer bounds the hold.
      this.holdTimer ??= setTimeout(() => this.flush(), HOLD_MS);
    } else if (!this.flushPending) {
      this.flushPending = true;
      // After this turn's I/O callbacks: every request that arrived in them is in its group by then.
      setImmediate(() => {
        this.flushPending = false;
        if (this.out < HOLD_WHILE_GROUPS) this.flush();
        else this.scheduleFlush();
      });
    }
  }

  private flush(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    for (const group of [...this.filling.values()]) this.send(group);
  }

  /** A group came back (or was given up): what gathered meanwhile leaves now. */
  private back(): void {
    this.out--;
    if (this.filling.size > 0 && this.out < HOLD_WHILE_GROUPS) this.flush();
  }

  private send(group: Group): void {
    this.filling.delete(group.key);
    if (group.live === 0) return; // every requester gave up before it left
    const items = group.items;
    const ids = createHash('sha256');
    for (const item of items) ids.update(item.id).update('\n');
    const jobId = `${GROUP_JOB}-${ids.digest('base64url')}`;
    const payload: GroupPayload = { items: items.map((i) => ({ name: i.name, data: i.data })) };
    const wait = this.pending.wait('light', jobId, GROUP_JOB, payload, this.lanes.groupOptions(jobId, group.priority), this.lanes.pickShard('light'));
    group.wait = wait;
    this.itemsSent += items.length;
    this.groupsSent++;
    this.out++;
    let back = false;
    const onBack = () => {
      if (back) return;
      back = true;
      this.back();
    };
    group.onBack = onBack;
    wait.promise.then(
      (value) => {
        onBack();
        const results = value as GroupResult;
        items.forEach((item, i) => {
          const result = Array.isArray(results) ? results[i] : undefined;
          if (result?.[0] === 0) {
            this.cache.set(item.id, result[1]);
            this.settle(item, (w) => w.resolve(result[1]));
          } else {
            const failure = new JobFailed(result?.[1] ?? 'the group answered no result for this item');
            this.settle(item, (w) => w.reject(failure));
          }
        });
      },
      (err: Error) => {
        onBack();
        for (const item of items) this.settle(item, (w) => w.reject(err));
      },
    );
  }

  private settle(item: Item, notify: (w: Waiter) => void): void {
    if (this.items.get(item.id) === item) this.items.delete(item.id);
    for (const waiter of item.waiters) notify(waiter);
    item.waiters.clear();
  }
}
