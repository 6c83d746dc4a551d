import { Global, Module } from '@nestjs/common';
import { MetricsModule } from '../modules/metrics/metrics.module';
import { AbandonedJobsListener } from './abandoned-jobs.listener';
import { BulkProcessor } from './bulk.processor';
import { ChartWorkerState } from './chart-worker.state';
import { ChartProcessor } from './chart.processor';
import { HeavyProcessor } from './heavy.processor';

/** The worker side: one processor per lane (and one for bulk jobs' chunks), and the listener that stops heavy jobs nobody waits for. */
@Global()
@Module({
  imports: [MetricsModule],
  providers: [ChartWorkerState, ChartProcessor, HeavyProcessor, BulkProcessor, AbandonedJobsListener],
  exports: [ChartWorkerState],
})
export class ProcessorsModule {}
