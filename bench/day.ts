/**
 * Unknown birth time on one core: one whole local day cut into its windows with each window's chart (the goal is
 * ≤ 20 ms), over 50 distinct days and places. Standalone: `npx ts-node --transpile-only bench/day.ts`.
 */
import type { Report } from './report';
import { printReport } from './report';
import { dayWindows } from '../src/engine/search/day';
import { resolveDaySpan } from '../src/engine/search/day-span';

const PLACES = ['London, United Kingdom', 'Montreal, Quebec, Canada', 'Tokyo, Japan', 'Sydney, Australia', 'Lagos, Nigeria'];

// eslint-disable-next-line @typescript-eslint/require-await -- every section keeps bench/run.ts's async run() contract (a throw becomes a rejection)
export async function run(report: Report): Promise<void> {
  const days = Array.from({ length: 60 }, (_, i) => {
    const date = new Date(Date.UTC(1950 + i, i % 12, 1 + (i % 27))).toISOString().slice(0, 10);
    return resolveDaySpan({ birthdate: date, location: PLACES[i % PLACES.length] });
  });
  for (const d of days.slice(0, 10)) dayWindows(d.startMs, d.endMs, 'true'); // warm-up
  const ms: number[] = [];
  let windows = 0;
  for (const d of days.slice(10)) {
    const t0 = process.hrtime.bigint();
    windows += dayWindows(d.startMs, d.endMs, 'true').length;
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  ms.sort((a, b) => a - b);
  report('day.ms', ms[Math.floor(ms.length / 2)], 'ms (median of 50 days)');
  report('day.ms_p90', ms[Math.floor(ms.length * 0.9)], 'ms');
  report('day.windows_avg', windows / ms.length, 'windows/day');
}

if (require.main === module) void run(printReport);
