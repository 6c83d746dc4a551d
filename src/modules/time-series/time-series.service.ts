import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import type { RequestTrace } from '../../common/request-log';
import { EPHEMERIS_MAX_UTC, EPHEMERIS_MAX_UTC_MS, EPHEMERIS_MIN_UTC, EPHEMERIS_MIN_UTC_MS, isoFlooredToSecond, parseRealInstant, PLANETS } from '../../engine';
import { STATION_BODIES } from '../../engine/search/ingresses';
import { returnsSpanDays } from '../../engine/search/returns';
import type { IngressesInput, RangeInput, ReturnsInput, StationsInput, TransitCalendarInput } from './jobs/payloads';
import { birthInput } from '../birth/birth-input';
import { JobRunner } from '../queue/job-runner.service';
import type { IngressesRequestDto, ReturnsRequestDto, StationsRequestDto, TransitCalendarRequestDto } from './dto/time-series.dto';

const DAY_MS = 86_400_000;

/** The longest range each operation computes in one job (days), so every call stays a bounded job. */
export const RANGE_LIMIT_DAYS = {
  ingressesLine: 366,
  ingressesGate: 3653,
  stations: 7305,
  returns: 43_830,
  transitCalendar: 366,
} as const;

/** Normalises each request into a job payload (UTC instants to the second) and runs it on a worker. */
@Injectable()
export class TimeSeriesService {
  constructor(private readonly jobs: JobRunner) {}

  ingresses(dto: IngressesRequestDto, trace?: RequestTrace): Promise<string> {
    const level = dto.level ?? 'gate';
    const input: IngressesInput = {
      ...range(dto.from, dto.to, level === 'line' ? RANGE_LIMIT_DAYS.ingressesLine : RANGE_LIMIT_DAYS.ingressesGate, `${level}-level ingresses`),
      level,
      bodies: PLANETS.filter((p) => !dto.bodies || dto.bodies.includes(p)),
      nodeType: dto.nodeType ?? 'true',
    };
    return this.jobs.run('ingresses', input, trace);
  }

  stations(dto: StationsRequestDto, trace?: RequestTrace): Promise<string> {
    const input: StationsInput = {
      ...range(dto.from, dto.to, RANGE_LIMIT_DAYS.stations, 'stations'),
      bodies: STATION_BODIES.filter((b) => !dto.bodies || dto.bodies.includes(b)),
    };
    return this.jobs.run('stations', input, trace);
  }

  returns(dto: ReturnsRequestDto, trace?: RequestTrace): Promise<string> {
    const kinds = dto.kinds ?? ['solar'];
    const birth = birthInput(dto);
    // Without `from`, the search starts at the birth (its local date is enough here: returns before it are skipped).
    const from = dto.from ?? `${dto.birthdate}T00:00:00Z`;
    const count = dto.to === undefined ? (dto.count ?? 1) : dto.count;
    const to =
      dto.to ??
      isoFlooredToSecond(
        Math.min(parseInstant(from, 'from') + Math.min(returnsSpanDays(kinds, count!), RANGE_LIMIT_DAYS.returns) * DAY_MS, EPHEMERIS_MAX_UTC_MS),
      );
    const input: ReturnsInput = {
      ...birth,
      ...range(from, to, RANGE_LIMIT_DAYS.returns, 'returns'),
      kinds: [...kinds].sort(),
      chart: dto.chart ?? false,
    };
    if (count !== undefined) input.count = count;
    return this.jobs.run('returns', input, trace);
  }

  transitCalendar(dto: TransitCalendarRequestDto, trace?: RequestTrace): Promise<string> {
    const input: TransitCalendarInput = { ...birthInput(dto), ...range(dto.from, dto.to, RANGE_LIMIT_DAYS.transitCalendar, 'the transit calendar') };
    return this.jobs.run('transitCalendar', input, trace);
  }
}

/** A date (00:00 UTC) or an instant, as milliseconds; a date that does not exist (2026-02-30) is refused. */
export function parseInstant(value: string, name: string): number {
  const ms = parseRealInstant(value, { dateAlone: true });
  if (Number.isNaN(ms)) throw new ApiError(400, 'INVALID_INSTANT', `${name} is not a real date or instant: "${value}"`);
  return ms;
}

/** [from, to) checked: real instants, in order, inside the ephemeris, no longer than `limitDays`. */
export function range(fromText: string, toText: string, limitDays: number, what: string): RangeInput {
  const from = parseInstant(fromText, 'from');
  const to = parseInstant(toText, 'to');
  if (!(to > from)) throw new ApiError(400, 'INVALID_RANGE', 'to must be later than from.', { from: fromText, to: toText });
  if (to - from > limitDays * DAY_MS) {
    throw new ApiError(400, 'RANGE_TOO_LARGE', `The range is too long for ${what}: at most ${limitDays} days (split it into several calls).`, { limitDays });
  }
  if (from < EPHEMERIS_MIN_UTC_MS || to > EPHEMERIS_MAX_UTC_MS) {
    throw new ApiError(422, 'DATE_OUT_OF_RANGE', `The range must lie within the ephemeris, ${EPHEMERIS_MIN_UTC} to ${EPHEMERIS_MAX_UTC}.`, {
      min: EPHEMERIS_MIN_UTC,
      max: EPHEMERIS_MAX_UTC,
    });
  }
  return { from: isoFlooredToSecond(from), to: isoFlooredToSecond(to) };
}
