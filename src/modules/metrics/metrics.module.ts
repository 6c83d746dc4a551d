import { Module } from '@nestjs/common';
import { HealthModule } from '../health/health.module';
import { JobMetricsService } from './job-metrics.service';
import { MetricsController } from './metrics.controller';
import { MetricsServer } from './metrics-server';
import { MetricsService } from './metrics.service';

/** Prometheus metrics for every role: GET /metrics (or on METRICS_PORT), HTTP and queue series, and job series in workers. */
@Module({
  imports: [HealthModule],
  controllers: [MetricsController],
  providers: [MetricsService, JobMetricsService, MetricsServer],
  exports: [MetricsService],
})
export class MetricsModule {}
