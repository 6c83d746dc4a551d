import { Cluster } from 'ioredis';
import { createServer, Server } from 'node:net';
import { loadConfig } from '../../config/app-config';
import { FailoverSafeSentinelConnector } from './failover-safe-sentinel-connector';
import {
  bullConnection,
  closeBullConnections,
  clusterClientOptions,
  createRedisClient,
  describeRedis,
  pingRedis,
  reconnectDelay,
  reconnectOnReadonly,
  redisClientOptions,
} from './redis-connection';

const REAL_REDIS = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A port that refuses connections (listened on, then closed). */
async function deadPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('redis connection factory', () => {
  afterEach(() => closeBullConnections());

  it('keeps the capped reconnect back-off', () => {
    expect([1, 2, 5, 10, 100].map(reconnectDelay)).toEqual([200, 400, 1000, 2000, 2000]);
  });

  describe('single node (REDIS_URL)', () => {
    it('takes host, port, user, password, db and TLS from the URL and applies the overrides', () => {
      const config = loadConfig({ REDIS_URL: 'rediss://user:p%40ss@redis.example:6380/2' });
      const o = redisClientOptions(config, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      expect(o).toMatchObject({
        host: 'redis.example',
        port: 6380,
        username: 'user',
        password: 'p@ss',
        db: 2,
        tls: {},
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
      });
      expect(o.retryStrategy!(3)).toBe(600);
      expect(o.sentinels).toBeUndefined();
      expect(redisClientOptions(config, { retryStrategy: null }).retryStrategy!(1)).toBeNull();
    });

    it('gives BullMQ options (it builds its own clients from them)', () => {
      const c = bullConnection(loadConfig({}), { enableOfflineQueue: false });
      expect(c).not.toBeInstanceOf(Cluster);
      expect(c).toMatchObject({ host: '127.0.0.1', port: 6379, enableOfflineQueue: false });
    });

    it('describes the URL without its password', () => {
      expect(describeRedis(loadConfig({ REDIS_URL: 'redis://:secret@h:1/0' }))).toBe('redis://:***@h:1/0');
    });
  });

  describe('Sentinel', () => {
    const env = { REDIS_SENTINELS: 's1:26379,s2:26380', REDIS_SENTINEL_NAME: 'mymaster', REDIS_SENTINEL_PASSWORD: 'sp', REDIS_URL: 'redis://:pw@ignored:1/3' };

    it('asks the Sentinels for the primary; REDIS_URL gives password and db, not the address', () => {
      const o = redisClientOptions(loadConfig(env), { enableOfflineQueue: false });
      expect(o).toMatchObject({
        sentinels: [
          { host: 's1', port: 26379 },
          { host: 's2', port: 26380 },
        ],
        name: 'mymaster',
        sentinelPassword: 'sp',
        password: 'pw',
        db: 3,
        enableOfflineQueue: false,
        failoverDetector: true,
        Connector: FailoverSafeSentinelConnector,
        enableTLSForSentinelMode: false,
      });
      expect(o.host).toBeUndefined();
      expect(o.port).toBeUndefined();
      expect(o.retryStrategy!(20)).toBe(2000);
      expect(o.sentinelRetryStrategy!(3)).toBe(300);
      expect(o.sentinelRetryStrategy!(50)).toBe(1000);
    });

    it('reconnects (and so re-resolves the primary) on READONLY, resending the refused command', () => {
      const o = redisClientOptions(loadConfig(env));
      expect(o.reconnectOnError).toBe(reconnectOnReadonly);
      expect(reconnectOnReadonly(new Error("READONLY You can't write against a read only replica."))).toBe(2);
      expect(reconnectOnReadonly(new Error("ERR Error running script: READONLY You can't write against a read only replica"))).toBe(2);
      expect(reconnectOnReadonly(new Error('ERR wrong number of arguments'))).toBe(false);
    });

    it('uses TLS to the data nodes for rediss://', () => {
      expect(redisClientOptions(loadConfig({ ...env, REDIS_URL: 'rediss://h' }))).toMatchObject({ tls: {}, enableTLSForSentinelMode: true });
    });

    it('one-shot clients neither retry nor watch for failovers', () => {
      const o = redisClientOptions(loadConfig(env), { retryStrategy: null });
      expect(o.retryStrategy!(1)).toBeNull();
      expect(o.sentinelRetryStrategy!(1)).toBeNull();
      expect(o.failoverDetector).toBe(false);
    });

    it('gives BullMQ Sentinel options', () => {
      expect(bullConnection(loadConfig(env))).toMatchObject({
        name: 'mymaster',
        sentinels: [
          { host: 's1', port: 26379 },
          { host: 's2', port: 26380 },
        ],
      });
    });

    it('describes the group and its Sentinels', () => {
      expect(describeRedis(loadConfig(env))).toBe('the primary of Sentinel group "mymaster" (Sentinels s1:26379,s2:26380)');
    });
  });

  describe('Cluster', () => {
    const env = { REDIS_CLUSTER_NODES: '127.0.0.1:7000,127.0.0.1:7001', REDIS_URL: 'rediss://u:pw@ignored:1' };

    it('builds Cluster options with the capped back-off and the URL credentials on every node', () => {
      const o = clusterClientOptions(loadConfig(env), { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      expect(o).toMatchObject({ enableOfflineQueue: false, redisOptions: { username: 'u', password: 'pw', tls: {}, maxRetriesPerRequest: 1 } });
      expect(o.clusterRetryStrategy!(4)).toBe(800);
      expect(o.redisOptions).not.toHaveProperty('host');
      expect(o.redisOptions).not.toHaveProperty('db');
      expect(clusterClientOptions(loadConfig(env), { retryStrategy: null }).clusterRetryStrategy!(1)).toBeNull();
    });

    it('gives BullMQ a lazily connecting Cluster instance, safe to duplicate for blocking use', async () => {
      const c = bullConnection(loadConfig(env), { enableOfflineQueue: false }) as Cluster;
      expect(c).toBeInstanceOf(Cluster);
      expect(c.status).toBe('wait'); // not connected until BullMQ uses it
      expect(c.options).toMatchObject({ enableOfflineQueue: false, lazyConnect: true });
      // BullMQ refuses a blocking duplicate whose node options set maxRetriesPerRequest.
      expect(c.options.redisOptions?.maxRetriesPerRequest).toBeNull();
      expect(c.options.redisOptions).not.toHaveProperty('keyPrefix');
      await closeBullConnections();
      expect(c.status).toBe('end');
    });

    it('makes plain clients Cluster clients', () => {
      const c = createRedisClient(loadConfig(env), { lazyConnect: true });
      expect(c).toBeInstanceOf(Cluster);
      c.disconnect();
    });

    it('describes the startup nodes', () => {
      expect(describeRedis(loadConfig(env))).toBe('the Redis Cluster at 127.0.0.1:7000,127.0.0.1:7001');
    });
  });

  describe('pingRedis (startup check)', () => {
    it('is true for the Redis that answers', async () => {
      expect(await pingRedis(loadConfig({ REDIS_URL: REAL_REDIS }))).toBe(true);
    });

    it('is false, quickly, when nothing answers: single node, Sentinels, cluster', async () => {
      const port = await deadPort();
      const started = Date.now();
      const answers = await Promise.all([
        pingRedis(loadConfig({ REDIS_URL: `redis://127.0.0.1:${port}` }), 500),
        pingRedis(loadConfig({ REDIS_SENTINELS: `127.0.0.1:${port}`, REDIS_SENTINEL_NAME: 'm' }), 500),
        pingRedis(loadConfig({ REDIS_CLUSTER_NODES: `127.0.0.1:${port}` }), 500),
      ]);
      expect(answers).toEqual([false, false, false]);
      expect(Date.now() - started).toBeLessThan(2_000);
      // ioredis's own Sentinel probe client leaves a 2 s socket-destroy timer behind (not configurable).
      await new Promise((resolve) => setTimeout(resolve, 2_100));
    });

    it('is false when a Sentinel-like server does not know the group', async () => {
      // A plain Redis answers SENTINEL with an error: no primary to be found.
      const url = new URL(REAL_REDIS);
      expect(await pingRedis(loadConfig({ REDIS_SENTINELS: `${url.hostname}:${url.port || 6379}`, REDIS_SENTINEL_NAME: 'nosuchgroup' }), 500)).toBe(false);
    });
  });
});
