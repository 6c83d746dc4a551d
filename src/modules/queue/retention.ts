import type { JobsOptions } from 'bullmq';
import { jobNamed } from '../../jobs/job-table';

/**
 * Completed jobs are kept by age and count, never removed at once: with `removeOnComplete: true`,
 * `waitUntilFinished` fails with "Missing key" for about a quarter of calls (bullmq #85, #801).
 * A kept result also answers a repeated request without computing it again.
 */
/**
 * Drawings and readings (report) are kept like the charts: a PNG or PDF in base64 and a reading's HTML page are
 * 50–130 KB, so a full count would be about a gigabyte of Redis; the hour's age limit is what bounds them in practice.
 */
export const KEEP_COMPLETED = { age: 60 * 60, count: 10_000 }; // one hour, ten thousand results
export const KEEP_FAILED = { age: 10 * 60, count: 2_000 }; // input errors are deterministic; keep them briefly

/**
 * Time-series answers can be hundreds of KB (a year of line ingresses is about 700 KB): ten thousand of them
 * would be gigabytes of Redis, so fewer are kept, for less long (a job's `largeResults` in its family's jobs file).
 */
export const KEEP_COMPLETED_LARGE = { age: 10 * 60, count: 100 };

/**
 * The heavy lane's events stream keeps about this many entries (BullMQ's default is 10,000). Its completed events
 * carried whole answers: after 730 heavy answers (61 ten-year ingresses of 1.6 MB, 339 PNGs, 328 year calendars) the
 * stream held 2,839 entries and 267 MB, and at 10,000 entries ten-year ingresses alone would be gigabytes. Heavy
 * answers now travel by reference (jobs/result-by-reference.ts), so an entry is small; the bound stays for any answer
 * that still comes whole (a worker of an older release during a rolling update). An API process reads the stream as
 * it grows, it checks every job after a reconnect, and it reads the state of any job 3 s unanswered
 * (6-pending-jobs.ts), whose kept result (above) answers it, so a short stream loses no answer. 500 entries is about
 * three seconds of the fastest heavy work seen (PNGs, about 40 a second, four events each).
 */
export const HEAVY_EVENTS_MAX_LEN = 500;

export function jobOptions(jobId: string, name = 'chart'): JobsOptions {
  return {
    jobId,
    attempts: 1, // a computation is deterministic: retrying it cannot help; stalls are re-run by BullMQ itself
    removeOnComplete: jobNamed(name)?.largeResults ? KEEP_COMPLETED_LARGE : KEEP_COMPLETED,
    removeOnFail: KEEP_FAILED,
  };
}

/**
 * A group of light jobs (modules/queue/path/5-coalesce.ts) is removed as it completes: its answer travels once, in
 * the completed event its API process reads, and is not written into Redis a second time to be kept. The
 * "Missing key" trap above is waitUntilFinished's, which is not used; the API does not read a group's state right
 * after adding it (a group's id is new each time, there is no kept result to find), and a group whose event was lost
 * is found missing by the sweep and simply computed again. Repeats are answered by the API's ResultCache instead.
 */
export function groupJobOptions(jobId: string): JobsOptions {
  return { jobId, attempts: 1, removeOnComplete: true, removeOnFail: KEEP_FAILED };
}
