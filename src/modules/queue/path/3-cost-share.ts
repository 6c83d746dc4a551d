/**
 * Stage 3 of a request's path: each key's share of the work in flight, counted in cost (stage 2), not in requests.
 *
 * This API process admits about `budgetMs` of estimated work at once, shared equally by the keys that have work
 * in flight or waiting (a key alone has all of it); a key may go past its equal share into what the others leave
 * idle while none of them waits (see `fits`). A request whose key is within its share goes on at once; the
 * key's further requests wait here in arrival order and go on as its earlier ones finish. A key with nothing in
 * flight is always admitted one request, however large, so nothing starves. Keys are bought for unlimited use:
 * there is no rate limit, a key alone on the service gets all of it, and a second key's light requests are never
 * behind the first key's backlog (its own share is untouched, and its jobs get the front of the queue: see
 * `priority`).
 *
 * The deadline bounds the wait. Before admitting a request, and while it waits, its finish is predicted as if it
 * were admitted at that moment: the work ahead of it in its lane over the lane's measured throughput
 * (lane-meter.ts), with room for that measurement's lag. Once even that cannot meet its deadline, it is refused with 503 OVERLOADED and a Retry-After of
 * about its key's backlog, instead of being queued to time out. A request is refused only then, not as soon as its
 * place in its key's line predicts a miss: a client that ignores Retry-After and sends again at once would
 * otherwise turn its key's backlog into a stream of refusals costing the API more than the work itself.
 */
import { PRIORITY_LIMIT } from 'bullmq';
import { ApiError } from '../../../common/api-error';
import type { Lane } from '../../../jobs/job-types';
import type { JobCost } from './2-job-cost';
import { LaneMeter } from './lane-meter';

/**
 * BullMQ's largest priority, the last served: 2^21 - 1 (its PRIORITY_LIMIT; a job with a larger one is refused at
 * its add, as 2^21, the value this cap had first, would have been after a long backlog).
 */
const MAX_PRIORITY = PRIORITY_LIMIT;
/**
 * Work done for no key (the buy page's sample, modules/purchase/sample.service.ts) has BullMQ's last priority to
 * itself: a key's jobs stop one short of it, so every keyed job waiting in a lane is served before any of it.
 */
export const BACKGROUND_PRIORITY = MAX_PRIORITY;
const MAX_KEYED_PRIORITY = MAX_PRIORITY - 1;
/** How often waiting requests are looked at (only while some wait). */
const CHECK_EVERY_MS = 50;
/**
 * Predicted waits are stretched by this share before they are held against the deadline: the lane's throughput is
 * measured over the last ~10 s (lane-meter.ts), so when capacity drops (another key's work arrives, a worker is
 * lost, the machine slows) the prediction is optimistic for a while. Without it, a heavy key whose backlog sits just
 * under its deadline got a few 504s instead of 503s when a second key came (3 in 160 answers in one CI run).
 */
const WAIT_ERROR = 0.25;

/** A request's place in its key's share, from admission to its answer. */
export interface ShareTicket {
  /** The BullMQ priority of its job(s): 1 + the key's cost already in flight in the lane, ms (1 = first served). */
  priority: number;
  /** The work was done (its answer came): counts toward the lane's measured throughput. */
  done(): void;
  /** The request is over, answered or not: its cost leaves the key's total. Safe to call more than once. */
  release(): void;
  /**
   * Its key had work in flight in the lane when it was admitted, so its jobs queue behind its key's own; `overloaded`
   * is the 503 for a request whose deadline passed there, before any worker took its job.
   */
  behindOwnWork: boolean;
  overloaded(): ApiError;
}

interface Waiter {
  cost: JobCost;
  deadline: number;
  resolve(ticket: ShareTicket): void;
  reject(err: Error): void;
}

interface KeyState {
  inFlight: Record<Lane, number>;
  /** The virtual finish of the key's last job in each lane (start-time fair queuing, see `enter`), in its lane's epoch. */
  finish: Record<Lane, { tag: number; epoch: number }>;
  /** Requests admitted and not yet over (a metric). */
  requests: number;
  waiting: Waiter[];
}

/** A lane's virtual clock (see `enter`): the start tags of its jobs in flight; the epoch changes when it empties. */
interface LaneClock {
  starts: Set<{ tag: number }>;
  epoch: number;
}

export class CostShare {
  private readonly keys = new Map<string, KeyState>();
  private readonly clocks: Record<Lane, LaneClock> = { light: { starts: new Set(), epoch: 0 }, heavy: { starts: new Set(), epoch: 0 } };
  private readonly meters: Record<Lane, LaneMeter>;
  private waitingTotal = 0;
  /** Every key's estimated work in flight in this process, both lanes, ms. */
  private inFlightTotal = 0;
  private timer?: NodeJS.Timeout;

