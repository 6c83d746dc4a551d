import { DateTime } from 'luxon';
import { resolvePlace } from '../places';
import { EngineInputError } from '../types';
import { formatOffset, HistoricZone, localToUtc, zoneForCoordinates } from '.';

/**
 * Expected offsets are literal values read from `zdump -v ZONE` on the build machine (Debian tzdata 2025b,
 * compiled with backzone) — the gmtoff of the line in force at that local time. They are NOT produced by
 * the code under test.
 */
const ZDUMP: [zone: string, date: string, time: string, gmtoff: number, what: string][] = [
  ['Europe/Amsterdam', '1935-07-01', '12:00', 4772, 'NST +01:19:32 (zdump: May 15 1935 NST gmtoff=4772)'],
  ['Europe/Amsterdam', '1935-01-15', '12:00', 1172, 'AMT +00:19:32 (zdump: Oct 7 1934 AMT gmtoff=1172)'],
  ['Europe/Brussels', '1935-07-01', '12:00', 3600, 'WEST, the value ICU wrongly gives Amsterdam'],
  ['Europe/London', '1941-06-01', '12:00', 7200, 'double summer time BDST (May 4 1941)'],
  ['Europe/London', '1941-01-15', '12:00', 3600, 'BST kept through the winter 1940/41'],
  ['America/New_York', '1974-02-01', '12:00', -14400, 'year-round DST from Jan 6 1974'],
  ['America/Chicago', '1974-01-15', '12:00', -18000, 'CDT from Jan 6 1974'],
  ['Asia/Kathmandu', '1986-06-01', '12:00', 20700, '+0545 from 1986'],
  ['Asia/Kathmandu', '1985-06-01', '12:00', 19800, '+0530 before 1986'],
  ['Europe/Moscow', '1991-06-01', '12:00', 10800, 'EEST (Mar 31 1991)'],
  ['Europe/Moscow', '1991-12-01', '12:00', 7200, 'EET (Sep 29 1991)'],
  ['Asia/Kolkata', '1942-03-01', '12:00', 23400, '+0630 war time (Oct 1 1941)'],
  ['Asia/Kolkata', '1942-06-01', '12:00', 19800, 'IST again (May 15 1942)'],
  ['Asia/Kolkata', '1942-10-01', '12:00', 23400, '+0630 again (Sep 1 1942)'],
  ['Asia/Kolkata', '1880-06-01', '12:00', 19270, 'Madras Mean Time MMT'],
  ['Pacific/Honolulu', '1940-06-01', '12:00', -37800, 'HST -10:30'],
  ['Pacific/Honolulu', '1943-06-01', '12:00', -34200, 'HWT war time'],
  ['Europe/Berlin', '1945-06-01', '12:00', 10800, 'CEMT midsummer time'],
  ['Europe/Berlin', '1947-06-01', '12:00', 10800, 'CEMT (May 11 1947)'],
  ['Europe/Paris', '1942-06-01', '12:00', 7200, 'occupation CEST'],
  ['Asia/Tokyo', '1950-06-01', '12:00', 36000, 'JDT'],
  ['Australia/Sydney', '1942-01-15', '12:00', 39600, 'AEDT war time'],
  ['Europe/Dublin', '1920-06-01', '12:00', 3600, 'BST'],
  ['Europe/Dublin', '1971-01-15', '12:00', 3600, 'IST year-round 1968-71'],
  ['America/Detroit', '1969-06-01', '12:00', -18000, 'EST, no DST in 1969'],
  ['America/Indiana/Indianapolis', '1960-06-01', '12:00', -18000, 'EST since 1958'],
  ['Asia/Singapore', '1935-06-01', '12:00', 26400, '+0720'],
  ['Asia/Shanghai', '1988-06-01', '12:00', 32400, 'CDT'],
  ['America/Sao_Paulo', '1990-01-15', '12:00', -7200, 'summer time -02'],
  ['Africa/Casablanca', '2020-06-01', '12:00', 3600, '+01 after Ramadan'],
  ['Asia/Tehran', '1978-08-01', '12:00', 18000, '+05 summer'],
  ['Europe/Lisbon', '1993-06-01', '12:00', 7200, 'CEST (Portugal on CET 1992-96)'],
  ['Europe/Istanbul', '1968-02-21', '11:00', 7200, 'EET'],
  ['America/Caracas', '2010-06-01', '12:00', -16200, '-0430'],
  ['Pacific/Kiritimati', '1990-06-01', '12:00', -36000, '-10 before the 1994 jump'],
  ['Europe/Zurich', '1890-06-01', '12:00', 1786, 'Bern Mean Time BMT'],
  ['America/Argentina/Buenos_Aires', '1925-06-01', '12:00', -14400, '-04'],
  ['Europe/Warsaw', '1915-06-01', '12:00', 5040, 'Warsaw Mean Time WMT'],
  ['Europe/Helsinki', '1921-06-01', '12:00', 7200, 'EET from May 1 1921'],
  ['Africa/Accra', '1999-07-23', '18:00', 0, 'GMT'],
];

