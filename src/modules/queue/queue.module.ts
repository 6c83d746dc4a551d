import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { JobRunner } from './job-runner.service';
import { OutageGate } from '../../common/outage-gate';
import { CostShare } from './path/3-cost-share';
import { Lanes } from './path/4-lanes';
import { Coalescer, RESULT_CACHE } from './path/5-coalesce';
import { PendingJobs } from './path/6-pending-jobs';
import { ResultCache } from './result-cache';
import { QueueEventsService } from './queue-events.service';

/**
 * A request is refused at admission when predicted to finish later than its deadline less this share of the time
 * limit (the estimate's error, and the answer's way back).
 */
const PREDICTION_MARGIN = 0.1;

/** The producer side: the request path's stages (path/), the QueueEvents streams, and the JobRunner (the queues themselves are global). */
@Global()
@Module({
  providers: [
    QueueEventsService,
    PendingJobs,
    OutageGate,
    Lanes,
    {
      provide: CostShare,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new CostShare(config.costBudgetMs, Math.max(250, config.jobTimeoutMs * PREDICTION_MARGIN)),
    },
    {
      provide: RESULT_CACHE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new ResultCache(config.resultCacheMb * 1024 * 1024, config.resultCacheSeconds * 1000),
    },
    Coalescer,
    JobRunner,
  ],
  exports: [JobRunner, QueueEventsService, OutageGate, CostShare, PendingJobs, Lanes, Coalescer, RESULT_CACHE],
})
export class QueueModule {}
