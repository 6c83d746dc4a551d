/**
 * The time-series answers written piece by piece (the search a window and a body or kind at a time, the JSON a
 * batch at a time) are, to the byte, the answers one engine call over the whole range gives, written in one
 * JSON.stringify as the handlers wrote them before they were sliced.
 */
import { computeTransit } from '../../../engine';
import { jdFromUtcMs, utcMsFromJd } from '../../../engine/ephemeris';
import { isoRoundedToSecond } from '../../../engine/time';
import { gateSetFrom } from '../../../engine/relations/composite';
import { findBodyStations, findIngresses, STATION_BODIES } from '../../../engine/search/ingresses';
import { findReturns, RETURN_KINDS, type ReturnKind } from '../../../engine/search/returns';
import { transitCalendar } from '../../../engine/search/transit-calendar';
import { PLANETS, type Planet } from '../../../engine/types';
import { chartOf } from '../../chart/jobs/chart-jobs';
import type { ReturnsInput } from './payloads';
import { channelBrief, presentSummary, presentTransit } from '../../chart/jobs/present';
import { ingressesJob, returnsJob, stationsJob, transitCalendarJob } from './time-series-jobs';

const birth = { birthdate: '1971-03-09', birthtime: '04:20', location: 'Lisbon, Portugal', nodeType: 'true' as const };
const ms = (iso: string) => Date.parse(iso);

/** The returns answer from one findReturns call, as the handler wrote it in one piece. */
function returnsInOneCall(input: ReturnsInput): string {
  const [natal, echo] = chartOf(input);
  const found = findReturns(natal.birthJdUt, input.kinds, jdFromUtcMs(ms(input.from)), jdFromUtcMs(ms(input.to)), input.nodeType, input.count);
  return JSON.stringify({
    from: input.from,
    to: input.to,
    kinds: input.kinds,
    ...(input.count !== undefined ? { countPerKind: input.count } : {}),
    count: found.length,
    events: found.map((e) => {
      const at = isoRoundedToSecond(utcMsFromJd(e.jdUt));
      const event = { kind: e.kind, at, returnNumber: e.returnNumber, pass: e.pass, passes: e.passes, retrograde: e.retrograde };
      if (!input.chart) return event;
      const { natal: _natal, ...transit } = presentTransit(computeTransit(natal, ms(at), { nodeType: input.nodeType }), natal, echo);
      return { ...event, transit };
    }),
    natal: presentSummary(natal, echo),
  });
}

describe('time-series answers written in pieces = one call over the whole range', () => {
  it.each([
    ['gate', 'true', '2000-01-01T00:00:00Z', '2010-01-01T00:00:00Z', PLANETS],
    ['line', 'true', '2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z', PLANETS],
    ['line', 'mean', '1999-12-31T23:59:59Z', '2000-03-03T03:03:03Z', ['southNode', 'moon', 'venus'] as Planet[]],
  ] as const)('ingresses, %s level, %s node, %s to %s', async (level, nodeType, from, to, bodies) => {
    const text = await ingressesJob({ from, to, level, nodeType, bodies: [...bodies] });
    const events = findIngresses(ms(from), ms(to), bodies, level, nodeType);
    expect(text).toBe(JSON.stringify({ from, to, level, nodeType, bodies, count: events.length, events }));
  });

  it('stations over 20 years, the bodies in an order of their own', async () => {
    const [from, to] = ['2000-01-01T00:00:00Z', '2020-01-01T00:00:00Z'];
    const bodies = [...STATION_BODIES].reverse();
    const events = findBodyStations(ms(from), ms(to), bodies);
    expect(await stationsJob({ from, to, bodies })).toBe(JSON.stringify({ from, to, bodies, count: events.length, events }));
  });

  it('returns of every kind over 120 years, with and without a count', async () => {
    const range = { from: '1971-03-09T00:00:00Z', to: '2091-03-09T00:00:00Z' };
    for (const kinds of [[...RETURN_KINDS], ['chiron', 'saturn'] as ReturnKind[]]) {
      for (const count of [undefined, 1, 3]) {
        const input: ReturnsInput = { ...birth, ...range, kinds, count, chart: false };
        expect(await returnsJob(input)).toBe(returnsInOneCall(input));
      }
    }
  });

  it("returns with each pass's transit", async () => {
    const input: ReturnsInput = { ...birth, from: '2000-01-01T00:00:00Z', to: '2003-06-01T00:00:00Z', kinds: ['lunar', 'solar', 'saturn'], chart: true };
    expect(await returnsJob(input)).toBe(returnsInOneCall(input));
  });

  it('the transit calendar over a year', async () => {
    const [from, to] = ['2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'];
    const [natal, echo] = chartOf(birth);
    const intervals = transitCalendar(gateSetFrom(natal), ms(from), ms(to), 'true');
    const whole = JSON.stringify({
      from,
      to,
      count: intervals.length,
      intervals: intervals.map((i) => ({
        kind: i.kind,
        ...(i.channel ? { channel: channelBrief(i.channel) } : {}),
        ...(i.natalGate !== undefined ? { natalGate: i.natalGate, transitGate: i.transitGate } : {}),
        ...(i.center ? { center: i.center } : {}),
        start: i.startsBefore ? from : isoRoundedToSecond(utcMsFromJd(i.startJd)),
        end: i.endsAfter ? to : isoRoundedToSecond(utcMsFromJd(i.endJd)),
        startsBefore: i.startsBefore,
        endsAfter: i.endsAfter,
        bodies: i.bodies,
      })),
      natal: presentSummary(natal, echo),
    });
    expect(await transitCalendarJob({ ...birth, from, to })).toBe(whole);
  });
});
