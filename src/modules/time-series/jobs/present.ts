/**
 * The time series' answers as the API gives them (src/modules/time-series/time-series.schemas.ts describes them):
 * each answer's head, an event or interval as its JSON text, and the writers that put a long array into the answer
 * a batch at a time, giving the slicer a turn between batches (time-series-jobs.ts computes what they shape).
 */
import { computeTransit } from '../../../engine';
import { utcMsFromJd } from '../../../engine/ephemeris';
import type { BirthEcho } from '../../../engine/natal/birth';
import type { ReturnEvent } from '../../../engine/search/returns';
import type { CalendarInterval } from '../../../engine/search/transit-calendar';
import { isoRoundedToSecond } from '../../../engine/time';
import type { Chart } from '../../../engine/types';
import type { Slicer } from '../../../jobs/slicer';
import { channelBrief, presentTransit } from '../../chart/jobs/present';
import type { IngressesInput, RangeInput, ReturnsInput, StationsInput } from './payloads';

/** JSON.stringify(items), written `batch` elements at a time with the slicer given a turn after each batch. */
export async function jsonArray<T>(items: readonly T[], batch: number, slicer: Slicer, json: (item: T) => string): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < items.length; i += batch) {
    const some = items.slice(i, i + batch);
    parts.push(some.map(json).join(','));
    await slicer.breathe();
  }
  return `[${parts.join(',')}]`;
}

/** JSON.stringify({ ...head, [key]: the array, ...tail }) with the array's JSON given (from jsonArray); head is not empty. */
export function jsonWith(head: object, key: string, arrayJson: string, tail: object = {}): string {
  const t = JSON.stringify(tail);
  return `${JSON.stringify(head).slice(0, -1)},${JSON.stringify(key)}:${arrayJson}${t === '{}' ? '}' : `,${t.slice(1)}`}`;
}

/** An ingress or a station: the engine's event as it is. */
export const eventJson = (e: object) => JSON.stringify(e);

export const ingressesHead = (input: IngressesInput, count: number) => ({
  from: input.from,
  to: input.to,
  level: input.level,
  nodeType: input.nodeType,
  bodies: input.bodies,
  count,
});

export const stationsHead = (input: StationsInput, count: number) => ({ from: input.from, to: input.to, bodies: input.bodies, count });

export const returnsHead = (input: ReturnsInput, count: number) => ({
  from: input.from,
  to: input.to,
  kinds: input.kinds,
  ...(input.count !== undefined ? { countPerKind: input.count } : {}),
  count,
});

export const calendarHead = (input: RangeInput, count: number) => ({ from: input.from, to: input.to, count });

/** A return's pass at its second; with `chart`, the transit overlay at that second (the natal chart left out). */
export function returnEventJson(e: ReturnEvent, input: ReturnsInput, natal: Chart, birth: BirthEcho): string {
  const at = isoRoundedToSecond(utcMsFromJd(e.jdUt));
  const event = { kind: e.kind, at, returnNumber: e.returnNumber, pass: e.pass, passes: e.passes, retrograde: e.retrograde };
  if (!input.chart) return JSON.stringify(event);
  const { natal: _natal, ...transit } = presentTransit(computeTransit(natal, Date.parse(at), { nodeType: input.nodeType }), natal, birth);
  return JSON.stringify({ ...event, transit });
}

/** A transit calendar interval; one open at an end of the range starts or ends at the range's own instant. */
export function calendarIntervalJson(i: CalendarInterval, input: RangeInput): string {
  return JSON.stringify({
    kind: i.kind,
    ...(i.channel ? { channel: channelBrief(i.channel) } : {}),
    ...(i.natalGate !== undefined ? { natalGate: i.natalGate, transitGate: i.transitGate } : {}),
    ...(i.center ? { center: i.center } : {}),
    start: i.startsBefore ? input.from : isoRoundedToSecond(utcMsFromJd(i.startJd)),
    end: i.endsAfter ? input.to : isoRoundedToSecond(utcMsFromJd(i.endJd)),
    startsBefore: i.startsBefore,
    endsAfter: i.endsAfter,
    bodies: i.bodies,
  });
}
