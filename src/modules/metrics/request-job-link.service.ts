import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { recordJobId } from '../../common/request-log';
import { CHART_QUEUE } from '../../jobs/job-types';

/**
 * Puts the id of the job a request enqueued into that request's log line. BullMQ's Queue emits `waiting`
 * synchronously inside `add()`, which runs in the request's async context, so no producer code changes.
 */
@Injectable()
export class RequestJobLink implements OnModuleDestroy {
  private readonly listener = (job: Job) => recordJobId(job.id);

  constructor(@InjectQueue(CHART_QUEUE) private readonly queue: Queue) {
    this.queue.on('waiting', this.listener);
  }

  onModuleDestroy(): void {
    this.queue.off('waiting', this.listener);
  }
}
