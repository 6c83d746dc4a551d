/** Reading the service's processes from /proc in tests (Linux). */
import { readFileSync } from 'node:fs';

/** True while a process of that pid exists (a zombie too: its parent has not reaped it yet). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pids of a process's children (the kernel's list for its main thread); none once it is gone. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
