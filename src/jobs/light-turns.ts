/**
 * The order in which a worker process computes the light work it has taken: by the jobs' BullMQ priority (stage 3's
 * start tags: 1 for a key with nothing else in flight, higher for a busy key's later work), item by item, the
 * earliest-taken first among equals.
 *
 * BullMQ applies a job's priority when a worker takes it from Redis; a worker takes up to WORKER_CONCURRENCY light
 * jobs (groups of up to 8 requests, a few ms of work each) ahead, to hide Redis's round trips. Run in the order they
 * were taken, a group of an idle key's single chart that arrives behind them waits for all of them: about 3.5 ms
 * for every group taken ahead (key B's p50 was 130 ms beside a key sending 100-chart batches, 26 ms with 4 taken
 * ahead, 12 with 1). Here the groups a worker holds take turns at each item by priority instead, so such a group
 * waits for the item being computed, and a busy key's groups finish one after another in its own order, not all
 * together at the end of a round.
 *
 * The turns run back to back in one event-loop turn for at most SLICE_MS, then the loop is given a turn (Redis
 * replies: jobs taken, jobs completed) before the next, as a heavy job's slices do (jobs/slicer.ts).
 */
import { SLICE_MS } from './slicer';

interface Waiting {
  priority: number;
  seq: number;
  go(): void;
}

export class LightTurns {
  private readonly waiting: Waiting[] = [];
  private busy = false;
  private seq = 0;
  private sliceStart = 0;

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Resolves when it is this work's turn (at once when nothing else waits or runs); call `done` after it. */
  take(priority: number): Promise<void> | undefined {
    if (!this.busy && this.waiting.length === 0) {
      this.busy = true;
      this.startSlice();
      return undefined;
    }
    return this.line(priority);
  }

  /**
   * The turn is over and the same work wants the next one (its next item): it lines up by its priority *before* the
   * turn is handed over, so it goes on unless more urgent work waits (or its slice is used up: then after an
   * event-loop turn). `done` then `take` would hand the turn to whatever waits, less urgent or not, and work of two
   * priorities would alternate item by item: two bulk chunks both finished together, then both left the event loop
   * idle while they were compressed and stored.
   */
  again(priority: number): Promise<void> | undefined {
    if (this.waiting.length === 0 && performance.now() - this.sliceStart < this.sliceMs) return undefined;
    const turn = this.line(priority);
    this.done();
    return turn;
  }

  private line(priority: number): Promise<void> {
    return new Promise<void>((go) => {
      const entry = { priority: priority > 0 ? priority : 1, seq: this.seq++, go };
      // Few entries (at most the jobs a worker holds): a sorted insert is cheaper than a heap here.
      let i = this.waiting.length;
      while (i > 0 && before(entry, this.waiting[i - 1])) i--;
      this.waiting.splice(i, 0, entry);
    });
  }

  /** The turn is over: the most urgent waiting work goes next (after an event-loop turn once the slice is used). */
  done(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.busy = false;
      return;
    }
    if (performance.now() - this.sliceStart < this.sliceMs) {
      next.go();
      return;
    }
    // Hand over after the loop's I/O: another job taken meanwhile (perhaps more urgent) joins the line first.
    this.waiting.unshift(next);
    setImmediate(() => {
      this.startSlice();
      this.waiting.shift()!.go();
    });
  }

  /** Work waiting for its turn (a metric, and for tests). */
  get length(): number {
    return this.waiting.length;
  }

  private startSlice(): void {
    if (performance.now() - this.sliceStart >= this.sliceMs) this.sliceStart = performance.now();
  }
}

function before(a: Waiting, b: Waiting): boolean {
  return a.priority < b.priority || (a.priority === b.priority && a.seq < b.seq);
}
