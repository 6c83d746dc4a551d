import { Injectable } from '@nestjs/common';
import type { Worker } from 'bullmq';

/** This process's workers (one per lane), for readiness and job metrics (each added once it exists). */
@Injectable()
export class WorkerState {
  readonly workers: Worker[] = [];
  private readonly listeners: ((worker: Worker) => void)[] = [];

  add(worker: Worker): void {
    if (this.workers.includes(worker)) return;
    this.workers.push(worker);
    for (const listener of this.listeners) listener(worker);
  }

  /** Calls `listener` for every worker, now and as they are added. */
  each(listener: (worker: Worker) => void): void {
    this.listeners.push(listener);
    for (const worker of this.workers) listener(worker);
  }

  get running(): boolean {
    return this.workers.length > 0 && this.workers.every((w) => w.isRunning());
  }
}
