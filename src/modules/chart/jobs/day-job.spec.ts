/**
 * The unknown-time day searched in pieces (one body and side at a time, then a window's chart at a time) gives the
 * windows and the summary of the one-call engine (dayWindows), on whole days and on parts of one.
 */
import { dayWindows, summarizeDay } from '../../../engine/search/day';
import { resolveDaySpan } from '../../../engine/search/day-span';
import { dayJob } from './day-job';
import type { DayInput } from './payloads';

const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

describe('the unknown-time day in pieces', () => {
  it.each<[string, Omit<DayInput, 'nodeType' | 'detail'>]>([
    ['London, an ordinary day', { birthdate: '1990-05-15', location: 'London, United Kingdom' }],
    ['Berlin, spring forward', { birthdate: '2021-03-28', location: 'Berlin, Germany' }],
    ['Sydney by coordinates', { birthdate: '1975-01-20', latitude: -33.8688, longitude: 151.2093 }],
    ['Montreal, 15:00 ± 30 min', { birthdate: '1948-04-09', location: 'Montreal, Quebec, Canada', span: { around: '15:00', minutes: 30 } }],
    ['Tokyo, 22:00 to the end of the day', { birthdate: '1985-06-21', location: 'Tokyo, Japan', span: { from: '22:00', to: '24:00' } }],
  ])('%s: the windows and summary of one call', async (_name, input) => {
    const job = JSON.parse(await dayJob({ ...input, nodeType: 'true', detail: 'full' }));
    const day = resolveDaySpan(input);
    const whole = dayWindows(day.startMs, day.endMs, 'true');
    expect(
      job.windows.map((w: { from: { utc: string }; to: { utc: string }; changed: string[]; chart: { type: string; profile: string } }) => [
        w.from.utc,
        w.to.utc,
        w.changed,
        w.chart.type,
        w.chart.profile,
      ]),
    ).toEqual(whole.map((w) => [utc(w.startMs), utc(w.endMs), w.changed, w.chart.type, w.chart.profile]));
    const { certain, varying } = summarizeDay(whole);
    expect({ certain: job.certain, varying: job.varying }).toEqual(JSON.parse(JSON.stringify({ certain, varying })));
  });
});
