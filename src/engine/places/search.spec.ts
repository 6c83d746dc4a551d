import { loadGazetteer, resolvePlace, resolvePlaceById, searchPlaces } from '.';
import type { PlaceSuggestion, ResolvedPlace } from '.';
import { inputError as err } from '../../../test/helpers/input-error';

/** Same place: same name and coordinates. */
const same = (a: { name: string; latitude: number; longitude: number }, b: { name: string; latitude: number; longitude: number }) =>
  a.name === b.name && a.latitude === b.latitude && a.longitude === b.longitude;

/** resolvePlace, or null when it throws. */
function tryResolve(location: string): ResolvedPlace | null {
  try {
    return resolvePlace(location);
  } catch {
    return null;
  }
}

/** Every suggestion's placeId, and its location where it has one, resolve back to that suggestion's place. */
function expectRoundTrips(list: PlaceSuggestion[]): void {
  for (const s of list) {
    const byId = resolvePlaceById(s.placeId);
    expect({ placeId: s.placeId, back: [byId.name, byId.latitude, byId.longitude] }).toEqual({ placeId: s.placeId, back: [s.name, s.latitude, s.longitude] });
    if (s.location === undefined) continue;
    const back = tryResolve(s.location);
    expect({ location: s.location, back: back && [back.name, back.latitude, back.longitude] }).toEqual({
      location: s.location,
      back: [s.name, s.latitude, s.longitude],
    });
  }
}

