import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { EngineInputError } from '../engine/types';
import { CHART_QUEUE, INPUT_ERROR_MARKER, InputErrorPayload } from '../jobs/job-types';
import { ChartWorkerState } from './chart-worker.state';
import { warmUp } from '../jobs/chart-jobs';
import { handlerFor } from './handlers';
import { chartWorkerOptions } from './worker-options';

/**
 * Runs every chart job on the engine. Chart handlers are synchronous and take well under a millisecond; the
 * time-series handlers run up to about a second, in chunks with turns of the event loop between them, so lock
 * renewal is never starved. A caller's input error fails the job without retry and carries its code back.
 */
@Processor(CHART_QUEUE, chartWorkerOptions())
export class ChartProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(ChartProcessor.name);

  constructor(
    private readonly state: ChartWorkerState,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    warmUp();
    this.worker.concurrency = this.config.workerConcurrency;
    this.state.worker = this.worker;
  }

  async process(job: Job): Promise<unknown> {
    const handler = handlerFor(job.name);
    try {
      // Awaited here, so an input error of an asynchronous handler (the time series) is caught below too.
      return await handler(job.data);
    } catch (err) {
      if (err instanceof EngineInputError) {
        const payload: InputErrorPayload = { code: err.code, message: err.message, details: err.details };
        throw new UnrecoverableError(INPUT_ERROR_MARKER + JSON.stringify(payload));
      }
      throw err;
    }
  }

  @OnWorkerEvent('error')
  onError(err: Error): void {
    this.logger.warn(`worker: ${err.message}`);
  }
}
