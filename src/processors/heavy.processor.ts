import { Processor } from '@nestjs/bullmq';
import type { OnApplicationBootstrap } from '@nestjs/common';
import type { Job } from 'bullmq';
import type Redis from 'ioredis';
import { HEAVY_QUEUE } from '../jobs/job-types';
import { ANSWER_IN_JOB_HASH, RESULT_FIELD } from '../jobs/result-by-reference';
import { warmUp } from '../modules/chart/jobs/chart-jobs';
import { LaneProcessor } from './lane.processor';
import { chartWorkerOptions } from './worker-options';

/**
 * The heavy lane: time series, PNGs, unknown-time days (estimated at 2 ms or more), HEAVY_CONCURRENCY at once per
 * worker process. Each runs in slices of a few ms (jobs/slicer.ts), between which the light lane's jobs are picked
 * and run: heavy work never takes all of a worker's time, and never more than its cap of jobs. Its answers travel
 * by reference (jobs/result-by-reference.ts).
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

  /** The answer is written into the job's hash before the job completes; BullMQ gets the marker. */
  async process(job: Job, token?: string, signal?: AbortSignal): Promise<unknown> {
    const answer = await super.process(job, token, signal);
    if (typeof answer !== 'string') return answer;
    const client = (await this.worker.getBackend().client) as unknown as Pick<Redis, 'hset'>;
    await client.hset(this.worker.toKey(job.id!), RESULT_FIELD, answer);
    return ANSWER_IN_JOB_HASH;
  }
}
