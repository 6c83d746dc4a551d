import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { createRedisClient } from './redis-connection';

/** One general-purpose Redis client per process (keys, health), fail-fast while disconnected. */
@Injectable()
export class RedisClient implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A Cluster in cluster mode: same commands for what this client is used for (key lookups, PING).
    this.client = createRedisClient(config, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) as Redis;
    this.client.on('error', () => undefined); // outages are reported by health checks, not as unhandled errors
  }

  get up(): boolean {
    return this.client.status === 'ready';
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}

@Global()
@Module({ providers: [RedisClient], exports: [RedisClient] })
export class RedisModule {}
