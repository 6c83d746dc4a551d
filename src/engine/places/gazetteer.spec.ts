import { loadGazetteer, normalizeKey, normalizeWords, resolvePlace } from '.';
import { inputError as err } from '../../../test/helpers/input-error';

describe('normalizeKey', () => {
  it('ignores case, diacritics, punctuation and spacing', () => {
    expect(normalizeKey('Köln')).toBe('koln');
    expect(normalizeKey('  São   Paulo ')).toBe('saopaulo');
    expect(normalizeKey('Saint-Petersburg')).toBe(normalizeKey('St. Petersburg'));
    expect(normalizeKey('Straße')).toBe('strasse');
  });

  it('keeps the letters of every other script: case folded, Latin-style accents only where they are accents', () => {
    expect(normalizeKey('Москва')).toBe('москва');
    expect(normalizeKey('МОСКВА́')).toBe('москва'); // stress mark
    expect(normalizeKey('Ёлки')).toBe(normalizeKey('Елки')); // ё = е
    expect(normalizeKey('Йошкар-Ола')).toBe('йошкарола'); // й is a letter, not и + accent
    expect(normalizeKey('Київ')).toBe('київ');
    expect(normalizeKey('東京')).toBe('東京');
    expect(normalizeKey('ＴＯＫＹＯ')).toBe('tokyo'); // full width
    expect(normalizeKey('ｶﾞ')).toBe('ガ'); // half-width kana, voicing mark kept
    expect(normalizeKey('서울특별시')).toBe('서울특별시'); // Hangul stays composed
    expect(normalizeKey('मुंबई')).toBe('मुंबइ'); // vowel signs are letters' parts, not accents (only long ī folds to i)
    // the spellings Hindi writers mix are one key: nasal + virama = anusvara, long i/u = short, ai = e, nukta off
    expect(normalizeKey('बेंगलुरु')).toBe(normalizeKey('बेङ्गलूरु'));
    expect(normalizeKey('बैंगलोर')).toBe(normalizeKey('बेङ्गलोर'));
    expect(normalizeKey('दिल्ली')).toBe(normalizeKey('दिल्लि'));
    expect(normalizeKey('ग़ाज़ियाबाद')).toBe(normalizeKey('गाजियाबाद'));
    expect(normalizeKey('কলকাতা')).toBe('কলকাতা'); // Bengali with nothing to fold stays as written
    expect(normalizeKey('सन्त')).toBe(normalizeKey('संत'));
    expect(normalizeKey('กรุงเทพ')).toBe('กรุงเทพ'.normalize('NFKC'));
    expect(normalizeKey('Αθήνα')).toBe(normalizeKey('ΑΘΗΝΑ'));
    expect(normalizeKey('أبو ظبي')).toBe(normalizeKey('ابو ظبي')); // hamza forms of alef
    expect(normalizeKey('יְרוּשָׁלַיִם')).toBe('ירושלים'); // points
    expect(normalizeKey('Hawaiʻi')).toBe(normalizeKey("Hawai'i"));
    expect(normalizeWords('St. Louis-du-Ha! Ha!')).toEqual(['saint', 'louis', 'du', 'ha', 'ha']);
    expect(normalizeWords('東京・新宿')).toEqual(['東京', '新宿']);
  });
});

