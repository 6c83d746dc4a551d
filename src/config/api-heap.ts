import { setFlagsFromString } from 'node:v8';

/**
 * The API process's old generation may grow this much, percent, past what its last full collection kept
 * (API_HEAP_GROWTH_PERCENT). 0 leaves V8's own factor, which rises to 4× for a process that allocates fast.
 *
 * Why it is there: the API's live heap is about 65 MB after a full collection (Nest and its libraries, the gazetteer's
 * objects for place search 20 MB; its long name texts are external strings, gazetteer-data.ts, and the drawing, PDF
 * and geo-tz libraries are loaded by workers only), but its requests' objects wait on Redis round trips long enough
 * to be promoted, and V8, with a 4 GB limit on this machine, let the old space float to 290 MB of mostly garbage
 * under 8 connections of /v1/chart: 530-710 MB RSS. Measured interleaved, 20 s of that load each (RSS peak;
 * p99): V8's own 578-603 MB, 25-34 ms; 30 % 367-378 MB, 35-39 ms; 60 % 395 MB, 29-30 ms; 100 % 423-433 MB,
 * 31-32 ms. Beside a 30,000-row bulk job and another key's 8 connections (bench bulk, interleaved, two rounds):
 * 100 % 459 and 450 MB, that key's p99 38 and 41 ms; V8's own 588 and 583 MB, 36 and 34 ms.
 * Why 100 and not less: more frequent collections show in the tail, and their helper threads share a 2-core
 * machine's cores with the workers. With 60 a clean-clone CI run missed two bounds of fair-by-cost.e2e (key B's p99
 * 113 ms against 100, then key A's share 0.76 against 0.8). A growth factor, unlike a hard limit
 * (--max-old-space-size), cannot end the process when a large upload is read: the heap still grows as far as its
 * live objects need.
 */
export const API_HEAP_GROWTH_PERCENT = 100;

/**
 * The V8 flag for the API process itself, set at start (workers are forked with the command line's flags, which this
 * does not change). Nothing when `percent` is 0 or the command line or NODE_OPTIONS already names the flag (that wins).
 */
export function apiHeapFlag(percent: number, execArgv: readonly string[], nodeOptions = ''): string | undefined {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((a) => a.startsWith('--heap-growing-percent') || a.startsWith('--heap_growing_percent'));
  return percent > 0 && !given ? `--heap-growing-percent=${percent}` : undefined;
}

export function applyApiHeapGrowth(percent: number): void {
  const flag = apiHeapFlag(percent, process.execArgv, process.env.NODE_OPTIONS);
  if (flag) setFlagsFromString(flag);
}
