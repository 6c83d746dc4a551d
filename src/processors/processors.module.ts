import { Global, Module } from '@nestjs/common';
import { ChartWorkerState } from './chart-worker.state';
import { ChartProcessor } from './chart.processor';

/** The worker side: the chart processor. */
@Global()
@Module({
  providers: [ChartWorkerState, ChartProcessor],
  exports: [ChartWorkerState],
})
export class ProcessorsModule {}
