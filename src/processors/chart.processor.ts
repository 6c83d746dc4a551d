import { Processor } from '@nestjs/bullmq';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { CHART_QUEUE } from '../jobs/job-types';
import { warmUp } from '../jobs/chart-jobs';
import { LaneProcessor } from './lane.processor';
import { chartWorkerOptions } from './worker-options';

/**
 * The light lane: charts, SVG drawings and every other job estimated under 2 ms, WORKER_CONCURRENCY at once. Their
 * handlers are synchronous and take well under a millisecond.
 */
@Processor(CHART_QUEUE, chartWorkerOptions())
export class ChartProcessor extends LaneProcessor implements OnApplicationBootstrap {
  onApplicationBootstrap(): void {
    warmUp();
    this.start(this.config.workerConcurrency);
  }
}