  /**
   * `budgetMs`: the estimated work this process admits at once (COST_BUDGET_MS); `marginMs`: a request is refused
   * when predicted to finish later than its deadline less this (the prediction's error, and the reply's way back).
   */
  constructor(
    private readonly budgetMs: number,
    private readonly marginMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.meters = { light: new LaneMeter(now), heavy: new LaneMeter(now) };
  }

  /**
   * Admits a request of `key` costing `cost`, at once or in its turn; rejects with 503 when it cannot meet its
   * deadline, and with the signal's reason when `signal` aborts while it waits (its caller hung up: it leaves the line).
   */
  admit(key: string, cost: JobCost, deadline: number, signal?: AbortSignal): Promise<ShareTicket> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    const state = this.stateOf(key);
    if (state.waiting.length === 0 && this.fits(state, cost)) {
      const refusal = this.refusal(key, state, cost, deadline);
      if (refusal) {
        this.forgetIfIdle(key, state);
        return Promise.reject(refusal);
      }
      return Promise.resolve(this.enter(key, state, cost));
    }
    return new Promise<ShareTicket>((resolve, reject) => {
      const waiter: Waiter = { cost, deadline, resolve, reject };
      if (signal) {
        const leave = () => this.leave(key, state, waiter, signal.reason as Error);
        signal.addEventListener('abort', leave, { once: true });
        waiter.resolve = (ticket) => {
          signal.removeEventListener('abort', leave);
          resolve(ticket);
        };
        waiter.reject = (err) => {
          signal.removeEventListener('abort', leave);
          reject(err);
        };
      }
      state.waiting.push(waiter);
      this.waitingTotal++;
      this.timer ??= setInterval(() => this.pump(), CHECK_EVERY_MS).unref();
      this.pump();
    });
  }

  /** Requests waiting for their key's turn (a metric). */
  get waiting(): number {
    return this.waitingTotal;
  }

  /** A lane's measured throughput, estimated ms per ms (a metric). */
  rate(lane: Lane): number {
    return this.meters[lane].rate;
  }

  /** Each key's share now, ms. */
  get share(): number {
    return this.budgetMs / Math.max(1, this.keys.size);
  }

  /**
   * The `top` keys with the most requests in flight, as 8-hex-digit hash prefixes (enough to tell keys apart on a
   * dashboard, not to find a key), with their cost in flight: a bounded label set for /metrics.
   */
  snapshot(top = 10): { keys: Array<{ key: string; inFlight: number; costMs: number }>; activeKeys: number } {
    const all = [...this.keys].map(([key, s]) => ({
      // A key's hash is cut short; a named pseudo-key (anonymous, buy-sample) is shown whole.
      key: /^[0-9a-f]{64}$/.test(key) ? key.slice(0, 8) : key,
      inFlight: s.requests + s.waiting.length,
      costMs: s.inFlight.light + s.inFlight.heavy,
    }));
    all.sort((a, b) => b.costMs - a.costMs || b.inFlight - a.inFlight);
    return { keys: all.slice(0, top), activeKeys: all.length };
  }

  private stateOf(key: string): KeyState {
    let state = this.keys.get(key);
    if (!state) {
      const finish = { light: { tag: 0, epoch: -1 }, heavy: { tag: 0, epoch: -1 } };
      this.keys.set(key, (state = { inFlight: { light: 0, heavy: 0 }, finish, requests: 0, waiting: [] }));
    }
    return state;
  }

  /**
   * Within its equal share a key's request goes on; beyond it, the key may use what the other keys leave idle
   * (the share is work-conserving): while no other key waits for its own share, and the work in flight in this
   * process stays within the budget. A key that comes later is admitted within its own share at once, and the
   * borrowing key's next requests wait until it is back within its share. Without this, one light request of a
   * second key halved a busy key's share: a key sending 100-chart batches fell to 63 % of its throughput alone
   * beside a key sending one chart at a time (bench fair batch, 2026-11-26).
   */
  private fits(state: KeyState, cost: JobCost): boolean {
    const held = state.inFlight.light + state.inFlight.heavy;
    if (held === 0 || held + cost.totalMs <= this.share) return true;
    const othersWaiting = this.waitingTotal - state.waiting.length;
    return othersWaiting === 0 && this.inFlightTotal + cost.totalMs <= this.budgetMs;
  }

  /**
   * A job's priority is its start tag in start-time fair queuing: the lane's virtual time (the smallest start tag of
   * its jobs in flight in this process) or, when later, the virtual finish of the key's previous job there; the job
   * then moves the key's finish on by its cost. BullMQ serves lower numbers first and equal ones in arrival order,
   * so a key's jobs keep their order, and keys with backlogs alternate by the work each has had done, whichever
   * began first. A key with nothing in flight in the lane gets 1, the front of the queue (its tag is the lane's
   * virtual time, at or ahead of every job waiting). Tags count from 0 again whenever the lane has nothing in flight
   * here; after about 35 minutes of unbroken backlog they reach the largest keyed priority (one short of BullMQ's
   * largest, BACKGROUND_PRIORITY) and the lane is served in arrival order until it next empties.
   */
  private enter(key: string, state: KeyState, cost: JobCost): ShareTicket {
    const lane = cost.lane;
    const clock = this.clocks[lane];
    const behindOwnWork = state.inFlight[lane] > 0;
    let virtualNow = Infinity;
    for (const start of clock.starts) virtualNow = Math.min(virtualNow, start.tag);
    if (virtualNow === Infinity) virtualNow = 0;
    const last = state.finish[lane];
    const tag = last.epoch === clock.epoch ? Math.max(virtualNow, last.tag) : virtualNow;
    state.finish[lane] = { tag: tag + cost.totalMs, epoch: clock.epoch };
    const start = { tag };
    clock.starts.add(start);
    const priority = behindOwnWork ? Math.min(MAX_KEYED_PRIORITY, 1 + Math.round(tag)) : 1;
    state.inFlight[lane] += cost.totalMs;
    this.inFlightTotal += cost.totalMs;
    state.requests++;
    this.meters[lane].enter(cost.totalMs);
    let done = false;
    let released = false;
    return {
      priority,
      behindOwnWork,
      overloaded: () => this.overloaded(state, lane),
      done: () => {
        done = true;
      },
      release: () => {
        if (released) return;
        released = true;
        clock.starts.delete(start);
        if (clock.starts.size === 0) clock.epoch++;
        state.inFlight[lane] = Math.max(0, state.inFlight[lane] - cost.totalMs);
        this.inFlightTotal = Math.max(0, this.inFlightTotal - cost.totalMs);
        state.requests--;
        this.meters[lane].leave(cost.totalMs, done);
        this.forgetIfIdle(key, state);
        if (this.waitingTotal > 0) this.pump();
      },
    };
  }

  /**
   * The finish predicted for a request of `key` admitted now: its key's work in the lane, then each other key's up
   * to as much (jobs are served in order of their key's work in flight, see `priority`), then its own, at the lane's
   * measured throughput. A 503 when that is past the deadline (less the margin).
   */
  private refusal(key: string, state: KeyState, cost: JobCost, deadline: number): ApiError | undefined {
    const lane = cost.lane;
    const mine = state.inFlight[lane];
    let ahead = mine;
    for (const [other, s] of this.keys) if (other !== key) ahead += Math.min(s.inFlight[lane], mine + cost.totalMs);
    const finish = this.now() + ((ahead + cost.totalMs) / this.meters[lane].rate) * (1 + WAIT_ERROR);
    if (finish <= deadline - this.marginMs) return undefined;
    return this.overloaded(state, lane);
  }

  /** 503 OVERLOADED with a Retry-After of about the key's backlog (its work in flight and waiting). */
  private overloaded(state: KeyState, lane: Lane): ApiError {
    const waitingMs = state.waiting.reduce((sum, w) => sum + w.cost.totalMs, 0);
    const backlogS = (state.inFlight.light + state.inFlight.heavy + waitingMs) / this.meters[lane].rate / 1000;
    return new ApiError(
      503,
      'OVERLOADED',
      "This key's requests in flight fill its share of the service past this request's time limit; retry after Retry-After seconds.",
      { keyBacklogMs: Math.round(backlogS * 1000) },
      { 'Retry-After': String(Math.min(60, Math.max(1, Math.ceil(backlogS)))) },
    );
  }

  /** Admits what fits, in each key's arrival order, and refuses what can no longer meet its deadline. */
  private pump(): void {
    // Again while a pass admitted something: an admission can end a key's wait, which lets another key borrow.
    while (this.pumpOnce() && this.waitingTotal > 0);
    if (this.waitingTotal === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** One pass over the keys' lines; true when it admitted a request. */
  private pumpOnce(): boolean {
    let admitted = false;
    for (const [key, state] of this.keys) {
      for (let i = 0; i < state.waiting.length;) {
        const w = state.waiting[i];
        const refusal = this.refusal(key, state, w.cost, w.deadline);
        if (refusal) {
          state.waiting.splice(i, 1);
          this.waitingTotal--;
          w.reject(refusal);
          continue;
        }
        if (i === 0 && this.fits(state, w.cost)) {
          state.waiting.shift();
          this.waitingTotal--;
          w.resolve(this.enter(key, state, w.cost));
          admitted = true;
          continue;
        }
        i++;
      }
      this.forgetIfIdle(key, state);
    }
    return admitted;
  }

  /** A waiting request whose caller hung up leaves its key's line (the requests behind it may now fit). */
  private leave(key: string, state: KeyState, waiter: Waiter, reason: Error): void {
    const at = state.waiting.indexOf(waiter);
    if (at < 0) return; // admitted or refused meanwhile
    state.waiting.splice(at, 1);
    this.waitingTotal--;
    waiter.reject(reason);
    this.pump();
    this.forgetIfIdle(key, state);
  }

  private forgetIfIdle(key: string, state: KeyState): void {
    if (state.requests === 0 && state.waiting.length === 0 && this.keys.get(key) === state) this.keys.delete(key);
  }
}
