import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      role: 'all',
      port: 3000,
      redisUrl: 'redis://127.0.0.1:6379',
      redisUrlIsDefault: true,
      staticApiKeys: [],
      queuePrefix: 'hd',
      logLevel: 'info',
      adminReadWrite: false,
    });
    expect(loadConfig({ APP_ROLE: 'worker' }).port).toBe(3001);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      APP_ROLE: 'api',
      PORT: '8080',
      REDIS_URL: 'rediss://user:p%40ss@redis.example:6380/2',
      HD_API_KEYS: 'aaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbb',
      WORKER_CONCURRENCY: '4',
      JOB_TIMEOUT_MS: '5000',
      QUEUE_MAX_WAITING: '10',
      ADMIN_TOKEN: 'admin-token-123456',
      ADMIN_READ_WRITE: 'true',
      METRICS_TOKEN: 'metrics-token-123456',
      LOG_LEVEL: 'warn',
      REDIS_PREFIX: 'prod',
      JOBS_RETENTION: '3600',
      JOBS_MAX_ACTIVE_PER_KEY: '5',
      JOBS_MAX_STORED_MB: '100',
      BULK_CONCURRENCY: '1',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_BASE_MS: '500',
    });
    expect(c).toMatchObject({
      role: 'api',
      port: 8080,
      redisUrlIsDefault: false,
      staticApiKeys: ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb'],
      workerConcurrency: 4,
      jobTimeoutMs: 5000,
      queueMaxWaiting: 10,
      adminToken: 'admin-token-123456',
      adminReadWrite: true,
      metricsToken: 'metrics-token-123456',
      logLevel: 'warn',
      queuePrefix: 'prod',
      jobsRetentionS: 3600,
      jobsMaxActivePerKey: 5,
      jobsMaxStoredMb: 100,
      bulkConcurrency: 1,
      webhookAllowPrivate: true,
      webhookRetryBaseMs: 500,
    });
  });

  it('keeps bulk jobs a day by default, three at once per key', () => {
    expect(loadConfig({})).toMatchObject({
      jobsRetentionS: 86_400,
      jobsMaxActivePerKey: 3,
      jobsMaxStoredMb: 2_048,
      bulkConcurrency: 2,
      webhookAllowPrivate: false,
      webhookRetryBaseMs: 10_000,
    });
  });

  it('writes bulk answers on a thread at nice 10 by default (README "Bulk jobs"); inline on request; nothing else', () => {
    expect(loadConfig({})).toMatchObject({ bulkWriter: 'thread', bulkWriterNice: 10 });
    expect(loadConfig({ BULK_WRITER: 'inline', BULK_WRITER_NICE: '0' })).toMatchObject({ bulkWriter: 'inline', bulkWriterNice: 0 });
    expect(() => loadConfig({ BULK_WRITER: 'process' })).toThrow(/BULK_WRITER must be thread or inline/);
    expect(() => loadConfig({ BULK_WRITER_NICE: '20' })).toThrow(ConfigError);
  });

  it('splits a worker into a light process and a heavy child at nice 5 by default (README "Fair use")', () => {
    expect(loadConfig({})).toMatchObject({ workerLanes: 'split', heavyNice: 5 });
    expect(loadConfig({ WORKER_LANES: 'heavy', HEAVY_NICE: '10' })).toMatchObject({ workerLanes: 'heavy', heavyNice: 10 });
  });

  it.each([
    [{ WORKER_LANES: 'all' }, /WORKER_LANES must be one of split, both, light, heavy/],
    [{ HEAVY_NICE: '20' }, /HEAVY_NICE must be between 0 and 19/],
    [{ APP_ROLE: 'both' }, /APP_ROLE/],
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be between/],
    [{ REDIS_URL: 'http://localhost' }, /REDIS_URL must start with redis:\/\//],
    [{ REDIS_URL: 'not a url' }, /REDIS_URL is not a URL/],
    [{ HD_API_KEYS: 'short' }, /HD_API_KEYS/],
    [{ WORKER_CONCURRENCY: '0' }, /WORKER_CONCURRENCY/],
    [{ JOB_TIMEOUT_MS: '-5' }, /JOB_TIMEOUT_MS/],
    [{ JOBS_RETENTION: '10' }, /JOBS_RETENTION must be between/],
    [{ JOBS_MAX_ACTIVE_PER_KEY: '0' }, /JOBS_MAX_ACTIVE_PER_KEY/],
    [{ WEBHOOK_ALLOW_PRIVATE: 'yes' }, /WEBHOOK_ALLOW_PRIVATE must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ ADMIN_TOKEN: 'tiny' }, /ADMIN_TOKEN/],
    [{ ADMIN_READ_WRITE: 'yes' }, /ADMIN_READ_WRITE/],
    [{ REDIS_PREFIX: 'a:b' }, /REDIS_PREFIX/],
    [{ REDIS_SENTINELS: '127.0.0.1:26379' }, /REDIS_SENTINEL_NAME \(the master group name\) is required/],
    [{ REDIS_SENTINELS: '127.0.0.1:26379', REDIS_SENTINEL_NAME: 'bad name' }, /REDIS_SENTINEL_NAME must be/],
    [{ REDIS_SENTINEL_NAME: 'mymaster' }, /need REDIS_SENTINELS/],
    [{ REDIS_SENTINEL_PASSWORD: 'secret' }, /need REDIS_SENTINELS/],
    [{ REDIS_SENTINELS: 'a:1:2', REDIS_SENTINEL_NAME: 'm' }, /REDIS_SENTINELS must be a comma-separated list of host:port, got "a:1:2"/],
    [{ REDIS_SENTINELS: 'a:26379,,b:26379', REDIS_SENTINEL_NAME: 'm' }, /REDIS_SENTINELS must be/],
    [{ REDIS_CLUSTER_NODES: 'a:0' }, /REDIS_CLUSTER_NODES must be/],
    [{ REDIS_CLUSTER_NODES: 'a:70000' }, /REDIS_CLUSTER_NODES must be/],
    [{ REDIS_CLUSTER_NODES: 'a:7000', REDIS_SENTINELS: 'b:26379', REDIS_SENTINEL_NAME: 'm' }, /cannot both be set/],
    [{ REDIS_CLUSTER_NODES: 'a:7000', REDIS_URL: 'redis://a:7000/3' }, /must not select a database/],
    [{ METRICS_PORT: 'x' }, /METRICS_PORT must be a whole number/],
    [{ NODE_ENV: 'production' }, /in production \(NODE_ENV=production\) set METRICS_TOKEN or METRICS_PORT/],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('bounds connections per process and per client address', () => {
    expect(loadConfig({}).maxConnectionsPerAddress).toBe(1_024);
    expect(loadConfig({}).maxConnections).toBeGreaterThanOrEqual(64);
    expect(loadConfig({ MAX_CONNECTIONS: '0', MAX_CONNECTIONS_PER_ADDRESS: '0' })).toMatchObject({ maxConnections: 0, maxConnectionsPerAddress: 0 });
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS must be a whole number/);
  });

  it('keeps /metrics off the public port in production: a token, or a port of its own', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', METRICS_TOKEN: 'metrics-token-123456' }).metricsToken).toBe('metrics-token-123456');
    expect(loadConfig({ NODE_ENV: 'production', METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' })).toMatchObject({ metricsPort: 0, metricsHost: '0.0.0.0' });
  });

  it('uses a single Redis at REDIS_URL by default', () => {
    const c = loadConfig({});
    expect(c.redisMode).toBe('single');
    expect(c.redisSentinels).toBeUndefined();
    expect(c.redisClusterNodes).toBeUndefined();
  });

  it('reads a Sentinel-managed primary (REDIS_URL keeps password, db and TLS)', () => {
    const c = loadConfig({
      REDIS_SENTINELS: ' 10.0.0.1:26379, sentinel-2:26380 ,[::1]:26381,sentinel-4',
      REDIS_SENTINEL_NAME: 'mymaster',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
      REDIS_URL: 'rediss://:pw@ignored-host:1234/2',
    });
    expect(c).toMatchObject({
      redisMode: 'sentinel',
      redisSentinelName: 'mymaster',
      redisSentinelPassword: 'sentinel-secret',
      redisUrl: 'rediss://:pw@ignored-host:1234/2',
      queuePrefix: 'hd',
    });
    expect(c.redisSentinels).toEqual([
      { host: '10.0.0.1', port: 26379 },
      { host: 'sentinel-2', port: 26380 },
      { host: '::1', port: 26381 },
      { host: 'sentinel-4', port: 26379 },
    ]);
  });

  it('reads a Redis Cluster and puts the key prefix in a hash tag', () => {
    const c = loadConfig({ REDIS_CLUSTER_NODES: '127.0.0.1:7000,127.0.0.1:7001,redis-c', REDIS_PREFIX: 'prod' });
    expect(c.redisMode).toBe('cluster');
    expect(c.redisClusterNodes).toEqual([
      { host: '127.0.0.1', port: 7000 },
      { host: '127.0.0.1', port: 7001 },
      { host: 'redis-c', port: 6379 },
    ]);
    expect(c.queuePrefix).toBe('{prod}');
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'a:7000' }).queuePrefix).toBe('{hd}');
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'a:7000', REDIS_URL: 'redis://:pw@a:7000/0' }).redisMode).toBe('cluster');
  });

  it('reads the fault-tolerance and all-in-one settings, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({ workers: 'auto', keyConcurrency: 32, outageMaxWaiting: 2_000 });
    expect(loadConfig({ WORKERS: 'AUTO' }).workers).toBe('auto');
    expect(loadConfig({ WORKERS: '0', KEY_CONCURRENCY: '0', OUTAGE_MAX_WAITING: '10' })).toMatchObject({ workers: 0, keyConcurrency: 0, outageMaxWaiting: 10 });
    expect(loadConfig({ WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ APP_ROLE: 'worker', PORT: '0' }).port).toBe(0);
    expect(() => loadConfig({ WORKERS: 'many' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ WORKERS: '1000' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ KEY_CONCURRENCY: '-1' })).toThrow(/KEY_CONCURRENCY/);
  });

  it("reads SDK_DIR, the typed client tarball's directory (unset: the default dist/sdk)", () => {
    expect(loadConfig({}).sdkDir).toBeUndefined();
    expect(loadConfig({ SDK_DIR: ' /srv/sdk ' }).sdkDir).toBe('/srv/sdk');
    expect(loadConfig({ SDK_DIR: '' }).sdkDir).toBeUndefined();
  });
});

