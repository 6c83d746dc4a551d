/**
 * Stage 2 of a request's path: what its work costs, from its input, before anything is queued (each job's model is in
 * its family's jobs file, read through the job table src/jobs/job-table.ts). The cost decides three things:
 * - whether the request can be done at all: work that could not finish within JOB_TIMEOUT_MS even alone on the
 *   service is refused at once with 400 RANGE_TOO_LARGE, instead of timing out after the caller waited for it;
 * - how much of its key's share it takes while in flight (stage 3);
 * - its lane (stage 4): light jobs and heavy jobs wait in separate queues, so a chart never queues behind an
 *   ingress search.
 */
import { ApiError } from '../../../common/api-error';
import { computeCostMs, type JobName } from '../../../jobs/job-table';
import type { Lane } from '../../../jobs/job-types';

/** The queue path's own work per job, every process together (API, Redis, worker), ms: see README "Scaling". */
export const JOB_OVERHEAD_MS = 1;

/** A job whose compute is estimated at this or more runs in the heavy lane (a chart is 0.12 ms, a 200 px PNG 5.6). */
export const HEAVY_FROM_MS = 2;

/**
 * A request is refused when its estimate times this exceeds the time limit: the estimates are for the reference
 * machine at a good hour, and this machine's speed drifts by up to 2x.
 */
export const ALONE_SAFETY = 1.5;

export interface JobCost {
  /** The worker's estimated compute, ms. */
  computeMs: number;
  /** What admission counts: the compute and the queue path's own work (every process together), ms. */
  totalMs: number;
  lane: Lane;
}

export function jobCost(name: JobName, input: object): JobCost {
  const computeMs = computeCostMs(name, input);
  return { computeMs, totalMs: computeMs + JOB_OVERHEAD_MS, lane: computeMs >= HEAVY_FROM_MS ? 'heavy' : 'light' };
}

/**
 * Several jobs admitted as one request (a batch): their costs add up, and the request counts in the heavier lane
 * any of them takes (each job still goes to its own lane).
 */
export function combinedCost(costs: readonly JobCost[]): JobCost {
  let computeMs = 0;
  let totalMs = 0;
  for (const c of costs) {
    computeMs += c.computeMs;
    totalMs += c.totalMs;
  }
  return { computeMs, totalMs, lane: costs.some((c) => c.lane === 'heavy') ? 'heavy' : 'light' };
}

/** 400 RANGE_TOO_LARGE for a job that alone would not finish within `jobTimeoutMs` (the largest job of a request counts). */
export function refuseIfTooLarge(costs: readonly JobCost[], jobTimeoutMs: number): void {
  const largest = Math.max(0, ...costs.map((c) => c.computeMs));
  if (largest * ALONE_SAFETY <= jobTimeoutMs) return;
  throw new ApiError(
    400,
    'RANGE_TOO_LARGE',
    `This request would take about ${Math.round(largest)} ms of computing, more than one request may take (${jobTimeoutMs} ms with margin): ask for a shorter range or a smaller drawing.`,
    { estimatedMs: Math.round(largest), limitMs: Math.floor(jobTimeoutMs / ALONE_SAFETY) },
  );
}
