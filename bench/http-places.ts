/**
 * GET /v1/places over HTTP: distinct realistic prefixes at 32 connections against one API process (no worker
 * needed: the search is answered from the API's memory). The goal is p99 ≤ 5 ms and ≥ 5,000 req/s.
 */
import autocannon from 'autocannon';
import { startService, TEST_API_KEY } from '../test/helpers/service';
import type { Report } from './report';
import { printReport } from './report';

const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const QUERIES = [
  'Lond',
  'san fr',
  'münch',
  'par',
  'New Y',
  'Tok',
  'Моск',
  'berl',
  'Rio',
  'Syd',
  'Mont',
  'los an',
  'Kyiv',
  'Mumb',
  'São',
  'Ist',
  'Cair',
  'Lag',
  'Mex',
  'Buen',
];

export async function run(report: Report): Promise<void> {
  const svc = await startService({ worker: false, env: { LOG_LEVEL: 'error' } });
  try {
    let i = 0;
    const path = () => `/v1/places?q=${encodeURIComponent(QUERIES[i++ % QUERIES.length])}&limit=${1 + (i % 10)}`;
    for (let k = 0; k < 200; k++) await fetch(`${svc.baseUrl}${path()}`, { headers: { 'HD-Api-Key': TEST_API_KEY } });
    const result = await autocannon({
      url: svc.baseUrl,
      connections: 32,
      duration: DURATION_S,
      headers: { 'HD-Api-Key': TEST_API_KEY },
      requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, method: 'GET', path: path() }) }],
    });
    report('http.places.req_per_s', Math.round(result.requests.average), 'req/s');
    report('http.places.p50_ms', result.latency.p50, 'ms');
    report('http.places.p99_ms', result.latency.p99, 'ms');
    report('http.places.errors', result.non2xx + result.errors + result.timeouts, 'responses');
  } finally {
    await svc.stop();
  }
}

if (require.main === module) void run(printReport);