describe('loadConfig: selling keys', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_51abcDEF',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    KEY_SEAL_SECRET: 'x'.repeat(32),
  };

  it('is off without STRIPE_SECRET_KEY, and refuses its other variables alone', () => {
    expect(loadConfig({}).purchase).toBeUndefined();
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET set without STRIPE_SECRET_KEY/);
  });

  it('has the documented defaults (5000 usd, PUBLIC_URL on the port)', () => {
    expect(loadConfig({ ...stripe, PORT: '8080' }).purchase).toEqual({
      stripeSecretKey: 'sk_test_51abcDEF',
      webhookSecret: 'whsec_abc123',
      priceId: undefined,
      price: { amount: 5000, currency: 'usd' },
      publicUrl: 'http://localhost:8080',
      sealSecret: 'x'.repeat(32),
      stripeApiUrl: undefined,
      sessionLookups: { perMinute: 10, perDay: 100, missingCacheSeconds: 600 },
      samples: { perMinute: 10, perDay: 100 },
      recovery: undefined,
    });
  });

  it('reads the limits on the buy page samples per address (0 turns one off) and refuses bad ones', () => {
    expect(loadConfig({ ...stripe, SAMPLES_PER_MINUTE: '0', SAMPLES_PER_DAY: '5' }).purchase!.samples).toEqual({ perMinute: 0, perDay: 5 });
    expect(() => loadConfig({ ...stripe, SAMPLES_PER_MINUTE: '-1' })).toThrow(/SAMPLES_PER_MINUTE must be a whole number/);
    expect(() => loadConfig({ ...stripe, SAMPLES_PER_DAY: '100000001' })).toThrow(/SAMPLES_PER_DAY must be between/);
  });

  it('reads the limits on unknown-session lookups (0 turns one off) and refuses bad ones', () => {
    const p = loadConfig({ ...stripe, SESSION_LOOKUPS_PER_MINUTE: '3', SESSION_LOOKUPS_PER_DAY: '0', SESSION_MISSING_CACHE_SECONDS: '60' }).purchase!;
    expect(p.sessionLookups).toEqual({ perMinute: 3, perDay: 0, missingCacheSeconds: 60 });
    expect(() => loadConfig({ ...stripe, SESSION_LOOKUPS_PER_MINUTE: 'ten' })).toThrow(/SESSION_LOOKUPS_PER_MINUTE must be a whole number/);
    expect(() => loadConfig({ ...stripe, SESSION_MISSING_CACHE_SECONDS: '999999' })).toThrow(/SESSION_MISSING_CACHE_SECONDS must be between/);
  });

  it('reads the price, the public URL (trailing slash dropped) and another Stripe endpoint', () => {
    const p = loadConfig({
      ...stripe,
      STRIPE_PRICE_ID: 'price_1Abc',
      PRICE_AMOUNT: '4900',
      PRICE_CURRENCY: 'EUR',
      PUBLIC_URL: 'https://hd.example.com/',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    }).purchase!;
    expect([p.priceId, p.price, p.publicUrl, p.stripeApiUrl?.port]).toEqual([
      'price_1Abc',
      { amount: 4900, currency: 'eur' },
      'https://hd.example.com',
      '12111',
    ]);
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'pk_test_123' }, /secret or restricted key/],
    [{ STRIPE_WEBHOOK_SECRET: '' }, /STRIPE_WEBHOOK_SECRET \(whsec_…\) is required/],
    [{ KEY_SEAL_SECRET: 'short' }, /KEY_SEAL_SECRET of at least 32/],
    [{ STRIPE_PRICE_ID: 'prod_123' }, /STRIPE_PRICE_ID must look like price_/],
    [{ PRICE_CURRENCY: 'dollars' }, /PRICE_CURRENCY/],
    [{ PRICE_AMOUNT: '10' }, /PRICE_AMOUNT must be between 50/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL must start with http/],
    [{ PUBLIC_URL: 'https://x/?a=1' }, /PUBLIC_URL must not have a query/],
  ])('refuses %j', (bad, message) => {
    expect(() => loadConfig({ ...stripe, ...bad })).toThrow(message);
  });
});

