import { DynamicModule, Module } from '@nestjs/common';
import { ChildStops } from './common/child-stops';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { HealthModule } from './modules/health/health.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { QueuesModule } from './modules/queue/queues.module';
import { RedisModule } from './modules/redis/redis.module';
import { ProcessorsModule } from './processors/processors.module';

/**
 * One module tree, two roles. `api` serves HTTP and produces jobs; `worker` runs the processors with only
 * health routes; `all` does both in one process.
 */
@Module({})
export class AppModule {
  static forRole(config: AppConfig): DynamicModule {
    const imports: DynamicModule['imports'] = [ConfigModule.forRoot(config), RedisModule, QueuesModule, HealthModule, MetricsModule];
    // Required for the API role only (api-role.ts): a worker process never loads the API's modules.
    if (config.role !== 'worker') imports.push(...apiRole().apiModules(config));
    if (config.role !== 'api') imports.push(ProcessorsModule.forConfig(config));
    return { module: AppModule, imports, providers: [ChildStops] };
  }
}

/** The API role's modules and HTTP pieces, loaded by the processes that serve the API only (api-role.ts says why). */
export function apiRole(): typeof import('./api-role') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded for the API role only, see above
  return require('./api-role') as typeof import('./api-role');
}
