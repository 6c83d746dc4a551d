/**
 * The span of birth instants a day (or part of it) stands for, as /v1/chart resolves local times: the place and
 * its zone from the same resolver, 00:00 of the date to 00:00 of the next (23 or 25 hours on DST days; a midnight
 * that did not exist is moved forward, one that happened twice is taken at its first occurrence), and the local
 * clock reading of any instant in it.
 */
import { BirthLocationEcho, resolveBirthPlace } from '../natal/birth';
import { assertBirthDate } from '../natal/chart';
import { formatOffset, localToUtc, offsetAt, parseLocal } from '../time';
import { EngineInputError } from '../types';

export interface DaySpanInput {
  birthdate: string;
  location?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
  /** A window of the day (local HH:MM, `to` may be 24:00), or a time with a margin either side. */
  span?: { from: string; to: string } | { around: string; minutes: number };
}

export interface DaySpan {
  location: BirthLocationEcho;
  dayStartMs: number;
  dayEndMs: number;
  startMs: number;
  endMs: number;
}

/** A local clock reading of an instant of the day: HH:MM:SS (24:00:00 for the day's end) and the offset. */
export interface LocalReading {
  local: string;
  utc: string;
  utcOffset: string;
}

function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d + 1);
  return t.toISOString().slice(0, 10).replace(/^\+0*/, '');
}

export function resolveDaySpan(input: DaySpanInput): DaySpan {
  const date = String(input.birthdate).trim();
  parseLocal(date, '00:00');
  assertBirthDate(date);
  const location = resolveBirthPlace(input);
  const at = (d: string, time: string) => localToUtc(d, time, location.timezone, location.longitude).utcMs;
  const dayStartMs = at(date, '00:00');
  const dayEndMs = at(nextDate(date), '00:00');
  let startMs = dayStartMs;
  let endMs = dayEndMs;
  const span = input.span;
  if (span && 'around' in span) {
    const t = at(date, span.around);
    startMs = Math.max(dayStartMs, t - span.minutes * 60_000);
    endMs = Math.min(dayEndMs, t + span.minutes * 60_000);
  } else if (span) {
    startMs = at(date, span.from);
    endMs = span.to === '24:00' ? dayEndMs : at(date, span.to);
  }
  if (!(endMs > startMs)) {
    throw new EngineInputError('INVALID_SPAN', 'The part of the day given is empty (to must come after from on that local day).', { span });
  }
  return { location, dayStartMs, dayEndMs, startMs, endMs };
}

/** How an instant of the day reads on the birthplace's clock. */
export function localReading(ms: number, day: DaySpan): LocalReading {
  const offset = offsetAt(day.location.timezone, ms, day.location.longitude);
  const clock = new Date(ms + offset * 1000).toISOString().slice(11, 19);
  return {
    local: ms >= day.dayEndMs ? '24:00:00' : clock,
    utc: new Date(ms).toISOString().slice(0, 19) + 'Z',
    utcOffset: formatOffset(offset),
  };
}