function expectedUtc(date: string, time: string, gmtoff: number): string {
  const local = Date.parse(`${date}T${time}:00Z`);
  return new Date(local - gmtoff * 1000).toISOString();
}

describe('localToUtc against zdump', () => {
  it.each(ZDUMP)('%s %s %s -> gmtoff %d (%s)', (zone, date, time, gmtoff) => {
    const r = localToUtc(date, time, zone, 0);
    expect(r.offsetSeconds).toBe(gmtoff);
    expect(new Date(r.utcMs).toISOString()).toBe(expectedUtc(date, time, gmtoff));
    expect(r.note).toBeUndefined();
  });

  it('has at least 30 historic cases', () => expect(ZDUMP.length).toBeGreaterThanOrEqual(30));
});

describe('local mean time before standard time', () => {
  it('uses the birth longitude, not the zone city (Boston 1850, America/New_York)', () => {
    // zdump: New York is LMT (gmtoff=-17762, its own meridian) until Nov 18 1883 17:00 UT.
    // Boston, longitude -71.06: -71.06 * 240 s = -17054.4 -> -17054 s = -04:44:14.
    const r = localToUtc('1850-01-01', '12:00', 'America/New_York', -71.06);
    expect(r.offsetSeconds).toBe(-17054);
    expect(new Date(r.utcMs).toISOString()).toBe('1850-01-01T16:44:14.000Z');
    expect(r.note).toMatch(/local mean time/);
    expect(formatOffset(r.offsetSeconds)).toBe('-04:44:14');
  });

  it('uses the birth longitude for Amsterdam before 1835 (zdump: LMT until 1835, then AMT)', () => {
    const r = localToUtc('1800-06-01', '12:00', 'Europe/Amsterdam', 6.0); // 6.0 * 240 = 1440 s
    expect(r.offsetSeconds).toBe(1440);
    expect(new Date(r.utcMs).toISOString()).toBe('1800-06-01T11:36:00.000Z');
  });

  it('switches to standard time at the zone first standard-time transition', () => {
    // zdump: America/New_York EST from Sun Nov 18 17:00:00 1883 UT. 12:10 local with LMT(-74.006)
    // would be 17:06 UT, i.e. after the switch, so EST applies: 17:10 UT.
    const r = localToUtc('1883-11-18', '12:10', 'America/New_York', -74.006);
    expect(r.offsetSeconds).toBe(-18000);
    expect(new Date(r.utcMs).toISOString()).toBe('1883-11-18T17:10:00.000Z');
  });
});

