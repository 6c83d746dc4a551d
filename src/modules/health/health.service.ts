import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { Queue } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { LIGHT_QUEUE } from '../../jobs/job-types';
import { WorkerState } from '../../processors/worker.state';
import { QueueEventsService } from '../queue/queue-events.service';
import { RedisClient } from '../redis/redis.module';
import { withTimeout } from '../../common/with-timeout';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  role: AppConfig['role'];
  redis: 'up' | 'down';
  queueEvents?: 'consuming' | 'stopped';
  worker?: 'running' | 'stopped';
  queue?: { name: string; waiting: number; active: number; delayed: number; failed: number; completed: number };
  workers?: number;
}

/** Readiness: Redis answers, and the role's queue part runs (API: QueueEvents consumed; worker: worker running). */
@Injectable()
export class HealthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisClient,
    @InjectQueue(LIGHT_QUEUE) private readonly queue: Queue,
    @Optional() private readonly events?: QueueEventsService,
    @Optional() private readonly worker?: WorkerState,
  ) {}

  async report(): Promise<HealthReport> {
    const redisUp = await this.ping();
    const report: HealthReport = { status: 'ok', role: this.config.role, redis: redisUp ? 'up' : 'down' };
    let ready = redisUp;
    if (this.events) {
      report.queueEvents = this.events.ready ? 'consuming' : 'stopped';
      ready &&= this.events.ready;
    }
    if (this.worker) {
      report.worker = this.worker.running ? 'running' : 'stopped';
      ready &&= this.worker.running;
    }
    if (redisUp) {
      try {
        const [counts, workers] = await Promise.all([
          this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'),
          this.queue.getWorkersCount(),
        ]);
        report.queue = {
          name: LIGHT_QUEUE,
          waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0), // every job has a priority (queue/path/3-cost-share.ts)
          active: counts.active ?? 0,
          delayed: counts.delayed ?? 0,
          failed: counts.failed ?? 0,
          completed: counts.completed ?? 0,
        };
        report.workers = workers;
      } catch {
        ready = false;
      }
    }
    report.status = ready ? 'ok' : 'unavailable';
    return report;
  }

  private async ping(): Promise<boolean> {
    if (!this.redis.up) return false;
    try {
      return (await withTimeout(this.redis.client.ping(), 1_000)) === 'PONG';
    } catch {
      return false;
    }
  }
}
