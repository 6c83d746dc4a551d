import type { RedisOptions } from 'bullmq';

/**
 * ioredis options from a redis:// or rediss:// URL. The base of every connection made by
 * src/modules/redis/redis-connection.ts (the one factory; connect through it, not through this).
 */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const u = new URL(url);
  const db = u.pathname && u.pathname !== '/' ? Number(u.pathname.slice(1)) : 0;
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: Number.isFinite(db) ? db : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    // Reconnect forever with a capped back-off: readiness reports the outage, the process stays up.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  };
}
