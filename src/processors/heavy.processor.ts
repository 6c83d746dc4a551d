import { Processor } from '@nestjs/bullmq';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { HEAVY_QUEUE } from '../jobs/job-types';
import { warmUp } from '../modules/chart/jobs/chart-jobs';
import { LaneProcessor } from './lane.processor';
import { chartWorkerOptions } from './worker-options';

/**
 * The heavy lane: time series, PNGs, unknown-time days (estimated at 2 ms or more), HEAVY_CONCURRENCY at once per
 * worker process. Each runs in slices of a few ms (jobs/slicer.ts), between which the light lane's jobs are picked
 * and run: heavy work never takes all of a worker's time, and never more than its cap of jobs.
 */
@Processor(HEAVY_QUEUE, chartWorkerOptions())
export class HeavyProcessor extends LaneProcessor implements OnApplicationBootstrap {
  onApplicationBootstrap(): void {
    // In a process of its own (WORKER_LANES=split) too: the gazetteer, the fonts and the renderers are loaded before
    // the first job, whose event loop they would otherwise hold for hundreds of ms (no second job taken meanwhile,
    // no announcement of an abandoned job heard).
    warmUp();
    this.start(this.config.heavyConcurrency);
  }
}
