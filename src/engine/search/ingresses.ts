/**
 * Gate and line ingresses and retrograde stations of the transiting bodies: the crossing solver (crossings.ts)
 * over the mandala's boundaries. Earth and South Node are the Sun and North Node + 180°, and 180° is a whole
 * number of gates (32) and lines (192), so they change gate and line at exactly the Sun's and Node's instants.
 */
import { isoRoundedToSecond } from '../time/instants';
import { findCrossings, findStations } from './crossings';
import { EPHEMERIS_MIN_UTC_MS, jdFromUtcMs, utcMsFromJd } from '../ephemeris';
import { activationAt, GATE_WIDTH_DEG, LINE_WIDTH_DEG } from '../natal/mandala';
import { MIRRORED, motionOf, MovingBody } from './motion';
import { WHEEL_START_DEG } from '../tables/wheel';
import { NodeType, Planet, PLANETS } from '../types';

export type IngressLevel = 'gate' | 'line';

export interface IngressEvent {
  body: Planet;
  /** UTC instant, to the second (the solved instant rounded to the nearest second). */
  at: string;
  gate: number;
  line: number;
  previous: { gate: number; line: number };
  retrograde: boolean;
}

export interface StationEvent {
  body: Planet;
  at: string;
  /** `retrograde`: the body turns back here; `direct`: it resumes forward motion. */
  station: 'retrograde' | 'direct';
  gate: number;
  line: number;
}

/** The bodies that can station (the Sun, Moon and Earth never do; the true node does ~50 times a year). */
export const STATION_BODIES = ['mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'] as const satisfies readonly Planet[];

/** The body whose motion a planet's longitude follows, and the offset to add. */
export function movingBodyOf(body: Planet): { moving: MovingBody; offset: number } {
  const mirrored = (Object.keys(MIRRORED) as MovingBody[]).find((m) => MIRRORED[m] === body);
  return mirrored ? { moving: mirrored, offset: 180 } : { moving: body as MovingBody, offset: 0 };
}

/**
 * The instants searched for an answer over [fromMs, toMs) (whole seconds). Every instant is reported rounded to
 * the nearest second (isoRoundedToSecond), and the range applies to the second reported: an ingress solved at
 * 00:54:03.806 is reported as 00:54:04 and belongs to [00:54:04, …), not to [00:54:03, 00:54:04). So the true
 * instants searched are [from − 0.5 s, to − 0.5 s) (never before the ephemeris): every `at` of an answer lies in
 * [from, to), and consecutive ranges share no event and miss none.
 */
export function reportedSecondRange(fromMs: number, toMs: number): [number, number] {
  return [Math.max(fromMs - 500, EPHEMERIS_MIN_UTC_MS), toMs - 500];
}

/** A hair on either side of a boundary: far below a base (0.0052°), far above rounding (1e-13°). */
const HAIR = 1e-7;

/** An ingress with its exact instant (for the engine's own use; the answer rounds it to the second). */
export interface TimedIngress {
  jdUt: number;
  event: IngressEvent;
}

/** Every gate (or line) ingress of the bodies in [fromMs, toMs), sorted by time, then in PLANETS order. */
export function ingressTimeline(fromMs: number, toMs: number, bodies: readonly Planet[], level: IngressLevel, nodeType: NodeType): TimedIngress[] {
  const grid = { offset: WHEEL_START_DEG, width: level === 'gate' ? GATE_WIDTH_DEG : LINE_WIDTH_DEG };
  const fromJd = jdFromUtcMs(fromMs);
  const toJd = jdFromUtcMs(toMs);
  const events: TimedIngress[] = [];
  for (const group of ingressGroups(bodies)) {
    const crossings = findCrossings(motionOf(movingBodyOf(group[0]).moving, nodeType), fromJd, toJd, grid);
    for (const body of group) {
      const { offset } = movingBodyOf(body);
      for (const c of crossings) {
        const boundary = c.boundary + offset;
        const now = activationAt(boundary + c.direction * HAIR);
        const before = activationAt(boundary - c.direction * HAIR);
        events.push({
          jdUt: c.jdUt,
          event: {
            body,
            at: isoRoundedToSecond(utcMsFromJd(c.jdUt)),
            gate: now.gate,
            line: now.line,
            previous: { gate: before.gate, line: before.line },
            retrograde: c.direction < 0,
          },
        });
      }
    }
  }
  return mergeTimelines([events]);
}

/**
 * The bodies grouped by the moving body whose crossings they share (the Sun and Earth, the two Nodes), in the
 * order first named: one crossing search each, so a caller can search a group at a time.
 */
export function ingressGroups(bodies: readonly Planet[]): Planet[][] {
  const groups = new Map<MovingBody, Planet[]>();
  for (const body of bodies) {
    const { moving } = movingBodyOf(body);
    const group = groups.get(moving);
    if (group) group.push(body);
    else groups.set(moving, [body]);
  }
  return [...groups.values()];
}

const PLANET_ORDER = Object.fromEntries(PLANETS.map((p, i) => [p, i])) as Record<Planet, number>;

/** Timelines of the same range for different bodies as one, in ingressTimeline's order: by time, then in PLANETS order. */
export function mergeTimelines(parts: readonly (readonly TimedIngress[])[]): TimedIngress[] {
  return parts.flat().sort((p, q) => p.jdUt - q.jdUt || PLANET_ORDER[p.event.body] - PLANET_ORDER[q.event.body]);
}

/** The ingresses of an answer over [fromMs, toMs): those whose reported second lies in it (reportedSecondRange). */
export function findIngresses(fromMs: number, toMs: number, bodies: readonly Planet[], level: IngressLevel, nodeType: NodeType): IngressEvent[] {
  return ingressTimeline(...reportedSecondRange(fromMs, toMs), bodies, level, nodeType).map((e) => e.event);
}

/** A station with its exact instant (the answer rounds it to the second). */
export interface TimedStation {
  jdUt: number;
  event: StationEvent;
}

/** Every station of the bodies (from STATION_BODIES) whose reported second lies in [fromMs, toMs), sorted by time. */
export function findBodyStations(fromMs: number, toMs: number, bodies: readonly (typeof STATION_BODIES)[number][]): StationEvent[] {
  return stationTimeline(...reportedSecondRange(fromMs, toMs), bodies).map((e) => e.event);
}

/** The stations of findBodyStations with their instants: by time, bodies at one instant in the order given. */
export function stationTimeline(fromMs: number, toMs: number, bodies: readonly (typeof STATION_BODIES)[number][]): TimedStation[] {
  const fromJd = jdFromUtcMs(fromMs);
  const toJd = jdFromUtcMs(toMs);
  return mergeStations(
    bodies.map((body) =>
      findStations(motionOf(body, 'true'), fromJd, toJd).map((s) => {
        const a = activationAt(s.longitude);
        return { jdUt: s.jdUt, event: { body, at: isoRoundedToSecond(utcMsFromJd(s.jdUt)), station: s.kind, gate: a.gate, line: a.line } };
      }),
    ),
  );
}

/** Station timelines of the same range, one per body in the order given, as one (stationTimeline's order). */
export function mergeStations(parts: readonly (readonly TimedStation[])[]): TimedStation[] {
  return parts.flat().sort((p, q) => p.jdUt - q.jdUt); // stable: bodies at one instant stay in the order given
}
