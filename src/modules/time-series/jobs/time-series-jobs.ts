/**
 * The time-series operations on a worker: ingresses, stations, returns and the transit calendar. They run for up
 * to most of a second, so each is cut into pieces of a millisecond or less (a window of time and one moving body,
 * or one kind) and yields through the slicer between them (jobs/slicer.ts): the worker's light jobs and lock
 * renewals are never kept waiting by one long computation. The pieces' events, merged as the engine merges them,
 * are those of one search over the whole range; the long answers are written to JSON a batch at a time too, in the
 * shapes of present.ts.
 */
import { jdFromUtcMs } from '../../../engine/ephemeris';
import {
  ingressGroups,
  ingressTimeline,
  mergeStations,
  mergeTimelines,
  reportedSecondRange,
  stationTimeline,
  type IngressEvent,
  type IngressLevel,
  type StationEvent,
  type TimedIngress,
} from '../../../engine/search/ingresses';
import {
  firstReturns,
  inRange,
  numberPasses,
  reportedSecondRangeJd,
  returnCrossings,
  returnSearchRange,
  type ReturnEvent,
  type ReturnKind,
} from '../../../engine/search/returns';
import { CALENDAR_INGRESSES, CalendarBuilder } from '../../../engine/search/transit-calendar';
import { gateSetFrom } from '../../../engine/relations/composite';
import type { NodeType, Planet } from '../../../engine/types';
import { chartOf } from '../../chart/jobs/chart-jobs';
import type { IngressesInput, ReturnsInput, StationsInput, TransitCalendarInput } from './payloads';
import { presentSummary } from '../../chart/jobs/present';
import { calendarHead, calendarIntervalJson, eventJson, ingressesHead, jsonArray, jsonWith, returnEventJson, returnsHead, stationsHead } from './present';
import { Slicer } from '../../../jobs/slicer';

const DAY_MS = 86_400_000;

/**
 * Days per window of a search, which goes through each window one moving body (or station body) at a time: a
 * piece takes a few tenths of a millisecond on the reference machine, the Moon's line ingresses about 0.7 (the
 * per-day figures of modules/time-series/jobs/costs.ts). Each is a multiple of 8 days, the longest first step of the
 * crossing solver (motion.ts), so every piece starts on the sampling grid of one search over the whole range: the
 * pieces sample the instants it would, and find its events (stations to the last bit, crossings to far below the
 * second they are rounded to). Shorter windows would not help the few longer pieces, up to 3 ms a few times a
 * decade: the true Node lingering at a boundary as it turns, within one step of the solver.
 */
const WINDOW_DAYS = { gate: 16, line: 8, stations: 16, calendar: 8 } as const;
/**
 * Days per piece of one kind's return search, a millisecond or less each; multiples of the body's first step.
 * Finer pieces would be shorter, but an instant found in a piece can differ from another cut's in its last bits
 * (so, very rarely, in the second it rounds to): these are the pieces the answers have been computed in.
 */
const RETURN_PIECE_DAYS: Record<ReturnKind, number> = { solar: 400, lunar: 104, saturn: 800, 'uranus-opposition': 800, chiron: 704 };
/** Elements of an answer's array written to JSON between turns: plain events, and returns with their transit. */
const JSON_BATCH = 256;
const OVERLAY_BATCH = 8;

/** Consecutive half-open pieces [a, b) of [from, to), in order. */
function* pieces(from: number, to: number, length: number): Generator<[number, number]> {
  for (let a = from; a < to; a += length) yield [a, Math.min(a + length, to)];
}

/** A search over [from, to) (ms) done a window and a group of bodies at a time; `merge` makes a window's parts one. */
interface PiecewiseSearch<G, T> {
  from: number;
  to: number;
  windowDays: number;
  groups: readonly G[];
  search: (a: number, b: number, group: G) => T[];
  merge: (parts: T[][]) => T[];
}

/** Runs the search piece by piece, the slicer given a turn after each; every window's events go to `take` in order. */
async function searchInPieces<G, T>(s: PiecewiseSearch<G, T>, slicer: Slicer, take: (events: T[]) => void): Promise<void> {
  for (const [a, b] of pieces(s.from, s.to, s.windowDays * DAY_MS)) {
    const parts: T[][] = [];
    for (const group of s.groups) {
      parts.push(s.search(a, b, group));
      await slicer.breathe();
    }
    take(s.merge(parts));
    await slicer.breathe();
  }
}

