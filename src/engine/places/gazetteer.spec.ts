import { EngineInputError } from '../types';
import { loadGazetteer, normalizeKey, resolvePlace } from '.';

function err(fn: () => unknown): EngineInputError {
  try { fn(); } catch (e) { if (e instanceof EngineInputError) return e; throw e; }
  throw new Error('expected an EngineInputError');
}

describe('normalizeKey', () => {
  it('ignores case, diacritics, punctuation and spacing', () => {
    expect(normalizeKey('Köln')).toBe('koln');
    expect(normalizeKey('  São   Paulo ')).toBe('saopaulo');
    expect(normalizeKey('Saint-Petersburg')).toBe(normalizeKey('St. Petersburg'));
    expect(normalizeKey('Straße')).toBe('strasse');
  });
});

describe('resolvePlace', () => {
  beforeAll(() => { loadGazetteer(); });

  it('loads the whole gazetteer', () => expect(loadGazetteer().size).toBeGreaterThan(199000));

  it.each([
    ['Springfield, Illinois, USA', 'Springfield', 'Illinois', 'US'],
    ['Portland, Oregon, United States', 'Portland', 'Oregon', 'US'],
    ['Paris, France', 'Paris', 'Île-de-France', 'FR'],
    ['koln, germany', 'Köln', 'North Rhine-Westphalia', 'DE'],
    ['Köln, DE', 'Köln', 'North Rhine-Westphalia', 'DE'],
    ['Cologne, Deutschland', 'Köln', 'North Rhine-Westphalia', 'DE'],
    ['Sao Paulo, Brazil', 'São Paulo', 'São Paulo', 'BR'],
    ['SAO   PAULO , brasil', 'São Paulo', 'São Paulo', 'BR'],
    ['London, UK', 'London', 'England', 'GB'],
    ['London, England', 'London', 'England', 'GB'],
    ['Edinburgh, Scotland', 'Edinburgh', 'Scotland', 'GB'],
    ['Amsterdam, Holland', 'Amsterdam', 'North Holland', 'NL'],
    ['Rotterdam, NLD', 'Rotterdam', 'South Holland', 'NL'],
    ['Istanbul, Türkiye', 'Istanbul', 'Istanbul', 'TR'],
    ['Springfield, IL', 'Springfield', 'Illinois', 'US'],
    ['Atlanta, Georgia', 'Atlanta', 'Georgia', 'US'], // Georgia the country has no Atlanta: read as the state
    ['Washington, D.C., USA', 'Washington', 'Washington, D.C.', 'US'],
    ['Washington, DC', 'Washington', 'Washington, D.C.', 'US'],
    ['New York, USA', 'New York City', 'New York', 'US'],
    ['St Petersburg, Florida', 'St. Petersburg', 'Florida', 'US'],
    ['Saint-Petersburg, Russia', 'Saint Petersburg', 'St.-Petersburg', 'RU'],
    ['Montreal, QC, Canada', 'Montréal', 'Quebec', 'CA'],
    ['Singapore', 'Singapore', '', 'SG'],
  ])('%s -> %s, %s, %s', (q, name, region, cc) => {
    const p = resolvePlace(q);
    expect([p.name, p.region, p.countryCode]).toEqual([name, region, cc]);
    expect(p.timezone).toMatch(/^[A-Z][A-Za-z_]+\//);
  });

  it('ranks: region first, then capitals/seats, then population — and echoes the ambiguity', () => {
    const withRegion = resolvePlace('Springfield, Missouri, USA');
    expect(withRegion.region).toBe('Missouri'); // region beats the Illinois capital
    const plain = resolvePlace('Springfield, USA');
    // Springfield IL is a state capital (PPLA); Springfield MO is larger (166,810 vs 116,565) but only a county seat
    expect([plain.name, plain.region]).toEqual(['Springfield', 'Illinois']);
    expect(plain.alternatives).toBeGreaterThan(20);
    expect(resolvePlace('Paris, France').alternatives).toBeUndefined();
    expect(resolvePlace('Paris, Texas').region).toBe('Texas');
    expect(resolvePlace('Paris').countryCode).toBe('FR');
  });

  it('unknown place -> LOCATION_NOT_FOUND with up to 5 suggestions', () => {
    const e = err(() => resolvePlace('Springfeld, USA'));
    expect(e.code).toBe('LOCATION_NOT_FOUND');
    const s = (e.details as { suggestions: string[] }).suggestions;
    expect(s.length).toBeGreaterThan(0);
    expect(s.length).toBeLessThanOrEqual(5);
    expect(s[0]).toBe('Springfield, Illinois, United States');
    const e2 = err(() => resolvePlace('Xyzzyqwv, France'));
    expect(e2.code).toBe('LOCATION_NOT_FOUND');
    expect((e2.details as { suggestions: string[] }).suggestions.length).toBeLessThanOrEqual(5);
    const e3 = err(() => resolvePlace('Paris, Germany'));
    expect((e3.details as { suggestions: string[] }).suggestions[0]).toBe('Paris, Île-de-France, France');
  });

  it('a bare country or code as the city -> LOCATION_IS_COUNTRY with a helpful message', () => {
    for (const q of ['Germany', 'US', 'France, France', 'Deutschland', 'UK']) {
      const e = err(() => resolvePlace(q));
      expect(e.code).toBe('LOCATION_IS_COUNTRY');
      expect(e.message).toMatch(/is a country.*e\.g\. "/);
    }
    expect(resolvePlace('Luxembourg, Luxembourg').name).toBe('Luxembourg'); // city-states still work
  });

  it('empty location -> LOCATION_REQUIRED', () => {
    expect(err(() => resolvePlace('  , ')).code).toBe('LOCATION_REQUIRED');
  });
});
