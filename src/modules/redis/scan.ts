import type Redis from 'ioredis';

/** Every key name matching `pattern`, by SCAN (never KEYS, which blocks Redis), a batch at a time. */
export async function* scanNames(redis: Redis, pattern: string): AsyncGenerator<string> {
  let cursor = '0';
  do {
    const [next, names] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    yield* names;
  } while (cursor !== '0');
}

/** Deletes every key under `prefix:` (and only those), a SCAN batch at a time; answers how many went. */
export async function deleteByPrefix(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  let batch: string[] = [];
  for await (const name of scanNames(redis, `${prefix}:*`)) {
    batch.push(name);
    if (batch.length >= 500) {
      deleted += await redis.unlink(...batch);
      batch = [];
    }
  }
  if (batch.length) deleted += await redis.unlink(...batch);
  return deleted;
}