/** The ingress timeline of `bodies` over [from, to) (ms) in pieces, each window's part to `take` in time order. */
function ingressesInPieces(
  range: { from: number; to: number; windowDays: number },
  bodies: readonly Planet[],
  level: IngressLevel,
  nodeType: NodeType,
  slicer: Slicer,
  take: (timeline: TimedIngress[]) => void,
): Promise<void> {
  const search = (a: number, b: number, group: Planet[]) => ingressTimeline(a, b, group, level, nodeType);
  return searchInPieces({ ...range, groups: ingressGroups(bodies), search, merge: mergeTimelines }, slicer, take);
}

export async function ingressesJob(input: IngressesInput, slicer = new Slicer()): Promise<string> {
  const events: IngressEvent[] = [];
  const [from, to] = reportedSecondRange(Date.parse(input.from), Date.parse(input.to));
  const range = { from, to, windowDays: WINDOW_DAYS[input.level] };
  await ingressesInPieces(range, input.bodies, input.level, input.nodeType, slicer, (part) => events.push(...part.map((e) => e.event)));
  return jsonWith(ingressesHead(input, events.length), 'events', await jsonArray(events, JSON_BATCH, slicer, eventJson));
}

export async function stationsJob(input: StationsInput, slicer = new Slicer()): Promise<string> {
  const events: StationEvent[] = [];
  const [from, to] = reportedSecondRange(Date.parse(input.from), Date.parse(input.to));
  const search = {
    from,
    to,
    windowDays: WINDOW_DAYS.stations,
    groups: input.bodies,
    search: (a: number, b: number, body: StationsInput['bodies'][number]) => stationTimeline(a, b, [body]),
    merge: mergeStations,
  };
  await searchInPieces(search, slicer, (part) => events.push(...part.map((e) => e.event)));
  return jsonWith(stationsHead(input, events.length), 'events', await jsonArray(events, JSON_BATCH, slicer, eventJson));
}

/**
 * One kind's returns, as findReturns finds them: searched in pieces of the range widened by the kind's pass margin
 * (from birth at the earliest), their passes numbered, those in the range kept and, with a count, the first returns.
 */
async function returnsOfKind(birthJd: number, kind: ReturnKind, input: ReturnsInput, slicer: Slicer): Promise<ReturnEvent[]> {
  const [fromJd, toJd] = reportedSecondRangeJd(jdFromUtcMs(Date.parse(input.from)), jdFromUtcMs(Date.parse(input.to)));
  const series: ReturnEvent[] = [];
  for (const [a, b] of pieces(...returnSearchRange(birthJd, kind, fromJd, toJd), RETURN_PIECE_DAYS[kind])) {
    series.push(...returnCrossings(birthJd, kind, a, b, input.nodeType));
    await slicer.breathe();
    // With a count, the search may stop once the series holds the returns wanted and the next one has begun.
    const first = input.count === undefined ? undefined : series.find((e) => e.jdUt >= fromJd);
    if (first && series[series.length - 1].returnNumber >= first.returnNumber + input.count!) break;
  }
  const numbered = inRange(numberPasses(series), fromJd, toJd);
  return input.count === undefined ? numbered : firstReturns(numbered, input.count);
}

export async function returnsJob(input: ReturnsInput, slicer = new Slicer()): Promise<string> {
  const [natal, birth] = chartOf(input);
  await slicer.breathe();
  const found: ReturnEvent[] = [];
  for (const kind of input.kinds) found.push(...(await returnsOfKind(natal.birthJdUt, kind, input, slicer)));
  found.sort((a, b) => a.jdUt - b.jdUt);
  // With chart, every pass gets its transit overlay: a few at a time (120 years of lunar returns are megabytes).
  const events = await jsonArray(found, input.chart ? OVERLAY_BATCH : JSON_BATCH, slicer, (e) => returnEventJson(e, input, natal, birth));
  return jsonWith(returnsHead(input, found.length), 'events', events, { natal: presentSummary(natal, birth) });
}

export async function transitCalendarJob(input: TransitCalendarInput, slicer = new Slicer()): Promise<string> {
  const [natal, birth] = chartOf(input);
  const [from, to] = reportedSecondRange(Date.parse(input.from), Date.parse(input.to));
  const range = { from, to, windowDays: WINDOW_DAYS.calendar };
  const calendar = new CalendarBuilder(gateSetFrom(natal), range.from, range.to, input.nodeType);
  const { bodies, level } = CALENDAR_INGRESSES;
  await ingressesInPieces(range, bodies, level, input.nodeType, slicer, (part) => calendar.add(part));
  const intervals = calendar.finish();
  const json = await jsonArray(intervals, JSON_BATCH, slicer, (i) => calendarIntervalJson(i, input));
  return jsonWith(calendarHead(input, intervals.length), 'intervals', json, { natal: presentSummary(natal, birth) });
}
