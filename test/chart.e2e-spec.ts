/**
 * The four JSON chart operations end to end (API and worker processes, real Redis). Every expected value comes
 * from test/fixtures/reference-charts.json or is worked out here from RULES 11 on that file's gates.
 */
import { loadReferenceCharts, ReferenceChart } from './helpers/reference-chart';
import { Json, post, RunningService, startService, TEST_API_KEY } from './helpers/service';

const CENTER_NAME: Record<string, string> = { SolarPlexus: 'Solar Plexus' };
const PLANET_KEYS = ['Sun', 'Earth', 'NorthNode', 'SouthNode', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const apiPlanet = (k: string) => k[0].toLowerCase() + k.slice(1);

/**
 * Reference births with a real place: the place as asked, and coordinates for the same place
 * (GeoNames cities500 rows; Vida, Oregon, a hamlet below GeoNames' 500-inhabitant cut, by its coordinates only).
 */
const PLACES: Record<string, { location?: string; latitude: number; longitude: number }> = {
  'ra-uru-hu': { location: 'Montreal, Quebec, Canada', latitude: 45.50884, longitude: -73.58781 },
  'natalengine-aaron-g': { latitude: 44.1468, longitude: -122.5725 },
  'natalengine-kathleen-m': { location: 'Salem, Massachusetts, USA', latitude: 42.51954, longitude: -70.89672 },
  'bentyson-dave': { location: 'Fresno, California, USA', latitude: 36.74773, longitude: -119.77237 },
  'bentyson-ben': { location: 'Haxtun, Colorado, USA', latitude: 40.6411, longitude: -102.62686 },
  'bentyson-elodi': { location: 'Wheat Ridge, Colorado, USA', latitude: 39.7661, longitude: -105.07721 },
  'batelzeek-attleboro-1992': { location: 'Attleboro, Massachusetts, USA', latitude: 41.94454, longitude: -71.28561 },
  'mybodygraph-isaacbowen': { location: 'Stevens Point, Wisconsin, USA', latitude: 44.52358, longitude: -89.57456 },
  'dturkuler-istanbul-1968': { location: 'Istanbul, Turkey', latitude: 41.01384, longitude: 28.94966 },
  'sharpastrology-issue1-2024-01-14': { location: 'Washington, D.C., USA', latitude: 38.89511, longitude: -77.03637 },
  'sharpastrology-issue15-maia-1989': { location: 'Geneva, New York, USA', latitude: 42.86896, longitude: -76.97774 },
  'jovian-hayford-accra-1999': { location: 'Accra, Ghana', latitude: 5.55602, longitude: -0.1969 },
  'celebrity-steve-jobs': { location: 'San Francisco, California, USA', latitude: 37.77493, longitude: -122.41942 },
  'celebrity-angelina-jolie': { location: 'Los Angeles, California, USA', latitude: 34.05223, longitude: -118.24368 },
};

const charts = loadReferenceCharts();
const byId = (id: string) => charts.find((c) => c.id === id)!;
const birthOf = (ref: ReferenceChart) => ref.birth as { local_date: string; local_time: string };

function expectChartMatches(body: Json, ref: ReferenceChart): void {
  const c = ref.computed;
  expect(body.type).toBe(c.type);
  expect(body.authority).toBe(c.authority);
  expect(body.profile).toBe(c.profile);
  expect(body.definition).toBe(c.definition);
  expect(body.incarnationCross.name).toBe(c.incarnation_cross.name);
  expect(body.incarnationCross.gates).toEqual(c.incarnation_cross.gates);
  expect([...body.definedCenters].sort()).toEqual(c.defined_centers.map((n) => CENTER_NAME[n] ?? n).sort());
  expect(body.activeChannels.map((ch: { gate1: number; gate2: number }) => `${ch.gate1}-${ch.gate2}`).sort()).toEqual([...c.channels].sort());
  for (const side of ['personality', 'design'] as const) {
    for (const k of PLANET_KEYS) {
      expect(`${side}.${k} ${body[side][apiPlanet(k)].gate}.${body[side][apiPlanet(k)].line}`).toBe(`${side}.${k} ${c[side][k].gate_line}`);
    }
  }
  expect(body.birth.utc).toBe(ref.utc.replace('.000Z', 'Z'));
  expect(Math.abs(Date.parse(body.birth.designUtc) - Date.parse(c.design_utc))).toBeLessThanOrEqual(60_000);
}

/** Gates of a reference chart (all 26 activations). */
function gatesOf(ref: ReferenceChart, sides: ('personality' | 'design')[] = ['personality', 'design']): Set<number> {
  const out = new Set<number>();
  for (const side of sides) for (const k of PLANET_KEYS) out.add(ref.computed[side][k].gate);
  return out;
}

/** The 36 channels by gate pair (RULES 4), written out here rather than taken from the engine. */
const CHANNEL_PAIRS =
  '1-8 2-14 3-60 4-63 5-15 6-59 7-31 9-52 10-20 10-34 10-57 11-56 12-22 13-33 16-48 17-62 18-58 19-49 20-34 20-57 21-45 23-43 24-61 25-51 26-44 27-50 28-38 29-46 30-41 32-54 34-57 35-36 37-40 39-55 42-53 47-64'
    .split(' ')
    .map((p) => p.split('-').map(Number) as [number, number]);

describe('chart operations (API and worker processes, real Redis)', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService();
  }, 120_000);
  afterAll(async () => svc?.stop());

  describe.each(Object.keys(PLACES))('%s', (id) => {
    const ref = byId(id);
    const place = PLACES[id];
    const { local_date: birthdate, local_time: birthtime } = birthOf(ref);

    if (place.location) {
      it('by place name matches the reference chart', async () => {
        const res = await post(svc.baseUrl, '/v1/chart', { birthdate, birthtime, location: place.location });
        expect(res.status).toBe(200);
        expectChartMatches(res.body, ref);
      });
    }

    it('by coordinates matches the reference chart', async () => {
      const res = await post(svc.baseUrl, '/v1/chart', { birthdate, birthtime, latitude: place.latitude, longitude: place.longitude });
      expect(res.status).toBe(200);
      expectChartMatches(res.body, ref);
    });
  });

  it('advanced chart carries every activation to the base, variables and the split kind', async () => {
    const ref = byId('batelzeek-attleboro-1992');
    const res = await post(svc.baseUrl, '/v1/chart/advanced', { birthdate: '1992-10-03', birthtime: '00:03', location: 'Attleboro, Massachusetts, USA' });
    expect(res.status).toBe(200);
    expectChartMatches(res.body, ref);
    for (const side of ['personality', 'design'] as const) {
      for (const k of PLANET_KEYS) {
        if (k.endsWith('Node')) continue; // node color/tone/base depend on the ephemeris (RULES 13.3)
        const a = res.body[side][apiPlanet(k)];
        const want = ref.computed[side][k];
        expect(`${side}.${k} ${a.gate}.${a.line}.${a.color}.${a.tone}.${a.base}`).toBe(
          `${side}.${k} ${want.gate}.${want.line}.${want.color}.${want.tone}.${want.base}`,
        );
        expect(Math.abs(a.longitude - want.longitude)).toBeLessThan(0.001);
      }
    }
    expect(res.body.variables.notation).toBe(ref.computed.variables.arrows);
    expect(res.body.splitKind).toBe('simple');
    expect(res.body.bridgingGates).toEqual(ref.computed.bridging_gates);
  });

  it('composite of two reference people classifies every channel as RULES 11.2 says', async () => {
    const a = byId('ra-uru-hu');
    const b = byId('batelzeek-attleboro-1992');
    const res = await post(svc.baseUrl, '/v1/chart/composite', {
      person1: { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' },
      person2: { birthdate: '1992-10-03', birthtime: '00:03', location: 'Attleboro, Massachusetts, USA' },
    });
    expect(res.status).toBe(200);
    const ga = gatesOf(a);
    const gb = gatesOf(b);
    const expected: Record<string, string[]> = { electromagnetic: [], companionship: [], dominance: [], compromise: [] };
    for (const [x, y] of CHANNEL_PAIRS) {
      const ca = Number(ga.has(x)) + Number(ga.has(y));
      const cb = Number(gb.has(x)) + Number(gb.has(y));
      const union = (ga.has(x) || gb.has(x)) && (ga.has(y) || gb.has(y));
      if (!union) continue;
      const who = ca === 2 ? 'person1' : 'person2';
      if (ca === 2 && cb === 2) expected.companionship.push(`${x}-${y}`);
      else if (ca === 1 && cb === 1) expected.electromagnetic.push(`${x}-${y}`);
      else if ((ca === 2 && cb === 0) || (cb === 2 && ca === 0)) expected.dominance.push(`${x}-${y}:${who}`);
      else expected.compromise.push(`${x}-${y}:${who}`);
    }
    const got = res.body.channels;
    expect(got.electromagnetic.map((c: { gate1: number; gate2: number }) => `${c.gate1}-${c.gate2}`).sort()).toEqual(expected.electromagnetic.sort());
    expect(got.companionship.map((c: { gate1: number; gate2: number }) => `${c.gate1}-${c.gate2}`).sort()).toEqual(expected.companionship.sort());
    expect(got.dominance.map((c: { gate1: number; gate2: number; dominant: string }) => `${c.gate1}-${c.gate2}:${c.dominant}`).sort()).toEqual(
      expected.dominance.sort(),
    );
    expect(got.compromise.map((c: { gate1: number; gate2: number; dominant: string }) => `${c.gate1}-${c.gate2}:${c.dominant}`).sort()).toEqual(
      expected.compromise.sort(),
    );
    expect(res.body.person1.type).toBe(a.computed.type);
    expect(res.body.person2.type).toBe(b.computed.type);
    expect(res.body.person1.birth.utc).toBe('1948-04-09T05:14:00Z');
  });

  it("transit at a reference instant gives that instant's 13 activations and the channels worked out from RULES 11.1", async () => {
    const natal = byId('ra-uru-hu');
    const sky = byId('sharpastrology-2024-01-01'); // its personality = the sky at 2024-01-01T00:00:00Z
    const res = await post(svc.baseUrl, '/v1/chart/transit', {
      birthdate: '1948-04-09',
      birthtime: '00:14',
      location: 'Montreal, Quebec, Canada',
      at: '2024-01-01T01:00:00+01:00',
    });
    expect(res.status).toBe(200);
    expect(res.body.at).toBe('2024-01-01T00:00:00Z');
    for (const k of PLANET_KEYS) {
      const a = res.body.activations[apiPlanet(k)];
      expect(`${k} ${a.gate}.${a.line}`).toBe(`${k} ${sky.computed.personality[k].gate_line}`);
    }
    const natalGates = gatesOf(natal);
    const transitGates = gatesOf(sky, ['personality']);
    const completed: string[] = [];
    const pure: string[] = [];
    for (const [x, y] of CHANNEL_PAIRS) {
      const n = Number(natalGates.has(x)) + Number(natalGates.has(y));
      const inUnion = (natalGates.has(x) || transitGates.has(x)) && (natalGates.has(y) || transitGates.has(y));
      if (!inUnion || n === 2) continue;
      if (n === 1) completed.push(`${x}-${y}`);
      else pure.push(`${x}-${y}`);
    }
    expect(res.body.transitGates).toEqual([...transitGates].sort((p, q) => p - q));
    expect(res.body.completedChannels.map((c: { gate1: number; gate2: number }) => `${c.gate1}-${c.gate2}`).sort()).toEqual(completed.sort());
    expect(res.body.transitChannels.map((c: { gate1: number; gate2: number }) => `${c.gate1}-${c.gate2}`).sort()).toEqual(pure.sort());
    expect(res.body.natal.type).toBe('Manifestor');
  });

  it('answers an unknown place with 422 LOCATION_NOT_FOUND and suggestions', async () => {
    const res = await post(svc.baseUrl, '/v1/chart', { birthdate: '1990-05-15', birthtime: '12:30', location: 'Springfeld, Illinois, USA' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('LOCATION_NOT_FOUND');
    expect(res.body.error.details.suggestions.length).toBeGreaterThan(0);
  });

  describe('validation codes', () => {
    const good = { birthdate: '1990-05-15', birthtime: '12:30', location: 'Paris, France' };
    it.each([
      ['INVALID_DATE', '/v1/chart', { ...good, birthdate: '1990-13-01' }],
      ['INVALID_DATE', '/v1/chart', { ...good, birthdate: '2023-02-29' }],
      ['INVALID_DATE', '/v1/chart', { ...good, birthdate: 19900515 }],
      ['INVALID_TIME', '/v1/chart', { ...good, birthtime: '24:00' }],
      ['INVALID_TIME', '/v1/chart', { ...good, birthtime: '7:30' }],
      ['INVALID_LOCATION', '/v1/chart', { birthdate: '1990-05-15', birthtime: '12:30' }],
      ['INVALID_LOCATION', '/v1/chart', { ...good, location: undefined, latitude: 48.85 }],
      ['INVALID_LOCATION', '/v1/chart', { ...good, latitude: 91, longitude: 2 }],
      ['INVALID_TIMEZONE', '/v1/chart', { ...good, timezone: 'not a zone!' }],
      ['VALIDATION_FAILED', '/v1/chart', { ...good, nodeType: 'osculating' }],
      ['INVALID_INSTANT', '/v1/chart/transit', { ...good, at: '2024-01-01 12:00' }],
      ['INVALID_INSTANT', '/v1/chart/transit', { ...good, at: '2024-02-30T00:00:00Z' }],
      ['INVALID_LOCATION', '/v1/chart', { birthdate: '1990-05-15', birthtime: '12:30', latitude: '45', longitude: '9' }],
      ['VALIDATION_FAILED', '/v1/chart/composite', { person1: good }],
      ['INVALID_DATE', '/v1/chart/composite', { person1: good, person2: { ...good, birthdate: 'yesterday' } }],
      ['VALIDATION_FAILED', '/v1/chart/bodygraph', { ...good, size: 100 }],
      ['VALIDATION_FAILED', '/v1/chart/bodygraph', { ...good, theme: 'blue' }],
    ])('%s for %s %j', async (code, path, body) => {
      const res = await post(svc.baseUrl, path, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(code);
    });

    // a real date outside the supported range is well-formed input the engine cannot compute: 422, not 400
    it.each([
      ['/v1/chart', { ...good, birthdate: '1800-04-08' }],
      ['/v1/chart', { ...good, birthdate: '2399-12-31' }],
      ['/v1/chart', { ...good, birthdate: '1700-01-01' }],
      ['/v1/chart/composite', { person1: good, person2: { ...good, birthdate: '2399-12-31' } }],
    ])('DATE_OUT_OF_RANGE (422) naming the range for %s %j', async (path, body) => {
      const res = await post(svc.baseUrl, path, body);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('DATE_OUT_OF_RANGE');
      expect(res.body.error.message).toContain('1800-04-09 to 2399-12-30');
    });

    it.each(['1800-04-09', '2399-12-30'])('computes the first and last supported birthdate (%s)', async (birthdate) => {
      const res = await post(svc.baseUrl, '/v1/chart', { ...good, birthtime: birthdate < '2000' ? '00:00' : '23:59', birthdate });
      expect(res.status).toBe(200);
    });

    it('lists every problem of a field, so a string latitude is reported as not a number', async () => {
      const res = await post(svc.baseUrl, '/v1/chart', { birthdate: '1990-05-15', birthtime: '12:30', latitude: '45', longitude: 9 });
      expect(res.body.error.details[0].problems).toContain('latitude must be a number');
    });

    it('answers a body that is not JSON with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const res = await fetch(`${svc.baseUrl}/v1/chart`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'HD-Api-Key': TEST_API_KEY },
        body: 'hello',
      });
      expect(res.status).toBe(415);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers an unknown IANA zone with 422 INVALID_TIMEZONE', async () => {
      const res = await post(svc.baseUrl, '/v1/chart', { ...good, timezone: 'Mars/Olympus_Mons' });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('INVALID_TIMEZONE');
    });
  });
});
