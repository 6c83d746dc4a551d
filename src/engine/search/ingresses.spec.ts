/**
 * The crossing solver checked against independent values: counts that follow from the geometry, the ephemeris
 * read through the chart engine's own positions() one second either side of every event, and brute-force
 * minute-by-minute and hour-by-hour scans.
 */
import { computeChart } from '../natal/chart';
import { computeTransit } from '../relations/transit';
import { jdFromUtcMs, longitudeAndSpeed, positions, SE_BODY, sunLongitude } from '../ephemeris';
import { findBodyStations, findIngresses, IngressEvent, STATION_BODIES } from './ingresses';
import { activationAt } from '../natal/mandala';
import { findReturns } from './returns';
import { transitCalendar } from './transit-calendar';
import { gateSetFrom } from '../relations/composite';
import { Planet, PLANETS } from '../types';

const DAY = 86_400_000;
const YEAR = 365.2422 * DAY;
const buf = new Float64Array(13);

function activationsAt(ms: number): ReturnType<typeof activationAt>[] {
  positions(jdFromUtcMs(ms), 'true', buf);
  return Array.from(buf, (lon) => activationAt(lon));
}

function count(events: IngressEvent[], body: Planet): number {
  return events.filter((e) => e.body === body).length;
}

describe('ingresses', () => {
  it.each(['1801-03-01', '2026-01-01', '2398-06-01'])(
    'in 365.2422 days from %s: Sun and Earth 64 gates and 384 lines each, at the same instants; the Nodes alike',
    (start) => {
      const from = Date.parse(`${start}T00:00:00Z`);
      for (const [level, n] of [
        ['gate', 64],
        ['line', 384],
      ] as const) {
        const events = findIngresses(from, from + YEAR, ['sun', 'earth', 'northNode', 'southNode'], level, 'true');
        expect([level, count(events, 'sun'), count(events, 'earth')]).toEqual([level, n, n]);
        const sun = events.filter((e) => e.body === 'sun');
        const earth = events.filter((e) => e.body === 'earth');
        expect(earth.map((e) => e.at)).toEqual(sun.map((e) => e.at));
        expect(count(events, 'northNode')).toBe(count(events, 'southNode'));
        expect(count(events, 'northNode')).toBeGreaterThan(0);
      }
    },
  );

  it('a range applies to the reported second: an event solved at hh:mm:ss.8 is reported at ss+1 and belongs to [ss+1, …)', () => {
    const from = Date.parse('2026-01-01T00:00:00Z');
    const moon = PLANETS.indexOf('moon');
    const lineAt = (ms: number) => {
      const a = activationsAt(ms)[moon];
      return a.gate * 10 + a.line;
    };
    let up = 0;
    let down = 0;
    for (const e of findIngresses(from, from + 3 * DAY, ['moon'], 'line', 'true')) {
      const reported = Date.parse(e.at);
      // The true instant, bisected to the millisecond on the ephemeris' own positions (not the crossing solver).
      let [lo, hi] = [reported - 1000, reported + 1000];
      expect(lineAt(lo)).not.toBe(lineAt(hi));
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (lineAt(mid) === lineAt(lo)) lo = mid;
        else hi = mid;
      }
      expect(Math.abs(hi - reported)).toBeLessThanOrEqual(500); // reported = the true instant rounded to the second
      if (hi < reported) up++;
      else down++;
      const floorSecond = Math.floor(hi / 1000) * 1000;
      const answers = (a: number, b: number) => findIngresses(a, b, ['moon'], 'line', 'true').map((x) => x.at);
      expect(answers(reported, reported + 1000)).toEqual([e.at]);
      expect(answers(reported - 1000, reported)).toEqual([]);
      if (hi < reported) expect(answers(floorSecond, floorSecond + 1000)).toEqual([]); // the issue's [00:54:03, 00:54:04)
    }
    expect([up, down].every((n) => n >= 5)).toBe(true);
  });

  it('every gate ingress of a year, and every line ingress of a month: previous one second before, new one second after', () => {
    const from = Date.parse('2026-03-01T00:00:00Z');
    const cases = [
      ...findIngresses(from, from + YEAR, PLANETS, 'gate', 'true').map((e) => ['gate', e] as const),
      ...findIngresses(from, from + 30 * DAY, PLANETS, 'line', 'true').map((e) => ['line', e] as const),
    ];
    expect(cases.length).toBeGreaterThan(1500);
    const wrong: unknown[] = [];
    for (const [level, e] of cases) {
      const t = Date.parse(e.at);
      const i = PLANETS.indexOf(e.body);
      const before = activationsAt(t - 1000)[i];
      const after = activationsAt(t + 1000)[i];
      const ok =
        level === 'gate'
          ? before.gate === e.previous.gate && after.gate === e.gate
          : before.gate === e.previous.gate && before.line === e.previous.line && after.gate === e.gate && after.line === e.line;
      if (!ok) wrong.push({ level, e, before: [before.gate, before.line], after: [after.gate, after.line] });
    }
    expect(wrong).toEqual([]);
  });

  it('a minute-by-minute scan of a month finds the same line ingresses, body by body', () => {
    const from = Date.parse('2031-07-01T00:00:00Z');
    const to = from + 30 * DAY;
    const events = findIngresses(from, to, PLANETS, 'line', 'true');
    const scanned: { body: Planet; minute: number; gate: number; line: number; previous: { gate: number; line: number } }[] = [];
    let prev = activationsAt(from);
    for (let t = from + 60_000; t < to; t += 60_000) {
      const now = activationsAt(t);
      PLANETS.forEach((body, i) => {
        if (now[i].gate !== prev[i].gate || now[i].line !== prev[i].line) {
          scanned.push({ body, minute: t, gate: now[i].gate, line: now[i].line, previous: { gate: prev[i].gate, line: prev[i].line } });
        }
      });
      prev = now;
    }
    const solved = events.filter((e) => Date.parse(e.at) < to - 60_000);
    expect(solved.length).toBe(scanned.length);
    const unmatched = scanned.filter(
      (s) =>
        !solved.some(
          (e) =>
            e.body === s.body &&
            e.gate === s.gate &&
            e.line === s.line &&
            e.previous.gate === s.previous.gate &&
            e.previous.line === s.previous.line &&
            Date.parse(e.at) > s.minute - 61_000 &&
            Date.parse(e.at) <= s.minute + 1_000,
        ),
    );
    expect(unmatched).toEqual([]);
  });

  it('stations: an hour-by-hour scan of the speed over two years finds the same ones, and the speed turns at each', () => {
    const from = Date.parse('2026-01-01T00:00:00Z');
    const to = from + 2 * YEAR;
    const stations = findBodyStations(from, to, STATION_BODIES);
    const speed = new Float64Array(2);
    const v = (body: (typeof STATION_BODIES)[number], ms: number) => {
      longitudeAndSpeed(jdFromUtcMs(ms), SE_BODY[body], speed);
      return speed[1];
    };
    for (const body of STATION_BODIES) {
      const mine = stations.filter((s) => s.body === body);
      const scanned: number[] = [];
      for (let t = from; t + 3_600_000 < to; t += 3_600_000) if (Math.sign(v(body, t)) !== Math.sign(v(body, t + 3_600_000))) scanned.push(t);
      expect([body, mine.length]).toEqual([body, scanned.length]);
      mine.forEach((s, k) => {
        const at = Date.parse(s.at);
        expect(at).toBeGreaterThanOrEqual(scanned[k]);
        expect(at).toBeLessThanOrEqual(scanned[k] + 3_600_000);
        const [b, a] = [v(body, at - 60_000), v(body, at + 60_000)];
        expect(s.station === 'retrograde' ? b > 0 && a < 0 : b < 0 && a > 0).toBe(true);
        const here = activationsAt(at)[PLANETS.indexOf(body)];
        expect([s.gate, s.line]).toEqual([here.gate, here.line]);
      });
    }
    // Mercury turns back three times a year or so: 6 ± 1 stations a year.
    expect(stations.filter((s) => s.body === 'mercury').length).toBeGreaterThanOrEqual(10);
  });
});

