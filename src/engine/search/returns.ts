/**
 * Returns and cycles: the instants a transiting body comes back to its natal longitude (or to the opposite
 * point), each exact pass included — a slow planet that stations near the point passes it three times.
 * One crossing search (crossings.ts) over a grid of one boundary per turn: offset = natal longitude + phase,
 * width = 360°.
 */
import { findCrossings } from './crossings';
import { EPHEMERIS_MAX_JD, jdFromUtcMs, longitudeOf, SE_BODY, utcMsFromJd } from '../ephemeris';
import { reportedSecondRange } from './ingresses';
import { motionOf, MovingBody } from './motion';
import type { NodeType } from '../types';

export const RETURN_KINDS = ['solar', 'lunar', 'saturn', 'uranus-opposition', 'chiron'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

interface ReturnSpec {
  body: MovingBody;
  seBody: number;
  /** The point sought, relative to the natal longitude (180: the opposition). */
  phase: 0 | 180;
  /** Mean time between returns, days (sidereal period; tropical year for the Sun). */
  period: number;
}

export const RETURN_SPECS: Record<ReturnKind, ReturnSpec> = {
  solar: { body: 'sun', seBody: SE_BODY.sun, phase: 0, period: 365.2422 },
  lunar: { body: 'moon', seBody: SE_BODY.moon, phase: 0, period: 27.3216 },
  saturn: { body: 'saturn', seBody: SE_BODY.saturn, phase: 0, period: 10_759.22 },
  'uranus-opposition': { body: 'uranus', seBody: SE_BODY.uranus, phase: 180, period: 30_688.5 },
  chiron: { body: 'chiron', seBody: SE_BODY.chiron, phase: 0, period: 18_400 },
};

export interface ReturnEvent {
  kind: ReturnKind;
  jdUt: number;
  /** Which return since birth: 1 for the first Saturn return (about age 29), 30 for the 30th birthday's Sun. */
  returnNumber: number;
  /** Which exact pass of this return, 1 to `passes` (the even ones retrograde). */
  pass: number;
  /** How many exact passes this return has: 1 for the Sun and Moon, 1 or 3 for Saturn and Uranus, 1, 3 or 5 for Chiron. */
  passes: number;
  retrograde: boolean;
}

/**
 * Days searched before and after a range so that every pass of a return the range cuts is found, and each pass
 * in the range gets its true number and count. The longest return measured (first to last pass, 40 births over
 * 1800–2400): Saturn 273 days, the Uranus opposition 297, Chiron 593 (5 passes); the margins are about twice
 * those, and multiples of the worker's pieces (modules/time-series/jobs/time-series-jobs.ts) so that they keep its sampling grid.
 * The Sun and the Moon never turn: one pass each.
 */
export const PASS_MARGIN_DAYS: Record<ReturnKind, number> = { solar: 0, lunar: 0, saturn: 800, 'uranus-opposition': 800, chiron: 1408 };

/** The range one kind's passes are searched over for [fromJd, toJd): never before birth nor past the ephemeris. */
export function returnSearchRange(birthJd: number, kind: ReturnKind, fromJd: number, toJd: number): [number, number] {
  const margin = PASS_MARGIN_DAYS[kind];
  return [Math.max(fromJd - margin, birthJd), Math.min(toJd + margin, EPHEMERIS_MAX_JD)];
}

/** The JDs of reportedSecondRange (ingresses.ts): the passes whose reported second lies in [fromJd, toJd). */
export function reportedSecondRangeJd(fromJd: number, toJd: number): [number, number] {
  const [a, b] = reportedSecondRange(utcMsFromJd(fromJd), utcMsFromJd(toJd));
  return [jdFromUtcMs(a), jdFromUtcMs(b)];
}

/**
 * The returns of `kinds` whose reported second lies in [fromJd, toJd) (never before birth). With `count`, only the first
 * `count` returns (all their passes) from `fromJd` on; the range must then reach far enough.
 */
export function findReturns(birthJd: number, kinds: readonly ReturnKind[], fromJd: number, toJd: number, nodeType: NodeType, count?: number): ReturnEvent[] {
  [fromJd, toJd] = reportedSecondRangeJd(fromJd, toJd);
  const out: ReturnEvent[] = [];
  for (const kind of kinds) {
    const [a, b] = returnSearchRange(birthJd, kind, fromJd, toJd);
    const found = inRange(numberPasses(returnCrossings(birthJd, kind, a, b, nodeType)), fromJd, toJd);
    out.push(...(count === undefined ? found : firstReturns(found, count)));
  }
  return out.sort((a, b) => a.jdUt - b.jdUt);
}

/**
 * The exact passes of one kind's returns with instants in [fromJd, toJd), in time order, each with `returnNumber`
 * (which return since birth) and `pass` 1 of 1: number them with `numberPasses` once a series is whole. Consecutive ranges
 * give consecutive parts of one series, so a long range can be searched in pieces.
 */
export function returnCrossings(birthJd: number, kind: ReturnKind, fromJd: number, toJd: number, nodeType: NodeType): ReturnEvent[] {
  const spec = RETURN_SPECS[kind];
  const natal = longitudeOf(birthJd, spec.seBody);
  const grid = { offset: natal + spec.phase, width: 360 };
  const out: ReturnEvent[] = [];
  for (const c of findCrossings(motionOf(spec.body, nodeType), Math.max(fromJd, birthJd), toJd, grid)) {
    const cycles = (c.jdUt - birthJd) / spec.period - spec.phase / 360;
    const returnNumber = Math.round(cycles) + (spec.phase === 0 ? 0 : 1);
    if (returnNumber < 1) continue; // the birth instant itself
    out.push({ kind, jdUt: c.jdUt, returnNumber, pass: 1, passes: 1, retrograde: c.direction < 0 });
  }
  return out;
}

/**
 * Numbers the passes of one kind's series (in time order): `pass` 1, 2, 3 … within each return (`returnNumber`),
 * and `passes` the return's count of them. A return cut by the series' ends counts only its passes inside.
 */
export function numberPasses(series: readonly ReturnEvent[]): ReturnEvent[] {
  const out: ReturnEvent[] = [];
  let start = 0;
  for (const e of series) {
    const last = out[out.length - 1];
    const pass = last && last.returnNumber === e.returnNumber ? last.pass + 1 : 1;
    if (pass === 1) start = out.length;
    out.push({ ...e, pass });
    for (let i = start; i < out.length; i++) out[i].passes = pass;
  }
  return out;
}

/** The passes with instants in [fromJd, toJd). */
export function inRange(series: readonly ReturnEvent[], fromJd: number, toJd: number): ReturnEvent[] {
  return series.filter((e) => e.jdUt >= fromJd && e.jdUt < toJd);
}

/** The first `count` returns of one kind's numbered series, every pass of each in the series. */
export function firstReturns(series: readonly ReturnEvent[], count: number): ReturnEvent[] {
  const first = series[0]?.returnNumber;
  return series.filter((r) => r.returnNumber < first + count);
}

/** How far a `count` of returns can reach from `fromJd` (all passes of the last one included), in days. */
export function returnsSpanDays(kinds: readonly ReturnKind[], count: number): number {
  return Math.max(...kinds.map((k) => RETURN_SPECS[k].period * (count + 0.6)));
}
