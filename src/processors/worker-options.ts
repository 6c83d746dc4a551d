import type { WorkerOptions } from 'bullmq';

type NestWorkerOptions = Omit<WorkerOptions, 'connection'>;
import { loadConfig } from '../config/app-config';

/**
 * How fast a job held by a dead worker is taken over. BullMQ's defaults (a 30 s lock, a stalled check every
 * 30 s) leave such a job stuck for up to a minute, far past the caller's JOB_TIMEOUT_MS. The lock is 30 % of
 * the timeout (3 s for 10 s) and every worker checks for expired locks every third of that, so a job whose
 * worker died is running again on another worker within about 40 % of the caller's wait.
 *
 * Cost: each worker runs BullMQ's stalled-job script once a second (one Redis call over the active list), and
 * a job running longer than half the lock renews it (ours take well under a millisecond). A worker whose event
 * loop froze for longer than the lock would see its jobs re-run elsewhere: harmless, as a chart is
 * deterministic and the first result wins.
 */
export function lockTimings(jobTimeoutMs: number): { lockDuration: number; stalledInterval: number } {
  const lockDuration = Math.round(Math.min(30_000, Math.max(1_000, jobTimeoutMs * 0.3)));
  return { lockDuration, stalledInterval: Math.round(lockDuration / 3) };
}

/** The chart worker's options, from JOB_TIMEOUT_MS in the environment (read when the processor is declared). */
export function chartWorkerOptions(env: NodeJS.ProcessEnv = process.env): NestWorkerOptions {
  let jobTimeoutMs = 10_000;
  try {
    jobTimeoutMs = loadConfig(env).jobTimeoutMs;
  } catch {
    // an invalid environment stops the process at start with its own message; the default is never used then
  }
  return { ...lockTimings(jobTimeoutMs), maxStalledCount: 1 };
}
