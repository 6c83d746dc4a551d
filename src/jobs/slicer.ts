/**
 * Cooperative time slicing for long jobs on a worker. A worker process runs light jobs (charts, drawings) and
 * heavy ones (time series, large PNGs) on one event loop; a heavy job that held the loop for 200 ms would make
 * every light job that arrives meanwhile wait as long. So a heavy job does its work in small pieces and calls
 * `breathe()` between them: once the current slice has run its share of SLICE_MS, it gives the event loop one turn
 * (setImmediate, after pending I/O: the light jobs' Redis replies are handled, and their sub-millisecond work done,
 * before the next slice). A piece should take well under a millisecond, so a slice overruns it by little.
 *
 * The heavy jobs a process runs at once (HEAVY_CONCURRENCY) share SLICE_MS: all their slices run in the same
 * phase of one event-loop turn, so each gets SLICE_MS divided by their number, and a turn holds about SLICE_MS of
 * heavy work however many run.
 *
 * Light work (groups of light requests, processors/run-job.ts) does not slice here: its items take turns by their
 * jobs' priority in jobs/light-turns.ts, which gives the event loop a turn after every SLICE_MS in the same way.
 *
 * It also measures the job's own compute time (the time inside its slices, not the turns it gave away): the
 * actual cost the worker reports beside the estimate (see modules/chart/jobs/costs.ts).
 */
export const SLICE_MS = 4;

/** Thrown by `breathe` once the job's signal aborted: nobody waits for the job any more. */
export class JobAbandoned extends Error {
  constructor() {
    super('abandoned: nobody waits for this job any more');
    this.name = 'JobAbandoned';
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Slicers of this process that have yielded at least once and are not closed: the heavy jobs running. */
let slicing = 0;

export class Slicer {
  private sliceStart = performance.now();
  private activeMs = 0;
  private counted = false;

  /**
   * A job's slicer shares `sliceMs` with the others running in this process. When `signal` aborts (every caller of the
   * job gave up), the job's next `breathe` throws JobAbandoned: it stops within one slice.
   */
  constructor(
    private readonly sliceMs = SLICE_MS,
    private readonly signal?: AbortSignal,
  ) {}

  /** Gives the event loop a turn if the current slice has run its share of `sliceMs`; otherwise returns at once. */
  async breathe(): Promise<void> {
    if (this.signal?.aborted) throw new JobAbandoned();
    const now = performance.now();
    if (!this.counted) {
      this.counted = true;
      slicing++;
    }
    if (now - this.sliceStart < this.sliceMs / slicing) return;
    this.activeMs += now - this.sliceStart;
    await nextTurn();
    this.sliceStart = performance.now();
  }

  /**
   * Awaits work done off this thread (resvg's render and zlib in libuv's pool): its duration counts as the job's
   * compute time (it is CPU time on another thread), the event loop meanwhile serves other jobs.
   */
  async offThread<T>(work: Promise<T>): Promise<T> {
    this.activeMs += performance.now() - this.sliceStart;
    const start = performance.now();
    try {
      return await work;
    } finally {
      this.activeMs += performance.now() - start;
      this.sliceStart = performance.now();
    }
  }

  /** The job's compute time so far, ms (its slices and its off-thread work). */
  get computeMs(): number {
    return this.activeMs + (performance.now() - this.sliceStart);
  }

  /** The job is over: it no longer shares the slice. */
  close(): void {
    if (!this.counted) return;
    this.counted = false;
    slicing--;
  }
}