/**
 * The day a zone left local mean time, seen from a birthplace that is not the zone's reference city.
 * Switch instants are quoted from `zdump -v ZONE` (Debian tzdata 2025b), the line where LMT ends:
 *   America/New_York  Sun Nov 18 17:00:00 1883 UT = Sun Nov 18 12:00:00 1883 EST isdst=0 gmtoff=-18000
 *   America/Chicago   Sun Nov 18 18:00:00 1883 UT = Sun Nov 18 12:00:00 1883 CST isdst=0 gmtoff=-21600
 *   Europe/Berlin     Fri Mar 31 23:06:32 1893 UT = Sat Apr  1 00:06:32 1893 CET isdst=0 gmtoff=3600
 * The birthplace's clock reads its LMT (longitude × 240 s) before the instant and standard time after it.
 * `expectedSwitchDay` works out the UTC instant from those two offsets and the instant alone, by the
 * documented rule (overlap: first occurrence; gap: read with the offset before), without the zone table.
 */
const SWITCH = {
  newYork: { utc: Date.UTC(1883, 10, 18, 17, 0, 0) / 1000, std: -18000 },
  chicago: { utc: Date.UTC(1883, 10, 18, 18, 0, 0) / 1000, std: -21600 },
  berlin: { utc: Date.UTC(1893, 2, 31, 23, 6, 32) / 1000, std: 3600 },
};

function expectedSwitchDay(date: string, time: string, longitude: number, sw: { utc: number; std: number }) {
  const local = Date.parse(`${date}T${time}:00Z`) / 1000;
  const lmt = Math.round(longitude * 240);
  const inLmt = local - lmt < sw.utc; // reading with LMT lands before the switch
  const inStd = local - sw.std >= sw.utc; // reading with standard time lands after it
  const kind = inLmt && inStd ? 'overlap' : !inLmt && !inStd ? 'gap' : 'plain';
  // overlap: the first (LMT) occurrence; gap: read with the offset before the change (LMT)
  const utc = kind === 'plain' && inStd ? local - sw.std : local - lmt;
  return { kind, lmt, iso: new Date(utc * 1000).toISOString() };
}

