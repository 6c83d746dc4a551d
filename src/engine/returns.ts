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
  const start = Math.max(fromJd, birthJd);
  for (const kind of kinds) {
    const spec = RETURN_SPECS[kind];
    const natal = longitudeOf(birthJd, spec.seBody);
    const grid = { offset: natal + spec.phase, width: 360 };
    const found: ReturnEvent[] = [];
    for (const c of findCrossings(motionOf(spec.body, nodeType), start, toJd, grid)) {
      const cycles = (c.jdUt - birthJd) / spec.period - spec.phase / 360;
      const of = Math.round(cycles) + (spec.phase === 0 ? 0 : 1);
      if (of < 1) continue; // the birth instant itself
      const last = found[found.length - 1];
      const pass = last && last.of === of ? last.pass + 1 : 1;
      found.push({ kind, jdUt: c.jdUt, pass, of, retrograde: c.direction < 0 });
    }
    if (count !== undefined) {
      const first = found[0]?.of;
      out.push(...found.filter((r) => r.of < first + count));
    } else {
      out.push(...found);
    }
  }
  return out.sort((a, b) => a.jdUt - b.jdUt);
}

/** How far a `count` of returns can reach from `fromJd` (all passes of the last one included), in days. */
export function returnsSpanDays(kinds: readonly ReturnKind[], count: number): number {
  return Math.max(...kinds.map((k) => RETURN_SPECS[k].period * (count + 0.6)));
}
