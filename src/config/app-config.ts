/**
 * Configuration from the environment, validated once at boot. A bad value stops the process with one clear
 * line and exit code 1 (see main.ts). Every variable is documented in the README.
 */
import { defaultMaxConnections } from '../common/connection-limits';
import { shardPrefixes } from '../modules/queue/shards';
import { API_HEAP_GROWTH_PERCENT } from './api-heap';

export type AppRole = 'api' | 'worker' | 'all';
/**
 * Which lanes a worker process consumes. `split` (the default): the light lane (and bulk jobs, webhooks) here, the
 * heavy lane in one child process of its own at a lower CPU priority (HEAVY_NICE), so that the operating system runs
 * light work first whenever both want a core (processors/heavy-child.ts). `both`: the two lanes in this one process,
 * heavy work in slices between light jobs. `light`, `heavy`: one lane only, for deployments that scale them apart.
 */
export type WorkerLanes = 'split' | 'both' | 'light' | 'heavy';

export interface AppConfig {
  role: AppRole;
  port: number;
  redisUrl: string;
  /** True when REDIS_URL was not set: `npm start` may then start a private redis-server. */
  redisUrlIsDefault: boolean;
  staticApiKeys: string[];
  workerConcurrency: number;
  jobTimeoutMs: number;
  /** SHUTDOWN_TIMEOUT_MS: after a stop signal the process exits by then, however its graceful close is going. */
  shutdownTimeoutMs: number;
  queueMaxWaiting: number;
  /** Requests of one key worked on at once per API process; more wait their turn, unread (0: no limit). */
  keyConcurrency: number;
  /** MAX_CONNECTIONS: open connections of a process (0: no limit; default 80 % of its open-file limit). */
  maxConnections: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: open connections from one client address (0: no limit, as behind a proxy). */
  maxConnectionsPerAddress: number;
  /** Estimated work (ms of CPU) one API process admits at once, shared equally by the keys with work in flight. */
  costBudgetMs: number;
  /** Heavy jobs (time series, PNGs, unknown-time days) one worker process runs at once. */
  heavyConcurrency: number;
  /** WORKER_LANES: the lanes a worker process consumes (see WorkerLanes). */
  workerLanes: WorkerLanes;
  /**
   * HEAVY_NICE: the nice value (0-19) a process consuming only the heavy lane takes at start (5: a light process wins
   * a core at once, and a busy heavy process still keeps about a quarter of one; see README "Fair use").
   */
  heavyNice: number;
  /** Light answers an API process keeps in memory for repeated requests: at most this many MB (0: none) … */
  resultCacheMb: number;
  /** … for at most this many seconds. */
  resultCacheSeconds: number;
  /** Requests that may wait at once for Redis to come back (beyond: 503 at once). */
  outageMaxWaiting: number;
  /** MCP_MAX_BATCH_CALLS: tool calls one MCP request (a JSON-RPC batch) may make; later ones get a JSON-RPC error. */
  mcpMaxBatchCalls: number;
  /** MCP_MAX_ANSWER_BYTES: what one MCP request's tool answers may add up to; beyond, a call answers ANSWER_TOO_LARGE. */
  mcpMaxAnswerBytes: number;
  /** `all` role: worker processes forked beside the API ('auto': the cores the API leaves spare, at least 1; 0 = in-process). */
  workers: number | 'auto';
  /**
   * WORKER_HEAP_MB: the V8 old-space limit of each forked worker process (`--max-old-space-size`), MB; 0 leaves V8's
   * own. A worker holds a few chunks and jobs at a time; without a limit V8 let its heap float to about 590 MB during
   * a 100,000-item bulk job.
   */
  workerHeapMb: number;
  /** API_HEAP_GROWTH_PERCENT: how far the API process's old generation grows past its live objects (config/api-heap.ts). */
  apiHeapGrowthPercent: number;
  adminToken?: string;
  /** ADMIN_READ_WRITE=true enables retry/clean/remove on the queue dashboard (read-only otherwise). */
  adminReadWrite: boolean;
  /** METRICS_PORT: /metrics served on this port alone (0: any free one), not on the public `port`. */
  metricsPort?: number;
  /** METRICS_HOST: the interface the METRICS_PORT listener binds (default 127.0.0.1). */
  metricsHost: string;
  /** When set, /metrics requires `Authorization: Bearer <METRICS_TOKEN>` (see metricsPort for the other way). */
  metricsToken?: string;
  /** SDK_DIR: where GET /sdk/typescript.tgz reads the packed typed client (default: dist/sdk, where `npm run build` packs it). */
  sdkDir?: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Prefix of every Redis key this service writes: REDIS_PREFIX, or `{REDIS_PREFIX}` (a hash tag) in cluster mode. */
  queuePrefix: string;
  /**
   * The light lane's queues, one prefix each (REDIS_QUEUE_SHARDS, default 1: just `queuePrefix`): in a cluster each
   * under its own hash tag, spread over the slot space (modules/queue/shards.ts).
   */
  lightQueuePrefixes: string[];
  /** How Redis is reached: REDIS_URL alone, a Sentinel-managed primary, or a Redis Cluster. */
  redisMode: RedisMode;
  /** REDIS_SENTINELS: the Sentinels to ask for the primary (sentinel mode only). */
  redisSentinels?: RedisNodeAddress[];
  /** REDIS_SENTINEL_NAME: the master group name the Sentinels monitor. */
  redisSentinelName?: string;
  /** REDIS_SENTINEL_PASSWORD: password of the Sentinels themselves (the data nodes use REDIS_URL's). */
  redisSentinelPassword?: string;
  /** REDIS_CLUSTER_NODES: startup nodes of a Redis Cluster (cluster mode only). */
  redisClusterNodes?: RedisNodeAddress[];
  /** JOBS_RETENTION: seconds a bulk job's state and answers are kept after it finishes (default 86,400: a day). */
  jobsRetentionS: number;
  /** JOBS_MAX_ACTIVE_PER_KEY: bulk jobs one key may have queued or running at once (beyond: 429). */
  jobsMaxActivePerKey: number;
  /** JOBS_MAX_STORED_MB: what all bulk jobs' inputs and compressed answers may hold in Redis together (beyond: 503). */
  jobsMaxStoredMb: number;
  /** BULK_CONCURRENCY: chunks of bulk jobs one worker process runs at once (their items always after interactive ones). */
  bulkConcurrency: number;
  /** BULK_WRITER: where a chunk's answers are encoded and compressed: `thread` (a thread of the worker process) or `inline` (processors/chunk-writer.ts). */
  bulkWriter: BulkWriterMode;
  /** BULK_WRITER_NICE: the writer thread's nice value (0-19; Linux), so that it gives way to the API and interactive work. */
  bulkWriterNice: number;
  /** WEBHOOK_ALLOW_PRIVATE=true lets callback URLs reach loopback, private and link-local addresses (tests, private networks). */
  webhookAllowPrivate: boolean;
  /** WEBHOOK_RETRY_BASE_MS: the first retry's delay; each next one doubles, for about a day in all. */
  webhookRetryBaseMs: number;
  /** Selling keys through Stripe Checkout; undefined when STRIPE_SECRET_KEY is not set (purchase routes answer 503). */
  purchase?: PurchaseConfig;
}

