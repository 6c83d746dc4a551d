import type Redis from 'ioredis';

/**
 * Requests waiting in a queue for a worker: a job waits in 'wait' or, with a priority (all of ours), in
 * 'prioritized'; a group job (several light requests travelling together) counts its items.
 */
export async function waitingRequests(redis: Redis, queueKey: string): Promise<number> {
  const ids = [...(await redis.lrange(`${queueKey}:wait`, 0, -1)), ...(await redis.zrange(`${queueKey}:prioritized`, '0', '-1'))];
  let requests = 0;
  for (const id of ids) {
    const [name, data] = await redis.hmget(`${queueKey}:${id}`, 'name', 'data');
    requests += name === 'group' ? (JSON.parse(data ?? '{}') as { items: unknown[] }).items.length : 1;
  }
  return requests;
}
