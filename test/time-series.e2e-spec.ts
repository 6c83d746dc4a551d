/**
 * The time-series operations end to end: real API and worker processes, the real Redis. Values are checked
 * against other operations of the service (the transit overlay, the advanced chart) and against geometry, not
 * against the solver's own output.
 */
import { post, RunningService, startService } from './helpers/service';

const BIRTH = { birthdate: '1990-05-15', birthtime: '14:30', location: 'London, United Kingdom' };
const angle = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('time series over HTTP', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService();
  }, 90_000);
  afterAll(() => service?.stop());

  it('ingresses: the Sun and Earth enter 64 gates in 365.2422 days; each event agrees with /v1/chart/transit one second either side', async () => {
    const res = await post(service.baseUrl, '/v1/transits/ingresses', { from: '2026-03-01T00:00:00Z', to: '2027-03-01T05:48:46Z', bodies: ['sun', 'earth'] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toMatchObject({ from: '2026-03-01T00:00:00Z', to: '2027-03-01T05:48:46Z', level: 'gate', bodies: ['sun', 'earth'], count: 128 });
    for (const e of res.body.events.slice(0, 6)) {
      const at = Date.parse(e.at);
      const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
      const before = await post(service.baseUrl, '/v1/chart/transit', { ...BIRTH, at: iso(at - 1000) });
      const after = await post(service.baseUrl, '/v1/chart/transit', { ...BIRTH, at: iso(at + 1000) });
      expect(before.body.activations[e.body].gate).toBe(e.previous.gate);
      expect(after.body.activations[e.body].gate).toBe(e.gate);
      expect(after.body.activations[e.body].line).toBe(e.line);
    }
    const line = await post(service.baseUrl, '/v1/transits/ingresses', { from: '2026-01-01', to: '2026-01-02', level: 'line', bodies: ['moon'] });
    expect(line.body.count).toBeGreaterThanOrEqual(12); // the Moon crosses 12.5 to 16.4 lines a day
    expect(line.body.count).toBeLessThanOrEqual(17);
  }, 60_000);

  it("ingresses: a range applies to the reported second, and one-second ranges split a day's events without loss or overlap", async () => {
    const day = await post(service.baseUrl, '/v1/transits/ingresses', { from: '2026-01-01', to: '2026-01-02', level: 'line', bodies: ['moon'] });
    const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
    for (const e of day.body.events.slice(0, 4)) {
      const at = Date.parse(e.at);
      const [before, own] = await Promise.all(
        [at - 1000, at].map((a) => post(service.baseUrl, '/v1/transits/ingresses', { from: iso(a), to: iso(a + 1000), level: 'line', bodies: ['moon'] })),
      );
      expect(before.body.events).toEqual([]);
      expect(own.body.events).toEqual([e]);
    }
    // [from, noon) and [noon, to) hold exactly the day's events.
    const halves = await Promise.all(
      [
        ['2026-01-01', '2026-01-01T12:00:00Z'],
        ['2026-01-01T12:00:00Z', '2026-01-02'],
      ].map(([from, to]) => post(service.baseUrl, '/v1/transits/ingresses', { from, to, level: 'line', bodies: ['moon'] })),
    );
    expect([...halves[0].body.events, ...halves[1].body.events]).toEqual(day.body.events);
  }, 60_000);

  it('stations: Mercury turns back and forward again, with the speed sign from the overlay on either side', async () => {
    const res = await post(service.baseUrl, '/v1/transits/stations', { from: '2026-01-01', to: '2027-01-01', bodies: ['mercury'] });
    expect(res.status).toBe(200);
    const kinds = res.body.events.map((e: { station: string }) => e.station);
    expect(kinds.length).toBeGreaterThanOrEqual(5);
    kinds.forEach((k: string, i: number) => i > 0 && expect(k).not.toBe(kinds[i - 1])); // they alternate
    const first = res.body.events[0];
    const at = Date.parse(first.at);
    const lon = async (ms: number) =>
      (await post(service.baseUrl, '/v1/chart/transit', { ...BIRTH, at: new Date(ms).toISOString() })).body.activations.mercury.longitude;
    const [a, b, c] = [await lon(at - 2 * 86_400_000), await lon(at), await lon(at + 2 * 86_400_000)];
    // At a station the longitude is an extremum: both neighbours lie on the same side.
    expect(Math.sign(b - a)).toBe(-Math.sign(c - b));
  }, 60_000);

  it('returns: the solar return has the natal Sun longitude of /v1/chart/advanced; Saturn returns near 29 with their passes; the overlay on request', async () => {
    const natal = await post(service.baseUrl, '/v1/chart/advanced', BIRTH);
    const natalSun = natal.body.personality.sun.longitude;
    const res = await post(service.baseUrl, '/v1/chart/returns', { ...BIRTH, kinds: ['solar', 'saturn'], from: '2018-01-01', to: '2022-01-01', chart: true });
    expect(res.status).toBe(200);
    const solar = res.body.events.filter((e: { kind: string }) => e.kind === 'solar');
    expect(solar.map((e: { returnNumber: number; pass: number; passes: number }) => [e.returnNumber, e.pass, e.passes])).toEqual([
      [28, 1, 1],
      [29, 1, 1],
      [30, 1, 1],
      [31, 1, 1],
    ]);
    for (const e of solar) {
      const anniversary = Date.UTC(1990 + e.returnNumber, 4, 15, 13, 30); // 14:30 BST is 13:30 UTC
      expect(Math.abs(Date.parse(e.at) - anniversary)).toBeLessThan(86_400_000);
      expect(angle(e.transit.activations.sun.longitude, natalSun)).toBeLessThan(2e-5); // 1 s of solar motion is 1.2e-5°
    }
    const saturn = res.body.events.filter((e: { kind: string }) => e.kind === 'saturn');
    expect(saturn.length).toBeGreaterThanOrEqual(1);
    for (const e of saturn) {
      expect(e.returnNumber).toBe(1);
      expect(angle(e.transit.activations.saturn.longitude, natal.body.personality.saturn.longitude)).toBeLessThan(1e-4);
    }
    const next = await post(service.baseUrl, '/v1/chart/returns', { ...BIRTH, kinds: ['lunar'], from: '2026-01-01' });
    expect(next.body.events).toHaveLength(1); // count defaults to 1: the next lunar return
    expect(Date.parse(next.body.events[0].at) - Date.parse('2026-01-01T00:00:00Z')).toBeLessThan(28 * 86_400_000);
  }, 60_000);

  it('transit calendar: each interval holds at its middle by /v1/chart/transit', async () => {
    const res = await post(service.baseUrl, '/v1/chart/transit-calendar', { ...BIRTH, from: '2026-06-01', to: '2026-07-01' });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(res.body.intervals.length);
    const sample = res.body.intervals.filter((_: unknown, i: number) => i % Math.ceil(res.body.intervals.length / 8) === 0);
    for (const i of sample) {
      const mid = new Date((Date.parse(i.start) + Date.parse(i.end)) / 2).toISOString();
      const overlay = (await post(service.baseUrl, '/v1/chart/transit', { ...BIRTH, at: mid })).body;
      const name = (c: { gate1: number; gate2: number }) => `${c.gate1}-${c.gate2}`;
      if (i.kind === 'completes-channel') expect(overlay.completedChannels.map(name)).toContain(name(i.channel));
      if (i.kind === 'transit-channel') expect(overlay.transitChannels.map(name)).toContain(name(i.channel));
      if (i.kind === 'defines-center') expect(overlay.temporarilyDefinedCenters).toContain(i.center);
      for (const body of i.bodies) expect(typeof body).toBe('string');
    }
  }, 60_000);

  it.each([
    ['/v1/transits/ingresses', { from: '2026-01-01', to: '2027-06-01', level: 'line' }, 400, 'RANGE_TOO_LARGE'],
    ['/v1/transits/ingresses', { from: '2026-01-01', to: '2037-01-02' }, 400, 'RANGE_TOO_LARGE'],
    ['/v1/transits/ingresses', { from: '2026-02-01', to: '2026-01-01' }, 400, 'INVALID_RANGE'],
    ['/v1/transits/ingresses', { from: '2026-02-30', to: '2026-03-10' }, 400, 'INVALID_INSTANT'],
    ['/v1/transits/ingresses', { from: 'yesterday', to: '2026-03-10' }, 400, 'INVALID_INSTANT'],
    ['/v1/transits/ingresses', { from: '2026-01-01', to: '2026-01-10', bodies: ['vulcan'] }, 400, 'VALIDATION_FAILED'],
    ['/v1/transits/ingresses', { from: '2399-12-01', to: '2400-02-01' }, 422, 'DATE_OUT_OF_RANGE'],
    ['/v1/transits/stations', { from: '2026-01-01', to: '2050-01-01' }, 400, 'RANGE_TOO_LARGE'],
    ['/v1/transits/stations', { from: '2026-01-01', to: '2027-01-01', bodies: ['moon'] }, 400, 'VALIDATION_FAILED'],
    ['/v1/chart/returns', { ...BIRTH, kinds: ['venus'] }, 400, 'VALIDATION_FAILED'],
    ['/v1/chart/returns', { ...BIRTH, from: '2000-01-01', to: '2130-01-01' }, 400, 'RANGE_TOO_LARGE'],
    ['/v1/chart/returns', { ...BIRTH, count: 0 }, 400, 'VALIDATION_FAILED'],
    ['/v1/chart/transit-calendar', { ...BIRTH, from: '2026-01-01', to: '2027-06-01' }, 400, 'RANGE_TOO_LARGE'],
    ['/v1/chart/transit-calendar', { ...BIRTH, location: 'Nowhere Town, Atlantis', from: '2026-01-01', to: '2026-02-01' }, 422, 'LOCATION_NOT_FOUND'],
  ])('%s %j → %i %s', async (path, body, status, code) => {
    const res = await post(service.baseUrl, path, body);
    expect([res.status, res.body.error?.code]).toEqual([status, code]);
  });

  it('needs the key like every /v1 operation', async () => {
    const res = await post(service.baseUrl, '/v1/transits/stations', { from: '2026-01-01', to: '2027-01-01' }, { key: null });
    expect([res.status, res.body.error.code]).toEqual([401, 'API_KEY_MISSING']);
  });
});
