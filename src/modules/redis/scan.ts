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
