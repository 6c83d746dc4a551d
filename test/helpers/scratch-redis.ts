/**
 * A real Redis for one spec: a connection and a key prefix of its own, whose keys are deleted (and the connection
 * closed) after the spec. Call it inside `describe`; other data in that Redis is never touched.
 */
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { deleteByPrefix } from '../../src/modules/redis/scan';
import { REDIS_URL } from './service';

export function scratchRedis(name: string): { redis: Redis; prefix: string } {
  const prefix = `test-${name}-${randomBytes(6).toString('hex')}`;
  const redis = new Redis(REDIS_URL);
  afterAll(async () => {
    await deleteByPrefix(redis, prefix);
    redis.disconnect();
  });
  return { redis, prefix };
}
