/**
 * A request's birth data as a job carries it, shared by every operation that takes a birth (charts, drawings, time
 * series, batches, bulk jobs, the buy page's sample): normalised so that equal questions share one job id, plus the
 * `meaning` option and the transit instant. Nothing is computed here.
 */
import { ApiError } from '../../common/api-error';
import { parseRealInstant, SUPPORTED_BIRTH_MAX_UTC, SUPPORTED_BIRTH_MAX_UTC_MS, SUPPORTED_BIRTH_MIN_UTC, SUPPORTED_BIRTH_MIN_UTC_MS } from '../../engine';
import { chartMeaningBytes, expandMeaningBytes, meaningLibraries } from '../../engine/meaning';
import type { JsonAnswer } from '../../common/json-answer';
import type { BirthInput, ChartInput, MeaningInput } from './jobs/payloads';
import type { BirthDataDto } from './birth-data.dto';
import type { MeaningOptionDto } from './meaning-option.dto';

/**
 * The worker's answer with its meaning markers swapped for the texts, when the request asked for meaning: then as
 * UTF-8 bytes, the texts' own encoded once per process (the answer is six sevenths texts).
 */
export async function withMeaning(dto: MeaningOptionDto, answer: Promise<string>): Promise<JsonAnswer> {
  return dto.meaning === undefined ? answer : expandMeaningBytes(await answer, meaningLibraries());
}

/**
 * A chart's or an advanced chart's plain answer (its job asked for no meaning) with its meaning put in by the API, when
 * the request asked for it (engine/meaning/chart-splice.ts): a chart with meaning is the same job as the chart without.
 */
export async function withChartMeaning(dto: MeaningOptionDto, answer: Promise<string>): Promise<JsonAnswer> {
  return dto.meaning === undefined ? answer : chartMeaningBytes(await answer, meaningLibraries()[dto.meaning]);
}

/**
 * `meaning` as a job carries it: only when asked for, so that the job ids (and the answers) of requests without
 * it stay what they were.
 */
export function meaningInput(dto: MeaningOptionDto): MeaningInput {
  return dto.meaning === undefined ? {} : { meaning: dto.meaning };
}

/** /v1/chart and /v1/chart/advanced (and a batch's items): the birth and `meaning`. */
export function chartInput(dto: BirthDataDto & MeaningOptionDto): ChartInput {
  return { ...birthInput(dto), ...meaningInput(dto) };
}

/** Spacing and Unicode form are normalised so trivially different spellings share one job; case is kept for the echo. */
export function birthInput(dto: BirthDataDto): BirthInput {
  const input: BirthInput = { birthdate: dto.birthdate, birthtime: dto.birthtime, nodeType: dto.nodeType ?? 'true' };
  if (dto.location !== undefined) input.location = dto.location.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (dto.placeId !== undefined) input.placeId = dto.placeId;
  if (dto.latitude !== undefined && dto.longitude !== undefined) {
    input.latitude = dto.latitude;
    input.longitude = dto.longitude;
  }
  if (dto.timezone !== undefined) input.timezone = dto.timezone;
  return input;
}

/** The transit instant in UTC to the second; now when not given. */
export function transitInstant(at: string | undefined): string {
  const ms = at === undefined ? Date.now() : parseRealInstant(at);
  if (Number.isNaN(ms)) {
    throw new ApiError(400, 'INVALID_INSTANT', 'at is not a real date and time (ISO 8601 with an offset or Z).');
  }
  if (ms < SUPPORTED_BIRTH_MIN_UTC_MS || ms >= SUPPORTED_BIRTH_MAX_UTC_MS) {
    // A real instant the ephemeris does not reach: the same answer as a birth date or a range outside it.
    throw new ApiError(422, 'DATE_OUT_OF_RANGE', `at must lie between ${SUPPORTED_BIRTH_MIN_UTC} and ${SUPPORTED_BIRTH_MAX_UTC}.`, {
      at,
      min: SUPPORTED_BIRTH_MIN_UTC,
      max: SUPPORTED_BIRTH_MAX_UTC,
    });
  }
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
