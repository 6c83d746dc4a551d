import { resolveBirth } from './birth';
import { inputError as err } from '../../../test/helpers/input-error';

/**
 * The product's reference birth places. Expected offsets are the zdump values for the zone on that date
 * (e.g. `zdump -v America/Toronto`: EST gmtoff=-18000 from Sep 28 1947 to Apr 25 1948).
 */
const REFERENCE: [location: string, date: string, time: string, offset: string, utc: string, name: string, region: string][] = [
  ['Montreal, Quebec, Canada', '1948-04-09', '00:14', '-05:00', '1948-04-09T05:14:00Z', 'Montréal', 'Quebec'],
  ['Vida, Oregon, USA', '1992-09-06', '00:04', '-07:00', '1992-09-06T07:04:00Z', 'Vida', 'Oregon'],
  ['Salem, Massachusetts, USA', '1991-06-13', '08:40', '-04:00', '1991-06-13T12:40:00Z', 'Salem', 'Massachusetts'],
  ['Fresno, California, USA', '1969-12-12', '22:12', '-08:00', '1969-12-13T06:12:00Z', 'Fresno', 'California'],
  ['Haxtun, Colorado, USA', '1986-11-17', '10:19', '-07:00', '1986-11-17T17:19:00Z', 'Haxtun', 'Colorado'],
  ['Wheat Ridge, Colorado, USA', '2016-07-10', '11:00', '-06:00', '2016-07-10T17:00:00Z', 'Wheat Ridge', 'Colorado'],
  ['Attleboro, Massachusetts, USA', '1992-10-03', '00:03', '-04:00', '1992-10-03T04:03:00Z', 'Attleboro', 'Massachusetts'],
  ['Stevens Point, Wisconsin, USA', '1988-12-16', '15:14', '-06:00', '1988-12-16T21:14:00Z', 'Stevens Point', 'Wisconsin'],
  ['Istanbul, Turkey', '1968-02-21', '11:00', '+02:00', '1968-02-21T09:00:00Z', 'Istanbul', 'Istanbul'],
  ['Washington, D.C., USA', '2024-01-14', '12:00', '-05:00', '2024-01-14T17:00:00Z', 'Washington', 'Washington, D.C.'],
  ['Geneva, New York, USA', '1989-01-22', '17:50', '-05:00', '1989-01-22T22:50:00Z', 'Geneva', 'New York'],
  ['Accra, Ghana', '1999-07-23', '18:00', '+00:00', '1999-07-23T18:00:00Z', 'Accra', 'Greater Accra'],
  ['San Francisco, California, USA', '1955-02-24', '19:15', '-08:00', '1955-02-25T03:15:00Z', 'San Francisco', 'California'],
  ['Los Angeles, California, USA', '1975-06-04', '09:09', '-07:00', '1975-06-04T16:09:00Z', 'Los Angeles', 'California'],
];

describe('resolveBirth: reference birth places', () => {
  it.each(REFERENCE)('%s %s %s -> %s', (location, date, time, offset, utc, name, region) => {
    const { utcMs, birth } = resolveBirth({ birthdate: date, birthtime: time, location });
    expect(birth.utcOffset).toBe(offset);
    expect(birth.utc).toBe(utc);
    expect(utcMs).toBe(Date.parse(utc));
    expect([birth.location.name, birth.location.region]).toEqual([name, region]);
    expect(birth.date).toBe(date);
    expect(birth.time).toBe(time);
    expect(birth.note).toBeUndefined();
  });
});

