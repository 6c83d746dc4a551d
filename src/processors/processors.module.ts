import { Global, Module } from '@nestjs/common';
import { MetricsModule } from '../modules/metrics/metrics.module';
import { AbandonedJobsListener } from './abandoned-jobs.listener';
import { BulkProcessor } from './bulk.processor';
import { WebhookProcessor } from './webhook.processor';
import { WorkerState } from './worker.state';
import { LightProcessor } from './light.processor';
import { HeavyProcessor } from './heavy.processor';

/** The worker side: one processor per lane (and one each for bulk jobs' chunks and their webhooks), and the listener that stops heavy jobs nobody waits for. */
@Global()
@Module({
  imports: [MetricsModule],
  providers: [WorkerState, LightProcessor, HeavyProcessor, BulkProcessor, WebhookProcessor, AbandonedJobsListener],
  exports: [WorkerState],
})
export class ProcessorsModule {}
