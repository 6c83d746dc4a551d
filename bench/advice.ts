/**
 * Advice API throughput: the API (APP_ROLE=api) in its own process, as deployed, and `GET /api/advice/:id` over
 * all 371 ids at 32 connections from this process. Load generator and server share the machine's two cores.
 *
 *   npx ts-node --transpile-only bench/advice.ts      (or `npm run bench -- advice`)
 */
import autocannon from 'autocannon';
import { startService } from '../test/helpers/service';
import type { Report } from './report';
import { printReport } from './report';

const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const CONNECTIONS = 32;
const N = 371;

/** The 371 ids in a fixed shuffled order, so that consecutive requests on a connection differ. */
function idOrder(): number[] {
  const ids = Array.from({ length: N }, (_, i) => i + 1);
  let seed = 12345;
  for (let i = ids.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return ids;
}

function load(url: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: idOrder().map((id) => ({ method: 'GET' as const, path: `/api/advice/${id}` })),
  });
}

export async function run(report: Report): Promise<void> {
  const svc = await startService({ worker: false, env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error' } });
  try {
    const url = svc.baseUrl;

    const check = await fetch(`${url}/api/advice/371`);
    if (check.status !== 200 || ((await check.json()) as { id: number }).id !== 371) throw new Error(`advice route answered ${check.status}`);

    await load(url, 2); // warm-up (JIT, connection pools)
    const result = await load(url, DURATION_S);
    report('http.advice_by_id.req_per_s', Math.round(result.requests.average), 'req/s');
    report('http.advice_by_id.p50_ms', result.latency.p50, 'ms');
    report('http.advice_by_id.p99_ms', result.latency.p99, 'ms');
    report('http.advice_by_id.errors', result.non2xx + result.errors + result.timeouts, 'responses');
  } finally {
    await svc.stop();
  }
}

if (require.main === module) {
  run(printReport).then(
    () => process.exit(0),
    (err: Error) => {
      console.error(`bench failed: ${err.stack ?? err.message}`);
      process.exit(1);
    },
  );
}
