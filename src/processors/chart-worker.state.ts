import { Injectable } from '@nestjs/common';
import type { Worker } from 'bullmq';

/** This process's chart worker, for readiness (set once the worker exists). */
@Injectable()
export class ChartWorkerState {
  worker?: Worker;

  get running(): boolean {
    return Boolean(this.worker?.isRunning());
  }
}
