/**
 * Time-series benchmark on one core: a whole year of line ingresses for all 13 bodies (the goal is
 * ≤ 150 ms), gate ingresses, stations; with the ephemeris calls per event (the floor is 1: one longitude from
 * the ephemeris confirms each crossing) and the cost of one ephemeris call measured in the same run, since the
 * figure is that cost times the calls. Standalone: `npx ts-node --transpile-only bench/ingresses.ts`.
 */
import type { Report } from './report';
import { printReport } from './report';
import { crossingStats } from '../src/engine/search/crossings';
import { jdFromUtcMs, longitudeOf, SE_BODY } from '../src/engine/ephemeris';
import { findBodyStations, findIngresses, STATION_BODIES } from '../src/engine/search/ingresses';
import { PLANETS } from '../src/engine/types';

const YEAR_MS = 365.2422 * 86_400_000;

function best<T>(runs: number, work: () => T): { ms: number; result: T } {
  let ms = Infinity;
  let result!: T;
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    result = work();
    ms = Math.min(ms, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return { ms, result };
}

// eslint-disable-next-line @typescript-eslint/require-await -- every section keeps bench/run.ts's async run() contract (a throw becomes a rejection)
export async function run(report: Report): Promise<void> {
  const from = Date.parse('2026-01-01T00:00:00Z');
  findIngresses(from - YEAR_MS, from, PLANETS, 'line', 'true'); // warm-up (files, JIT)

  Object.assign(crossingStats, { samples: 0, solves: 0, solveCalls: 0 });
  const line = best(5, () => findIngresses(from, from + YEAR_MS, PLANETS, 'line', 'true'));
  const calls = (crossingStats.samples + crossingStats.solveCalls) / 5;
  report('ingresses.year_all_bodies_line_ms', Math.round(line.ms), 'ms');
  report('ingresses.year_all_bodies_line_events', line.result.length, 'events');
  report('ingresses.events_per_s', Math.round(line.result.length / (line.ms / 1000)), 'events/s');
  report('ingresses.ephemeris_calls_per_event', calls / line.result.length, 'calls/event');
  report('ingresses.solve_calls_per_crossing', crossingStats.solveCalls / crossingStats.solves, 'calls/crossing');

  const jd = jdFromUtcMs(from);
  const call = best(3, () => {
    for (let i = 0; i < 20_000; i++) longitudeOf(jd + i * 0.37, SE_BODY.moon);
  });
  report('ephemeris.call_us', (call.ms * 1000) / 20_000, 'us');

  const gate = best(3, () => findIngresses(from, from + 10 * YEAR_MS, PLANETS, 'gate', 'true'));
  report('ingresses.ten_years_all_bodies_gate_ms', Math.round(gate.ms), 'ms');
  const stations = best(3, () => findBodyStations(from, from + 10 * YEAR_MS, STATION_BODIES));
  report('stations.ten_years_ms', Math.round(stations.ms), 'ms');
}

if (require.main === module) void run(printReport);
