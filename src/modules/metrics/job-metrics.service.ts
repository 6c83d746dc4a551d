import { Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job, Worker } from 'bullmq';
import { ChartWorkerState } from '../../processors/chart-worker.state';
import { ChartProcessor } from '../../processors/chart.processor';
import { MetricsService } from './metrics.service';

/**
 * Worker role: observes every job this process finishes (duration, wait time, outcome by job name) from the
 * BullMQ worker's own completed/failed events. Does nothing in a process without a worker.
 */
@Injectable()
export class JobMetricsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobMetricsService.name);
  private attached?: Worker;

  constructor(
    private readonly metrics: MetricsService,
    private readonly moduleRef: ModuleRef,
    @Optional() private readonly state?: ChartWorkerState,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.state) return; // API role
    const worker = this.state.worker ?? this.workerFromProcessor();
    if (!worker || worker === this.attached) return;
    this.attached = worker;
    worker.on('completed', (job: Job) => this.metrics.observeJob(job));
    worker.on('failed', (job: Job | undefined, err: Error) => {
      if (job) this.metrics.observeJob(job, err);
    });
  }

  /** Bootstrap hooks of sibling modules run in no fixed order: the processor may not have filled the state yet. */
  private workerFromProcessor(): Worker | undefined {
    try {
      return this.moduleRef.get(ChartProcessor, { strict: false }).worker;
    } catch (err) {
      this.logger.warn(`job metrics not attached: ${(err as Error).message}`);
      return undefined;
    }
  }
}
