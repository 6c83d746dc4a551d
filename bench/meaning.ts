/**
 * `npm run bench -- meaning` (issue 26): what `meaning` costs.
 * - The library: all five languages read in a fresh process, time and heap (after GC) — the bounds are
 *   150 ms and 30 MB.
 * - The worker's part: /v1/chart and /v1/chart/advanced answers made with and without meaning, in process.
 * - Over HTTP on the real service (API, worker, Redis; births: BENCH_MEANING_BIRTHS, below): /v1/chart at 32 connections, distinct births, with and
 *   without `meaning` in alternating rounds (the machine's drift falls on both), and at one connection, request by
 *   request alternating, the p50 and p99 (one caller's wait).
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import Redis from 'ioredis';
import { post, REDIS_URL, startService, TEST_API_KEY } from '../test/helpers/service';
import { cpuSeconds } from '../test/helpers/processes';
import { birth as consecutiveBirth, scatteredBirth } from './http-chart';
import type { Report } from './report';
import { printReport } from './report';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_MEANING_ROUNDS ?? 3);
const ONE_CONNECTION_REQUESTS = Number(process.env.BENCH_MEANING_ONE_CONNECTION ?? 1000);
/**
 * BENCH_MEANING_BIRTHS: `consecutive` (default, the births every HTTP bench draws: one day after another) or
 * `scattered` (days about 22 years apart, as distinct callers' births are). The Swiss Ephemeris answers consecutive
 * days partly from the file segments it read for the chart before (bench/http-chart.ts scatteredBirth), so with them
 * a chart costs the worker less than a stranger's does, and what meaning adds weighs more beside it.
 */
const BIRTHS = process.env.BENCH_MEANING_BIRTHS ?? 'consecutive';
if (BIRTHS !== 'consecutive' && BIRTHS !== 'scattered') throw new Error(`BENCH_MEANING_BIRTHS must be consecutive or scattered, got ${BIRTHS}`);
const birth = BIRTHS === 'scattered' ? scatteredBirth : consecutiveBirth;

function libraryLoad(): { ms: number; heapMb: number } {
  const script = `
    const { loadMeaningLibraries } = require('./src/engine/meaning/library');
    global.gc(); const before = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const lib = loadMeaningLibraries();
    const ms = performance.now() - t0;
    global.gc(); const heap = process.memoryUsage().heapUsed - before;
    if (!lib.fr) throw new Error('not loaded');
    console.log(JSON.stringify({ ms, heapMb: heap / 1048576 }));`;
  const out = execFileSync(process.execPath, ['--expose-gc', '-r', 'ts-node/register/transpile-only', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as { ms: number; heapMb: number };
}

function inProcess(report: Report): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded here, after the library timing ran in its own process
  const { chartJob, advancedJob } = require('../src/modules/chart/jobs/chart-jobs') as typeof import('../src/modules/chart/jobs/chart-jobs');
  // The worker's part only: it marks the texts; the API swaps the markers for them (engine/meaning/annotate.ts).
  const input = (i: number, meaning?: 'de') => ({
    ...(JSON.parse(birth(i)) as { birthdate: string; birthtime: string; location: string }),
    nodeType: 'true' as const,
    ...(meaning ? { meaning } : {}),
  });
  for (const [name, job] of [
    ['chart', chartJob],
    ['advanced', advancedJob],
  ] as const) {
    for (let i = 0; i < 300; i++) job(input(i, i % 2 ? 'de' : undefined));
    const time = (meaning?: 'de') => {
      const n = 3000;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) job(input(10_000 + i, meaning));
      return ((performance.now() - t0) * 1000) / n;
    };
    const plain = [time(), time()].reduce((a, b) => Math.min(a, b));
    const withMeaning = [time('de'), time('de')].reduce((a, b) => Math.min(a, b));
    report(`meaning.job.${name}_us`, +plain.toFixed(0), 'µs per answer without meaning (in process)');
    report(`meaning.job.${name}_meaning_us`, +withMeaning.toFixed(0), `µs with meaning (${((100 * withMeaning) / plain).toFixed(0)} %)`);
  }
}

/** A process's CPU so far (user + system), ms. */
const cpuMs = (pid: number): number => 1000 * cpuSeconds(pid);

async function redisCpuMs(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
}

