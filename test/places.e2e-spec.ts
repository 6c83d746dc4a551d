/**
 * GET /v1/places end to end (real API; the chart calls through the real worker and Redis): the suggestions'
 * `location` strings resolve back to the same place in /v1/chart, prefix queries, places written in other
 * scripts, and the error cases.
 */
import { loadGazetteer } from '../src/engine/places';
import { Json, post, RunningService, startService, TEST_API_KEY } from './helpers/service';

async function search(baseUrl: string, q: string, limit?: number, key: string | null = TEST_API_KEY) {
  const qs = `q=${encodeURIComponent(q)}${limit === undefined ? '' : `&limit=${limit}`}`;
  const res = await fetch(`${baseUrl}/v1/places?${qs}`, { headers: key ? { 'HD-Api-Key': key } : {} });
  return { status: res.status, body: (await res.json()) as Json };
}

describe('GET /v1/places', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService();
  }, 120_000);
  afterAll(async () => svc?.stop());

  it("round trip over 200 random gazetteer places: the suggestion's location (or placeId) gives /v1/chart that very place", async () => {
    const g = loadGazetteer();
    let seed = 20261123;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff), seed / 0x80000000);
    let checked = 0;
    for (let n = 0; n < 200; n++) {
      const place = g.place(Math.floor(random() * g.size), '');
      const res = await search(svc.baseUrl, place.name, 20);
      expect(res.status).toBe(200);
      const hit = res.body.places.find((p: { latitude: number; longitude: number }) => p.latitude === place.latitude && p.longitude === place.longitude);
      if (!hit) continue; // a name shared by more than 20 bigger places; the engine test counts these
      checked++;
      // a namesake no string names comes without a location: its placeId names it
      const where = hit.location !== undefined ? { location: hit.location } : { placeId: hit.placeId };
      const chart = await post(svc.baseUrl, '/v1/chart', { birthdate: '1990-05-15', birthtime: '12:00', ...where });
      expect([hit.location, chart.status, chart.body.birth.location.placeId]).toEqual([hit.location, 200, hit.placeId]);
      expect([hit.location, chart.body.birth.location.latitude, chart.body.birth.location.longitude, chart.body.birth.location.timezone]).toEqual([
        hit.location,
        place.latitude,
        place.longitude,
        hit.timezone,
      ]);
    }
    expect(checked).toBeGreaterThan(150);
  }, 120_000);

  it('finds places by the start of any word, whatever the accents, case or script', async () => {
    const first = async (q: string) => (await search(svc.baseUrl, q, 5)).body.places[0];
    expect(await first('Lond')).toMatchObject({ name: 'London', countryCode: 'GB' });
    expect(await first('san fr')).toMatchObject({ name: 'San Francisco', countryCode: 'US' });
    expect((await first('münch')).countryCode).toBe('DE');
    expect((await first('Моск')).countryCode).toBe('RU');
    const york = (await search(svc.baseUrl, 'york', 20)).body.places.map((p: { name: string }) => p.name);
    expect(york).toContain('New York City');
    const limited = await search(svc.baseUrl, 'san', 3);
    expect(limited.body.places).toHaveLength(3);
    expect(limited.body.places[0]).toEqual({
      placeId: expect.any(Number),
      name: expect.any(String),
      region: expect.any(String),
      country: expect.any(String),
      countryCode: expect.any(String),
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      timezone: expect.any(String),
      population: expect.any(Number),
      location: expect.any(String),
      matched: expect.any(String),
    });
    // which name matched: Quito by its alternate name "San Francisco de Quito", in its search form
    const sanFr = (await search(svc.baseUrl, 'san fr', 5)).body.places as { name: string; matched: string }[];
    expect(sanFr.find((p) => p.name === 'Quito')).toMatchObject({ matched: 'san francisco de quito' });
    expect(sanFr[0]).toMatchObject({ name: 'San Francisco', matched: 'San Francisco' });
  });

  it('placeId: every suggestion has one; /v1/chart takes it instead of location and echoes it; not both; an unknown one is 422', async () => {
    const lond = (await search(svc.baseUrl, 'Lond', 1)).body.places[0];
    expect(lond).toMatchObject({ name: 'London', countryCode: 'GB', placeId: 2643743 }); // geonames.org/2643743
    const birth = { birthdate: '1990-05-15', birthtime: '14:30' };
    const byId = await post(svc.baseUrl, '/v1/chart', { ...birth, placeId: lond.placeId });
    const byName = await post(svc.baseUrl, '/v1/chart', { ...birth, location: lond.location });
    expect(byId.status).toBe(200);
    expect(byId.body.birth.location).toMatchObject({ name: 'London', countryCode: 'GB', placeId: 2643743 });
    expect(byId.body.birth.utc).toBe(byName.body.birth.utc);
    expect(byId.body.type).toBe(byName.body.type);
    const both = await post(svc.baseUrl, '/v1/chart', { ...birth, placeId: 2643743, location: 'London, United Kingdom' });
    expect([both.status, both.body.error.code]).toEqual([400, 'INVALID_LOCATION']);
    const unknown = await post(svc.baseUrl, '/v1/chart', { ...birth, placeId: 1 });
    expect([unknown.status, unknown.body.error.code]).toEqual([422, 'LOCATION_NOT_FOUND']);
    const notInt = await post(svc.baseUrl, '/v1/chart', { ...birth, placeId: 'London' });
    expect(notInt.status).toBe(400);
  });

  it('/v1/chart takes places written in other scripts and languages, and echoes them', async () => {
    for (const [location, cc] of [
      ['Москва, Россия', 'RU'],
      ['東京, 日本', 'JP'],
      ['Tokyo, 日本', 'JP'],
      ['Москва, Russia', 'RU'],
      ['Wien, Österreich', 'AT'],
      ['Roma, Italia', 'IT'],
    ]) {
      const res = await post(svc.baseUrl, '/v1/chart', { birthdate: '1990-05-15', birthtime: '12:00', location });
      expect([location, res.status, res.body.birth?.location?.countryCode]).toEqual([location, 200, cc]);
    }
    const moscow = await post(svc.baseUrl, '/v1/chart', { birthdate: '1990-05-15', birthtime: '12:00', location: 'Москва, Россия' });
    expect(moscow.body.birth.location).toMatchObject({ name: 'Moscow', asWritten: 'Москва' });
    const london = await post(svc.baseUrl, '/v1/chart', { birthdate: '1990-05-15', birthtime: '12:00', location: 'London, United Kingdom' });
    expect(london.body.birth.location.asWritten).toBeUndefined(); // written as it is usually named
  });

  it('answers the same bytes on the fast path (pre-router) and through the Nest controller', async () => {
    const get = async (qs: string) => (await fetch(`${svc.baseUrl}/v1/places?${qs}`, { headers: { 'HD-Api-Key': TEST_API_KEY } })).text();
    const fast = await get('q=san%20fr&limit=5');
    const nest = await get('q=san%20fr&limit=5.0'); // an unusual spelling of 5: left to Nest, which reads it as 5
    expect(nest).toBe(fast);
    expect(JSON.parse(fast).places[0].name).toBe('San Francisco');
  });

  it.each([
    ['', 'QUERY_TOO_SHORT'],
    ['a', 'QUERY_TOO_SHORT'],
    ['  b ', 'QUERY_TOO_SHORT'],
  ])('q=%j → 400 %s', async (q, code) => {
    const res = await search(svc.baseUrl, q);
    expect([res.status, res.body.error.code]).toEqual([400, code]);
  });

  it('one CJK character is a query (東: Tokyo, whose GeoNames alternate names include 東京)', async () => {
    const res = await search(svc.baseUrl, '東', 5);
    expect(res.status).toBe(200);
    expect(res.body.query).toBe('東');
    expect(res.body.places.map((p: { name: string }) => p.name)).toContain('Tokyo');
  });

  it('refuses a limit outside 1–20, a missing q, and a missing key', async () => {
    for (const limit of [0, 21, 2.5]) expect((await search(svc.baseUrl, 'Paris', limit)).status).toBe(400);
    const missing = await fetch(`${svc.baseUrl}/v1/places`, { headers: { 'HD-Api-Key': TEST_API_KEY } });
    expect(missing.status).toBe(400);
    expect((await search(svc.baseUrl, 'Paris', 5, null)).status).toBe(401);
  });
});