describe('returns', () => {
  const birthMs = Date.parse('1990-05-15T13:30:00Z');
  const birthJd = jdFromUtcMs(birthMs);

  it('solar returns fall within a day of each birthday, at the natal Sun longitude to 1e-6°', () => {
    const natalSun = sunLongitude(birthJd);
    const events = findReturns(birthJd, ['solar'], birthJd, birthJd + 10 * 365.2422 + 2, 'true');
    expect(events.map((e) => e.returnNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const e of events) {
      const diff = ((sunLongitude(e.jdUt) - natalSun + 540) % 360) - 180;
      expect(Math.abs(diff)).toBeLessThan(1e-6);
      const birthday = Date.UTC(1990 + e.returnNumber, 4, 15, 13, 30);
      const ms = (e.jdUt - 2440587.5) * DAY;
      expect(Math.abs(ms - birthday)).toBeLessThan(DAY);
      expect(e.pass).toBe(1);
    }
  });

  it('Saturn returns near ages 29–30 and 58–60, every pass; Uranus opposition in the forties; Chiron near 50; 13 lunar returns a year', () => {
    const span = 100 * 365.2422;
    const events = findReturns(birthJd, ['saturn', 'uranus-opposition', 'chiron', 'lunar'], birthJd, birthJd + span, 'true');
    const age = (e: { jdUt: number }) => (e.jdUt - birthJd) / 365.2422;
    const saturn = events.filter((e) => e.kind === 'saturn');
    expect(saturn.filter((e) => e.returnNumber === 1).every((e) => age(e) > 28.5 && age(e) < 30.5)).toBe(true);
    expect(saturn.filter((e) => e.returnNumber === 2).every((e) => age(e) > 57.5 && age(e) < 60.5)).toBe(true);
    expect(new Set(saturn.map((e) => e.returnNumber))).toEqual(new Set([1, 2, 3]));
    for (const e of saturn) expect(e.pass).toBeLessThanOrEqual(3);
    // Passes alternate direction: 1 direct, 2 retrograde, 3 direct.
    for (const e of saturn) expect(e.retrograde).toBe(e.pass === 2);
    for (const e of saturn) expect(saturn.filter((o) => o.returnNumber === e.returnNumber)).toHaveLength(e.passes);
    const uranus = events.filter((e) => e.kind === 'uranus-opposition');
    expect(uranus.length).toBeGreaterThan(0);
    expect(uranus.every((e) => e.returnNumber === 1 && age(e) > 36 && age(e) < 46)).toBe(true);
    const chiron = events.filter((e) => e.kind === 'chiron');
    expect(chiron.every((e) => e.returnNumber === 1 && age(e) > 48 && age(e) < 53)).toBe(true);
    const lunarYear = events.filter((e) => e.kind === 'lunar' && age(e) < 1);
    expect(lunarYear.length).toBe(13);
    // With count: the first Saturn return only, all its passes.
    const first = findReturns(birthJd, ['saturn'], birthJd, birthJd + 50 * 365.2422, 'true', 1);
    expect(first.map((e) => e.returnNumber)).toEqual(saturn.filter((e) => e.returnNumber === 1).map(() => 1));
  });
});

describe('transit calendar', () => {
  it('agrees with the transit overlay at 300 instants of a quarter', () => {
    const natal = computeChart(Date.parse('1985-11-02T08:15:00Z'));
    const gates = gateSetFrom(natal);
    const from = Date.parse('2027-01-01T00:00:00Z');
    const to = from + 91 * DAY;
    const calendar = transitCalendar(gates, from, to, 'true');
    expect(calendar.length).toBeGreaterThan(10);
    for (const i of calendar) {
      expect(i.endJd).toBeGreaterThan(i.startJd);
      expect(i.bodies.length).toBeGreaterThan(0);
    }
    for (let k = 0; k < 300; k++) {
      const t = from + ((k + 0.5) / 300) * (to - from);
      const jd = jdFromUtcMs(t);
      const overlay = computeTransit(natal, t);
      const active = calendar.filter((i) => i.startJd <= jd && jd < i.endJd);
      const names = (kind: string) =>
        active
          .filter((i) => i.kind === kind)
          .map((i) => `${i.channel!.gate1}-${i.channel!.gate2}`)
          .sort();
      expect(names('completes-channel')).toEqual(overlay.completedChannels.map((c) => `${c.gate1}-${c.gate2}`).sort());
      expect(names('transit-channel')).toEqual(overlay.transitChannels.map((c) => `${c.gate1}-${c.gate2}`).sort());
      expect(
        active
          .filter((i) => i.kind === 'defines-center')
          .map((i) => i.center)
          .sort(),
      ).toEqual([...overlay.temporarilyDefinedCenters].sort());
    }
  });
});
