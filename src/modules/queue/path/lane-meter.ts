/**
 * A lane's measured capacity in cost units: estimated ms of work completed per ms of wall time while the lane was
 * saturated (SATURATED_MS or more of work in flight). Measured in the estimates' own units, it absorbs their error:
 * on a machine (or an hour) twice as slow as the calibration, a lane completes half as many estimated ms per second,
 * and admission predicts waits with that. Sums decay with a time constant of TAU_MS, so the figure follows changes
 * in capacity (workers added or lost) within seconds.
 *
 * Only saturated time counts: a lane with little in flight completes what it is given, and its throughput then says
 * how fast requests come (one client sending one chart at a time: a ms of work per 10 ms), not what the lane can do.
 */
const TAU_MS = 10_000;
/**
 * Below this much busy time (decayed), the measurement is too thin, and biased low while the lane fills (work in
 * progress is not yet completed): the floor is used.
 */
const MIN_BUSY_MS = 3_000;
/** Until measured: one worker core's worth (one estimated ms per ms). */
export const RATE_FLOOR = 1;
/** Work in flight from which a lane counts as saturated: more than a few jobs' worth of queue overhead. */
export const SATURATED_MS = 50;

export class LaneMeter {
  private completed = 0;
  private busy = 0;
  private inFlightMs = 0;
  private at: number;

  constructor(private readonly now: () => number = Date.now) {
    this.at = now();
  }

  /** Work of `costMs` is admitted to the lane. */
  enter(costMs: number): void {
    this.advance();
    this.inFlightMs += costMs;
  }

  /** Work of `costMs` is over; `done` when it was done (its answer came). */
  leave(costMs: number, done: boolean): void {
    this.advance();
    if (done && this.inFlightMs >= SATURATED_MS) this.completed += costMs;
    this.inFlightMs = Math.max(0, this.inFlightMs - costMs);
  }

  /** Estimated ms completed per ms of busy time (RATE_FLOOR until enough is measured). */
  get rate(): number {
    this.advance();
    if (this.busy < MIN_BUSY_MS || this.completed <= 0) return RATE_FLOOR;
    return this.completed / this.busy;
  }

  private advance(): void {
    const t = this.now();
    const dt = t - this.at;
    if (dt <= 0) return;
    const keep = Math.exp(-dt / TAU_MS);
    this.completed *= keep;
    // The busy time of this interval, decayed as its middle would be (exact for a constant state).
    this.busy = this.busy * keep + (this.inFlightMs >= SATURATED_MS ? TAU_MS * (1 - keep) : 0);
    this.at = t;
  }
}
