/**
 * Configuration from the environment, validated once at boot. A bad value stops the process with one clear
 * line and exit code 1 (see main.ts). Every variable is documented in the README.
 */
export type AppRole = 'api' | 'worker' | 'all';

export interface AppConfig {
  role: AppRole;
  port: number;
  redisUrl: string;
  /** True when REDIS_URL was not set: `npm start` may then start a private redis-server. */
  redisUrlIsDefault: boolean;
  staticApiKeys: string[];
  workerConcurrency: number;
  jobTimeoutMs: number;
  queueMaxWaiting: number;
  adminToken?: string;
  /** ADMIN_READ_WRITE=true enables retry/clean/remove on the queue dashboard (read-only otherwise). */
  adminReadWrite: boolean;
  /** When set, /metrics requires `Authorization: Bearer <METRICS_TOKEN>`. */
  metricsToken?: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  queuePrefix: string;
}

export class ConfigError extends Error {}

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const ROLES: AppRole[] = ['api', 'worker', 'all'];
const LOG_LEVELS: AppConfig['logLevel'][] = ['debug', 'info', 'warn', 'error', 'silent'];

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
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

  const logLevel = (env.LOG_LEVEL || 'info').trim() as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const adminToken = env.ADMIN_TOKEN?.trim() || undefined;
  if (adminToken && adminToken.length < 16) throw new ConfigError('ADMIN_TOKEN must be at least 16 characters long');

  const adminReadWriteRaw = (env.ADMIN_READ_WRITE || 'false').trim().toLowerCase();
  if (adminReadWriteRaw !== 'true' && adminReadWriteRaw !== 'false') throw new ConfigError('ADMIN_READ_WRITE must be true or false');
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  if (metricsToken && metricsToken.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters long');

  const queuePrefix = (env.REDIS_PREFIX || 'hd').trim();
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(queuePrefix)) throw new ConfigError('REDIS_PREFIX must be 1-32 letters, digits, _ or -');

  return {
    role,
    port: int(env, 'PORT', role === 'worker' ? 3001 : 3000, 1, 65535),
    redisUrl,
    redisUrlIsDefault: !env.REDIS_URL,
    staticApiKeys,
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 32, 1, 1000),
    jobTimeoutMs: int(env, 'JOB_TIMEOUT_MS', 10_000, 100, 120_000),
    queueMaxWaiting: int(env, 'QUEUE_MAX_WAITING', 5_000, 0, 10_000_000),
    adminToken,
    adminReadWrite: adminReadWriteRaw === 'true',
    metricsToken,
    logLevel,
    queuePrefix,
  };
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