export interface PurchaseConfig {
  stripeSecretKey: string;
  /** STRIPE_WEBHOOK_SECRET: the endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** STRIPE_PRICE_ID: a Price made in the Stripe dashboard; otherwise the line item is built from `price`. */
  priceId?: string;
  /** PRICE_AMOUNT (minor units) and PRICE_CURRENCY: the price when no STRIPE_PRICE_ID is given (and shown on /buy). */
  price: { amount: number; currency: string };
  /** PUBLIC_URL: where buyers reach this service (success and cancel URLs, curl examples); no trailing slash. */
  publicUrl: string;
  /** KEY_SEAL_SECRET: seals a new key between its issue and its one reveal (AES-256-GCM). */
  sealSecret: string;
  /** STRIPE_API_URL: another Stripe-compatible endpoint (stripe-mock, tests); default Stripe's own. */
  stripeApiUrl?: URL;
  /**
   * The success page's Stripe lookups of session ids this service does not know, per client address
   * (SESSION_LOOKUPS_PER_MINUTE, default 10; SESSION_LOOKUPS_PER_DAY, default 100; 0: no limit), and how long
   * Stripe's "no such session" is remembered (SESSION_MISSING_CACHE_SECONDS, default 600; 0: not remembered).
   */
  sessionLookups: { perMinute: number; perDay: number; missingCacheSeconds: number };
  /** The buy page's samples per client address (SAMPLES_PER_MINUTE, default 10; SAMPLES_PER_DAY, default 100; 0: no limit). */
  samples: { perMinute: number; perDay: number };
  /** Lost-key recovery by email (/keys/recover); undefined without SMTP_URL (the pages then say recovery is off). */
  recovery?: RecoveryConfig;
}

