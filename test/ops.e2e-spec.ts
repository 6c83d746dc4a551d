/**
 * Operations end to end, API and worker as separate processes: Prometheus /metrics on both roles with queue
 * gauges that move when jobs run, bull-board at /admin/queues behind ADMIN_TOKEN, the JSON request log, and
 * readiness that follows a private Redis going away and coming back without a restart.
 */
import { ChildProcess, spawn } from 'node:child_process';
import Redis from 'ioredis';
import { sample, scrape } from './helpers/metrics';
import { waitingRequests } from './helpers/queue';
import { freePort, post, REDIS_URL, RunningService, startService, TEST_API_KEY, waitFor } from './helpers/service';

const ADMIN_TOKEN = 'admin-token-e2e-0123456789';
const BIRTHDATE = '1948-04-09';
const chartBody = (birthtime: string) => ({ birthdate: BIRTHDATE, birthtime, latitude: 45.50884, longitude: -73.58781, timezone: 'America/Toronto' });

function labelValues(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .flatMap((l) => [...l.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => m[2]));
}

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

describe('operations: metrics, dashboard, request log (separate API and worker processes)', () => {
  let svc: RunningService;
  let redis: Redis;
  const queued = ['01:01', '01:02', '01:03'];

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    svc = await startService({ worker: false, env: { JOB_TIMEOUT_MS: '1500', ADMIN_TOKEN, LOG_LEVEL: 'info' } });
  }, 120_000);

  afterAll(async () => {
    redis?.disconnect();
    await svc?.stop();
  });

  it('serves /metrics and /health without an HD-Api-Key', async () => {
    const text = await scrape(svc.baseUrl);
    expect(text).toContain('# TYPE hd_http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
    expect(sample(text, 'hd_ready', { role: 'api' })).toBe(1);
    expect(sample(text, 'hd_workers', { queue: 'charts' })).toBe(0);
    expect((await fetch(`${svc.baseUrl}/health/live`)).status).toBe(200);
  });

  it('counts waiting jobs while no worker runs, then completed ones once a worker attaches', async () => {
    const answers = await Promise.all(queued.map((t) => post(svc.baseUrl, '/v1/chart', chartBody(t))));
    expect(answers.map((a) => a.status)).toEqual([504, 504, 504]); // nobody computed them
    // The three requests wait in the light queue (in one to three jobs: requests of one turn travel as one group).
    const waiting = await scrape(svc.baseUrl);
    expect(sample(waiting, 'hd_queue_jobs', { queue: 'charts', state: 'waiting' })).toBeGreaterThanOrEqual(1);
    expect(await waitingRequests(redis, svc.prefix)).toBe(queued.length);

    await svc.startWorker();
    let after = '';
    await waitFor(
      async () => {
        after = await scrape(svc.baseUrl);
        const computed = sample(await scrape(svc.workerUrl!), 'hd_jobs_total', { job: 'chart', outcome: 'completed' }) ?? 0;
        // A group's items are counted as they are computed, a moment before BullMQ moves the group out of
        // 'active': wait for both, so the gauge is read after the move.
        const active = sample(after, 'hd_queue_jobs', { queue: 'charts', state: 'active' });
        return sample(after, 'hd_queue_jobs', { queue: 'charts', state: 'waiting' }) === 0 && active === 0 && computed >= queued.length;
      },
      30_000,
      'the worker to drain the queue',
    );
    expect(sample(after, 'hd_workers', { queue: 'charts' })).toBe(1);
    expect(sample(after, 'hd_queue_jobs', { queue: 'charts', state: 'active' })).toBe(0);
  }, 120_000);

  it('observes job duration, wait time and outcome on the worker /metrics', async () => {
    const ok = await post(svc.baseUrl, '/v1/chart', chartBody('01:04'));
    expect(ok.status).toBe(200);
    // The worker observes a job on BullMQ's completed event, once its move to completed has returned; the API may
    // answer first (a clean-clone CI run scraped 3 of the 4): read the metrics once the worker has observed it.
    let text = '';
    await waitFor(
      async () => {
        text = await scrape(svc.workerUrl!);
        return (sample(text, 'hd_job_duration_seconds_count', { job: 'chart' }) ?? 0) >= queued.length + 1;
      },
      10_000,
      'the worker to observe the fourth job',
    );
    expect(sample(text, 'hd_job_duration_seconds_count', { job: 'chart' })).toBeGreaterThanOrEqual(queued.length + 1);
    expect(sample(text, 'hd_job_wait_seconds_count', { job: 'chart' })).toBeGreaterThanOrEqual(queued.length + 1);
    // the queued jobs waited at least until the worker came up
    expect(sample(text, 'hd_job_wait_seconds_sum', { job: 'chart' })).toBeGreaterThan(1);
    expect(sample(text, 'hd_jobs_total', { job: 'chart', outcome: 'completed' })).toBeGreaterThanOrEqual(queued.length + 1);
    expect(sample(text, 'hd_ready', { role: 'worker' })).toBe(1);
    expect(text).toContain('nodejs_heap_size_used_bytes');
  });

  it('labels HTTP durations with the route pattern and status, never the raw path or query', async () => {
    await fetch(`${svc.baseUrl}/api/advice/7?who=${BIRTHDATE}`, { headers: { 'HD-Api-Key': TEST_API_KEY } });
    await fetch(`${svc.baseUrl}/no/such/${BIRTHDATE}`);
    const text = await scrape(svc.baseUrl);
    expect(sample(text, 'hd_http_request_duration_seconds_count', { method: 'POST', route: '/v1/chart', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'hd_http_request_duration_seconds_count', { method: 'POST', route: '/v1/chart', status: '504' })).toBe(queued.length);
    expect(sample(text, 'hd_http_request_duration_seconds_count', { method: 'GET', route: '/api/advice/:id' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'hd_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('puts no key, birth data, path or query string in any label value', async () => {
    await post(svc.baseUrl, '/v1/chart', { ...chartBody('01:05'), birthdate: '1948-02-31' }); // an input error
    for (const url of [svc.baseUrl, svc.workerUrl!]) {
      const values = labelValues(await scrape(url));
      expect(values.length).toBeGreaterThan(10);
      for (const value of values) {
        expect(value).not.toContain(TEST_API_KEY);
        expect(value).not.toContain(ADMIN_TOKEN);
        expect(value).not.toMatch(/1948|45\.50|73\.58|Toronto|\?|chart-/);
      }
    }
  });

  it('answers /admin/queues with 401 without the admin token or with a wrong one, 200 with it', async () => {
    const none = await fetch(`${svc.baseUrl}/admin/queues`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(await none.json()).toEqual({ error: { code: 'ADMIN_TOKEN_MISSING', message: expect.any(String) } });
    // the API key is not an admin token
    expect((await fetch(`${svc.baseUrl}/admin/queues`, { headers: { 'HD-Api-Key': TEST_API_KEY } })).status).toBe(401);
    const wrong = await fetch(`${svc.baseUrl}/admin/queues`, { headers: { authorization: 'Bearer not-the-admin-token-at-all' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('ADMIN_TOKEN_INVALID');
    expect((await fetch(`${svc.baseUrl}/admin/queues/api/queues`, { headers: { authorization: basic('ops', 'wrong') } })).status).toBe(401);

    // A heavy job (a PNG) is kept once completed, with its input: something for the dashboard to show, or not.
    // (Light requests travel in groups that are removed as they complete.)
    const png = await post(svc.baseUrl, '/v1/chart/bodygraph', { ...chartBody('01:05'), format: 'png', size: 200 }, { raw: false });
    expect(png.status).toBe(200);
    const bearer = await fetch(`${svc.baseUrl}/admin/queues`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(bearer.status).toBe(200);
    expect(await bearer.text()).toMatch(/<html/i);
    const viaBasic = await fetch(`${svc.baseUrl}/admin/queues/api/queues?activeQueue=charts-heavy&status=completed`, {
      headers: { authorization: basic('ops', ADMIN_TOKEN) },
    });
    expect(viaBasic.status).toBe(200);
    const board = (await viaBasic.json()) as { queues: Array<{ name: string; readOnlyMode: boolean; jobs: unknown[] }> };
    expect(board.queues.find((q) => q.name === 'charts')!.readOnlyMode).toBe(true);
    const charts = board.queues.find((q) => q.name === 'charts-heavy')!;
    expect(charts.readOnlyMode).toBe(true);
    expect(charts.jobs.length).toBeGreaterThan(0);
    // birth data (job input) and charts (results) are not shown on the dashboard
    expect(JSON.stringify(charts.jobs)).not.toMatch(/1948|45\.50884|Toronto/);
  });

  /** The API's request log line for a correlation id, once written. */
  async function requestLine(correlationId: string): Promise<Record<string, unknown>> {
    let line: Record<string, unknown> | undefined;
    await waitFor(
      () => {
        const lines = svc.logs.api
          .join('')
          .split('\n')
          .filter((l) => l.startsWith('{'));
        line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request' && l.correlationId === correlationId);
        return Boolean(line);
      },
      5_000,
      'the request log line',
    );
    return line!;
  }

  it('writes one JSON log line per request with route, status, duration, job id and correlation id, never the key or birth data', async () => {
    const res = await fetch(`${svc.baseUrl}/v1/chart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY, 'x-correlation-id': 'ops-e2e-corr-1' },
      body: JSON.stringify(chartBody('01:06')),
    });
    expect(res.status).toBe(200);
    const line = await requestLine('ops-e2e-corr-1');
    expect(line).toMatchObject({ level: 'info', method: 'POST', route: '/v1/chart', status: 200, jobId: expect.stringMatching(/^chart-/) });
    expect(typeof line.duration_ms).toBe('number');
    const all = [...svc.logs.api, ...svc.logs.worker].join('');
    expect(all).not.toContain(TEST_API_KEY);
    expect(all).not.toContain(ADMIN_TOKEN);
    expect(all).not.toMatch(/1948-04-09|45\.50884|who=/);
    // every stdout line is JSON
    for (const l of svc.logs.api.join('').split('\n').filter(Boolean)) expect(() => JSON.parse(l)).not.toThrow();
  });
  it('logs and measures the advice routes answered ahead of Express like any other request', async () => {
    const res = await fetch(`${svc.baseUrl}/api/advice/12?who=${BIRTHDATE}`, { headers: { 'x-correlation-id': 'ops-e2e-corr-2' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-correlation-id')).toBe('ops-e2e-corr-2');
    const line = await requestLine('ops-e2e-corr-2');
    expect(line).toEqual({
      time: expect.any(String),
      level: 'info',
      msg: 'request',
      method: 'GET',
      route: '/api/advice/:id',
      status: 200,
      duration_ms: expect.any(Number),
      correlationId: 'ops-e2e-corr-2',
    });
    const text = await scrape(svc.baseUrl);
    expect(sample(text, 'hd_http_request_duration_seconds_count', { method: 'GET', route: '/api/advice/:id', status: '200' })).toBeGreaterThanOrEqual(2);
  });
});

/** A redis-server of this test's own on a free port, so stopping it touches nothing shared. */
class PrivateRedis {
  private child?: ChildProcess;
  constructor(readonly port: number) {}
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
      stdio: 'ignore',
    });
    await waitFor(
      async () => {
        const client = new Redis(this.url, { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
        client.on('error', () => undefined);
        try {
          await client.connect();
          return (await client.ping()) === 'PONG';
        } finally {
          client.disconnect();
        }
      },
      10_000,
      `redis-server on ${this.port}`,
    );
  }
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

async function readiness(url: string): Promise<number> {
  const res = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(5_000) });
  return res.status;
}

describe('readiness follows Redis without a restart (private redis-server)', () => {
  let redis: PrivateRedis;
  let svc: RunningService;

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    svc = await startService({ env: { REDIS_URL: redis.url } });
  }, 120_000);

  afterAll(async () => {
    await svc?.stop();
    await redis?.stop();
  });

  it('turns false when Redis stops and true again when it returns, on both roles', async () => {
    expect(await readiness(svc.baseUrl)).toBe(200);
    expect(await readiness(svc.workerUrl!)).toBe(200);
    const apiPid = svc.api.pid;
    const workerPid = svc.worker!.pid;

    await redis.stop();
    await waitFor(async () => (await readiness(svc.baseUrl)) === 503, 20_000, 'API readiness 503');
    await waitFor(async () => (await readiness(svc.workerUrl!)) === 503, 20_000, 'worker readiness 503');
    const down = await (await fetch(`${svc.baseUrl}/health/ready`)).json();
    expect(down).toMatchObject({ status: 'unavailable', redis: 'down' });
    expect((await fetch(`${svc.baseUrl}/health/live`)).status).toBe(200);
    const metrics = await scrape(svc.baseUrl);
    expect(sample(metrics, 'hd_ready', { role: 'api' })).toBe(0);
    expect(sample(metrics, 'hd_queue_jobs', { queue: 'charts', state: 'waiting' })).toBeUndefined();

    await redis.start();
    await waitFor(async () => (await readiness(svc.baseUrl)) === 200, 30_000, 'API readiness 200');
    await waitFor(async () => (await readiness(svc.workerUrl!)) === 200, 30_000, 'worker readiness 200');
    expect(svc.api.pid).toBe(apiPid);
    expect(svc.worker!.pid).toBe(workerPid);
    expect(svc.api.exitCode).toBeNull();

    // and the queue really works again: a request is computed by the worker end to end
    await waitFor(async () => (await post(svc.baseUrl, '/v1/chart', chartBody('02:02'))).status === 200, 30_000, 'a chart after the outage');
    expect(sample(await scrape(svc.baseUrl), 'hd_ready', { role: 'api' })).toBe(1);
  }, 120_000);
});
