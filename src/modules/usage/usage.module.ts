import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

/** Per-key usage (README "Usage"): counted from the request log's finish handler (usageSink), answered at GET /v1/usage. */
@Module({
  imports: [MetricsModule],
  controllers: [UsageController],
  providers: [UsageService],
  exports: [UsageService],
})
export class UsageModule {}