export interface RecoveryConfig {
  /** SMTP_URL: a nodemailer connection URL (smtp://user:pass@host:587, smtps://…:465; query options are nodemailer's). Holds a password: never logged. */
  smtpUrl: string;
  /** MAIL_FROM: the sender of the recovery messages (`name@example.com` or `Name <name@example.com>`). */
  mailFrom: string;
  /** RECOVERY_LINK_MINUTES: how long a link in a recovery message works (default 30). */
  linkMinutes: number;
  /** Recovery requests per client address: RECOVERY_PER_MINUTE (default 5) and RECOVERY_PER_DAY (default 50); 0: no limit. */
  perAddress: { perMinute: number; perDay: number };
  /** Recovery requests per email address, known or not: RECOVERY_EMAIL_PER_DAY (default 3) per UTC day; 0: no limit. */
  perEmail: { perMinute: number; perDay: number };
}

export type RedisMode = 'single' | 'sentinel' | 'cluster';

export interface RedisNodeAddress {
  host: string;
  port: number;
}

export class ConfigError extends Error {}

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const ROLES: AppRole[] = ['api', 'worker', 'all'];
/** BULK_WRITER's values (processors/chunk-writer.ts). */
export type BulkWriterMode = 'thread' | 'inline';

const WORKER_LANES: WorkerLanes[] = ['split', 'both', 'light', 'heavy'];
const LOG_LEVELS: AppConfig['logLevel'][] = ['debug', 'info', 'warn', 'error', 'silent'];

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] || 'false').trim().toLowerCase();
  if (raw !== 'true' && raw !== 'false') throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
  return raw === 'true';
}

