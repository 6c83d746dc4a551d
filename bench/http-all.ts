/**
 * `npm start` as a one-machine user runs it (compiled, bench/compiled.ts): APP_ROLE=all (the API plus WORKERS=auto forked worker processes),
 * distinct births at 32 connections from a load generator on the same machine. `BENCH_WORKERS=N` overrides
 * WORKERS (0 = the worker in the API's own process, the old all-in-one).
 */
import autocannon from 'autocannon';
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { deletePrefix, freePort, post, REDIS_URL, TEST_API_KEY, waitFor } from '../test/helpers/service';
import { birth } from './http-chart';
import type { Report } from './report';
import { printReport } from './report';
import { compiledMain } from './compiled';

const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 10);

export async function run(report: Report): Promise<void> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const prefix = `hdbenchall${process.pid}`;
  const workers = process.env.BENCH_WORKERS ?? 'auto';
  let out = '';
  const app: ChildProcess = spawn(process.execPath, [compiledMain(join(__dirname, '..'))], {
    cwd: join(__dirname, '..'),
    env: {
      ...process.env,
      APP_ROLE: 'all',
      WORKERS: workers,
      PORT: String(port),
      REDIS_URL,
      REDIS_PREFIX: prefix,
      HD_API_KEYS: TEST_API_KEY,
      LOG_LEVEL: 'error',
      QUEUE_MAX_WAITING: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  app.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  app.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  try {
    await waitFor(async () => (await fetch(`${baseUrl}/health`)).status === 200, 60_000, `the all-in-one service (${out})`);
    const expected = workers === 'auto' ? undefined : Number(workers);
    if (expected)
      await waitFor(async () => ((await (await fetch(`${baseUrl}/health`)).json()) as { workers?: number }).workers === expected, 60_000, 'its workers');
    for (let i = 0; i < 300; i++) await post(baseUrl, '/v1/chart', JSON.parse(birth(2_000_000 + i)));
    let counter = Math.floor(Math.random() * 1e6);
    const result = await autocannon({
      url: `${baseUrl}/v1/chart`,
      connections: 32,
      duration: DURATION_S,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
      requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: birth(counter++) }) }],
    });
    const name = `http.all_in_one${workers === 'auto' ? '' : `_workers_${workers}`}`;
    report(`${name}.req_per_s`, Math.round(result.requests.average), 'req/s');
    report(`${name}.p50_ms`, result.latency.p50, 'ms');
    report(`${name}.p99_ms`, result.latency.p99, 'ms');
    report(`${name}.errors`, result.non2xx + result.errors + result.timeouts, 'responses');
  } finally {
    await new Promise<void>((resolve) => {
      if (app.exitCode !== null) return resolve();
      app.once('exit', () => resolve());
      app.kill('SIGTERM');
      setTimeout(() => app.kill('SIGKILL'), 15_000).unref();
    });
    await deletePrefix(prefix);
  }
}

if (require.main === module) void run(printReport);