describe('switch from local mean time to standard time at the birthplace', () => {
  // longitudes from the gazetteer (GeoNames), not typed in
  const boston = resolvePlace('Boston, Massachusetts, USA');
  const abilene = resolvePlace('Abilene, Kansas, USA');
  const marbach = resolvePlace('Marbach am Neckar, Germany');

  it('finds the places in the zones the switch instants are quoted for', () => {
    expect([boston.timezone, abilene.timezone, marbach.timezone]).toEqual(['America/New_York', 'America/Chicago', 'Europe/Berlin']);
    expect([boston.longitude, abilene.longitude, marbach.longitude]).toEqual([-71.05977, -97.21391, 9.25995]);
  });

  it('Boston 1883-11-18 12:10: clocks went back from 12:15:46 LMT to 12:00 EST, first occurrence', () => {
    const e = expectedSwitchDay('1883-11-18', '12:10', boston.longitude, SWITCH.newYork);
    expect(e).toEqual({ kind: 'overlap', lmt: -17054, iso: '1883-11-18T16:54:14.000Z' });
    const r = localToUtc('1883-11-18', '12:10', 'America/New_York', boston.longitude);
    expect(new Date(r.utcMs).toISOString()).toBe(e.iso);
    expect(r.offsetSeconds).toBe(e.lmt);
    expect(r.note).toMatch(/occurred twice.*turned back by 15 min 46 s from local mean time to EST.*first occurrence \(UTC-04:44:14\)/);
    expect(r.note).toMatch(/local mean time of longitude -71\.05977/);
  });

  it('Abilene, Kansas 1883-11-18 11:45: clocks jumped from 11:31:09 LMT to 12:00 CST, moved forward by the gap', () => {
    const e = expectedSwitchDay('1883-11-18', '11:45', abilene.longitude, SWITCH.chicago);
    expect(e).toEqual({ kind: 'gap', lmt: -23331, iso: '1883-11-18T18:13:51.000Z' });
    const r = localToUtc('1883-11-18', '11:45', 'America/Chicago', abilene.longitude);
    expect(new Date(r.utcMs).toISOString()).toBe(e.iso);
    expect(r.offsetSeconds).toBe(SWITCH.chicago.std);
    expect(r.note).toMatch(/did not exist.*put forward by 28 min 51 s from local mean time to CST.*moved forward by the gap to 12:13:51/);
  });

  it('Marbach am Neckar 1893-03-31 23:50: clocks jumped from 23:43:34 LMT to 00:06:32 CET, moved forward', () => {
    const e = expectedSwitchDay('1893-03-31', '23:50', marbach.longitude, SWITCH.berlin);
    expect(e).toEqual({ kind: 'gap', lmt: 2222, iso: '1893-03-31T23:12:58.000Z' });
    const r = localToUtc('1893-03-31', '23:50', 'Europe/Berlin', marbach.longitude);
    expect(new Date(r.utcMs).toISOString()).toBe(e.iso);
    expect(r.offsetSeconds).toBe(SWITCH.berlin.std);
    expect(r.note).toMatch(/did not exist.*put forward by 22 min 58 s from local mean time to CET/);
  });

  it('gap by longitude: -75.5 (LMT -05:02) in New York time, 11:59 never happened', () => {
    const e = expectedSwitchDay('1883-11-18', '11:59', -75.5, SWITCH.newYork);
    expect(e).toEqual({ kind: 'gap', lmt: -18120, iso: '1883-11-18T17:01:00.000Z' });
    const r = localToUtc('1883-11-18', '11:59', 'America/New_York', -75.5);
    expect(new Date(r.utcMs).toISOString()).toBe(e.iso);
    expect(r.note).toMatch(/did not exist.*put forward by 2 min from local mean time.*12:01/);
    // just outside the 11:58-12:00 gap: plain LMT before, plain EST after
    expect(localToUtc('1883-11-18', '11:57', 'America/New_York', -75.5).note).toMatch(/^Before standard time/);
    expect(localToUtc('1883-11-18', '12:00', 'America/New_York', -75.5).note).toBeUndefined();
  });

  it('overlap by longitude: -87.5 (LMT -05:50) in Central time, 12:05 happened twice', () => {
    const e = expectedSwitchDay('1883-11-18', '12:05', -87.5, SWITCH.chicago);
    expect(e).toEqual({ kind: 'overlap', lmt: -21000, iso: '1883-11-18T17:55:00.000Z' });
    const r = localToUtc('1883-11-18', '12:05', 'America/Chicago', -87.5);
    expect(new Date(r.utcMs).toISOString()).toBe(e.iso);
    expect(r.offsetSeconds).toBe(-21000);
    expect(r.note).toMatch(/occurred twice.*turned back by 10 min from local mean time to CST.*first occurrence/);
    // the second 12:05 is not chosen; 12:10 (end of the overlap) is plain CST
    expect(localToUtc('1883-11-18', '12:10', 'America/Chicago', -87.5).note).toBeUndefined();
  });

  it("without a longitude keeps the zone's own LMT (New York -04:56:02: 12:00-12:03:58 twice)", () => {
    const r = localToUtc('1883-11-18', '12:02', 'America/New_York');
    expect(new Date(r.utcMs).toISOString()).toBe('1883-11-18T16:58:02.000Z');
    expect(r.offsetSeconds).toBe(-17762); // zdump: LMT gmtoff=-17762
    expect(r.note).toMatch(/occurred twice/);
  });
});

