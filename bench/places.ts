/**
 * Place and time resolution benchmark: gazetteer load time and memory, lookups/s, localToUtc/s.
 * Standalone: npx ts-node --transpile-only bench/places.ts
 */
import type { Report } from './report';
import { printReport } from './report';
import { Gazetteer, loadGazetteer } from '../src/engine/places';
import { localToUtc } from '../src/engine/time';

const QUERIES = [
  'Springfield, Illinois, USA', 'Paris, France', 'koln, germany', 'Sao Paulo, Brazil', 'Montreal, Quebec, Canada',
  'Washington, D.C., USA', 'Istanbul, Turkey', 'London, England', 'Springfield, USA', 'Accra, Ghana',
  'Portland, Oregon, United States', 'Amsterdam, Holland', 'Tokyo, Japan', 'Geneva, New York, USA', 'Salem, MA',
];

export async function run(report: Report): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = process.hrtime.bigint();
  const g: Gazetteer = loadGazetteer();
  const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
  gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  report('places.load_ms', Math.round(loadMs), 'ms');
  report('places.heap_mb', heapMb, gc ? 'MB' : 'MB (approx., run node with --expose-gc for exact)');

  let n = 0;
  for (let i = 0; i < 20000; i++) g.resolve(QUERIES[i % QUERIES.length]); // warm-up
  const t1 = Date.now();
  while (Date.now() - t1 < 1000) {
    for (let i = 0; i < 1000; i++) g.resolve(QUERIES[(n + i) % QUERIES.length]);
    n += 1000;
  }
  report('places.lookups_per_s', Math.round(n / ((Date.now() - t1) / 1000)), 'lookups/s');

  const cases: [string, string, string, number][] = [
    ['1990-05-15', '12:30', 'Europe/Amsterdam', 4.9], ['1935-07-01', '12:00', 'Europe/Amsterdam', 4.9],
    ['1974-02-01', '12:00', 'America/New_York', -74], ['2021-11-07', '01:30', 'America/New_York', -74],
    ['1986-06-01', '12:00', 'Asia/Kathmandu', 85.3], ['1850-01-01', '12:00', 'America/New_York', -71],
  ];
  for (let i = 0; i < 20000; i++) localToUtc(...cases[i % cases.length]);
  let m = 0;
  const t2 = Date.now();
  while (Date.now() - t2 < 1000) {
    for (let i = 0; i < 1000; i++) localToUtc(...cases[(m + i) % cases.length]);
    m += 1000;
  }
  report('time.local_to_utc_per_s', Math.round(m / ((Date.now() - t2) / 1000)), 'conversions/s');
}

if (require.main === module) {
  run(printReport).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
