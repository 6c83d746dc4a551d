import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { OPERATIONS } from '../operations/operations';
import { RedisClient } from '../redis/redis.module';
import { FLUSH_MS, readUsage, UsageCounter, UsageReport } from './usage-counter';

/**
 * Operations that are not counted: reading one's usage is not use, and a bulk job counts once, when it is created
 * (createJob): following it, cancelling it and reading its results are part of that one use.
 */
const NOT_COUNTED = new Set(['usage', 'getJob', 'cancelJob', 'jobResults', 'jobEvents', 'rotateWebhookSecret']);

/** The API process's usage counter: counts in memory, flushed every FLUSH_MS and on shutdown. */
@Injectable()
export class UsageService implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Usage');
  private readonly counter: UsageCounter;
  private timer?: NodeJS.Timeout;
  private lastWarning = 0;

  constructor(
    private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: MetricsService,
  ) {
    this.counter = new UsageCounter(redis.client, config.queuePrefix);
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flushQuietly(), FLUSH_MS);
    this.timer.unref();
  }

  add(keyHash: string, operation: string): void {
    this.counter.add(keyHash, operation);
    this.metrics?.usageCalls.inc({ operation });
  }

  /** This process's counts are written first, so the answer includes every call it answered before. */
  async report(keyHash: string): Promise<UsageReport> {
    await this.counter.flush();
    return readUsage(this.redis.client, this.config.queuePrefix, keyHash);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flushQuietly();
  }

  /** Requests answered while the server drained: a last flush (best effort, the Redis client may be closing). */
  async onApplicationShutdown(): Promise<void> {
    await this.flushQuietly();
  }

  private async flushQuietly(): Promise<void> {
    try {
      await this.counter.flush();
    } catch (err) {
      if (Date.now() - this.lastWarning > 60_000) {
        this.lastWarning = Date.now();
        this.logger.warn(`usage counts not written yet (kept for the next try): ${(err as Error).message}`);
      }
    }
  }
}

/**
 * The operation id of each counted route, by "METHOD route pattern" as Express names it (`/v1/reference/:kind/:id`
 * for the registry's `/v1/reference/{kind}/{id}`).
 */
const ROUTE_OPERATIONS = new Map<string, string>(
  Object.entries(OPERATIONS as Record<string, { method: string; path: string }>)
    .filter(([id]) => !NOT_COUNTED.has(id))
    .map(([id, op]) => [`${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`, id]),
);

/**
 * What the request log tells of every finished answer to a request with a key (common/request-log.ts): a 2xx of
 * a registry operation is counted under its id. Errors are not counted; a batch counts once, as "batch"; routes
 * outside the registry (MCP, pages) are not counted. In the request log's own finish handler rather than a Nest
 * interceptor: a global interceptor put every request through rxjs and cost 18 % of /v1/chart's throughput
 * (bench limit, interleaved: 1,571 against 1,916 req/s).
 */
export function usageSink(usage: UsageService) {
  return (keyHash: string, method: string, route: string, status: number): void => {
    if (status < 200 || status >= 300) return;
    const operation = ROUTE_OPERATIONS.get(`${method} ${route}`);
    if (operation) usage.add(keyHash, operation);
  };
}