describe('resolveBirth: sources of place and zone', () => {
  it('echoes the full shape', () => {
    const { birth } = resolveBirth({ birthdate: '1990-05-15', birthtime: '12:30', location: 'Paris, France' });
    expect(birth).toEqual({
      date: '1990-05-15',
      time: '12:30',
      location: {
        name: 'Paris',
        region: 'Île-de-France',
        country: 'France',
        countryCode: 'FR',
        latitude: 48.85341,
        longitude: 2.3488,
        timezone: 'Europe/Paris',
        placeId: 2988507, // geonames.org/2988507, Paris
      },
      utcOffset: '+02:00',
      utc: '1990-05-15T10:30:00Z',
    });
  });

  it('placeId names the place instead of location, also a namesake no string reaches; not both', () => {
    const byId = resolveBirth({ birthdate: '1990-05-15', birthtime: '12:30', placeId: 2988507 }).birth.location;
    expect(byId).toMatchObject({ name: 'Paris', countryCode: 'FR', placeId: 2988507, timezone: 'Europe/Paris' });
    expect(() => resolveBirth({ birthdate: '1990-05-15', birthtime: '12:30', placeId: 2988507, location: 'Paris, France' })).toThrow(/not both/);
    expect(() => resolveBirth({ birthdate: '1990-05-15', birthtime: '12:30', placeId: 1 })).toThrow(/No place has placeId 1/);
  });

  it('coordinates -> zone from geo-tz/all; Amsterdam 1935 with seconds in the offset', () => {
    const { birth } = resolveBirth({ birthdate: '1935-01-15', birthtime: '12:00', latitude: 52.37, longitude: 4.89 });
    expect(birth.location.timezone).toBe('Europe/Amsterdam');
    expect(birth.utcOffset).toBe('+00:19:32'); // zdump: AMT gmtoff=1172
    expect(birth.utc).toBe('1935-01-15T11:40:28Z');
  });

  it('coordinates + timezone -> the given zone', () => {
    const { birth } = resolveBirth({ birthdate: '1990-05-15', birthtime: '12:30', latitude: 52.37, longitude: 4.89, timezone: 'UTC' });
    expect(birth.location.timezone).toBe('UTC');
    expect(birth.utc).toBe('1990-05-15T12:30:00Z');
  });

  it('location + timezone -> gazetteer coordinates with that zone', () => {
    const { birth } = resolveBirth({ birthdate: '1990-05-15', birthtime: '12:30', location: 'Paris, France', timezone: 'Europe/London' });
    expect(birth.location.latitude).toBe(48.85341);
    expect(birth.location.timezone).toBe('Europe/London');
    expect(birth.utcOffset).toBe('+01:00');
  });

  it('a place found by name before answers the same, and what one birth changed of it does not reach the next', () => {
    const paris = { birthdate: '1990-05-15', birthtime: '12:30', location: 'Paris, France' };
    const moved = resolveBirth({ ...paris, latitude: 48, longitude: 2, timezone: 'Europe/London' }).birth.location;
    expect(moved).toMatchObject({ name: 'Paris', latitude: 48, longitude: 2, timezone: 'Europe/London' });
    const first = resolveBirth(paris).birth.location;
    const again = resolveBirth(paris).birth.location;
    expect(first).toMatchObject({ name: 'Paris', latitude: 48.85341, longitude: 2.3488, timezone: 'Europe/Paris' });
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    again.timezone = 'UTC';
    expect(resolveBirth(paris).birth.location.timezone).toBe('Europe/Paris');
    // the name as written is echoed on every answer, not only the first
    for (let i = 0; i < 2; i++)
      expect(resolveBirth({ ...paris, location: 'Москва, Россия' }).birth.location).toMatchObject({ name: 'Moscow', asWritten: 'Москва' });
  });

  it('a name no place answers to gives the same error every time, and leaves other places alone', () => {
    const misspelt = { birthdate: '1990-05-15', birthtime: '12:30', location: 'Parsi, Frnace' };
    for (let i = 0; i < 2; i++)
      expect(err(() => resolveBirth(misspelt))).toMatchObject({ code: 'LOCATION_NOT_FOUND', message: expect.stringMatching(/Frnace/) });
    expect(resolveBirth({ ...misspelt, location: 'Paris, France' }).birth.location.name).toBe('Paris');
  });

  it('echoes the ambiguity and the clock-change note', () => {
    const a = resolveBirth({ birthdate: '1990-05-15', birthtime: '12:30', location: 'Springfield, USA' });
    expect(a.birth.location.alternatives).toBeGreaterThan(0);
    const g = resolveBirth({ birthdate: '2021-03-14', birthtime: '02:30', location: 'New York, New York, USA' });
    expect(g.birth.utc).toBe('2021-03-14T07:30:00Z');
    expect(g.birth.note).toMatch(/did not exist/);
  });

  it('pre-standard-time birth uses the birth longitude (Boston 1850)', () => {
    const { birth } = resolveBirth({ birthdate: '1850-01-01', birthtime: '12:00', location: 'Boston, Massachusetts, USA' });
    // Boston longitude -71.05977 * 240 = -17054.3 s -> -04:44:14
    expect(birth.utcOffset).toBe('-04:44:14');
    expect(birth.note).toMatch(/local mean time/);
  });

  it('the day the zone left local mean time is a clock change of the birthplace (names and coordinates)', () => {
    // expected instants derived in time/local-to-utc.spec.ts from the zdump switch instants and these longitudes
    const boston = resolveBirth({ birthdate: '1883-11-18', birthtime: '12:10', location: 'Boston, Massachusetts, USA' }).birth;
    expect([boston.utc, boston.utcOffset]).toEqual(['1883-11-18T16:54:14Z', '-04:44:14']);
    expect(boston.note).toMatch(/occurred twice.*first occurrence/);
    const abilene = resolveBirth({ birthdate: '1883-11-18', birthtime: '11:45', location: 'Abilene, Kansas, USA' }).birth;
    expect([abilene.utc, abilene.utcOffset]).toEqual(['1883-11-18T18:13:51Z', '-06:00']);
    expect(abilene.note).toMatch(/did not exist.*moved forward by the gap/);
    const marbach = resolveBirth({ birthdate: '1893-03-31', birthtime: '23:50', location: 'Marbach am Neckar, Germany' }).birth;
    expect([marbach.utc, marbach.utcOffset]).toEqual(['1893-03-31T23:12:58Z', '+01:00']);
    expect(marbach.note).toMatch(/did not exist.*moved forward by the gap/);
    // by coordinates, zone from geo-tz: Chicago (-87.65 -> LMT -05:50:36), 12:00-12:09:24 happened twice
    const chicago = resolveBirth({ birthdate: '1883-11-18', birthtime: '12:05', latitude: 41.85, longitude: -87.65 }).birth;
    expect(chicago.location.timezone).toBe('America/Chicago');
    expect([chicago.utc, chicago.utcOffset]).toEqual(['1883-11-18T17:55:36Z', '-05:50:36']);
    expect(chicago.note).toMatch(/occurred twice.*from local mean time to CST/);
  });

  it('refuses a real date outside 1800-04-09..2399-12-30 as DATE_OUT_OF_RANGE, an impossible one as INVALID_DATE', () => {
    const at = (birthdate: string) => ({ birthdate, birthtime: '12:00', location: 'Paris, France' });
    for (const d of ['1800-04-08', '2399-12-31', '1700-01-01', '0050-06-01']) {
      const e = err(() => resolveBirth(at(d)));
      expect([e.code, e.message]).toEqual(['DATE_OUT_OF_RANGE', `birthdate ${d} is outside the supported range 1800-04-09 to 2399-12-30`]);
    }
    expect(err(() => resolveBirth(at('2024-02-30'))).code).toBe('INVALID_DATE');
    expect(err(() => resolveBirth(at('1700-02-30'))).code).toBe('INVALID_DATE');
    expect(resolveBirth({ ...at('1800-04-09'), birthtime: '00:00' }).birth.utc).toBe('1800-04-08T23:50:36Z'); // LMT of Paris' 2.3488° E: +00:09:24
    expect(resolveBirth({ ...at('2399-12-30'), birthtime: '23:59' }).birth.utc).toBe('2399-12-30T22:59:00Z');
  });

  it('errors', () => {
    expect(err(() => resolveBirth({ birthdate: '1990-05-15', birthtime: '12:30' })).code).toBe('LOCATION_REQUIRED');
    expect(err(() => resolveBirth({ birthdate: '1990-05-15', birthtime: '12:30', latitude: 1 })).code).toBe('LOCATION_REQUIRED');
    expect(err(() => resolveBirth({ birthdate: '1990-05-15', birthtime: '12:30', location: 'Paris, France', timezone: 'Nowhere/Land' })).code).toBe(
      'INVALID_TIMEZONE',
    );
    expect(err(() => resolveBirth({ birthdate: '1990-05-15', birthtime: '12:30', location: 'Atlantisxq, France' })).code).toBe('LOCATION_NOT_FOUND');
    expect(err(() => resolveBirth({ birthdate: '1990-05-15', birthtime: '12:30', location: 'Germany' })).code).toBe('LOCATION_IS_COUNTRY');
  });
});
