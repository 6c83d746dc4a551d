import { Global, Module } from '@nestjs/common';
import { MetricsModule } from '../modules/metrics/metrics.module';
import { ChartWorkerState } from './chart-worker.state';
import { ChartProcessor } from './chart.processor';
import { HeavyProcessor } from './heavy.processor';

/** The worker side: one processor per lane. */
@Global()
@Module({
  imports: [MetricsModule],
  providers: [ChartWorkerState, ChartProcessor, HeavyProcessor],
  exports: [ChartWorkerState],
})
export class ProcessorsModule {}
