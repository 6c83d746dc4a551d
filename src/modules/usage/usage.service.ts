import {
  BeforeApplicationShutdown,
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  Logger,
  NestInterceptor,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import type { RequestTrace } from '../../common/request-log';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { OPERATIONS } from '../operations/operations';
import { RedisClient } from '../redis/redis.module';
import { FLUSH_MS, readUsage, UsageCounter, UsageReport } from './usage-counter';

/** Where @ApiOperation keeps its options (@nestjs/swagger DECORATORS.API_OPERATION): the operation id. */
const API_OPERATION = 'swagger/apiOperation';

/** Operations that are not counted: reading one's usage is not use. */
const NOT_COUNTED = new Set(['usage']);

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
  ) {
    this.counter = new UsageCounter(redis.client, config.queuePrefix);
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flushQuietly(), FLUSH_MS);
    this.timer.unref();
  }

  add(keyHash: string, operation: string): void {
    this.counter.add(keyHash, operation);
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
 * Counts every call made with a key that reached its handler and was answered 2xx, under its operation id (the
 * operation registry's, src/modules/operations/operations.ts). Errors (4xx, 5xx) are not counted; a batch counts
 * once, as "batch". Routes without an operation id (MCP, pages) are not counted.
 */
@Injectable()
export class UsageInterceptor implements NestInterceptor {
  constructor(private readonly usage: UsageService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const operation = (Reflect.getMetadata(API_OPERATION, context.getHandler()) as { operationId?: string } | undefined)?.operationId;
      if (operation && operation in OPERATIONS && !NOT_COUNTED.has(operation)) {
        const res = context.switchToHttp().getResponse<Response>();
        const keyHash = (res.locals as RequestTrace).keyHash;
        if (keyHash) {
          res.once('finish', () => {
            if (res.statusCode >= 200 && res.statusCode < 300) this.usage.add(keyHash, operation);
          });
        }
      }
    }
    return next.handle();
  }
}
