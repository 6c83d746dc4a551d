import { Global, Module } from '@nestjs/common';
import { JobRunner } from './job-runner.service';
import { KeyLoad } from './key-load';
import { OutageGate } from './outage-gate';
import { PendingJobs } from './pending-jobs';
import { QueueEventsService } from './queue-events.service';

/** The producer side: the shared QueueEvents stream, the jobs waited for, fairness, and the JobRunner (the queue itself is global). */
@Global()
@Module({
  providers: [QueueEventsService, PendingJobs, OutageGate, KeyLoad, JobRunner],
  exports: [JobRunner, QueueEventsService, OutageGate, KeyLoad, PendingJobs],
})
export class QueueModule {}
