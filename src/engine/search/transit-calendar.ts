/**
 * A personal transit calendar: over a time range, the intervals in which the transiting bodies (a) complete a
 * natal channel by activating a natal hanging gate's partner, (b) form a channel of their own, or (c) define a
 * center the natal chart leaves open — each with the bodies responsible. Built from the gate ingresses of all 13
 * bodies (one crossing search) and the transit overlay rules (RULES 11.1) applied after each ingress.
 */
import { jdFromUtcMs, positions } from '../ephemeris';
import { analyzeGateSet, CH_CENTER1, CH_CENTER2, CH_GATE1, CH_GATE2, CHANNEL_OBJECTS } from '../natal/graph';
import { ingressTimeline, reportedSecondRange, type TimedIngress } from './ingresses';
import { gateAt } from '../natal/mandala';
import { CENTERS, CenterName, Channel, NodeType, Planet, PLANETS } from '../types';

export type CalendarKind = 'completes-channel' | 'transit-channel' | 'defines-center';

export interface CalendarInterval {
  kind: CalendarKind;
  /** completes-channel and transit-channel. */
  channel?: Channel;
  /** completes-channel: the natal hanging gate and the partner gate the transit activates. */
  natalGate?: number;
  transitGate?: number;
  /** defines-center. */
  center?: CenterName;
  startJd: number;
  endJd: number;
  /** True when it was already so at the range's start (or still is at its end). */
  startsBefore: boolean;
  endsAfter: boolean;
  /** Every transiting body that took part at some moment of the interval, in PLANETS order. */
  bodies: Planet[];
}

interface Open {
  interval: CalendarInterval;
  bodies: Set<Planet>;
}

const buf = new Float64Array(13);

/** What the transits do to the natal gates while each body sits in `gateOf[body]`: key → item and bodies. */
function activeItems(
  natal: Uint8Array,
  natalDefined: number,
  gateOf: Record<Planet, number>,
): Map<string, { item: Omit<CalendarInterval, 'startJd' | 'endJd' | 'startsBefore' | 'endsAfter' | 'bodies'>; bodies: Planet[] }> {
  const inGate = new Map<number, Planet[]>();
  for (const p of PLANETS) {
    const list = inGate.get(gateOf[p]);
    if (list) list.push(p);
    else inGate.set(gateOf[p], [p]);
  }
  const union = natal.slice();
  for (const g of inGate.keys()) union[g] = 1;
  const an = analyzeGateSet(union);
  const out = new Map<string, { item: Omit<CalendarInterval, 'startJd' | 'endJd' | 'startsBefore' | 'endsAfter' | 'bodies'>; bodies: Planet[] }>();
  const centerBodies = new Map<number, Set<Planet>>();
  for (const i of an.channels) {
    const g1 = CH_GATE1[i];
    const g2 = CH_GATE2[i];
    const natalCount = natal[g1] + natal[g2];
    if (natalCount === 2) continue;
    const channel = CHANNEL_OBJECTS[i];
    let bodies: Planet[];
    if (natalCount === 1) {
      const natalGate = natal[g1] ? g1 : g2;
      const transitGate = natal[g1] ? g2 : g1;
      bodies = inGate.get(transitGate) ?? [];
      out.set(`c:${channel.gate1}-${channel.gate2}`, { item: { kind: 'completes-channel', channel, natalGate, transitGate }, bodies });
    } else {
      bodies = [...(inGate.get(g1) ?? []), ...(inGate.get(g2) ?? [])];
      out.set(`t:${channel.gate1}-${channel.gate2}`, { item: { kind: 'transit-channel', channel }, bodies });
    }
    for (const c of [CH_CENTER1[i], CH_CENTER2[i]]) {
      const set = centerBodies.get(c) ?? new Set<Planet>();
      for (const b of bodies) set.add(b);
      centerBodies.set(c, set);
    }
  }
  for (let c = 0; c < CENTERS.length; c++) {
    const bit = 1 << c;
    if (!(an.definedMask & bit) || natalDefined & bit) continue;
    out.set(`d:${CENTERS[c]}`, { item: { kind: 'defines-center', center: CENTERS[c] }, bodies: [...(centerBodies.get(c) ?? [])] });
  }
  return out;
}