describe('loadConfig: key recovery by email', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_51abcDEF', STRIPE_WEBHOOK_SECRET: 'whsec_abc123', KEY_SEAL_SECRET: 'x'.repeat(32) };
  const smtp = { SMTP_URL: 'smtp://mailer:s3cret@mail.example.com:587', MAIL_FROM: 'Human Design API <keys@example.com>' };

  it('is off without SMTP_URL; on with it and MAIL_FROM, with the documented defaults', () => {
    expect(loadConfig(stripe).purchase!.recovery).toBeUndefined();
    expect(loadConfig({ ...stripe, ...smtp }).purchase!.recovery).toEqual({
      smtpUrl: 'smtp://mailer:s3cret@mail.example.com:587',
      mailFrom: 'Human Design API <keys@example.com>',
      linkMinutes: 30,
      perAddress: { perMinute: 5, perDay: 50 },
      perEmail: { perMinute: 0, perDay: 3 },
    });
  });

  it('reads the link lifetime and the limits (0 turns one off)', () => {
    const r = loadConfig({
      ...stripe,
      ...smtp,
      MAIL_FROM: 'keys@example.com',
      RECOVERY_LINK_MINUTES: '15',
      RECOVERY_PER_MINUTE: '0',
      RECOVERY_PER_DAY: '9',
      RECOVERY_EMAIL_PER_DAY: '0',
    }).purchase!.recovery!;
    expect(r).toMatchObject({ mailFrom: 'keys@example.com', linkMinutes: 15, perAddress: { perMinute: 0, perDay: 9 }, perEmail: { perMinute: 0, perDay: 0 } });
  });

  it.each([
    [{ ...smtp, SMTP_URL: 'http://mail.example.com' }, /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    [{ ...smtp, SMTP_URL: 'not a url s3cret' }, /SMTP_URL is not a URL/],
    [{ SMTP_URL: smtp.SMTP_URL }, /MAIL_FROM .* is required with SMTP_URL/],
    [{ ...smtp, MAIL_FROM: 'keys@example.com\r\nBcc: x@example.com' }, /MAIL_FROM/],
    [{ ...smtp, MAIL_FROM: 'nobody' }, /MAIL_FROM/],
    [{ ...smtp, RECOVERY_LINK_MINUTES: '1' }, /RECOVERY_LINK_MINUTES must be between 5/],
    [{ ...smtp, RECOVERY_EMAIL_PER_DAY: 'three' }, /RECOVERY_EMAIL_PER_DAY must be a whole number/],
  ])('refuses %j without repeating the SMTP password', (bad, message) => {
    let said = '';
    try {
      loadConfig({ ...stripe, ...bad });
    } catch (err) {
      said = err instanceof ConfigError ? err.message : `not a ConfigError: ${String(err)}`;
    }
    expect(said).toMatch(message);
    expect(said).not.toContain('s3cret');
  });

  it('refuses its settings without SMTP_URL, or without purchases', () => {
    expect(() => loadConfig({ ...stripe, MAIL_FROM: 'keys@example.com' })).toThrow(/MAIL_FROM set without SMTP_URL/);
    expect(() => loadConfig({ ...stripe, RECOVERY_PER_DAY: '5' })).toThrow(/RECOVERY_PER_DAY set without SMTP_URL/);
    expect(() => loadConfig(smtp)).toThrow(/SMTP_URL, MAIL_FROM set without STRIPE_SECRET_KEY/);
  });
});