/**
 * Zones that crossed the date line before their first standard time. The tz database (zdump -v, Debian 2025b with
 * backzone) gives their local mean time on both sides:
 *   Asia/Manila   LMT -15:56:08 until 1844-12-31 15:56:08 UT, then +08:03:52: the American date until 1844-12-30,
 *                 1844-12-31 skipped, 1845-01-01 next (tz's asia file: the Philippines moved to the Asian date).
 *   America/Sitka LMT +14:58:47 until 1867-10-19 00:31:13 UT, then -09:01:13: the Russian date until the transfer
 *                 to the United States, a day repeated (tz's northamerica file).
 * At a birth longitude the mean time is longitude x 240 s, on the side of the date line the zone was on:
 *   Manila 120.9822 E: 120.9822 x 240 = 29,035.7 -> +29,036 s (+08:03:56); before 1845, -86,400 -> -57,364 s.
 *   Sitka 135.33088 W: -135.33088 x 240 = -32,479.4 -> -32,479 s (-09:01:19); before the transfer +86,400 -> +53,921 s.
 * UTC = local - offset, worked by hand:
 *   Manila 1844-12-30 12:00 - (-15:56:04) = 1844-12-31 03:56:04 UTC (a day after what the Asian date gives);
 *   Manila 1845-01-01 12:00 - (+08:03:56) = 1845-01-01 03:56:04 UTC;
 *   Sitka 1867-10-17 12:00 - (+14:58:41) = 1867-10-16 21:01:19 UTC;
 *   Sitka 1867-10-20 12:00 - (-09:01:19) = 1867-10-20 21:01:19 UTC.
 * The transfer instant 1867-10-19 00:31:13 UT is 10-19 15:29:54 Russian and 10-18 15:29:54 American at Sitka's
 * longitude: the 24 h between those readings happened twice, and the first (Russian) occurrence is taken, as for any
 * overlap: 1867-10-18 18:00 - (+14:58:41) = 1867-10-18 03:01:19 UTC.
 */
describe('the date line moved before standard time (Manila 1844, Alaska 1867)', () => {
  const MANILA = 120.9822;
  const SITKA = -135.33088;
  const utc = (date: string, time: string, zone: string, lon: number) => new Date(localToUtc(date, time, zone, lon).utcMs).toISOString();

  it('Manila before 1845 is read on the American date, after it on the Asian one', () => {
    expect(utc('1844-12-30', '12:00', 'Asia/Manila', MANILA)).toBe('1844-12-31T03:56:04.000Z');
    expect(utc('1845-01-01', '12:00', 'Asia/Manila', MANILA)).toBe('1845-01-01T03:56:04.000Z');
    expect(localToUtc('1844-12-30', '12:00', 'Asia/Manila', MANILA).offsetSeconds).toBe(-57_364);
  });

  it('Manila 1844-12-31 did not exist: moved forward by the skipped day, with a note that says so', () => {
    const r = localToUtc('1844-12-31', '12:00', 'Asia/Manila', MANILA);
    expect(new Date(r.utcMs).toISOString()).toBe('1845-01-01T03:56:04.000Z');
    expect(r.note).toMatch(/date 1844-12-31 did not exist .*calendar skipped a day/);
  });

  it('Sitka before the transfer is read on the Russian date, after it on the American one', () => {
    expect(utc('1867-10-17', '12:00', 'America/Sitka', SITKA)).toBe('1867-10-16T21:01:19.000Z');
    expect(utc('1867-10-20', '12:00', 'America/Sitka', SITKA)).toBe('1867-10-20T21:01:19.000Z');
  });

  it('Sitka 1867-10-18 18:00 happened twice: the first (Russian) occurrence, with a note', () => {
    const r = localToUtc('1867-10-18', '18:00', 'America/Sitka', SITKA);
    expect(new Date(r.utcMs).toISOString()).toBe('1867-10-18T03:01:19.000Z');
    expect(r.note).toMatch(/occurred twice .*calendar repeated a day/);
  });

  it('luxon, through HistoricZone at the birth longitude, shows the same offsets', () => {
    const zone = new HistoricZone('Asia/Manila', MANILA);
    expect(zone.offsetSeconds(Date.parse('1844-12-31T03:56:04Z'))).toBe(-57_364);
    expect(zone.offsetSeconds(Date.parse('1845-01-01T03:56:04Z'))).toBe(29_036);
    expect(DateTime.fromMillis(Date.parse('1844-12-31T03:56:04Z'), { zone }).toISODate()).toBe('1844-12-30');
  });

  it('Samoa 2011-12-30 and Kiritimati 1995 (standard-time changes) stay as the tz database has them', () => {
    // zdump: Pacific/Apia -10 to +14 at 2011-12-30 10:00 UT (2011-12-30 skipped); Kiritimati -10 to +14 at 1994-12-31 10:00 UT (1994-12-31 skipped).
    expect(localToUtc('2011-12-29', '12:00', 'Pacific/Apia').offsetSeconds).toBe(-36_000);
    expect(localToUtc('2011-12-31', '12:00', 'Pacific/Apia').offsetSeconds).toBe(50_400);
    expect(localToUtc('1995-01-02', '12:00', 'Pacific/Kiritimati').offsetSeconds).toBe(50_400);
  });
});

