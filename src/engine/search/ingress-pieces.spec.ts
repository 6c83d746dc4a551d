/**
 * Ingresses and stations in pieces, as the worker searches them: windows on the crossing solver's sampling grid,
 * one moving body (or station body) at a time, merged by mergeTimelines and mergeStations, give the one-call
 * answers on ranges from 1801 to 2398, both levels, both node types and bodies in any order. Compared as answered,
 * to the second (an instant found in a piece can differ from the whole search's in its last bits: see
 * returns.spec.ts).
 */
import {
  findBodyStations,
  findIngresses,
  ingressGroups,
  ingressTimeline,
  mergeStations,
  mergeTimelines,
  reportedSecondRange,
  STATION_BODIES,
  stationTimeline,
} from './ingresses';
import { PLANETS } from '../types';

const DAY = 86_400_000;

/** Consecutive half-open windows of `days` over [from, to). */
function windows(from: number, to: number, days: number): [number, number][] {
  const out: [number, number][] = [];
  for (let a = from; a < to; a += days * DAY) out.push([a, Math.min(a + days * DAY, to)]);
  return out;
}

describe('ingresses and stations in pieces', () => {
  it('groups the bodies by the moving body whose search they share, in the order first named', () => {
    expect(ingressGroups(['earth', 'moon', 'southNode', 'sun', 'northNode'])).toEqual([['earth', 'sun'], ['moon'], ['southNode', 'northNode']]);
  });

  it.each([
    ['gate', 'true', '2019-02-03T05:00:00Z', '2022-07-01T00:00:00Z', PLANETS, 16],
    ['line', 'true', '2024-12-20T00:00:00Z', '2025-04-02T13:14:15Z', PLANETS, 8],
    ['line', 'mean', '1801-03-01T00:00:00Z', '1801-05-17T07:00:00Z', ['pluto', 'moon', 'earth', 'sun', 'southNode'], 8],
    ['gate', 'mean', '2397-01-01T00:00:00Z', '2398-06-01T00:00:00Z', ['southNode', 'moon', 'mercury'], 32],
  ] as const)('%s level, %s node, %s to %s: windows searched a group at a time, merged, give the whole', (level, nodeType, fromIso, toIso, bodies, days) => {
    const [from, to] = [Date.parse(fromIso), Date.parse(toIso)];
    const groups = ingressGroups(bodies);
    const search = (a: number, b: number) => groups.map((group) => ingressTimeline(a, b, group, level, nodeType));
    // The worker pieces the range it searches: the answer's range moved to the reported second (modules/time-series/jobs/time-series-jobs.ts).
    const pieces = windows(...reportedSecondRange(from, to), days).flatMap(([a, b]) => mergeTimelines(search(a, b)).map((e) => e.event));
    const whole = findIngresses(from, to, bodies, level, nodeType);
    expect(pieces).toEqual(whole);
    expect(whole.length).toBeGreaterThan(50);
  });

  it.each([
    ['2001-01-01T00:00:00Z', '2007-06-30T00:00:00Z', [...STATION_BODIES].reverse()],
    ['1850-03-03T03:03:03Z', '1853-01-01T00:00:00Z', ['neptune', 'mercury'] as const],
  ])('stations %s to %s: windows searched a body at a time, merged, give the whole', (fromIso, toIso, bodies) => {
    const [from, to] = [Date.parse(fromIso), Date.parse(toIso)];
    const pieces = windows(...reportedSecondRange(from, to), 32).flatMap(([a, b]) =>
      mergeStations(bodies.map((body) => stationTimeline(a, b, [body]))).map((e) => e.event),
    );
    const whole = findBodyStations(from, to, bodies);
    expect(pieces).toEqual(whole);
    expect(whole.length).toBeGreaterThan(5);
  });
});
