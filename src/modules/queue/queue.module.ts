import { Global, Module } from '@nestjs/common';
import { JobRunner } from './job-runner.service';
import { QueueEventsService } from './queue-events.service';

/** The producer side: the shared QueueEvents stream and the JobRunner (the queue itself is global). */
@Global()
@Module({
  providers: [QueueEventsService, JobRunner],
  exports: [JobRunner, QueueEventsService],
})
export class QueueModule {}
