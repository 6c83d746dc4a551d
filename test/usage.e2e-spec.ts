/**
 * Usage per key (README "Usage"): calls answered 2xx are counted per UTC day and operation, batched in the API's
 * memory and written to Redis; GET /v1/usage writes this process's counts first, so it shows them at once.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sample, scrape } from './helpers/metrics';
import { type Json, post, REDIS_URL, RunningService, startService } from './helpers/service';

const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
const KEY_A = `usage-a-${randomBytes(8).toString('hex')}`;
const KEY_B = `usage-b-${randomBytes(8).toString('hex')}`;

async function usage(baseUrl: string, key?: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${baseUrl}/v1/usage`, { headers: key ? { 'HD-Api-Key': key } : {} });
  return { status: res.status, body: await res.json() };
}

describe('usage (e2e)', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService({ apiKeys: [KEY_A, KEY_B] });
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
  });

  it('counts the calls a key made, per operation, today and in total; another key sees only its own', async () => {
    for (let i = 0; i < 7; i++) expect((await post(service.baseUrl, '/v1/chart', RA, { key: KEY_A })).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await post(service.baseUrl, '/v1/chart/transit', { ...RA, at: '2026-01-01T00:00:00Z' }, { key: KEY_A })).status).toBe(200);
    // errors are not counted
    expect((await post(service.baseUrl, '/v1/chart', { birthdate: 'nope' }, { key: KEY_A })).status).toBe(400);
    expect((await post(service.baseUrl, '/v1/chart', RA, { key: KEY_B })).status).toBe(200);

    const a = await usage(service.baseUrl, KEY_A);
    expect(a.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(a.body.today).toEqual({ date: today, byOperation: { chart: 7, transit: 3 }, total: 10 });
    expect(a.body.totals).toEqual({ byOperation: { chart: 7, transit: 3 }, total: 10 });
    expect(a.body.last30Days).toHaveLength(30);
    expect(a.body.last30Days[0]).toEqual(a.body.today);
    expect(a.body.last30Days.slice(1).every((d: Json) => d.total === 0)).toBe(true);

    const b = await usage(service.baseUrl, KEY_B);
    expect(b.body.today).toEqual({ date: today, byOperation: { chart: 1 }, total: 1 });
    expect(b.body.totals).toEqual({ byOperation: { chart: 1 }, total: 1 });

    // reading one's usage is not counted
    expect((await usage(service.baseUrl, KEY_A)).body.totals.total).toBe(10);

    // the dashboard's usage totals (all keys together, no key label): 7 + 1 charts, 3 transits so far
    const text = await scrape(service.baseUrl);
    expect(sample(text, 'hd_usage_calls_total', { operation: 'chart' })).toBe(8);
    expect(sample(text, 'hd_usage_calls_total', { operation: 'transit' })).toBe(3);
    expect(sample(text, 'hd_usage_calls_total', { operation: 'usage' })).toBeUndefined();
    expect(text).not.toMatch(/hd_usage_calls_total\{[^}]*key=/);
  });

  it('writes counts to Redis by itself within about a second, under hashed key names', async () => {
    const { default: Redis } = await import('ioredis');
    const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
    try {
      expect((await post(service.baseUrl, '/v1/chart', RA, { key: KEY_B })).status).toBe(200);
      const { createHash } = await import('node:crypto');
      const hash = createHash('sha256').update(KEY_B).digest('hex');
      const total = `${service.prefix}:usage:${hash}:total`;
      const deadline = Date.now() + 5_000;
      while ((await redis.hget(total, 'chart')) !== '2' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await redis.hget(total, 'chart')).toBe('2');
      const day = `${service.prefix}:usage:${hash}:${new Date().toISOString().slice(0, 10)}`;
      expect(await redis.ttl(day)).toBeGreaterThan(399 * 86_400);
      expect(await redis.keys(`${service.prefix}:usage:*${KEY_B}*`)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it('the key CLI shows the same by key or hash prefix (npm run key -- usage <key or hash prefix>)', async () => {
    const key = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['dist/cli/key.js', ...args], {
        cwd: join(__dirname, '..'),
        env: { ...process.env, REDIS_URL, REDIS_PREFIX: service.prefix },
        timeout: 30_000,
      });
    const shown = JSON.parse((await key('usage', KEY_A)).stdout);
    expect(shown).toEqual((await usage(service.baseUrl, KEY_A)).body);
    expect(shown.totals).toEqual({ byOperation: { chart: 7, transit: 3 }, total: 10 });

    const made = (await key('create', 'usage-cli')).stdout.trim();
    expect((await post(service.baseUrl, '/v1/chart', RA, { key: made })).status).toBe(200);
    await usage(service.baseUrl, made); // writes this process's counts
    const { createHash } = await import('node:crypto');
    const prefix = createHash('sha256').update(made).digest('hex').slice(0, 12);
    expect(JSON.parse((await key('usage', prefix)).stdout).totals).toEqual({ byOperation: { chart: 1 }, total: 1 });
    await expect(key('usage', 'ffffffff')).rejects.toMatchObject({ code: 1 });
  });

  it('needs a key', async () => {
    const res = await usage(service.baseUrl);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('API_KEY_MISSING');
  });
});
