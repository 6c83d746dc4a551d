import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, Optional } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ABANDONED_MARKER } from '../jobs/job-types';
import { MetricsService } from '../modules/metrics/metrics.service';
import { AbandonedJobsListener } from './abandoned-jobs.listener';
import { WorkerState } from './worker.state';
import { runJob } from './run-job';

/**
 * What a lane's processor does (one per queue: @nestjs/bullmq binds a processor class to one queue): run each job
 * through runJob, take part in readiness and metrics, log the worker's errors. A lane's class adds its queue and its
 * concurrency.
 */
export abstract class LaneProcessor extends WorkerHost {
  private readonly logger = new Logger(this.constructor.name);

  constructor(
    protected readonly state: WorkerState,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Optional() protected readonly metrics?: MetricsService,
    @Optional() private readonly abandoned?: AbandonedJobsListener,
  ) {
    super();
  }

  /** Sets the lane's concurrency and registers its worker (from the subclass's onApplicationBootstrap). */
  protected start(concurrency: number): void {
    this.worker.concurrency = concurrency;
    this.state.add(this.worker);
  }

  /** Three parameters: BullMQ hands a processor that declares them an abort signal (worker.cancelJob). */
  process(job: Job, _token?: string, signal?: AbortSignal): Promise<unknown> {
    // Announced as abandoned between its move to active and now: it stops at its first slice.
    if (this.abandoned?.wasAbandoned(job.id)) return runJob(job, this.metrics, AbortSignal.abort(ABANDONED_MARKER));
    return runJob(job, this.metrics, signal);
  }

  @OnWorkerEvent('error')
  onError(err: Error): void {
    this.logger.warn(`worker: ${err.message}`);
  }
}
