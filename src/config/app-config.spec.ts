import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ role: 'all', port: 3000, redisUrl: 'redis://127.0.0.1:6379', redisUrlIsDefault: true, staticApiKeys: [], queuePrefix: 'hd', logLevel: 'info', adminReadWrite: false });
    expect(loadConfig({ APP_ROLE: 'worker' }).port).toBe(3001);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      APP_ROLE: 'api', PORT: '8080', REDIS_URL: 'rediss://user:p%40ss@redis.example:6380/2', HD_API_KEYS: 'aaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbb',
      WORKER_CONCURRENCY: '4', JOB_TIMEOUT_MS: '5000', QUEUE_MAX_WAITING: '10', ADMIN_TOKEN: 'admin-token-123456', ADMIN_READ_WRITE: 'true',
      METRICS_TOKEN: 'metrics-token-123456', LOG_LEVEL: 'warn', REDIS_PREFIX: 'prod',
    });
    expect(c).toMatchObject({
      role: 'api', port: 8080, redisUrlIsDefault: false, staticApiKeys: ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb'], workerConcurrency: 4,
      jobTimeoutMs: 5000, queueMaxWaiting: 10, adminToken: 'admin-token-123456', adminReadWrite: true, metricsToken: 'metrics-token-123456',
      logLevel: 'warn', queuePrefix: 'prod',
    });
  });

  it.each([
    [{ APP_ROLE: 'both' }, /APP_ROLE/],
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be between/],
    [{ REDIS_URL: 'http://localhost' }, /REDIS_URL must start with redis:\/\//],
    [{ REDIS_URL: 'not a url' }, /REDIS_URL is not a URL/],
    [{ HD_API_KEYS: 'short' }, /HD_API_KEYS/],
    [{ WORKER_CONCURRENCY: '0' }, /WORKER_CONCURRENCY/],
    [{ JOB_TIMEOUT_MS: '-5' }, /JOB_TIMEOUT_MS/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ ADMIN_TOKEN: 'tiny' }, /ADMIN_TOKEN/],
    [{ ADMIN_READ_WRITE: 'yes' }, /ADMIN_READ_WRITE/],
    [{ REDIS_PREFIX: 'a:b' }, /REDIS_PREFIX/],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
