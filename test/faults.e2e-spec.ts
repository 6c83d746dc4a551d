/**
 * Faults under load, with real processes and a real Redis (RUN against a private redis-server where the test
 * kills Redis, never the shared one). Each experiment is bounded in time; the goals of the reliability issue are
 * asserted (0 non-200 answers, every answer within JOB_TIMEOUT_MS + 1 s) and the figures are printed.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { runLoad, summarise } from './helpers/load';
import { RedisProcess, startRedisServer } from './helpers/redis-servers';
import Redis from 'ioredis';
import { freePort, post, REDIS_URL, RunningService, startService } from './helpers/service';

const JOB_TIMEOUT_MS = 10_000;
const DEADLINE_MS = JOB_TIMEOUT_MS + 1_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function report(name: string, figures: object): void {
  console.log(`${name}: ${JSON.stringify(figures)}`);
}

function kill9(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe("a worker killed under load (kill -9): its jobs are taken over within the callers' wait", () => {
  let svc: RunningService;

  beforeAll(async () => {
    svc = await startService({ env: { LOG_LEVEL: 'error', JOB_TIMEOUT_MS: String(JOB_TIMEOUT_MS) } });
    await svc.startWorker();
  }, 120_000);
  afterAll(async () => svc?.stop());

  it('answers every request 200 within JOB_TIMEOUT_MS + 1 s', async () => {
    const redis = new Redis(REDIS_URL);
    try {
      const load = runLoad({ baseUrl: svc.baseUrl, concurrency: 32, durationMs: 8_000 });
      await sleep(2_000);
      // A chart takes well under a millisecond, so a worker often holds no job at a given instant: freeze it
      // (SIGSTOP keeps its locks) until it holds some, then kill it, so that the takeover is really exercised.
      const victim = svc.workers[0];
      // A job still active 200 ms after the freeze is the frozen worker's: the live one finishes its own in a
      // millisecond.
      const active = () => redis.lrange(`${svc.prefix}:charts:active`, 0, -1);
      for (let tries = 0; tries < 50; tries++) {
        victim.kill('SIGSTOP');
        const before = await active();
        await sleep(200);
        const after = new Set(await active());
        if (before.some((id) => after.has(id))) break;
        victim.kill('SIGCONT');
        await sleep(50);
      }
      await kill9(victim);
      const samples = await load;
      const s = summarise(samples);
      const events = await redis.xrange(`${svc.prefix}:charts:events`, '-', '+');
      const stalled = events.filter(([, fields]) => fields[0] === 'event' && fields[1] === 'stalled').length;
      report('worker kill -9', { ...s, jobsTakenOver: stalled });
      expect(stalled).toBeGreaterThan(0);
      expect(s.byStatus).toEqual({ 200: s.total });
      expect(s.maxMs).toBeLessThanOrEqual(DEADLINE_MS);
    } finally {
      redis.disconnect();
    }
  }, 60_000);

  it('a worker stopped with SIGTERM under load finishes what it holds: no request lost', async () => {
    await svc.startWorker();
    const load = runLoad({ baseUrl: svc.baseUrl, concurrency: 32, durationMs: 5_000 });
    await sleep(1_500);
    svc.workers[1].kill('SIGTERM');
    const s = summarise(await load);
    report('worker SIGTERM', s);
    expect(s.byStatus).toEqual({ 200: s.total });
  }, 60_000);
});

describe('Redis killed (kill -9) under load and restarted empty 3 s later', () => {
  let svc: RunningService;
  let port: number;
  let redis: RedisProcess | undefined;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedisServer([], { port });
    svc = await startService({ env: { LOG_LEVEL: 'error', REDIS_URL: `redis://127.0.0.1:${port}`, JOB_TIMEOUT_MS: String(JOB_TIMEOUT_MS) } });
  }, 120_000);
  afterAll(async () => {
    await svc?.stop();
    await redis?.kill();
  });

  it('shows as latency, not as errors: every request answered 200 within JOB_TIMEOUT_MS + 1 s', async () => {
    const load = runLoad({ baseUrl: svc.baseUrl, concurrency: 32, durationMs: 10_000 });
    await sleep(2_000);
    await redis?.kill();
    const killedAt = Date.now();
    // Fresh callers arriving while Redis is away (the 32 above are all waiting on answers by then).
    const arriving = runLoad({ baseUrl: svc.baseUrl, concurrency: 8, durationMs: 2_500, seed: 7_000_000 });
    await sleep(3_000);
    redis = await startRedisServer([], { port });
    const restartedAt = Date.now();
    const samples = [...(await load), ...(await arriving)];
    const s = summarise(samples);
    const during = samples.filter((x) => x.sentAt >= killedAt && x.sentAt < restartedAt).length;
    report('redis kill -9 + empty restart after 3 s', { ...s, sentDuringOutage: during });
    expect(during).toBeGreaterThanOrEqual(8);
    expect(s.byStatus).toEqual({ 200: s.total });
    expect(s.maxMs).toBeLessThanOrEqual(DEADLINE_MS);
  }, 60_000);
});

describe('Redis gone for good: every request answered within its deadline, fast 503 past OUTAGE_MAX_WAITING', () => {
  const timeoutMs = 3_000;
  let svc: RunningService;
  let redis: RedisProcess | undefined;

  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedisServer([], { port });
    svc = await startService({
      env: { LOG_LEVEL: 'error', REDIS_URL: `redis://127.0.0.1:${port}`, JOB_TIMEOUT_MS: String(timeoutMs), OUTAGE_MAX_WAITING: '8' },
    });
  }, 120_000);
  afterAll(async () => {
    await svc?.stop();
    await redis?.kill();
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, none later than JOB_TIMEOUT_MS + 1 s', async () => {
    const load = runLoad({ baseUrl: svc.baseUrl, concurrency: 16, durationMs: 6_000, requestTimeoutMs: 20_000 });
    await sleep(1_000);
    await redis?.kill();
    const killedAt = Date.now();
    const samples = await load;
    const after = samples.filter((x) => x.sentAt >= killedAt);
    const s = summarise(after);
    report('redis gone for good (JOB_TIMEOUT_MS 3000, OUTAGE_MAX_WAITING 8)', s);
    expect(samples.every((x) => x.status !== 0)).toBe(true); // every request got an answer
    expect(summarise(samples).maxMs).toBeLessThanOrEqual(timeoutMs + 1_000);
    expect(Object.keys(s.byStatus).every((k) => k === '503 SERVICE_UNAVAILABLE' || k === '200')).toBe(true);
    // Beyond the eight that may wait, refusals are immediate.
    expect(after.filter((x) => x.status === 503 && x.ms < 200).length).toBeGreaterThan(0);
    const res = await post(svc.baseUrl, '/v1/chart', { birthdate: '1990-01-01', birthtime: '10:00', location: 'Paris, France' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
  }, 60_000);
});

describe('fairness: one key with 400 requests in flight does not starve another key', () => {
  // Measured again once, service and all, when an attempt misses (as fair-by-cost does): on 2026-12-01 key B's p95
  // read 104, 118 and 146 ms in three runs of this suite against bounds of 121.5, 129 and 139 (a quarter of key A's
  // p50, which the machine's speed sets); the third failed a clean-clone CI run, the same code passing the other two.
  // A regression misses both attempts. Jest 30's `entireDescribe` (not in @types/jest 30.0.0's options type, hence
  // the variable) re-runs the block's hooks with its test, so the second attempt starts from a fresh service.
  const retryWholeBlock = { logErrorsBeforeRetry: true, entireDescribe: true };
  jest.retryTimes(1, retryWholeBlock);
  const KEY_A = 'fairness-key-a-0123456789';
  const KEY_B = 'fairness-key-b-0123456789';
  let svc: RunningService;
  let heavy: ChildProcess | undefined;

  beforeAll(async () => {
    svc = await startService({ apiKeys: [KEY_A, KEY_B], env: { LOG_LEVEL: 'error', QUEUE_MAX_WAITING: '100000' } });
  }, 120_000);
  afterAll(async () => {
    heavy?.kill('SIGKILL');
    await svc?.stop();
  });

  it("key B (one request at a time) is served ahead of key A's backlog", async () => {
    // Key A's load runs in a process of its own, so that its 400 sockets do not slow the measuring event loop.
    const options = { baseUrl: svc.baseUrl, key: KEY_A, concurrency: 400, durationMs: 9_000, seed: 5_000_000 };
    heavy = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, 'helpers', 'load.ts'), JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    heavy.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const heavyDone = new Promise<void>((resolve) => heavy!.once('exit', () => resolve()));
    await sleep(3_000); // key A is at 400 in flight
    const b = summarise(await runLoad({ baseUrl: svc.baseUrl, key: KEY_B, concurrency: 1, durationMs: 5_000, seed: 9_000_000 }));
    const metrics = await (await fetch(`${svc.baseUrl}/metrics`)).text();
    await heavyDone;
    const a = JSON.parse(out) as ReturnType<typeof summarise>;
    report('fairness', { keyA: a, keyB: b });
    expect(b.byStatus).toEqual({ 200: b.total });
    expect(a.byStatus).toEqual({ 200: a.total });
    // Key B's ~120 requests in 5 s: its p99 is its second-slowest request, which one pause of a shared core can
    // decide; p95 says "served ahead of the backlog" and the maximum "never waits as long as key A typically does".
    expect(b.p95).toBeLessThanOrEqual(Math.max(100, a.p50 / 4));
    expect(b.maxMs).toBeLessThan(a.p50);
    // Per-key in-flight figures: hash prefixes only, never the key.
    expect(metrics).toMatch(/hd_key_requests_in_flight\{key="[0-9a-f]{8}"\} \d+/);
    expect(metrics).not.toContain(KEY_A);
  }, 60_000);
});
