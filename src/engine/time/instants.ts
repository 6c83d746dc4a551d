/**
 * Instants as text, in one place: ISO 8601 UTC to the second, with the rounding in the name (a chart's instants and
 * a time series' events are rounded to the nearest second; a range's end given back to a caller is floored), and
 * the one check of "is this a real date or instant" (no 2026-02-30, no 24:00) that the API's validation and the
 * engine share.
 */

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;

/** "1948-04-09T05:14:00Z": the instant rounded to the nearest second. */
export function isoRoundedToSecond(utcMs: number): string {
  return new Date(Math.round(utcMs / 1000) * 1000).toISOString().slice(0, 19) + 'Z';
}

/** The same format, floored: the second the instant falls in. */
export function isoFlooredToSecond(utcMs: number): string {
  return new Date(Math.floor(utcMs / 1000) * 1000).toISOString().slice(0, 19) + 'Z';
}

/** Whether year-month-day names a real calendar day, any year (setUTCFullYear, since Date.UTC reads 0–99 as 19xx). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * An ISO 8601 instant with an offset or Z ("2026-03-01T12:00:00+01:00"), or with `dateAlone` also a date alone
 * (taken as 00:00 UTC), as epoch milliseconds; NaN when it is not text Date.parse reads or its written date and time
 * are not real (2026-02-30, 24:00, 12:60, :60 seconds), which Date.parse would otherwise roll over.
 */
export function parseRealInstant(text: string, options: { dateAlone?: boolean } = {}): number {
  const full = options.dateAlone && text.length === 10 ? `${text}T00:00:00Z` : text;
  const ms = Date.parse(full);
  const m = ISO_INSTANT.exec(full);
  if (Number.isNaN(ms) || !m) return NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  return isCalendarDate(y, mo, d) && h < 24 && mi < 60 && s < 60 ? ms : NaN;
}