describe('clock changes', () => {
  it('gap: 02:30 on 2021-03-14 in New York moves forward by the gap (zdump: EST->EDT at 07:00 UT)', () => {
    const r = localToUtc('2021-03-14', '02:30', 'America/New_York', -74);
    expect(new Date(r.utcMs).toISOString()).toBe('2021-03-14T07:30:00.000Z'); // 03:30 EDT
    expect(r.offsetSeconds).toBe(-14400);
    expect(r.note).toMatch(/did not exist.*moved forward.*03:30/);
  });

  it('overlap: 01:30 on 2021-11-07 in New York takes the first occurrence (EDT)', () => {
    const r = localToUtc('2021-11-07', '01:30', 'America/New_York', -74);
    expect(new Date(r.utcMs).toISOString()).toBe('2021-11-07T05:30:00.000Z');
    expect(r.offsetSeconds).toBe(-14400);
    expect(r.note).toMatch(/twice.*first occurrence/);
  });

  it('half-hour gap at Lord Howe (zdump: Oct 3 2020 15:30 UT, +1030 -> +11)', () => {
    const r = localToUtc('2020-10-04', '02:15', 'Australia/Lord_Howe', 159);
    expect(new Date(r.utcMs).toISOString()).toBe('2020-10-03T15:45:00.000Z'); // 02:45 +11
    expect(r.offsetSeconds).toBe(39600);
    expect(r.note).toMatch(/30 min/);
  });

  it('half-hour overlap at Lord Howe (zdump: Apr 4 2020 15:00 UT, +11 -> +1030)', () => {
    const r = localToUtc('2020-04-05', '01:45', 'Australia/Lord_Howe', 159);
    expect(new Date(r.utcMs).toISOString()).toBe('2020-04-04T14:45:00.000Z');
    expect(r.offsetSeconds).toBe(39600);
    expect(r.note).toBeDefined();
  });

  it('gap into double summer time, London 1941-05-04 02:30 (zdump: BST->BDST at 01:00 UT)', () => {
    const r = localToUtc('1941-05-04', '02:30', 'Europe/London', 0);
    expect(new Date(r.utcMs).toISOString()).toBe('1941-05-04T01:30:00.000Z');
    expect(r.offsetSeconds).toBe(7200);
  });

  it('overlap out of midsummer time, Berlin 1945-09-24 02:30 (zdump: CEMT->CEST at 00:00 UT)', () => {
    const r = localToUtc('1945-09-24', '02:30', 'Europe/Berlin', 13.4);
    expect(new Date(r.utcMs).toISOString()).toBe('1945-09-23T23:30:00.000Z'); // first: CEMT +03
    expect(r.offsetSeconds).toBe(10800);
  });

  it('gap with a seconds offset, Amsterdam 1935-05-15 02:30 (zdump: AMT->NST at 01:40:28 UT)', () => {
    const r = localToUtc('1935-05-15', '02:30', 'Europe/Amsterdam', 4.9);
    expect(new Date(r.utcMs).toISOString()).toBe('1935-05-15T02:10:28.000Z');
    expect(r.offsetSeconds).toBe(4772);
  });

  it('times just outside a change carry no note', () => {
    expect(localToUtc('2021-03-14', '01:59', 'America/New_York', -74).note).toBeUndefined();
    expect(localToUtc('2021-03-14', '03:00', 'America/New_York', -74).note).toBeUndefined();
    expect(localToUtc('2021-11-07', '02:00', 'America/New_York', -74).offsetSeconds).toBe(-18000);
  });

  it('uses transitions computed from the TZ footer beyond 2037 (EST5EDT,M3.2.0,M11.1.0)', () => {
    // second Sunday of March 2050 is March 13: 12:00 is EDT
    expect(localToUtc('2050-03-13', '12:00', 'America/New_York', -74).offsetSeconds).toBe(-14400);
    expect(localToUtc('2050-03-12', '12:00', 'America/New_York', -74).offsetSeconds).toBe(-18000);
  });
});

