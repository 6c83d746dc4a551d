import type { AppConfig, WorkerLanes } from '../config/app-config';

/**
 * Why the heavy lane runs in a process of its own (WORKER_LANES=split, the default). A worker process that runs
 * both lanes cuts heavy jobs into 4 ms slices between light jobs (jobs/slicer.ts), but the operating system does not
 * know which of its work is urgent: on a loaded 2-core machine the process, busy with heavy slices, was taken off
 * the CPU for tens of ms at a time like any other, and an idle key's chart waited for it. Measured on 2026-11-30
 * (10-year ingresses of key A at 32 in flight beside key B's paced charts, 1 API + 1 worker, a slow hour): key B
 * p50 19-23 ms, p95 73-116 ms, p99 94-194 ms with both lanes in one process; with the heavy lane in a child at
 * nice 19, p50 9-13, p95 41-72, p99 63-151 (README "Fair use" has the interleaved runs). HEAVY_NICE is 5, not 19:
 * at 19 a heavy process beside busy ones at 0 got about 1.5 % of a core (two busy loops beside the test suite kept
 * the child from even starting), at 5 about a quarter, with the same tails for key B. The child is supervised
 * like APP_ROLE=all's workers (worker-pool.ts): restarted if it dies, stopped with its parent; its metrics are
 * served with its parent's (modules/metrics/metrics.service.ts).
 */
export function lanesInThisProcess(config: Pick<AppConfig, 'role' | 'workerLanes'>): Exclude<WorkerLanes, 'split'> {
  if (config.workerLanes !== 'split') return config.workerLanes;
  // A worker process splits: the light lane here, the heavy one in its child. APP_ROLE=all with WORKERS=0 runs
  // everything in its one process, as documented for that setting.
  return config.role === 'worker' ? 'light' : 'both';
}

/** True when this process should start a heavy-lane child of its own. */
export function startsHeavyChild(config: Pick<AppConfig, 'role' | 'workerLanes'>): boolean {
  return config.role === 'worker' && config.workerLanes === 'split';
}
