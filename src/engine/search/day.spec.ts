/**
 * Unknown birth time, checked against a brute-force scan of every minute of the local day through the chart
 * engine, and every boundary one second either side; the day lengths come from the tz database.
 */
import { computeChart } from '../natal/chart';
import { dayWindows, summarizeDay } from './day';
import { localReading, resolveDaySpan, DaySpanInput } from './day-span';
import { Chart, PLANETS } from '../types';

function activationKey(c: Chart): string {
  return (['personality', 'design'] as const).map((side) => PLANETS.map((p) => `${c[side][p].gate}.${c[side][p].line}`).join(' ')).join(' | ');
}

function differences(a: Chart, b: Chart): string[] {
  const out: string[] = [];
  for (const side of ['personality', 'design'] as const) {
    for (const p of PLANETS) if (a[side][p].gate !== b[side][p].gate || a[side][p].line !== b[side][p].line) out.push(`${side}.${p}`);
  }
  return out.sort();
}

const DAYS: [string, DaySpanInput, number][] = [
  ['London, an ordinary day', { birthdate: '1990-05-15', location: 'London, United Kingdom' }, 24],
  ['Berlin, spring forward (23 h)', { birthdate: '2021-03-28', location: 'Berlin, Germany' }, 23],
  ['New York, fall back (25 h)', { birthdate: '2021-11-07', location: 'New York, United States' }, 25],
  ['Caracas, the zone moved to UTC−04:30 (24.5 h)', { birthdate: '2007-12-09', location: 'Caracas, Venezuela' }, 24.5],
  ['Sydney by coordinates', { birthdate: '1975-01-20', latitude: -33.8688, longitude: 151.2093 }, 24],
];

describe('the charts of a day', () => {
  it.each(DAYS)('%s: the windows are those a minute-by-minute scan finds, each boundary right to the second', (_name, input, hours) => {
    const day = resolveDaySpan(input);
    expect((day.dayEndMs - day.dayStartMs) / 3_600_000).toBe(hours);
    const windows = dayWindows(day.startMs, day.endMs, 'true');
    expect(windows[0].startMs).toBe(day.dayStartMs);
    expect(windows[windows.length - 1].endMs).toBe(day.dayEndMs);
    windows.forEach((w, i) => i > 0 && expect(w.startMs).toBe(windows[i - 1].endMs));

    // Brute force: the distinct charts of every minute, in order.
    const scanned: string[] = [];
    for (let t = day.dayStartMs; t < day.dayEndMs; t += 60_000) {
      const key = activationKey(computeChart(t));
      if (scanned[scanned.length - 1] !== key) scanned.push(key);
    }
    const keys = windows.map((w) => activationKey(w.chart));
    // Windows shorter than a minute can fall between two scanned minutes; all others are seen, in order.
    const long = windows.filter((w) => w.endMs - w.startMs >= 60_000).map((w) => activationKey(w.chart));
    let at = 0; // every scanned chart is a window, in the windows' order (a subsequence of them)
    for (const k of scanned) {
      while (at < keys.length && keys[at] !== k) at++;
      expect(at).toBeLessThan(keys.length);
    }
    expect(long.every((k) => scanned.includes(k))).toBe(true);
    for (let i = 1; i < keys.length; i++) expect(keys[i]).not.toBe(keys[i - 1]);

    // One second either side of each boundary the charts differ in exactly the activations reported.
    for (const w of windows.slice(1)) {
      const before = computeChart(w.startMs - 1000);
      const after = computeChart(w.startMs + 1000);
      expect([w.startMs, differences(before, after)]).toEqual([w.startMs, w.changed]);
    }
    expect(windows.length).toBeGreaterThan(20); // the Moon alone changes line about 14 times a day, on both sides
  });

  it.each(DAYS)('%s: certain is what every window shares; the hours of each varying field add up to the day', (_name, input, hours) => {
    const day = resolveDaySpan(input);
    const windows = dayWindows(day.startMs, day.endMs, 'true');
    const { certain, varying } = summarizeDay(windows);
    for (const w of windows) {
      const c = w.chart;
      if (certain.type) expect(c.type).toBe(certain.type);
      if (certain.profile) expect(c.profile).toBe(certain.profile);
      if (certain.authority) expect(c.authority).toBe(certain.authority);
      for (const center of certain.definedCenters) expect(c.definedCenters).toContain(center);
      for (const center of certain.openCenters) expect(c.definedCenters).not.toContain(center);
      for (const ch of certain.activeChannels) expect(c.activeChannels.map((x) => `${x.gate1}-${x.gate2}`)).toContain(ch);
      for (const side of ['personality', 'design'] as const) {
        for (const [p, a] of Object.entries(certain[side])) {
          expect(c[side][p as keyof typeof c.personality].gate).toBe(a.gate);
          if (a.line !== undefined) expect(c[side][p as keyof typeof c.personality].line).toBe(a.line);
        }
      }
    }
    // The Sun's gate is certain on most days; the Moon's line never is.
    expect(varying.personality.moon!.length).toBeGreaterThan(5);
    const sum = (s: { hours: number }[]) => s.reduce((t, x) => t + x.hours, 0);
    for (const field of ['type', 'authority', 'profile', 'definition', 'incarnationCross'] as const) {
      if (varying[field]) expect(sum(varying[field])).toBeCloseTo(hours, 2);
      else expect(certain[field]).toBeDefined();
    }
    for (const side of ['personality', 'design'] as const) for (const s of Object.values(varying[side])) expect(sum(s)).toBeCloseTo(hours, 2);
  });

  it('a partial time: around 15:00 ± 30 min gives the charts of that hour only', () => {
    const input: DaySpanInput = { birthdate: '1990-05-15', location: 'London, United Kingdom', span: { around: '15:00', minutes: 30 } };
    const day = resolveDaySpan(input);
    const windows = dayWindows(day.startMs, day.endMs, 'true');
    expect(localReading(windows[0].startMs, day).local).toBe('14:30:00');
    expect(localReading(windows[windows.length - 1].endMs, day).local).toBe('15:30:00');
    expect(windows.length).toBeGreaterThanOrEqual(1);
    expect(windows.length).toBeLessThanOrEqual(4);
    const whole = resolveDaySpan({ ...input, span: undefined });
    const all = dayWindows(whole.startMs, whole.endMs, 'true').map((w) => activationKey(w.chart));
    for (const w of windows) expect(all).toContain(activationKey(w.chart));
    const part = resolveDaySpan({ ...input, span: { from: '22:00', to: '24:00' } });
    expect(localReading(part.endMs, part).local).toBe('24:00:00');
    expect(() => resolveDaySpan({ ...input, span: { from: '10:00', to: '09:00' } })).toThrow(/empty/);
  });

  it('reads a fall-back day on the clock: the hour after 01:00 comes twice, with two offsets', () => {
    const day = resolveDaySpan({ birthdate: '2021-11-07', location: 'New York, United States' });
    const first = localReading(day.dayStartMs + 1.5 * 3_600_000, day);
    const second = localReading(day.dayStartMs + 2.5 * 3_600_000, day);
    expect([first.local, first.utcOffset]).toEqual(['01:30:00', '-04:00']);
    expect([second.local, second.utcOffset]).toEqual(['01:30:00', '-05:00']);
  });
});
