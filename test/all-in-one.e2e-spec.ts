/**
 * `npm start` as a one-machine user runs it: APP_ROLE=all forks worker processes beside the API (WORKERS),
 * restarts one that dies, and stops them all after the API has answered its last request.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { alive } from './helpers/processes';
import { deletePrefix, freePort, post, REDIS_URL, SERVICE_MAIN, TEST_API_KEY, waitFor } from './helpers/service';

const ROOT = join(__dirname, '..');
const MONTREAL = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };

describe('APP_ROLE=all with WORKERS=2', () => {
  const prefix = `hdtestall${process.pid}`;
  let app: ChildProcess;
  let baseUrl: string;
  let out = '';
  let workerPids: number[] = [];

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    app = spawn(process.execPath, [SERVICE_MAIN], {
      cwd: ROOT,
      env: { ...process.env, APP_ROLE: 'all', WORKERS: '2', PORT: String(port), REDIS_URL, REDIS_PREFIX: prefix, HD_API_KEYS: TEST_API_KEY, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    app.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    app.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    await waitFor(() => /"msg":"listening".*"workers":\[\d+,\d+\]/.test(out), 60_000, 'the API and its two workers');
    workerPids = JSON.parse(/"workers":(\[\d+,\d+\])/.exec(out)![1]) as number[];
    await waitFor(async () => ((await (await fetch(`${baseUrl}/health`)).json()) as { workers?: number }).workers === 2, 60_000, 'two workers attached');
  }, 120_000);

  afterAll(async () => {
    if (app.exitCode === null) app.kill('SIGKILL');
    for (const pid of workerPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await deletePrefix(prefix);
  });

  it('runs the workers as separate processes and computes charts on them', async () => {
    expect(workerPids.every((pid) => pid !== app.pid && alive(pid))).toBe(true);
    const res = await post(baseUrl, '/v1/chart', MONTREAL);
    expect(res.status).toBe(200);
    // RULES reference chart (Montreal 1948-04-09 00:14): a 5/1 Splenic Manifestor.
    expect(res.body).toMatchObject({ type: 'Manifestor', profile: '5/1', authority: 'Splenic' });
  });

  it('starts another worker when one dies', async () => {
    process.kill(workerPids[0], 'SIGKILL');
    await waitFor(() => (out.match(/worker process exited, starting another/g) ?? []).length === 1, 10_000, 'the restart');
    await waitFor(async () => ((await (await fetch(`${baseUrl}/health`)).json()) as { workers?: number }).workers === 2, 30_000, 'two workers again');
    const res = await post(baseUrl, '/v1/chart', { ...MONTREAL, birthtime: '00:15' });
    expect(res.status).toBe(200);
  }, 60_000);

  it('on SIGTERM stops the API and then its workers', async () => {
    const started = [...out.matchAll(/"msg":"worker process started","pid":(\d+)/g)].map((m) => Number(m[1]));
    expect(started.length).toBe(3); // two at start, one after the kill
    const exited = new Promise<void>((resolve) => app.once('exit', () => resolve()));
    app.kill('SIGTERM');
    await exited;
    await waitFor(() => started.every((pid) => !alive(pid)), 15_000, 'the workers to stop');
  }, 30_000);
});