describe('input handling', () => {
  it('formats offsets, with seconds only when present', () => {
    expect(formatOffset(3600)).toBe('+01:00');
    expect(formatOffset(-18000)).toBe('-05:00');
    expect(formatOffset(20700)).toBe('+05:45');
    expect(formatOffset(1172)).toBe('+00:19:32');
    expect(formatOffset(0)).toBe('+00:00');
  });

  it('accepts old link names and is case-insensitive', () => {
    expect(localToUtc('1990-05-15', '12:30', 'Asia/Calcutta', 0).offsetSeconds).toBe(19800);
    expect(localToUtc('1990-05-15', '12:30', 'europe/amsterdam', 0).offsetSeconds).toBe(7200);
    expect(localToUtc('1990-05-15', '12:30', 'US/Eastern', 0).offsetSeconds).toBe(-14400);
  });

  it('rejects unknown zones and malformed dates', () => {
    expect(() => localToUtc('1990-05-15', '12:30', 'Mars/Olympus', 0)).toThrow(EngineInputError);
    try {
      localToUtc('1990-05-15', '12:30', 'Mars/Olympus', 0);
    } catch (e) {
      expect((e as EngineInputError).code).toBe('INVALID_TIMEZONE');
    }
    expect(() => localToUtc('1990-02-30', '12:30', 'UTC', 0)).toThrow(/does not exist/);
    expect(() => localToUtc('1990-05-15', '25:00', 'UTC', 0)).toThrow(EngineInputError);
    expect(() => localToUtc('15.05.1990', '12:30', 'UTC', 0)).toThrow(/YYYY-MM-DD/);
  });
});

describe('HistoricZone in luxon', () => {
  it('gives luxon the backzone offset for Amsterdam 1935', () => {
    const zone = new HistoricZone('Europe/Amsterdam');
    const ms = Date.parse('1935-01-15T11:40:28Z');
    const dt = DateTime.fromMillis(ms, { zone });
    expect(dt.isValid).toBe(true);
    expect(dt.offset * 60).toBeCloseTo(1172, 6); // minutes in luxon
    expect(dt.toFormat('yyyy-MM-dd HH:mm')).toBe('1935-01-15 12:00');
    expect(dt.offsetNameShort).toBe('AMT');
    expect(zone.formatOffset(ms, 'short')).toBe('+00:19:32');
  });

  it('round-trips localToUtc for the zdump cases', () => {
    for (const [zone, date, time] of ZDUMP) {
      const r = localToUtc(date, time, zone, 0);
      const dt = DateTime.fromMillis(r.utcMs, { zone: new HistoricZone(zone) });
      expect(dt.toFormat('yyyy-MM-dd HH:mm')).toBe(`${date} ${time}`);
    }
  });
});

describe('zoneForCoordinates (geo-tz/all)', () => {
  it('keeps pre-1970 zones apart', () => {
    expect(zoneForCoordinates(52.37, 4.89)).toBe('Europe/Amsterdam');
    expect(zoneForCoordinates(12.826174, 45.036933)).toBe('Asia/Aden'); // geo-tz README example for /all
    expect(zoneForCoordinates(40.71, -74.0)).toBe('America/New_York');
  });
  it('rejects out-of-range coordinates', () => {
    expect(() => zoneForCoordinates(91, 0)).toThrow(EngineInputError);
  });
});