export async function run(report: Report): Promise<void> {
  const load = libraryLoad();
  report('meaning.library.load_ms', +load.ms.toFixed(1), 'ms to read all five languages (bound 150)');
  report('meaning.library.heap_mb', +load.heapMb.toFixed(1), 'MB of heap after GC (bound 30)');
  inProcess(report);

  const svc = await startService({ env: { LOG_LEVEL: 'error', QUEUE_MAX_WAITING: '100000' } });
  try {
    for (let i = 0; i < 200; i++)
      await post(svc.baseUrl, '/v1/chart', { ...(JSON.parse(birth(2_000_000 + i)) as object), ...(i % 2 ? { meaning: 'de' } : {}) });
    let counter = Math.floor(Math.random() * 1e6);
    const drive = (meaning: boolean, seconds = SECONDS) =>
      autocannon({
        url: `${svc.baseUrl}/v1/chart`,
        connections: 32,
        duration: seconds,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
        requests: [
          {
            setupRequest: (req: autocannon.Request) => {
              const body = birth(counter++);
              return { ...req, body: meaning ? `${body.slice(0, -1)},"meaning":"de"}` : body };
            },
          },
        ],
      });
    const rates: Record<'plain' | 'meaning', number[]> = { plain: [], meaning: [] };
    const p99: Record<'plain' | 'meaning', number[]> = { plain: [], meaning: [] };
    // CPU per request, µs, by process: what the service spends (the API, the worker, Redis) apart from the load
    // generator, which shares the two cores here and reads the longer answers too.
    const cpu: Record<'plain' | 'meaning', { api: number; worker: number; redis: number; generator: number; requests: number }> = {
      plain: { api: 0, worker: 0, redis: 0, generator: 0, requests: 0 },
      meaning: { api: 0, worker: 0, redis: 0, generator: 0, requests: 0 },
    };
    // A round of each kind first, not counted: the service's first seconds under load (its code still being
    // optimised) fell on whichever kind went first and made it look slower (681-780 req/s against 950-1,200 after).
    await drive(false, 3);
    await drive(true, 3);
    const redis = new Redis(REDIS_URL);
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of round % 2 ? (['meaning', 'plain'] as const) : (['plain', 'meaning'] as const)) {
        const before = { api: cpuMs(svc.api.pid!), worker: cpuMs(svc.worker!.pid!), redis: await redisCpuMs(redis), generator: process.cpuUsage() };
        const r = await drive(kind === 'meaning');
        const generator = process.cpuUsage(before.generator);
        const c = cpu[kind];
        c.api += cpuMs(svc.api.pid!) - before.api;
        c.worker += cpuMs(svc.worker!.pid!) - before.worker;
        c.redis += (await redisCpuMs(redis)) - before.redis;
        c.generator += (generator.user + generator.system) / 1000;
        c.requests += r.requests.total;
        if (r.non2xx + r.errors) throw new Error(`${kind}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        rates[kind].push(r.requests.average);
        p99[kind].push(r.latency.p99);
      }
    }
    redis.disconnect();
    const perRequest = (kind: 'plain' | 'meaning', part: 'api' | 'worker' | 'redis' | 'generator') => (1000 * cpu[kind][part]) / cpu[kind].requests;
    const service = (kind: 'plain' | 'meaning') => perRequest(kind, 'api') + perRequest(kind, 'worker') + perRequest(kind, 'redis');
    for (const part of ['api', 'worker', 'redis', 'generator'] as const)
      report(
        `meaning.cpu.${part}_us`,
        Math.round(perRequest('plain', part)),
        `µs of CPU per request without meaning, ${Math.round(perRequest('meaning', part))} with`,
      );
    report(
      'meaning.cpu.service_us',
      Math.round(service('plain')),
      `µs per request (API + worker + Redis) without meaning, ${Math.round(service('meaning'))} with: ${((100 * service('meaning')) / service('plain')).toFixed(0)} %`,
    );
    const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / a.length;
    report('meaning.http.chart_req_per_s', Math.round(mean(rates.plain)), `req/s without meaning (${rates.plain.map(Math.round).join(', ')})`);
    report(
      'meaning.http.chart_meaning_req_per_s',
      Math.round(mean(rates.meaning)),
      `req/s with meaning (${rates.meaning.map(Math.round).join(', ')}): ${((100 * mean(rates.meaning)) / mean(rates.plain)).toFixed(0)} % of without`,
    );
    report('meaning.http.p99_ms', Math.max(...p99.plain), `ms without, ${Math.max(...p99.meaning)} ms with (worst round)`);
    // One request at a time, the two kinds alternating request by request so that the machine's drift falls on
    // both alike: what one caller waits for a chart with and without its texts.
    const times = { plain: [] as number[], meaning: [] as number[] };
    for (let i = 0; i < 2 * ONE_CONNECTION_REQUESTS; i++) {
      const kind = i % 2 ? 'meaning' : 'plain';
      const body = { ...(JSON.parse(birth(counter++)) as object), ...(kind === 'meaning' ? { meaning: 'de' } : {}) };
      const t0 = performance.now();
      const res = await post(svc.baseUrl, '/v1/chart', body);
      if (res.status !== 200) throw new Error(`answered ${res.status}`);
      times[kind].push(performance.now() - t0);
    }
    const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))];
    for (const [name, q] of [
      ['p50', 0.5],
      ['p99', 0.99],
    ] as const) {
      const plain = quantile(times.plain, q);
      const withMeaning = quantile(times.meaning, q);
      report(
        `meaning.http.one_connection_${name}_ms`,
        +plain.toFixed(2),
        `ms without, ${withMeaning.toFixed(2)} ms with meaning (${((100 * withMeaning) / plain).toFixed(0)} %; ${ONE_CONNECTION_REQUESTS} requests each, alternating)`,
      );
    }
  } finally {
    await svc.stop();
  }
}

if (require.main === module) void run(printReport).then(() => process.exit(0));