/** `host:port,host:port,…` (IPv6 as `[::1]:port`); a missing port is `defaultPort`. */
function nodeList(env: NodeJS.ProcessEnv, name: string, defaultPort: number): RedisNodeAddress[] | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  return raw.split(',').map((item) => {
    const entry = item.trim();
    const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9_.-]+))(?::(\d{1,5}))?$/.exec(entry);
    const port = m?.[3] === undefined ? defaultPort : Number(m[3]);
    if (!m || port < 1 || port > 65535) throw new ConfigError(`${name} must be a comma-separated list of host:port, got "${entry}"`);
    return { host: m[1] ?? m[2], port };
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const role = (env.APP_ROLE || 'all').trim() as AppRole;
  if (!ROLES.includes(role)) throw new ConfigError(`APP_ROLE must be one of ${ROLES.join(', ')}, got "${env.APP_ROLE}"`);

  const redisUrl = (env.REDIS_URL || DEFAULT_REDIS_URL).trim();
  let parsed: URL;
  try {
    parsed = new URL(redisUrl);
  } catch {
    throw new ConfigError(`REDIS_URL is not a URL: "${redisUrl}"`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got "${redisUrl}"`);
  }

  const staticApiKeys = (env.HD_API_KEYS || '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  for (const key of staticApiKeys) {
    if (key.length < 16) throw new ConfigError('each key in HD_API_KEYS must be at least 16 characters long');
  }

  const bulkWriter = (env.BULK_WRITER || 'thread').trim() as BulkWriterMode;
  if (bulkWriter !== 'thread' && bulkWriter !== 'inline') throw new ConfigError(`BULK_WRITER must be thread or inline, got "${env.BULK_WRITER}"`);
  const workerLanes = (env.WORKER_LANES || 'split').trim() as WorkerLanes;
  if (!WORKER_LANES.includes(workerLanes)) throw new ConfigError(`WORKER_LANES must be one of ${WORKER_LANES.join(', ')}, got "${env.WORKER_LANES}"`);

  const logLevel = (env.LOG_LEVEL || 'info').trim() as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const adminToken = env.ADMIN_TOKEN?.trim() || undefined;
  if (adminToken && adminToken.length < 16) throw new ConfigError('ADMIN_TOKEN must be at least 16 characters long');

  const adminReadWriteRaw = (env.ADMIN_READ_WRITE || 'false').trim().toLowerCase();
  if (adminReadWriteRaw !== 'true' && adminReadWriteRaw !== 'false') throw new ConfigError('ADMIN_READ_WRITE must be true or false');
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  if (metricsToken && metricsToken.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters long');
  // METRICS_PORT: /metrics on a listener of its own (not the public port, which then answers 404 there).
  const metricsPort = env.METRICS_PORT?.trim() ? int(env, 'METRICS_PORT', 0, 0, 65535) : undefined;
  const metricsHost = env.METRICS_HOST?.trim() || '127.0.0.1';
  // /metrics lists key hash prefixes and traffic: in production it is never open to anyone on the public port.
  if (env.NODE_ENV === 'production' && !metricsToken && metricsPort === undefined) {
    throw new ConfigError('in production (NODE_ENV=production) set METRICS_TOKEN or METRICS_PORT: /metrics must not be open on the public port');
  }

  const redisPrefix = (env.REDIS_PREFIX || 'hd').trim();
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(redisPrefix)) throw new ConfigError('REDIS_PREFIX must be 1-32 letters, digits, _ or -');

  const redisSentinels = nodeList(env, 'REDIS_SENTINELS', 26379);
  const redisClusterNodes = nodeList(env, 'REDIS_CLUSTER_NODES', 6379);
  const redisSentinelName = env.REDIS_SENTINEL_NAME?.trim() || undefined;
  const redisSentinelPassword = env.REDIS_SENTINEL_PASSWORD || undefined;
  if (redisSentinels && redisClusterNodes) throw new ConfigError('REDIS_SENTINELS and REDIS_CLUSTER_NODES cannot both be set');
  if (redisSentinels && !redisSentinelName) throw new ConfigError('REDIS_SENTINEL_NAME (the master group name) is required with REDIS_SENTINELS');
  if (!redisSentinels && (redisSentinelName || redisSentinelPassword)) {
    throw new ConfigError('REDIS_SENTINEL_NAME and REDIS_SENTINEL_PASSWORD need REDIS_SENTINELS');
  }
  if (redisSentinelName && !/^[A-Za-z0-9._-]{1,64}$/.test(redisSentinelName)) {
    throw new ConfigError('REDIS_SENTINEL_NAME must be 1-64 letters, digits, ".", "_" or "-"');
  }
  if (redisClusterNodes && parsed.pathname && parsed.pathname !== '/' && parsed.pathname !== '/0') {
    throw new ConfigError('REDIS_URL must not select a database with REDIS_CLUSTER_NODES (a Redis Cluster has only database 0)');
  }
  const redisMode: RedisMode = redisClusterNodes ? 'cluster' : redisSentinels ? 'sentinel' : 'single';
  // BullMQ's scripts touch several keys of a queue at once: in a cluster they must share one hash slot.
  const queuePrefix = redisMode === 'cluster' ? `{${redisPrefix}}` : redisPrefix;

  const lightQueuePrefixes = shardPrefixes(redisPrefix, queuePrefix, int(env, 'REDIS_QUEUE_SHARDS', 1, 1, 64), redisMode === 'cluster');

  const port = int(env, 'PORT', role === 'worker' ? 3001 : 3000, 0, 65535); // 0: any free port
  const jobTimeoutMs = int(env, 'JOB_TIMEOUT_MS', 10_000, 100, 120_000);
  return {
    role,
    port,
    redisUrl,
    redisUrlIsDefault: !env.REDIS_URL,
    staticApiKeys,
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 4, 1, 1000),
    jobTimeoutMs,
    // Default: the requests in flight get their whole deadline, and the close after them 20 s (common/stop-deadline.ts).
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', jobTimeoutMs + 20_000, 1_000, 3_600_000),
    mcpMaxBatchCalls: int(env, 'MCP_MAX_BATCH_CALLS', 32, 1, 1_000),
    mcpMaxAnswerBytes: int(env, 'MCP_MAX_ANSWER_BYTES', 4 * 1024 * 1024, 1_024, 256 * 1024 * 1024),
    queueMaxWaiting: int(env, 'QUEUE_MAX_WAITING', 5_000, 0, 10_000_000),
    keyConcurrency: int(env, 'KEY_CONCURRENCY', 32, 0, 100_000),
    maxConnections: int(env, 'MAX_CONNECTIONS', defaultMaxConnections(), 0, 10_000_000),
    maxConnectionsPerAddress: int(env, 'MAX_CONNECTIONS_PER_ADDRESS', 1_024, 0, 10_000_000),
    costBudgetMs: int(env, 'COST_BUDGET_MS', 3_000, 10, 10_000_000),
    heavyConcurrency: int(env, 'HEAVY_CONCURRENCY', 2, 1, 64),
    workerLanes,
    heavyNice: int(env, 'HEAVY_NICE', 5, 0, 19),
    resultCacheMb: int(env, 'RESULT_CACHE_MB', 64, 0, 65_536),
    resultCacheSeconds: int(env, 'RESULT_CACHE_SECONDS', 600, 0, 86_400),
    outageMaxWaiting: int(env, 'OUTAGE_MAX_WAITING', 2_000, 0, 1_000_000),
    jobsRetentionS: int(env, 'JOBS_RETENTION', 86_400, 60, 30 * 86_400),
    jobsMaxActivePerKey: int(env, 'JOBS_MAX_ACTIVE_PER_KEY', 3, 1, 1_000),
    jobsMaxStoredMb: int(env, 'JOBS_MAX_STORED_MB', 2_048, 1, 1_048_576),
    bulkConcurrency: int(env, 'BULK_CONCURRENCY', 2, 1, 64),
    bulkWriter,
    bulkWriterNice: int(env, 'BULK_WRITER_NICE', 10, 0, 19),
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE'),
    webhookRetryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 10_000, 10, 3_600_000),
    workerHeapMb: int(env, 'WORKER_HEAP_MB', 256, 0, 1_048_576),
    apiHeapGrowthPercent: int(env, 'API_HEAP_GROWTH_PERCENT', API_HEAP_GROWTH_PERCENT, 0, 1_000),
    workers: (env.WORKERS ?? '').trim().toLowerCase() === 'auto' || !env.WORKERS?.trim() ? 'auto' : int(env, 'WORKERS', 0, 0, 256),
    adminToken,
    adminReadWrite: adminReadWriteRaw === 'true',
    metricsToken,
    metricsPort,
    metricsHost,
    sdkDir: env.SDK_DIR?.trim() || undefined,
    logLevel,
    queuePrefix,
    lightQueuePrefixes,
    redisMode,
    redisSentinels,
    redisSentinelName,
    redisSentinelPassword,
    redisClusterNodes,
    purchase: purchaseConfig(env, port),
  };
}

const PURCHASE_VARIABLES = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID', 'PRICE_AMOUNT', 'PRICE_CURRENCY', 'PUBLIC_URL', 'KEY_SEAL_SECRET', 'STRIPE_API_URL'];

function purchaseConfig(env: NodeJS.ProcessEnv, port: number): PurchaseConfig | undefined {
  const stripeSecretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!stripeSecretKey) {
    // Recovery finds purchases and links to PUBLIC_URL: its settings alone are a mistake too.
    const stray = [...PURCHASE_VARIABLES, ...RECOVERY_VARIABLES].filter((name) => env[name]?.trim());
    if (stray.length) throw new ConfigError(`${stray.join(', ')} set without STRIPE_SECRET_KEY (purchases need it)`);
    return undefined;
  }
  if (!/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(stripeSecretKey))
    throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_… or rk_…)');
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!webhookSecret || !/^whsec_[A-Za-z0-9+/=]+$/.test(webhookSecret))
    throw new ConfigError('STRIPE_WEBHOOK_SECRET (whsec_…) is required with STRIPE_SECRET_KEY');
  const sealSecret = env.KEY_SEAL_SECRET ?? '';
  if (sealSecret.length < 32) throw new ConfigError('KEY_SEAL_SECRET of at least 32 characters is required with STRIPE_SECRET_KEY');
  const priceId = env.STRIPE_PRICE_ID?.trim() || undefined;
  if (priceId && !/^price_[A-Za-z0-9]+$/.test(priceId)) throw new ConfigError(`STRIPE_PRICE_ID must look like price_…, got "${priceId}"`);
  const currency = (env.PRICE_CURRENCY || 'usd').trim().toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw new ConfigError(`PRICE_CURRENCY must be a three-letter ISO currency code, got "${env.PRICE_CURRENCY}"`);
  const amount = int(env, 'PRICE_AMOUNT', 5000, 50, 99_999_999);
  const publicUrl = urlVariable(env, 'PUBLIC_URL', `http://localhost:${port || 3000}`).replace(/\/+$/, '');
  const apiUrl = env.STRIPE_API_URL?.trim();
  return {
    stripeSecretKey,
    webhookSecret,
    priceId,
    price: { amount, currency },
    publicUrl,
    sealSecret,
    stripeApiUrl: apiUrl ? new URL(urlVariable(env, 'STRIPE_API_URL', '')) : undefined,
    sessionLookups: {
      perMinute: int(env, 'SESSION_LOOKUPS_PER_MINUTE', 10, 0, 1_000_000),
      perDay: int(env, 'SESSION_LOOKUPS_PER_DAY', 100, 0, 100_000_000),
      missingCacheSeconds: int(env, 'SESSION_MISSING_CACHE_SECONDS', 600, 0, 7 * 86_400),
    },
    samples: {
      perMinute: int(env, 'SAMPLES_PER_MINUTE', 10, 0, 1_000_000),
      perDay: int(env, 'SAMPLES_PER_DAY', 100, 0, 100_000_000),
    },
    recovery: recoveryConfig(env),
  };
}

const RECOVERY_VARIABLES = ['SMTP_URL', 'MAIL_FROM', 'RECOVERY_LINK_MINUTES', 'RECOVERY_PER_MINUTE', 'RECOVERY_PER_DAY', 'RECOVERY_EMAIL_PER_DAY'];

/** `name@example.com` or `Display Name <name@example.com>`: no line breaks (it becomes a mail header). */
const MAIL_FROM = /^(?:[^<>\r\n]{1,100} <[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

function recoveryConfig(env: NodeJS.ProcessEnv): RecoveryConfig | undefined {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) {
    const stray = RECOVERY_VARIABLES.filter((name) => env[name]?.trim());
    if (stray.length) throw new ConfigError(`${stray.join(', ')} set without SMTP_URL (key recovery needs it)`);
    return undefined;
  }
  // The URL holds the SMTP password: messages about it never repeat it.
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new ConfigError('SMTP_URL is not a URL (expected smtp://user:pass@host:587 or smtps://user:pass@host:465)');
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps:// and name a host');
  }
  const mailFrom = env.MAIL_FROM?.trim() ?? '';
  if (!MAIL_FROM.test(mailFrom)) throw new ConfigError('MAIL_FROM (name@example.com or "Name <name@example.com>") is required with SMTP_URL');
  return {
    smtpUrl,
    mailFrom,
    linkMinutes: int(env, 'RECOVERY_LINK_MINUTES', 30, 5, 24 * 60),
    perAddress: { perMinute: int(env, 'RECOVERY_PER_MINUTE', 5, 0, 1_000_000), perDay: int(env, 'RECOVERY_PER_DAY', 50, 0, 100_000_000) },
    perEmail: { perMinute: 0, perDay: int(env, 'RECOVERY_EMAIL_PER_DAY', 3, 0, 1_000_000) },
  };
}

function urlVariable(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a URL: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must start with http:// or https://, got "${raw}"`);
  if (url.search || url.hash) throw new ConfigError(`${name} must not have a query or fragment, got "${raw}"`);
  return raw;
}

/** For entry points: the configuration, or one line on stderr and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`configuration error: ${err.message}\n`);
    process.exit(1);
  }
}

export const APP_CONFIG = Symbol('APP_CONFIG');
