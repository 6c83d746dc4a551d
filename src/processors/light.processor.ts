import { Processor } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import { LIGHT_QUEUE } from '../jobs/job-types';
import { warmUp } from '../modules/chart/jobs/chart-jobs';
import { bullConnection } from '../modules/redis/redis-connection';
import { LaneProcessor } from './lane.processor';
import { runJob } from './run-job';
import { chartWorkerOptions } from './worker-options';

/**
 * The light lane: charts, SVG drawings and every other job estimated under 2 ms (most of them in groups, see
 * modules/queue/path/5-coalesce.ts), WORKER_CONCURRENCY (4) at once, their items computed in their priority order
 * (jobs/light-turns.ts). Their handlers are synchronous and take well under a millisecond. Few jobs are taken ahead:
 * BullMQ honours a priority when a job is taken, and every job taken ahead is work an idle key's request, taken
 * after it, can wait behind (measured beside 100-chart batches: key B's p50 19 ms at 4, 26 ms at 32; the chart
 * throughput the same at both). With REDIS_QUEUE_SHARDS above 1 this process also consumes the other shards' queues
 * (modules/queue/shards.ts), each with a BullMQ Worker of its own built the same way as the one @nestjs/bullmq
 * builds for shard 0.
 */
@Processor(LIGHT_QUEUE, chartWorkerOptions())
export class LightProcessor extends LaneProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly shardWorkers: Worker[] = [];

  onApplicationBootstrap(): void {
    warmUp();
    this.start(this.config.workerConcurrency);
    const logger = new Logger(LightProcessor.name);
    for (const prefix of this.config.lightQueuePrefixes.slice(1)) {
      const worker = new Worker(LIGHT_QUEUE, (job) => runJob(job, this.metrics), {
        ...chartWorkerOptions(),
        connection: bullConnection(this.config),
        prefix,
        concurrency: this.config.workerConcurrency,
      });
      worker.on('error', (err) => logger.warn(`worker (${prefix}): ${err.message}`));
      this.shardWorkers.push(worker);
      this.state.add(worker);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.shardWorkers.map((w) => w.close().catch(() => undefined)));
  }
}
