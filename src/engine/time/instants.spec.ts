/**
 * The one "real date or instant" check and the two ISO formatters. Expected values are the Gregorian calendar's
 * (leap years: divisible by 4, except centuries not divisible by 400) and ISO 8601's, worked by hand.
 */
import { isCalendarDate, isoFlooredToSecond, isoRoundedToSecond, parseRealInstant } from './instants';

describe('isCalendarDate', () => {
  it.each([
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [2000, 2, 29, true],
    [1900, 2, 29, false],
    [2026, 4, 31, false],
    [2026, 12, 31, true],
    [2026, 13, 1, false],
    [2026, 0, 10, false],
    [50, 1, 1, true], // years 0-99 are years 0-99, not 1900-1999
  ])('%i-%i-%i → %s', (y, m, d, real) => expect(isCalendarDate(y, m, d)).toBe(real));
});

describe('parseRealInstant', () => {
  it('reads instants with Z or an offset as epoch milliseconds', () => {
    expect(parseRealInstant('1970-01-01T00:00:00Z')).toBe(0);
    expect(parseRealInstant('1970-01-01T01:00:00+01:00')).toBe(0);
    expect(parseRealInstant('1970-01-01T00:01Z')).toBe(60_000);
  });

  it('refuses what Date.parse would roll over or read: 30 February, 24:00, 12:60, not an ISO instant', () => {
    for (const text of ['2026-02-30T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T12:60:00Z', '2026-01-01T12:00:60Z', 'Jan 1 2026', '', '2026-01-01']) {
      expect([text, parseRealInstant(text)]).toEqual([text, NaN]);
    }
  });

  it('takes a date alone as 00:00 UTC only when asked to', () => {
    expect(parseRealInstant('1970-01-02', { dateAlone: true })).toBe(86_400_000);
    expect(parseRealInstant('2026-02-29', { dateAlone: true })).toBeNaN();
  });

  it('reads a year below 100 as itself (a real instant, outside the ephemeris: 422 there, not 400)', () => {
    expect(new Date(parseRealInstant('0050-01-01T00:00:00Z')).getUTCFullYear()).toBe(50);
  });
});

describe('ISO formatters say their rounding', () => {
  it('rounds to the nearest second, or floors', () => {
    expect(isoRoundedToSecond(1_499)).toBe('1970-01-01T00:00:01Z');
    expect(isoRoundedToSecond(1_500)).toBe('1970-01-01T00:00:02Z');
    expect(isoFlooredToSecond(1_999)).toBe('1970-01-01T00:00:01Z');
    expect(isoFlooredToSecond(-1)).toBe('1969-12-31T23:59:59Z');
  });
});
