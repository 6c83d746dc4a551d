import { findIngresses, findBodyStations } from '../src/engine/ingresses';
import { crossingStats } from '../src/engine/crossings';
import { PLANETS } from '../src/engine/types';
const from = Date.parse('2026-01-01T00:00:00Z'), to = from + 365.2422 * 86400000;
for (const level of ['gate', 'line'] as const) {
  for (let rep = 0; rep < 3; rep++) {
    Object.assign(crossingStats, { samples: 0, solves: 0, solveCalls: 0 });
    const t0 = process.hrtime.bigint();
    const ev = findIngresses(from, to, PLANETS, level, 'true');
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const counts: Record<string, number> = {};
    for (const e of ev) counts[e.body] = (counts[e.body] ?? 0) + 1;
    console.log(level, ev.length, ms.toFixed(1) + 'ms', JSON.stringify(crossingStats), JSON.stringify(counts));
  }
}
const t0 = Date.now();
const st = findBodyStations(from, to + 9 * 365 * 86400000, ['mercury','venus','mars','jupiter','saturn','uranus','neptune','pluto']);
console.log('stations 10y', st.length, Date.now() - t0, 'ms', st.slice(0, 4));
