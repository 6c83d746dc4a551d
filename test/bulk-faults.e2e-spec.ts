/**
 * Bulk jobs through faults, with real processes: a worker killed (kill -9) in the middle of a job, and Redis killed
 * (kill -9) and restarted from its append-only file in the middle of another (a private redis-server, never the
 * shared one). Either way every item is answered exactly once, in input order.
 */
import { type Json, RunningService, startService, TEST_API_KEY, waitFor } from './helpers/service';
import { type RedisProcess, startRedisServer } from './helpers/redis-servers';
import { freePort } from './helpers/service';

const ITEMS = 30_000;

function csvOf(n: number): string {
  const rows = Array.from({ length: n }, (_, i) => {
    const day = new Date(Date.UTC(1940, 0, 1) + i * 86_400_000 * 2.1).toISOString().slice(0, 10);
    const minutes = (i * 37) % 1440;
    return `p${i},${day},${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')},"Montreal, Quebec, Canada"`;
  });
  return `id,birthdate,birthtime,location\n${rows.join('\n')}\n`;
}

async function state(baseUrl: string, id: string): Promise<Json> {
  const res = await fetch(`${baseUrl}/v1/jobs/${id}`, { headers: { 'HD-Api-Key': TEST_API_KEY } });
  return res.status === 200 ? ((await res.json()) as Json) : { state: `http ${res.status}`, done: -1 };
}

async function create(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/jobs`, { method: 'POST', headers: { 'HD-Api-Key': TEST_API_KEY, 'content-type': 'text/csv' }, body: csvOf(ITEMS) });
  expect(res.status).toBe(202);
  return ((await res.json()) as Json).id as string;
}

/** The job's answers: every id once, in input order, each computed. */
async function expectEveryItemOnce(baseUrl: string, id: string): Promise<void> {
  const view = await state(baseUrl, id);
  expect(view).toMatchObject({ state: 'completed', total: ITEMS, done: ITEMS, failed: 0 });
  const res = await fetch(`${baseUrl}/v1/jobs/${id}/results`, { headers: { 'HD-Api-Key': TEST_API_KEY } });
  const lines = (await res.text()).trimEnd().split('\n');
  expect(lines).toHaveLength(ITEMS);
  const ids = lines.map((l) => JSON.parse(l).id as string);
  expect(ids).toEqual(Array.from({ length: ITEMS }, (_, i) => `p${i}`));
  expect(lines.every((l) => l.includes('"status":200,"result":{"type":'))).toBe(true);
}

describe('bulk job: a worker killed (kill -9) half-way', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService({ env: { LOG_LEVEL: 'error' } });
    await svc.startWorker();
  }, 120_000);
  afterAll(async () => svc?.stop());

  it('the other worker takes its chunks over: every item answered exactly once, in order', async () => {
    const id = await create(svc.baseUrl);
    await waitFor(async () => (await state(svc.baseUrl, id)).done >= ITEMS / 5, 30_000, 'a fifth of the job');
    const victim = svc.workers[0];
    victim.kill('SIGKILL');
    await waitFor(() => victim.exitCode !== null || victim.signalCode !== null, 5_000, 'the worker to die');
    await waitFor(async () => (await state(svc.baseUrl, id)).state === 'completed', 40_000, 'the job to complete');
    await expectEveryItemOnce(svc.baseUrl, id);
  }, 90_000);
});

describe('bulk job: Redis killed (kill -9) half-way and restarted from its append-only file', () => {
  let svc: RunningService;
  let redis: RedisProcess | undefined;
  let port: number;
  let dir: string;
  const durable = (d: string) => ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', d];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedisServer((d) => durable(d), { port });
    dir = redis.dir;
    svc = await startService({ env: { LOG_LEVEL: 'error', REDIS_URL: `redis://127.0.0.1:${port}` } });
  }, 120_000);
  afterAll(async () => {
    await svc?.stop();
    await redis?.kill();
  });

  it('the job goes on after the restart: every item answered exactly once, in order', async () => {
    const id = await create(svc.baseUrl);
    await waitFor(async () => (await state(svc.baseUrl, id)).done >= ITEMS / 5, 30_000, 'a fifth of the job');
    await redis?.kill();
    await new Promise((r) => setTimeout(r, 1_000));
    redis = await startRedisServer(durable(dir), { port });
    await waitFor(async () => (await state(svc.baseUrl, id)).state === 'completed', 60_000, 'the job to complete');
    await expectEveryItemOnce(svc.baseUrl, id);
  }, 120_000);
});
