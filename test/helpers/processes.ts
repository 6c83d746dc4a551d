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

/** True while the process runs: a zombie (gone, not yet reaped by its parent or whoever adopted it) counts as gone. */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
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

/** The pids of a process's descendants, children first. */
export function descendantsOf(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
}

/** A process's user and system CPU so far, s, all its threads (/proc/<pid>/stat, in clock ticks of 1/100 s); 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The CPU so far, s, of a process and of its descendants. */
export function cpuSecondsOfTree(pid: number): number {
  return cpuSeconds(pid) + childrenOf(pid).reduce((sum, child) => sum + cpuSecondsOfTree(child), 0);
}

/** A process's resident memory, MB; 0 once it is gone. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}
