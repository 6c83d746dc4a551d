/**
 * What a job is, described once beside its code in its operation family (`modules/<feature>/<feature>.jobs.ts`):
 * the worker's function, its cost model and how long Redis keeps its results. The job table (job-table.ts) gathers
 * every family's; the worker's handlers, the API's cost estimates and the retention options are read from it.
 */
import type { Slicer } from './slicer';

/** A job's estimated compute (ms of one core's CPU on the reference machine) from its payload. */
export type CostEstimate<T> = (input: T) => number;

/** How an operation's cost grows, in words (the README and the bench print it), and its estimate. */
export interface CostModel<T = never> {
  unit: string;
  estimate: CostEstimate<T>;
}

/**
 * One job, as its family's `<feature>.jobs.ts` describes it; `T` is its payload (a family's table checks its entries
 * as JobDefinition<never>, which every payload type satisfies).
 */
export interface JobDefinition<T> {
  /** The worker's function: the job's payload (and the slicer its heavy work yields through) to its answer. */
  run: (data: T, slicer: Slicer) => unknown;
  cost: CostModel<T>;
  /**
   * The answer as the object `run` serialises, for the jobs a bulk job computes as items (processors/bulk-chunk.ts
   * reads its CSV row from the object rather than parsing the text back).
   */
  answer?: (data: T) => object;
  /**
   * Answers of hundreds of KB (a year of line ingresses is about 700 KB): Redis keeps fewer of them, for less long
   * (modules/queue/retention.ts).
   */
  largeResults?: boolean;
}
