import { Injectable, OnApplicationBootstrap, Optional } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import { ChartWorkerState } from '../../processors/chart-worker.state';
import { MetricsService } from './metrics.service';

/**
 * Worker role: observes every job this process finishes (duration, wait time, outcome by job name) from each
 * lane's BullMQ worker's own completed/failed events. Does nothing in a process without workers.
 */
@Injectable()
export class JobMetricsService implements OnApplicationBootstrap {
  constructor(
    private readonly metrics: MetricsService,
    @Optional() private readonly state?: ChartWorkerState,
  ) {}

  onApplicationBootstrap(): void {
    // Bootstrap hooks of sibling modules run in no fixed order: workers may be added before or after this.
    this.state?.each((worker: Worker) => {
      worker.on('completed', (job: Job) => this.metrics.observeJob(job));
      worker.on('failed', (job: Job | undefined, err: Error) => {
        if (job) this.metrics.observeJob(job, err);
      });
    });
  }
}
