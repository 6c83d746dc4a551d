import { Injectable, OnApplicationBootstrap, Optional } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import { GROUP_JOB, GroupPayload, GroupResult } from '../../jobs/job-types';
import { WorkerState } from '../../processors/worker.state';
import { MetricsService } from './metrics.service';

/**
 * Worker role: observes every job this process finishes (duration, wait time, outcome by job name) from each
 * lane's BullMQ worker's own completed/failed events. Does nothing in a process without workers.
 */
@Injectable()
export class JobMetricsService implements OnApplicationBootstrap {
  constructor(
    private readonly metrics: MetricsService,
    @Optional() private readonly state?: WorkerState,
  ) {}

  onApplicationBootstrap(): void {
    // Bootstrap hooks of sibling modules run in no fixed order: workers may be added before or after this.
    this.state?.each((worker: Worker) => {
      worker.on('completed', (job: Job) => this.observe(job));
      worker.on('failed', (job: Job | undefined, err: Error) => {
        if (job) this.observe(job, err);
      });
    });
  }

  /**
   * A group (several requests as one job) is observed item by item under each item's own job name, with the
   * group's wait and duration, and each item's own outcome: dashboards count requests' work, not trips to Redis.
   */
  private observe(job: Job, failure?: Error): void {
    if (job.name !== GROUP_JOB) return this.metrics.observeJob(job, failure);
    const items = (job.data as GroupPayload).items ?? [];
    const results = (failure ? [] : job.returnvalue) as GroupResult;
    items.forEach((item, i) => {
      const result = results[i];
      const itemFailure = failure ?? (result?.[0] === 1 ? new Error(result[1]) : undefined);
      this.metrics.observeJob({ name: item.name, timestamp: job.timestamp, processedOn: job.processedOn, finishedOn: job.finishedOn }, itemFailure);
    });
  }
}
