import type { JobsOptions } from 'bullmq';

/**
 * Completed jobs are kept by age and count, never removed at once: with `removeOnComplete: true`,
 * `waitUntilFinished` fails with "Missing key" for about a quarter of calls (bullmq #85, #801).
 * A kept result also answers a repeated request without computing it again.
 */
export const KEEP_COMPLETED = { age: 60 * 60, count: 10_000 }; // one hour, ten thousand results
export const KEEP_FAILED = { age: 10 * 60, count: 2_000 }; // input errors are deterministic; keep them briefly

/**
 * Time-series answers can be hundreds of KB (a year of line ingresses is about 700 KB): ten thousand of them
 * would be gigabytes of Redis, so fewer are kept, for less long.
 */
export const KEEP_COMPLETED_LARGE = { age: 10 * 60, count: 100 };
const LARGE_RESULTS = new Set<string>(['ingresses', 'stations', 'returns', 'transitCalendar']);

export function jobOptions(jobId: string, name = 'chart'): JobsOptions {
  return {
    jobId,
    attempts: 1, // a computation is deterministic: retrying it cannot help; stalls are re-run by BullMQ itself
    removeOnComplete: LARGE_RESULTS.has(name) ? KEEP_COMPLETED_LARGE : KEEP_COMPLETED,
    removeOnFail: KEEP_FAILED,
  };
}