describe('searchPlaces', () => {
  beforeAll(() => {
    loadGazetteer();
  });

  it('round trip over 2,000 random places: a search by the name finds every one, its placeId resolves back to it, and its location where a string can name it', () => {
    const g = loadGazetteer();
    let seed = 20240611;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x80000000;
    };
    let shadowed = 0;
    let found = 0;
    for (let n = 0; n < 2000; n++) {
      const p = g.place(Math.floor(random() * g.size), '');
      const short = `${p.name}, ${p.country}`;
      const long = `${p.name}, ${p.region}, ${p.country}`;
      // can any location of these forms name this place at all? (not when a bigger or higher-ranked place of the
      // same name lies in the same region: resolvePlace answers that one, and only placeId names this one)
      const viaShort = tryResolve(short);
      const viaLong = p.region ? tryResolve(long) : null;
      const reachable = (viaShort && same(viaShort, p)) || (viaLong && same(viaLong, p));
      const queries = p.region ? [short, long] : [short];
      let hit: PlaceSuggestion | undefined;
      for (const q of queries) {
        const list = searchPlaces(q, 20);
        expectRoundTrips(list);
        hit ??= list.find((s) => same(s, p));
      }
      expect({ place: long, placeId: p.placeId, hit: !!hit }).toEqual({ place: long, placeId: p.placeId, hit: true });
      found++;
      const byId = resolvePlaceById(hit!.placeId);
      expect([byId.name, byId.latitude, byId.longitude, byId.countryCode]).toEqual([p.name, p.latitude, p.longitude, p.countryCode]);
      if (!reachable) {
        shadowed++;
        expect(hit!.location).toBeUndefined();
        continue;
      }
      const back = resolvePlace(hit!.location!);
      expect([back.name, back.latitude, back.longitude, back.countryCode]).toEqual([p.name, p.latitude, p.longitude, p.countryCode]);
      // the shortest form that works
      expect(hit!.location).toBe(viaShort && same(viaShort, p) ? short : long);
      expect([hit!.region, hit!.country, hit!.countryCode, hit!.timezone, hit!.population]).toEqual([
        p.region,
        p.country,
        p.countryCode,
        p.timezone,
        p.population,
      ]);
    }
    expect(found).toBe(2000);
    expect(shadowed).toBeLessThan(100); // GeoNames has ~3 % such shadowed namesakes
  });

  it('placeId: the GeoNames id names one place; an unknown one is LOCATION_NOT_FOUND', () => {
    // GeoNames ids from geonames.org: Montréal 6077243, London 2643743, Tokyo 1850147
    expect(resolvePlaceById(6077243)).toMatchObject({ name: 'Montréal', countryCode: 'CA' });
    expect(resolvePlaceById(2643743)).toMatchObject({ name: 'London', countryCode: 'GB' });
    expect(resolvePlaceById(1850147)).toMatchObject({ name: 'Tokyo', countryCode: 'JP' });
    expect(err(() => resolvePlaceById(1)).code).toBe('LOCATION_NOT_FOUND');
    expect(searchPlaces('Lond', 1)[0].placeId).toBe(2643743);
  });

  it('prefixes of any word, accents and case ignored, best first', () => {
    const top = (q: string) => searchPlaces(q, 10)[0];
    expect([top('Lond').name, top('Lond').countryCode]).toEqual(['London', 'GB']);
    expect([top('san fr').name, top('san fr').countryCode]).toEqual(['San Francisco', 'US']);
    expect(['München', 'Munich']).toContain(top('münch').name);
    expect(top('münch').countryCode).toBe('DE');
    expect(top('MÜNCH').name).toBe(top('munch').name);
    expect(searchPlaces('york', 10).some((s) => s.name === 'New York City' && s.countryCode === 'US')).toBe(true);
    expect(searchPlaces('new yo', 5)[0].name).toBe('New York City');
    expect(searchPlaces('rio jan', 5)[0].name).toBe('Rio de Janeiro'); // words in order, not necessarily adjacent
    expect(searchPlaces('jan rio', 5).some((s) => s.name === 'Rio de Janeiro')).toBe(false);
    expect(searchPlaces('st lou', 5).some((s) => s.name === 'St. Louis' && s.countryCode === 'US')).toBe(true); // St = Saint
  });

  it('the whole name counts as a place 30 times larger; one suggestion per place', () => {
    const york = searchPlaces('York', 20);
    expect(york[0]).toMatchObject({ name: 'York', countryCode: 'GB' }); // 156,135, exact, before New York City (8.8 million)
    expect(york.slice(0, 3).map((s) => s.name)).toContain('New York City');
    const paris = searchPlaces('Paris', 20);
    expect([paris[0].name, paris[0].countryCode]).toEqual(['Paris', 'FR']); // what resolvePlace('Paris') answers
    for (const list of [york, paris, searchPlaces('sa', 20), searchPlaces('Spring', 20)]) {
      expect(new Set(list.map((s) => `${s.latitude},${s.longitude},${s.name}`)).size).toBe(list.length);
      expect(new Set(list.map((s) => s.location)).size).toBe(list.length);
    }
    // population order, a match on an alternate name counting as a 20 times smaller place: San Francisco
    // (864,816) before Quito (2.8 million, alternate name "San Francisco de Quito")
    const sanFr = searchPlaces('san fr', 10).map((s) => s.name);
    expect(sanFr.indexOf('Quito')).toBeGreaterThan(sanFr.indexOf('San Francisco'));
    const big = searchPlaces('Chica', 5);
    expect(big[0].name).toBe('Chicago');
  });

  it('alternate names in every script', () => {
    expect(searchPlaces('Моск', 5)[0]).toMatchObject({ name: 'Moscow', countryCode: 'RU' });
    expect(searchPlaces('東京', 5)[0]).toMatchObject({ name: 'Tokyo', countryCode: 'JP' });
    expect(searchPlaces('Wien', 5)[0]).toMatchObject({ name: 'Vienna', countryCode: 'AT' });
    expect(searchPlaces('Αθήν', 5)[0]).toMatchObject({ name: 'Athens', countryCode: 'GR' });
    expect(searchPlaces('القاهرة', 5)[0]).toMatchObject({ name: 'Cairo', countryCode: 'EG' });
    expectRoundTrips(searchPlaces('Моск', 20));
  });

  it('", Country" and ", Region, Country" narrow the search', () => {
    const us = searchPlaces('Paris, US', 10);
    expect(us.length).toBeGreaterThan(3);
    expect(us.every((s) => s.countryCode === 'US')).toBe(true);
    expect(us[0].region).toBe('Texas'); // the largest (all county seats)
    expect(searchPlaces('Paris, Texas', 10).every((s) => s.region === 'Texas')).toBe(true);
    const mo = searchPlaces('Springfield, Missouri, USA', 10);
    expect([mo[0].name, mo[0].region]).toEqual(['Springfield', 'Missouri']);
    expect(mo.every((s) => s.countryCode === 'US')).toBe(true);
    expect(searchPlaces('Москва, Россия', 3)[0]).toMatchObject({ name: 'Moscow', countryCode: 'RU' });
    expect(searchPlaces('Par, Fran', 5)[0]).toMatchObject({ name: 'Paris', countryCode: 'FR' }); // a qualifier being typed
    expect(searchPlaces('Paris, Nowhereland', 5)).toEqual([]);
    expect(searchPlaces('Xyzzyqwv', 5)).toEqual([]);
    for (const q of ['Paris, US', 'Springfield, Missouri, USA', 'san, Tuvalu', 'sa, Iceland', 'be, Texas']) expectRoundTrips(searchPlaces(q, 20));
  });

  it('ranks like people expect (issue 31): the public cases', () => {
    const top = (q: string, n: number) => searchPlaces(q, n).map((s) => `${s.name}, ${s.countryCode}`);
    // Rome (2.3 million, alternate name "Roma") before Roma, Romania (3,218), whose own name it is
    expect(top('Roma', 5)[0]).toBe('Rome, IT');
    // no Angolan city among the first 3: Luanda was "São Paulo de Loanda", Huambo "Nova Lisboa"
    for (const q of ['São Paulo', 'Sao Paulo', 'Lisboa']) expect({ q, top: top(q, 3).filter((s) => s.endsWith(', AO')) }).toEqual({ q, top: [] });
    expect(top('São Paulo', 1)).toEqual(['São Paulo, BR']);
    expect(top('Lisboa', 1)).toEqual(['Lisbon, PT']);
    expect(top('Mos', 2)).toContain('Moscow, RU'); // 10.4 million, before Mos, Spain (14,650) whose whole name it is
    expect(top('Köln', 3)).not.toContain('Lincoln, US'); // "Lin'koln" is a later word of an alternate name
    // Bengaluru for each Devanagari spelling Hindi writers use (GeoNames has "बेङ्गलूरु" and "बेङ्गलोर")
    for (const q of ['बेंगलुरु', 'बेंगलूरु', 'बैंगलोर', 'बेङ्गलूरु']) expect({ q, top: top(q, 1) }).toEqual({ q, top: ['Bengaluru, IN'] });
    expect(top('北京', 1)).toEqual(['Beijing, CN']);
  });

  it('places of population 0 come after every populated match', () => {
    // GeoNames lists Yulin, Guangxi, twice: the city (1.06 million) and a PPLA2 point of population 0 3 km away
    expect(searchPlaces('Yulin', 1)[0]).toMatchObject({ name: 'Yulin', population: 1056743 });
    for (const q of ['北京', 'Yulin', 'sa', 'Spring', 'Roma', 'San', 'Moskva', '東', 'Ber', 'New', 'Santa Cruz', 'Springfield, USA']) {
      const pops = searchPlaces(q, 20).map((s) => s.population);
      const firstZero = pops.indexOf(0);
      expect({ q, populatedAfterZero: firstZero >= 0 && pops.slice(firstZero).some((p) => p > 0) }).toEqual({ q, populatedAfterZero: false });
    }
  });

  it("says which name matched: the place's own, or the alternate name in its search form", () => {
    const sanFr = searchPlaces('san fr', 5);
    expect(sanFr[0]).toMatchObject({ name: 'San Francisco', matched: 'San Francisco' });
    expect(sanFr.find((s) => s.name === 'Quito')).toMatchObject({ matched: 'san francisco de quito' });
    expect(searchPlaces('Моск', 1)[0]).toMatchObject({ name: 'Moscow', matched: 'москва' });
    expect(searchPlaces('Koln', 1)[0]).toMatchObject({ name: 'Köln', matched: 'Köln' }); // the ASCII form is the own name
    // a primary-name prefix match ranks above an alternate-name one: San Francisco (864,816) before Quito (2.8 million)
    expect(sanFr.findIndex((s) => s.name === 'San Francisco')).toBeLessThan(sanFr.findIndex((s) => s.name === 'Quito'));
  });

  it('limit caps the list', () => {
    expect(searchPlaces('sa', 1)).toHaveLength(1);
    expect(searchPlaces('sa', 20)).toHaveLength(20);
  });

  it('QUERY_TOO_SHORT for an empty or one-letter name, INVALID_LIMIT outside 1–20', () => {
    for (const q of ['', '   ', 'a', ' b ', '-', 'a, France', ', France']) expect(err(() => searchPlaces(q, 10)).code).toBe('QUERY_TOO_SHORT');
    for (const limit of [0, 21, -1, 1.5, Number.NaN, Infinity]) expect(err(() => searchPlaces('Paris', limit)).code).toBe('INVALID_LIMIT');
    expect(err(() => searchPlaces('Paris', '5' as unknown as number)).code).toBe('INVALID_LIMIT');
    expect(searchPlaces('ab', 1)).toBeInstanceOf(Array);
    // One CJK character is a whole query: GeoNames lists 東京 among Tokyo's (1850147) alternate names, 京都 among
    // Kyoto's (1857910), 서울 among Seoul's (1835848). One Latin or Cyrillic letter is not.
    expect(searchPlaces('東', 5).map((p) => p.name)).toContain('Tokyo');
    expect(searchPlaces('京', 5).map((p) => p.name)).toContain('Kyoto');
    expect(searchPlaces('서', 5).map((p) => p.name)).toContain('Seoul');
    for (const q of ['м', 'é', '1']) expect(err(() => searchPlaces(q, 10)).code).toBe('QUERY_TOO_SHORT');
    expect(searchPlaces('Paris', 20).length).toBe(20);
  });
});
