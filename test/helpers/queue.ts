import type Redis from 'ioredis';
import { shardPrefixes } from '../../src/modules/queue/shards';

/**
 * Requests waiting for a worker in a service's light lane (`charts`), over all its shards (REDIS_QUEUE_SHARDS from
 * this process's environment, as the service under test inherits it; a single Redis, not a cluster). A job waits in
 * 'wait' or, with a priority (all of ours), in 'prioritized'; a group job (several light requests travelling
 * together) counts its items.
 */
export async function waitingRequests(redis: Redis, prefix: string, lane = 'charts'): Promise<number> {
  const shards = Number(process.env.REDIS_QUEUE_SHARDS ?? 1);
  let requests = 0;
  for (const shard of shardPrefixes(prefix, prefix, shards, false)) {
    const queueKey = `${shard}:${lane}`;
    const ids = [...(await redis.lrange(`${queueKey}:wait`, 0, -1)), ...(await redis.zrange(`${queueKey}:prioritized`, '0', '-1'))];
    for (const id of ids) {
      const [name, data] = await redis.hmget(`${queueKey}:${id}`, 'name', 'data');
      requests += name === 'group' ? (JSON.parse(data ?? '{}') as { items: unknown[] }).items.length : 1;
    }
  }
  return requests;
}
