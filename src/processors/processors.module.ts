import { DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { MetricsModule } from '../modules/metrics/metrics.module';
import { AbandonedJobsListener } from './abandoned-jobs.listener';
import { BulkProcessor } from './bulk.processor';
import { lanesInThisProcess } from './heavy-child';
import { WebhookProcessor } from './webhook.processor';
import { WorkerState } from './worker.state';
import { LightProcessor } from './light.processor';
import { HeavyProcessor } from './heavy.processor';

/**
 * The worker side: one processor per lane (and one each for bulk jobs' chunks and their webhooks, which go with the
 * light lane), and the listener that stops heavy jobs nobody waits for (with the heavy lane). Which lanes this
 * process consumes is WORKER_LANES's (processors/heavy-child.ts).
 */
@Global()
@Module({})
export class ProcessorsModule {
  static forConfig(config: AppConfig): DynamicModule {
    const lanes = lanesInThisProcess(config);
    const providers: Provider[] = [WorkerState];
    if (lanes !== 'heavy') providers.push(LightProcessor, BulkProcessor, WebhookProcessor);
    if (lanes !== 'light') providers.push(HeavyProcessor, AbandonedJobsListener);
    return { module: ProcessorsModule, imports: [MetricsModule], providers, exports: [WorkerState] };
  }
}
