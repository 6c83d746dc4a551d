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

/**
 * How long a worker waits before it tries again a Redis call that failed for a lost connection: its fetch of the next
 * job, or the write of a finished job's result. BullMQ's default, 15 s, outlasts a Redis Cluster failover (about 4 s
 * here): a job finished on a master that then died waited 15 s to be written, past its lock, and ran again once the
 * lock expired. In queue-shards' master failover the slowest request took 11.9-12.3 s in 4 of 6 runs at 15 s (6.2-6.3
 * in the other two), and 6.1-6.4 s in 5 of 6 at 500 ms (11.9 in one, not looked into; a job taken by a worker that
 * never received it waits for its lock whatever this delay); 2026-12-01, interleaved. A failed retry costs one command;
 * at most two a second per job while Redis is away.
 */
export const RUN_RETRY_DELAY_MS = 500;

/** The chart worker's options, from JOB_TIMEOUT_MS in the environment (read when the processor is declared). */
export function chartWorkerOptions(env: NodeJS.ProcessEnv = process.env): NestWorkerOptions {
  let jobTimeoutMs = 10_000;
  try {
    jobTimeoutMs = loadConfig(env).jobTimeoutMs;
  } catch {
    // an invalid environment stops the process at start with its own message; the default is never used then
  }
  return { ...lockTimings(jobTimeoutMs), maxStalledCount: 1, runRetryDelay: RUN_RETRY_DELAY_MS };
}
