/**
 * WORKER_LANES=split (the default, README "Fair use"): a worker process consumes the light lane and starts one child
 * process for the heavy lane at nice 5 (HEAVY_NICE), supervised and counted in its parent's /metrics. Real API,
 * worker and Redis; the processes are read from /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';
import Redis from 'ioredis';
import { heavyRequest } from './helpers/heavy-load';
import { sample, scrape } from './helpers/metrics';
import { childrenOf, running } from './helpers/processes';
import { post, REDIS_URL, RunningService, startService, waitFor } from './helpers/service';

const BIRTH = { birthdate: '1990-05-15', birthtime: '14:30', location: 'London, United Kingdom' };

/** The nice value of each of a process's threads (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNices(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]));
}

function envOf(pid: number): Record<string, string> {
  return Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
}

describe('the heavy lane in a child process of the worker (WORKER_LANES=split)', () => {
  let svc: RunningService;

  beforeAll(async () => {
    svc = await startService();
  }, 120_000);
  afterAll(() => svc?.stop());

  it('the worker has one child, of the heavy lane, whose every thread runs at nice 5 (HEAVY_NICE); the worker itself at 0', () => {
    const worker = svc.worker!.pid!;
    const [child, ...more] = childrenOf(worker);
    expect(more).toEqual([]);
    expect(envOf(child).WORKER_LANES).toBe('heavy');
    expect(new Set(threadNices(child))).toEqual(new Set([5]));
    expect(new Set(threadNices(worker))).toEqual(new Set([0]));
  });

  it('a chart is computed by the worker, a PNG by its child, and the worker’s /metrics counts both', async () => {
    const before = await scrape(svc.workerUrl!);
    const count = (text: string, job: string) => sample(text, 'hd_jobs_total', { job, outcome: 'completed' }) ?? 0;
    expect((await post(svc.baseUrl, '/v1/chart', { ...BIRTH, birthtime: '14:31' })).status).toBe(200);
    const png = await post(svc.baseUrl, '/v1/chart/bodygraph', { ...BIRTH, format: 'png', size: 200 }, { raw: false });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toContain('image/png');
    const after = await scrape(svc.workerUrl!);
    expect(count(after, 'chart') - count(before, 'chart')).toBe(1);
    expect(count(after, 'bodygraph') - count(before, 'bodygraph')).toBe(1);
    // The queue's own gauges are read once, not added up over the two processes: one worker on each lane.
    expect(sample(after, 'hd_workers', { queue: 'charts' })).toBe(1);
    expect(sample(after, 'hd_workers', { queue: 'charts-heavy' })).toBe(1);
  }, 60_000);

  it('a child killed is started again, and heavy requests are served by the new one', async () => {
    const worker = svc.worker!.pid!;
    const [child] = childrenOf(worker);
    process.kill(child, 'SIGKILL');
    await waitFor(() => childrenOf(worker).some((pid) => pid !== child), 20_000, 'a new heavy-lane child');
    // A PNG is heavy whatever its size (its lane is the heavy one): only the new child can compute it. The child
    // loads its libraries before it takes a job, at nice 5 beside the other suites: a clean-clone CI run on a slow
    // hour saw that outlast a request's 10 s deadline (504). A request that does is asked again, and the new child
    // must answer one.
    let res: Awaited<ReturnType<typeof post>> | undefined;
    await waitFor(
      async () => {
        res = await post(svc.baseUrl, '/v1/chart/bodygraph', { ...BIRTH, format: 'png', size: 240 }, { raw: false });
        return res.status !== 504;
      },
      60_000,
      'a PNG from the new heavy-lane child',
    );
    expect(res!.status).toBe(200);
    expect(res!.headers.get('content-type')).toContain('image/png');
  }, 100_000);

  it('a worker killed takes its child with it', async () => {
    const worker = svc.worker!.pid!;
    await waitFor(() => childrenOf(worker).length === 1, 20_000, 'the heavy-lane child');
    const [child] = childrenOf(worker);
    process.kill(worker, 'SIGKILL');
    await waitFor(() => !running(child), 20_000, 'the child to exit');
  }, 60_000);

  it('a worker stopped (SIGTERM) exits after its child, which finishes the heavy job it holds', async () => {
    await svc.startWorker();
    const worker = svc.worker!;
    await waitFor(() => childrenOf(worker.pid!).length === 1, 20_000, 'the heavy-lane child');
    const [child] = childrenOf(worker.pid!);
    const redis = new Redis(REDIS_URL);
    try {
      // Ten years of ingresses: heavy, so the child's; the stop comes once the child holds it.
      const { path, body } = heavyRequest('ingresses', 4_242);
      const answer = post(svc.baseUrl, path, body);
      await waitFor(async () => (await redis.llen(`${svc.prefix}:charts-heavy:active`)) > 0, 20_000, 'the heavy job taken');
      const childRunningAtWorkerExit = new Promise<boolean>((resolve) => worker.once('exit', () => resolve(running(child))));
      worker.kill('SIGTERM');
      expect(await childRunningAtWorkerExit).toBe(false);
      expect((await answer).status).toBe(200);
    } finally {
      redis.disconnect();
    }
  }, 60_000);
});
