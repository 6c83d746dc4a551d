/**
 * Drives the running service over HTTP: one API process and one worker process (separate, as deployed) on this
 * machine's Redis, distinct births at 32 connections, then the p50 of a repeated request.
 * The load generator shares the machine's two cores with the API, the worker and Redis.
 */
import autocannon from 'autocannon';
import { post, startService, TEST_API_KEY } from '../test/helpers/service';
import type { Report } from './report';
import { printReport } from './report';

const PLACES = [
  'Paris, France',
  'Montreal, Quebec, Canada',
  'Los Angeles, California, USA',
  'Berlin, Germany',
  'Tokyo, Japan',
  'Sao Paulo, Brazil',
  'Mumbai, India',
  'Sydney, Australia',
];
const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 10);

/** The i-th distinct birth: a different day and minute each time, over eight places. */
export function birth(i: number): string {
  return birthOn(i % 29_000, i);
}

/**
 * The i-th distinct birth as `birth` makes it, but the days scattered: consecutive births are about 22 years apart
 * (the day index i × 7919 mod 29,000 runs through every day of 1950-2029 once in 29,000 births), as the births of a
 * register or a user base are, and as bench/engine.ts draws its instants. Consecutive days let the Swiss Ephemeris
 * reuse the file segments it read for the chart before (12.7 reads a chart against 27, and 159 against 222 µs a
 * chart in process), which a job of real births does not. Distinct: a day and a minute repeat together only every
 * 1,044,000 births (the least common multiple of 29,000 and 1,440).
 */
export function scatteredBirth(i: number): string {
  return birthOn((i * 7919) % 29_000, i);
}

function birthOn(dayIndex: number, i: number): string {
  const day = new Date(Date.UTC(1950, 0, 1) + dayIndex * 86_400_000).toISOString().slice(0, 10);
  const minutes = (i * 7) % 1440;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return JSON.stringify({ birthdate: day, birthtime: time, location: PLACES[i % PLACES.length] });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function run(report: Report): Promise<void> {
  const svc = await startService({ env: { LOG_LEVEL: 'error', QUEUE_MAX_WAITING: '100000' } });
  // BENCH_SPLIT_WORKERS=N: N worker processes beside the API (default 1), as a split deployment runs them.
  for (let i = 1; i < Number(process.env.BENCH_SPLIT_WORKERS ?? 1); i++) await svc.startWorker();
  try {
    // Warm both processes (gazetteer, ephemeris files, JIT) before measuring.
    for (let i = 0; i < 200; i++) await post(svc.baseUrl, '/v1/chart', JSON.parse(birth(1_000_000 + i)));

    let counter = Math.floor(Math.random() * 1e6);
    const result = await autocannon({
      url: `${svc.baseUrl}/v1/chart`,
      connections: 32,
      duration: DURATION_S,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
      requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: birth(counter++) }) }],
    });
    const non2xx = result.non2xx + result.errors + result.timeouts;
    report('http.chart.req_per_s', Math.round(result.requests.average), 'req/s');
    report('http.chart.p50_ms', result.latency.p50, 'ms');
    report('http.chart.p99_ms', result.latency.p99, 'ms');
    report('http.chart.errors', non2xx, 'responses');

    const same: unknown = JSON.parse(birth(42));
    await post(svc.baseUrl, '/v1/chart', same);
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t0 = process.hrtime.bigint();
      const res = await post(svc.baseUrl, '/v1/chart', same);
      if (res.status !== 200) throw new Error(`repeat answered ${res.status}`);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    times.sort((a, b) => a - b);
    report('http.chart.repeat_p50_ms', percentile(times, 50), 'ms');

    // Batches of 100 distinct births at the same 32 connections: charts per second against the single calls'.
    const batch = await autocannon({
      url: `${svc.baseUrl}/v1/charts/batch`,
      connections: 32,
      duration: DURATION_S,
      method: 'POST',
      timeout: 30,
      headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
      requests: [
        {
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            body: `{"items":[${Array.from({ length: 100 }, () => `{"operation":"chart",${birth(counter++).slice(1)}`).join(',')}]}`,
          }),
        },
      ],
    });
    report('http.batch.charts_per_s', Math.round(batch.requests.average * 100), 'charts/s');
    report('http.batch.vs_single', (batch.requests.average * 100) / result.requests.average, 'x');
    report('http.batch.p50_ms', batch.latency.p50, 'ms per 100-item batch');
    report('http.batch.errors', batch.non2xx + batch.errors + batch.timeouts, 'responses');
  } finally {
    await svc.stop();
  }
}

if (require.main === module) void run(printReport);
