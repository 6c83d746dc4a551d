/**
 * The one place that turns the configuration into Redis connections, for BullMQ (queue, worker, queue events)
 * and for plain clients (API keys, health, the key CLI, the startup check). Three modes (see AppConfig):
 *
 * - single:   REDIS_URL.
 * - sentinel: REDIS_SENTINELS + REDIS_SENTINEL_NAME; ioredis asks a Sentinel for the primary on every
 *             (re)connect, follows Sentinel's +switch-master announcements (failoverDetector) and reconnects
 *             when a demoted primary answers READONLY. REDIS_URL still gives password, db and TLS.
 * - cluster:  REDIS_CLUSTER_NODES; an ioredis Cluster. Every key carries the `{prefix}` hash tag
 *             (config.queuePrefix), so BullMQ's multi-key scripts stay in one slot.
 *
 * All failover handling is ioredis's own; this module only sets its options.
 */
import type { ConnectionOptions } from 'bullmq';
import Redis, { Cluster, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { AppConfig } from '../../config/app-config';
import { clusterNodeConnector } from './cluster-node-connector';
import { FailoverSafeSentinelConnector } from './failover-safe-sentinel-connector';
import { redisOptionsFromUrl } from './redis-options';

/** Per-purpose settings on top of the configuration. */
export interface ConnectionOverrides {
  /** false: commands fail at once while disconnected instead of waiting in memory. */
  enableOfflineQueue?: boolean;
  maxRetriesPerRequest?: number | null;
  /** null: never reconnect (one-shot tools); default: the capped back-off below. */
  retryStrategy?: ((times: number) => number | null) | null;
  connectTimeout?: number;
  /** How long a closing socket may linger before it is destroyed (ioredis default 2 s). */
  disconnectTimeout?: number;
  lazyConnect?: boolean;
  connectionName?: string;
}

/** Reconnect forever with a capped back-off: readiness reports the outage, the process stays up. */
export const reconnectDelay = (times: number): number => Math.min(times * 200, 2_000);

/** When every Sentinel is unreachable, ask them again after this (they usually answer within a second). */
const sentinelRetryDelay = (times: number): number => Math.min(times * 100, 1_000);

/**
 * A client still connected to a primary that Sentinel has demoted gets READONLY on writes: reconnect (which
 * asks a Sentinel for the new primary) and resend the command, which the replica did not execute.
 */
export function reconnectOnReadonly(err: Error): 2 | false {
  return /\bREADONLY\b/.test(err.message) ? 2 : false;
}

const pick = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** ioredis options for a single node or a Sentinel-managed primary (not for cluster mode). */
export function redisClientOptions(config: AppConfig, overrides: ConnectionOverrides = {}): RedisOptions {
  if (config.redisMode === 'cluster') throw new Error('cluster mode has no single-node options; use redisConnection()');
  const { retryStrategy, ...rest } = overrides;
  const oneShot = retryStrategy === null;
  const base: RedisOptions = {
    ...redisOptionsFromUrl(config.redisUrl),
    ...pick(rest),
    retryStrategy: oneShot ? () => null : (retryStrategy ?? reconnectDelay),
  };
  if (config.redisMode === 'single') return base;

  const { host: _host, port: _port, ...nodeOptions } = base;
  return {
    ...nodeOptions,
    sentinels: config.redisSentinels,
    name: config.redisSentinelName,
    sentinelPassword: config.redisSentinelPassword,
    // rediss:// in REDIS_URL: TLS to the data nodes (the Sentinels are asked in clear).
    enableTLSForSentinelMode: Boolean(nodeOptions.tls),
    sentinelRetryStrategy: oneShot ? () => null : sentinelRetryDelay,
    sentinelCommandTimeout: 2_000,
    // Long-lived clients subscribe to +switch-master on the Sentinels and reconnect as soon as a failover ends.
    failoverDetector: !oneShot,
    // ioredis's connector, except that a failover announced during a reconnect restarts it instead of ending the
    // client for good (see failover-safe-sentinel-connector.ts).
    Connector: FailoverSafeSentinelConnector,
    sentinelReconnectStrategy: (times: number) => Math.min(times * 1_000, 10_000),
    reconnectOnError: reconnectOnReadonly,
  };
}

/** ioredis Cluster options (cluster mode). Node connections use REDIS_URL's user, password and TLS. */
export function clusterClientOptions(config: AppConfig, overrides: ConnectionOverrides = {}): ClusterOptions {
  const { host: _host, port: _port, db: _db, retryStrategy: _r, ...nodeOptions } = redisOptionsFromUrl(config.redisUrl);
  const oneShot = overrides.retryStrategy === null;
  return pick({
    clusterRetryStrategy: oneShot ? () => null : (overrides.retryStrategy ?? reconnectDelay),
    enableOfflineQueue: overrides.enableOfflineQueue,
    lazyConnect: overrides.lazyConnect,
    slotsRefreshTimeout: 2_000,
    redisOptions: pick({
      ...nodeOptions,
      maxRetriesPerRequest: overrides.maxRetriesPerRequest,
      connectTimeout: overrides.connectTimeout,
      disconnectTimeout: overrides.disconnectTimeout,
      connectionName: overrides.connectionName,
    }),
  });
}

/** A plain client (Redis or Cluster) for the configured mode. */
export function createRedisClient(config: AppConfig, overrides: ConnectionOverrides = {}): Redis | Cluster {
  if (config.redisMode === 'cluster') return new Cluster(config.redisClusterNodes ?? [], clusterClientOptions(config, overrides));
  return new Redis(redisClientOptions(config, overrides));
}

/**
 * A client for SUBSCRIBE (a subscribed connection runs nothing else). In cluster mode a plain client on one node at a
 * time (cluster-node-connector.ts says why), with REDIS_URL's user, password and TLS; otherwise createRedisClient's.
 * It reconnects with the capped back-off and resubscribes by itself.
 */
export function createSubscriber(config: AppConfig): Redis {
  if (config.redisMode !== 'cluster') return createRedisClient(config, { maxRetriesPerRequest: null }) as Redis;
  const { db: _db, ...nodeOptions } = redisOptionsFromUrl(config.redisUrl);
  return new Redis({
    ...nodeOptions,
    retryStrategy: reconnectDelay,
    maxRetriesPerRequest: null,
    Connector: clusterNodeConnector(config.redisClusterNodes ?? []),
  });
}

/**
 * Cluster instances handed to BullMQ. BullMQ shares a passed instance for non-blocking use (Queue, a Worker's
 * main connection) and never closes it, and duplicates it for blocking use (QueueEvents, a Worker's blocking
 * connection; it closes those copies itself). closeBullConnections() closes the shared ones at shutdown.
 */
const bullClusters = new Set<Cluster>();

/**
 * What BullMQ's `connection` option takes: ioredis options (single node, Sentinel) from which BullMQ builds
 * its own clients, or, in cluster mode, a lazily connecting Cluster (BullMQ cannot build one from options).
 * BullMQ sets maxRetriesPerRequest to null on its blocking connections itself.
 */
export function bullConnection(config: AppConfig, overrides: ConnectionOverrides = {}): ConnectionOptions {
  // (ioredis's option type is what BullMQ passes on to ioredis; BullMQ declares a looser one of its own.)
  if (config.redisMode !== 'cluster') return redisClientOptions(config, overrides) as ConnectionOptions;
  // Blocking duplicates inherit these node options, and BullMQ refuses a blocking client with retries set.
  const cluster = new Cluster(config.redisClusterNodes ?? [], clusterClientOptions(config, { ...overrides, maxRetriesPerRequest: null, lazyConnect: true }));
  cluster.on('error', () => undefined); // BullMQ forwards errors of the clients it uses; this one may stay unused
  bullClusters.add(cluster);
  cluster.once('end', () => bullClusters.delete(cluster));
  return cluster;
}

/** Closes the Cluster instances given to BullMQ (no-op outside cluster mode). Call after queues and workers closed. */
export async function closeBullConnections(): Promise<void> {
  const open = [...bullClusters];
  bullClusters.clear();
  await Promise.all(
    open.map(async (cluster) => {
      if (cluster.status === 'wait' || cluster.status === 'end') return cluster.disconnect();
      await cluster.quit().catch(() => cluster.disconnect());
    }),
  );
}

/** Where Redis is, for messages (no password). */
export function describeRedis(config: AppConfig): string {
  const list = (nodes: { host: string; port: number }[] = []) =>
    nodes.map((n) => (n.host.includes(':') ? `[${n.host}]:${n.port}` : `${n.host}:${n.port}`)).join(',');
  if (config.redisMode === 'sentinel') return `the primary of Sentinel group "${config.redisSentinelName}" (Sentinels ${list(config.redisSentinels)})`;
  if (config.redisMode === 'cluster') return `the Redis Cluster at ${list(config.redisClusterNodes)}`;
  const url = new URL(config.redisUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

/**
 * True when Redis answers PING within the time given: a single node, the primary named by the Sentinels, or
 * the cluster (slots known and a node answering). No reconnect attempts.
 */
export async function pingRedis(config: AppConfig, timeoutMs = 1_500): Promise<boolean> {
  const client = createRedisClient(config, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    disconnectTimeout: 100,
    maxRetriesPerRequest: 0,
    retryStrategy: null,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs * 2);
  });
  const attempt = (async () => {
    await client.connect();
    return (await client.ping()) === 'PONG';
  })().catch(() => false);
  try {
    return await Promise.race([attempt, deadline]);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/**
 * The node that holds every key of ours (key store, purchases). In a cluster every key of ours carries the `{prefix}` hash tag, so all of
 * them live on the primary that owns that one slot: talk to it directly, so that SCAN sees them all and
 * per-node commands (WAITAOF) ask the right server.
 */
export async function prefixNode(redis: Redis | Cluster, queuePrefix: string): Promise<Redis> {
  if (!(redis instanceof Cluster)) return redis;
  const slot = Number(await redis.cluster('KEYSLOT', queuePrefix));
  const owner = redis.slots[slot]?.[0];
  const node = redis.nodes('master').find((n) => `${n.options.host}:${n.options.port}` === owner);
  if (!node) throw new Error(`no cluster node owns slot ${slot}`);
  return node;
}
