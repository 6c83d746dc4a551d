import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Gives this whole process the nice value `nice` (0-19: higher yields the CPU to the others). On Linux
 * setpriority() acts on one thread, so every thread Node has started so far (V8's helpers, libuv's) is set one by
 * one; threads started later (libuv's pool, on its first use) inherit it from the main thread. Elsewhere the pid's
 * priority is the process's. Lowering one's own priority needs no privilege. Returns the threads set.
 */
export function lowerCpuPriority(nice: number): number {
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    threads = [0]; // no /proc: the process as a whole
  }
  let set = 0;
  for (const tid of threads) {
    try {
      setPriority(tid, nice);
      set++;
    } catch {
      // a thread that ended meanwhile
    }
  }
  return set;
}
