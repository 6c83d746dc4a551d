import { BullModule } from '@nestjs/bullmq';
import type { QueueOptions } from 'bullmq';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CHART_QUEUE } from '../../jobs/job-types';
import { redisOptionsFromUrl } from './redis-options';

/**
 * The chart queue, available to every module of the process (producer, health, metrics, dashboard).
 * Its connection fails fast while Redis is down instead of queueing commands in memory.
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: redisOptionsFromUrl(config.redisUrl), prefix: config.queuePrefix }),
    }),
    BullModule.registerQueueAsync({
      name: CHART_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): QueueOptions => ({
        connection: { ...redisOptionsFromUrl(config.redisUrl), enableOfflineQueue: false },
        prefix: config.queuePrefix,
      }),
    }),
  ],
  exports: [BullModule],
})
export class ChartQueueModule {}