describe('resolvePlace', () => {
  beforeAll(() => {
    loadGazetteer();
  });

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

  it("a region that is none of the country's is never ignored: LOCATION_NOT_FOUND, the places of that name as suggestions", () => {
    // a region of another country (Ontario in Russian and Japanese, Ontario) or none: answering Portland, Oregon (the
    // largest) would be a chart for a place the client did not mean
    for (const q of ['Portland, Онтарио, США', 'ポートランド, オンタリオ州, アメリカ合衆国', 'Portland, Ontario, USA', 'Portland, Atlantis, United States']) {
      const e = err(() => resolvePlace(q));
      expect({ q, code: e.code }).toEqual({ q, code: 'LOCATION_NOT_FOUND' });
      if (q.startsWith('Portland')) expect((e.details as { suggestions: string[] }).suggestions).toContain('Portland, Maine, United States');
    }
    expect(resolvePlace('Portland, Maine, USA').region).toBe('Maine');
    expect(resolvePlace('Portland, Мэн, США').region).toBe('Maine'); // regions in other languages: see regions.spec.ts
    expect(resolvePlace('ポートランド, メイン州, アメリカ合衆国').region).toBe('Maine');
    expect(resolvePlace('Portland, ME, USA').region).toBe('Maine');
    expect(resolvePlace('Springfield, Sangamon, Illinois, USA').region).toBe('Illinois'); // one known region of several parts is enough
  });

  it('every LOCATION_NOT_FOUND suggestion resolves back to the place it names', () => {
    for (const q of [
      'Springfeld, USA',
      'Paris, Germany',
      'Portland, Онтарио, США',
      'Londno, UK',
      'Xyzzyqwv, France',
      'Frankfurtt, Germany',
      'Yulin, Nowhere, China',
    ]) {
      const e = err(() => resolvePlace(q));
      for (const s of (e.details as { suggestions: string[] }).suggestions) {
        const back = resolvePlace(s);
        expect({ q, s, back: `${back.name}` }).toEqual({ q, s, back: s.split(',')[0] });
      }
    }
  });

  it('a bare country or code as the city -> LOCATION_IS_COUNTRY with a helpful message', () => {
    for (const q of ['Germany', 'US', 'France, France', 'Deutschland', 'UK']) {
      const e = err(() => resolvePlace(q));
      expect(e.code).toBe('LOCATION_IS_COUNTRY');
      expect(e.message).toMatch(/is a country.*e\.g\. "/);
    }
    expect(resolvePlace('Luxembourg, Luxembourg').name).toBe('Luxembourg'); // city-states still work
  });

  it.each([
    ['Москва, Россия', 'Moscow', 'RU', 'Москва'],
    ['東京, 日本', 'Tokyo', 'JP', '東京'],
    ['Tokyo, 日本', 'Tokyo', 'JP', 'Tokyo'],
    ['Москва, Russia', 'Moscow', 'RU', 'Москва'],
    ['Wien, Österreich', 'Vienna', 'AT', 'Wien'],
    ['Roma, Italia', 'Rome', 'IT', 'Roma'],
    ['  北京 , 中国 ', 'Beijing', 'CN', '北京'],
    ['東京，日本', 'Tokyo', 'JP', '東京'], // full-width comma
    ['القاهرة، مصر', 'Cairo', 'EG', 'القاهرة'], // Arabic comma
    ['Αθήνα, Ελλάδα', 'Athens', 'GR', 'Αθήνα'],
    ['Київ, Україна', 'Kyiv', 'UA', 'Київ'],
    ['서울, 대한민국', 'Seoul', 'KR', '서울'],
    ['मुंबई, भारत', 'Mumbai', 'IN', 'मुंबई'],
    ['Pékin, Chine', 'Beijing', 'CN', 'Pékin'],
    ['Tokio, Japón', 'Tokyo', 'JP', 'Tokio'],
    ['koln, germany', 'Köln', 'DE', 'koln'],
  ])('every script and language: %s -> %s, %s (as written: %s)', (q, name, cc, asWritten) => {
    const p = resolvePlace(q);
    expect([p.name, p.countryCode, p.asWritten]).toEqual([name, cc, asWritten]);
  });

  it('a country name in another language: a qualifier always, a lone place name only when no place carries it', () => {
    expect(resolvePlace('Columbia').countryCode).toBe('US'); // Columbia, South Carolina — not Colombia
    expect(resolvePlace('Helena').countryCode).toBe('US');
    for (const q of ['Россия', '日本', 'Deutschland']) expect(err(() => resolvePlace(q)).code).toBe('LOCATION_IS_COUNTRY');
    expect(err(() => resolvePlace('Москва, Нигдения')).code).toBe('LOCATION_NOT_FOUND');
  });

  it('empty location -> LOCATION_REQUIRED', () => {
    expect(err(() => resolvePlace('  , ')).code).toBe('LOCATION_REQUIRED');
  });
});
