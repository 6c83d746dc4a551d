import { DynamicModule, Module, Type } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { AdminModule } from './modules/admin/admin.module';
import { AdviceModule } from './modules/advice/advice.module';
import { AuthModule } from './modules/auth/auth.module';
import { ChartModule } from './modules/chart/chart.module';
import { HealthModule } from './modules/health/health.module';
import { HomeModule } from './modules/home/home.module';
import { McpModule } from './modules/mcp/mcp.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { QueueModule } from './modules/queue/queue.module';
import { QueuesModule } from './modules/queue/queues.module';
import { RedisModule } from './modules/redis/redis.module';
import { BatchModule } from './modules/batch/batch.module';
import { BulkModule } from './modules/bulk/bulk.module';
import { PlacesModule } from './modules/places/places.module';
import { ReferenceModule } from './modules/reference/reference.module';
import { PurchaseModule } from './modules/purchase/purchase.module';
import { RecoveryModule } from './modules/recovery/recovery.module';
import { SdkModule } from './modules/sdk/sdk.module';
import { UsageModule } from './modules/usage/usage.module';
import { TimeSeriesModule } from './modules/time-series/time-series.module';
import { ProcessorsModule } from './processors/processors.module';

/** Feature modules that serve public HTTP routes (API role only). */
const API_FEATURES: Type[] = [
  ChartModule,
  BatchModule,
  BulkModule,
  TimeSeriesModule,
  PlacesModule,
  ReferenceModule,
  AdviceModule,
  PurchaseModule,
  RecoveryModule,
  McpModule,
  HomeModule,
  SdkModule,
  UsageModule,
];

/**
 * One module tree, two roles. `api` serves HTTP and produces jobs; `worker` runs the processors with only
 * health routes; `all` does both in one process.
 */
@Module({})
export class AppModule {
  static forRole(config: AppConfig): DynamicModule {
    const imports: DynamicModule['imports'] = [ConfigModule.forRoot(config), RedisModule, QueuesModule, HealthModule, MetricsModule];
    if (config.role !== 'worker') imports.push(AuthModule, QueueModule, ...API_FEATURES, AdminModule.forRoot(config));
    if (config.role !== 'api') imports.push(ProcessorsModule.forConfig(config));
    return { module: AppModule, imports };
  }
}
