/**
 * The time-series operations on a worker: ingresses, stations, returns and the transit calendar. They can run
 * for up to a second, so each is cut into chunks (of time, or of kinds) with a turn of the event loop between
 * them: the worker's lock renewals and its other jobs are never starved by one long computation.
 */
import { computeTransit } from '../engine';
import { jdFromUtcMs } from '../engine/ephemeris';
import { findBodyStations, findIngresses, isoSecond } from '../engine/ingresses';
import { findReturns } from '../engine/returns';
import { transitCalendar } from '../engine/transit-calendar';
import { gateSetFrom } from '../engine/composite';
import { chartOf } from './chart-jobs';
import type { IngressesInput, ReturnsInput, StationsInput, TransitCalendarInput } from './payloads';
import { channelBrief, presentSummary, presentTransit } from './present';

const DAY_MS = 86_400_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Consecutive half-open chunks of [from, to): the events of each are those of the whole, in order. */
async function inChunks<T>(fromMs: number, toMs: number, chunkMs: number, work: (a: number, b: number) => T[]): Promise<T[]> {
  const out: T[] = [];
  for (let a = fromMs; a < toMs; a += chunkMs) {
    out.push(...work(a, Math.min(a + chunkMs, toMs)));
    await nextTurn();
  }
  return out;
}

export async function ingressesJob(input: IngressesInput): Promise<string> {
  const from = Date.parse(input.from);
  const to = Date.parse(input.to);
  const chunk = (input.level === 'line' ? 31 : 366) * DAY_MS;
  const events = await inChunks(from, to, chunk, (a, b) => findIngresses(a, b, input.bodies, input.level, input.nodeType));
  return JSON.stringify({ from: input.from, to: input.to, level: input.level, nodeType: input.nodeType, bodies: input.bodies, count: events.length, events });
}

export async function stationsJob(input: StationsInput): Promise<string> {
  const events = await inChunks(Date.parse(input.from), Date.parse(input.to), 366 * DAY_MS, (a, b) => findBodyStations(a, b, input.bodies));
  return JSON.stringify({ from: input.from, to: input.to, bodies: input.bodies, count: events.length, events });
}

export async function returnsJob(input: ReturnsInput): Promise<string> {
  const [natal, birth] = chartOf(input);
  const birthJd = natal.birthJdUt;
  const events = [];
  for (const kind of input.kinds) {
    events.push(...findReturns(birthJd, [kind], jdFromUtcMs(Date.parse(input.from)), jdFromUtcMs(Date.parse(input.to)), input.nodeType, input.count));
    await nextTurn();
  }
  events.sort((a, b) => a.jdUt - b.jdUt);
  return JSON.stringify({
    from: input.from,
    to: input.to,
    kinds: input.kinds,
    ...(input.count !== undefined ? { countPerKind: input.count } : {}),
    count: events.length,
    events: events.map((e) => {
      const at = isoSecond(e.jdUt);
      const event = { kind: e.kind, at, pass: e.pass, of: e.of, retrograde: e.retrograde };
      if (!input.chart) return event;
      const { natal: _natal, ...transit } = presentTransit(computeTransit(natal, Date.parse(at), { nodeType: input.nodeType }), natal, birth);
      return { ...event, transit };
    }),
    natal: presentSummary(natal, birth),
  });
}

export async function transitCalendarJob(input: TransitCalendarInput): Promise<string> {
  const [natal, birth] = chartOf(input);
  await nextTurn();
  const intervals = transitCalendar(gateSetFrom(natal), Date.parse(input.from), Date.parse(input.to), input.nodeType);
  return JSON.stringify({
    from: input.from,
    to: input.to,
    count: intervals.length,
    intervals: intervals.map((i) => ({
      kind: i.kind,
      ...(i.channel ? { channel: channelBrief(i.channel) } : {}),
      ...(i.natalGate !== undefined ? { natalGate: i.natalGate, transitGate: i.transitGate } : {}),
      ...(i.center ? { center: i.center } : {}),
      start: i.startsBefore ? input.from : isoSecond(i.startJd),
      end: i.endsAfter ? input.to : isoSecond(i.endJd),
      startsBefore: i.startsBefore,
      endsAfter: i.endsAfter,
      bodies: i.bodies,
    })),
    natal: presentSummary(natal, birth),
  });
}