/**
 * The calendar over [fromMs, toMs) for a natal gate set (Uint8Array(65), 1 where the gate is activated): built over
 * the true instants whose reported second lies in the range (reportedSecondRange).
 */
export function transitCalendar(natal: Uint8Array, fromMs: number, toMs: number, nodeType: NodeType): CalendarInterval[] {
  const [a, b] = reportedSecondRange(fromMs, toMs);
  const calendar = new CalendarBuilder(natal, a, b, nodeType);
  calendar.add(calendarTimeline(a, b, nodeType));
  return calendar.finish();
}

/** The ingresses the calendar follows: the gate ingresses of all 13 bodies. */
export const CALENDAR_INGRESSES = { bodies: PLANETS, level: 'gate' } as const;

/**
 * The calendar's timeline over [fromMs, toMs). Consecutive ranges give consecutive parts of one timeline, and the
 * timelines of groups of its bodies merge into it (ingresses.ts), so a long range can be searched in pieces.
 */
export function calendarTimeline(fromMs: number, toMs: number, nodeType: NodeType): TimedIngress[] {
  return ingressTimeline(fromMs, toMs, CALENDAR_INGRESSES.bodies, CALENDAR_INGRESSES.level, nodeType);
}

/**
 * Builds the calendar over [fromMs, toMs) from its timeline, given whole or in consecutive parts (`add` each in
 * time order), so a caller can search and build a piece at a time.
 */
export class CalendarBuilder {
  private readonly toJd: number;
  private readonly natalDefined: number;
  private readonly gateOf = {} as Record<Planet, number>;
  private readonly done: CalendarInterval[] = [];
  private readonly open = new Map<string, Open>();

  constructor(
    private readonly natal: Uint8Array,
    fromMs: number,
    toMs: number,
    nodeType: NodeType,
  ) {
    const fromJd = jdFromUtcMs(fromMs);
    this.toJd = jdFromUtcMs(toMs);
    this.natalDefined = analyzeGateSet(natal).definedMask;
    positions(fromJd, nodeType, buf);
    PLANETS.forEach((p, i) => (this.gateOf[p] = gateAt(buf[i])));
    this.apply(fromJd, true);
  }

  /** The next part of the timeline (after every part added before). */
  add(timeline: readonly TimedIngress[]): void {
    for (let i = 0; i < timeline.length;) {
      const jd = timeline[i].jdUt;
      // Ingresses at one instant (the Sun and the Earth, the two Nodes) are applied together.
      for (; i < timeline.length && timeline[i].jdUt === jd; i++) this.gateOf[timeline[i].event.body] = timeline[i].event.gate;
      this.apply(jd, false);
    }
  }

  /** The intervals, by start then end; the builder is spent. */
  finish(): CalendarInterval[] {
    for (const o of this.open.values()) {
      o.interval.endsAfter = true;
      this.done.push(finish(o));
    }
    this.open.clear();
    return this.done.sort((a, b) => a.startJd - b.startJd || a.endJd - b.endJd);
  }

  private apply(jd: number, first: boolean): void {
    const now = activeItems(this.natal, this.natalDefined, this.gateOf);
    for (const [key, o] of this.open) {
      if (now.has(key)) continue;
      o.interval.endJd = jd;
      this.done.push(finish(o));
      this.open.delete(key);
    }
    for (const [key, { item, bodies }] of now) {
      let o = this.open.get(key);
      if (!o) {
        o = { interval: { ...item, startJd: jd, endJd: this.toJd, startsBefore: first, endsAfter: false, bodies: [] }, bodies: new Set() };
        this.open.set(key, o);
      }
      for (const b of bodies) o.bodies.add(b);
    }
  }
}

function finish(o: Open): CalendarInterval {
  o.interval.bodies = PLANETS.filter((p) => o.bodies.has(p));
  return o.interval;
}
