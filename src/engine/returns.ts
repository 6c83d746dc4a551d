/**
 * Returns and cycles: the instants a transiting body comes back to its natal longitude (or to the opposite
 * point), each exact pass included — a slow planet that stations near the point passes it three times.
 * One crossing search (crossings.ts) over a grid of one boundary per turn: offset = natal longitude + phase,
 * width = 360°.
 */
import { findCrossings } from './crossings';
import { longitudeOf, SE_BODY } from './ephemeris';
import { motionOf, MovingBody } from './motion';
import type { NodeType } from './types';

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
  /** 1, 2, 3: the exact passes of one return (2 is retrograde). */
  pass: number;
  /** Which return since birth: 1 for the first Saturn return (about age 29), 30 for the 30th birthday's Sun. */
  of: number;
  retrograde: boolean;
}

/**
 * The returns of `kinds` with instants in [fromJd, toJd) (never before birth). With `count`, only the first
 * `count` returns (all their passes) from `fromJd` on; the range must then reach far enough.
 */
export function findReturns(birthJd: number, kinds: readonly ReturnKind[], fromJd: number, toJd: number, nodeType: NodeType, count?: number): ReturnEvent[] {
  const out: ReturnEvent[] = [];
  for (const kind of kinds) {
    const found = numberPasses(returnCrossings(birthJd, kind, fromJd, toJd, nodeType));
    out.push(...(count === undefined ? found : firstReturns(found, count)));
  }
  return out.sort((a, b) => a.jdUt - b.jdUt);
}

/**
 * The exact passes of one kind's returns with instants in [fromJd, toJd), in time order, each with `of` (which
 * return since birth) and `pass` 1: number them with `numberPasses` once a series is whole. Consecutive ranges
 * give consecutive parts of one series, so a long range can be searched in pieces.
 */
export function returnCrossings(birthJd: number, kind: ReturnKind, fromJd: number, toJd: number, nodeType: NodeType): ReturnEvent[] {
  const spec = RETURN_SPECS[kind];
  const natal = longitudeOf(birthJd, spec.seBody);
  const grid = { offset: natal + spec.phase, width: 360 };
  const out: ReturnEvent[] = [];
  for (const c of findCrossings(motionOf(spec.body, nodeType), Math.max(fromJd, birthJd), toJd, grid)) {
    const cycles = (c.jdUt - birthJd) / spec.period - spec.phase / 360;
    const of = Math.round(cycles) + (spec.phase === 0 ? 0 : 1);
    if (of < 1) continue; // the birth instant itself
    out.push({ kind, jdUt: c.jdUt, pass: 1, of, retrograde: c.direction < 0 });
  }
  return out;
}

/** Numbers the passes of one kind's series (in time order): 1, 2, 3 … within each return (`of`). */
export function numberPasses(series: readonly ReturnEvent[]): ReturnEvent[] {
  const out: ReturnEvent[] = [];
  for (const e of series) {
    const last = out[out.length - 1];
    out.push({ ...e, pass: last && last.of === e.of ? last.pass + 1 : 1 });
  }
  return out;
}

/** The first `count` returns of one kind's numbered series, every pass of each. */
export function firstReturns(series: readonly ReturnEvent[], count: number): ReturnEvent[] {
  const first = series[0]?.of;
  return series.filter((r) => r.of < first + count);
}

/** How far a `count` of returns can reach from `fromJd` (all passes of the last one included), in days. */
export function returnsSpanDays(kinds: readonly ReturnKind[], count: number): number {
  return Math.max(...kinds.map((k) => RETURN_SPECS[k].period * (count + 0.6)));
}
