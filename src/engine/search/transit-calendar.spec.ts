/**
 * The transit calendar in pieces, as the worker builds it: its timeline searched over consecutive ranges on the
 * crossing solver's sampling grid, a group of bodies at a time, is the timeline of one search over the whole
 * range, and the builder fed it a part at a time gives the one-call calendar. Compared as answered, to the second
 * (an instant found in a piece can differ from the whole search's in its last bits: see returns.spec.ts).
 */
import { computeChart } from '../natal/chart';
import { isoRoundedToSecond } from '../time/instants';
import { utcMsFromJd } from '../ephemeris';
import { gateSetFrom } from '../relations/composite';
import { ingressGroups, ingressTimeline, mergeTimelines, reportedSecondRange, type TimedIngress } from './ingresses';
import { CALENDAR_INGRESSES, CalendarBuilder, calendarTimeline, transitCalendar, type CalendarInterval } from './transit-calendar';

const DAY = 86_400_000;
const natal = gateSetFrom(computeChart(Date.UTC(1971, 2, 9, 4, 20), { nodeType: 'true' }));
const from = Date.parse('2026-01-01T00:00:00Z');
const to = Date.parse('2027-01-01T03:25:45Z');

/** Consecutive half-open windows of `days` from `from` to `to`. */
function windows(days: number): [number, number][] {
  const out: [number, number][] = [];
  for (let a = from; a < to; a += days * DAY) out.push([a, Math.min(a + days * DAY, to)]);
  return out;
}

const events = (timeline: readonly TimedIngress[]) => timeline.map((e) => e.event);
const answered = (intervals: readonly CalendarInterval[]) =>
  intervals.map(({ startJd, endJd, ...rest }) => ({ ...rest, start: isoRoundedToSecond(utcMsFromJd(startJd)), end: isoRoundedToSecond(utcMsFromJd(endJd)) }));

describe('the transit calendar in pieces', () => {
  const whole = calendarTimeline(from, to, 'true');

  it('its timeline over consecutive ranges (multiples of 8 days) is the whole one', () => {
    for (const days of [8, 24, 64]) expect(events(windows(days).flatMap(([a, b]) => calendarTimeline(a, b, 'true')))).toEqual(events(whole));
  });

  it("a range's timeline is its groups' timelines merged, one group per moving body", () => {
    const groups = ingressGroups(CALENDAR_INGRESSES.bodies);
    expect(groups).toHaveLength(11); // the Earth and the South Node follow the Sun's and the North Node's search
    const search = (a: number, b: number) => groups.map((group) => ingressTimeline(a, b, group, CALENDAR_INGRESSES.level, 'true'));
    expect(events(windows(8).flatMap(([a, b]) => mergeTimelines(search(a, b))))).toEqual(events(whole));
  });

  it('built from its timeline a part at a time, it is the one-call calendar (both over the reported seconds of the range)', () => {
    const [a0, b0] = reportedSecondRange(from, to);
    const calendar = new CalendarBuilder(natal, a0, b0, 'true');
    for (let a = a0; a < b0; a += 8 * DAY) calendar.add(calendarTimeline(a, Math.min(a + 8 * DAY, b0), 'true'));
    const built = calendar.finish();
    expect(answered(built)).toEqual(answered(transitCalendar(natal, from, to, 'true')));
    expect(built.length).toBeGreaterThan(300);
  });
});
