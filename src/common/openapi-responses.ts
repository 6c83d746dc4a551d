import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { FIRST_BIRTHDATE, LAST_BIRTHDATE } from '../engine/natal/chart';
import examples from './openapi-examples.json';

/**
 * Real responses of the service for Ra Uru Hu's birth (1948-04-09 00:14, Montreal), trimmed where long;
 * regenerate with `npm run docs:examples` when the output changes.
 */
export const EXAMPLES = examples;

/** An error answer as OpenAPI shows it (the one error shape). */
export const errorExample = (code: string, message: string, details?: unknown) => ({
  schema: { example: { error: details === undefined ? { code, message } : { code, message, details } } },
});

/** The error answers every chart operation can give, in the one error shape. */
export const ERROR_RESPONSES = () =>
  applyDecorators(
    ApiResponse({
      status: 400,
      description:
        'Invalid request: INVALID_JSON, VALIDATION_FAILED, INVALID_DATE (not a real YYYY-MM-DD date, e.g. 2023-02-30), ' +
        'INVALID_TIME, INVALID_LOCATION, INVALID_TIMEZONE, INVALID_INSTANT, UNSUPPORTED_LANGUAGE (meaning: a language the texts are not in)',
      ...errorExample('INVALID_DATE', 'birthdate: birthdate must be a real calendar date, YYYY-MM-DD', [
        { field: 'birthdate', problems: ['birthdate must be a real calendar date, YYYY-MM-DD'], code: 'INVALID_DATE' },
      ]),
    }),
    ApiResponse({
      status: 401,
      description: 'API_KEY_MISSING or API_KEY_INVALID',
      ...errorExample('API_KEY_MISSING', 'Send your API key in the HD-Api-Key header (or Authorization: Bearer <key>).'),
    }),
    ApiResponse({
      status: 413,
      description: 'PAYLOAD_TOO_LARGE (over 16 KB)',
      ...errorExample('PAYLOAD_TOO_LARGE', 'The request body is larger than 16384 bytes.'),
    }),
    ApiResponse({
      status: 415,
      description: 'UNSUPPORTED_MEDIA_TYPE: the body is not application/json',
      ...errorExample('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON with Content-Type: application/json.'),
    }),
    ApiResponse({
      status: 422,
      description:
        'The input is well-formed but cannot be computed: LOCATION_NOT_FOUND (with suggestions), LOCATION_IS_COUNTRY, INVALID_TIMEZONE, ' +
        `DATE_OUT_OF_RANGE (a real birthdate outside ${FIRST_BIRTHDATE} to ${LAST_BIRTHDATE}, or a transit instant outside the ephemeris; details.min and details.max give the range)`,
      ...errorExample('LOCATION_NOT_FOUND', 'No place called "Springfeld" was found in United States.', {
        suggestions: ['Springfield, Illinois, United States'],
      }),
    }),
    ApiResponse({
      status: 503,
      description:
        'OVERLOADED (too many jobs waiting, or too many requests of one key waiting their turn) or SERVICE_UNAVAILABLE (Redis away until the deadline), with Retry-After',
      ...errorExample('OVERLOADED', 'Too many computations are waiting; try again shortly.'),
    }),
    ApiResponse({
      status: 504,
      description:
        "COMPUTE_TIMEOUT: not answered within JOB_TIMEOUT_MS of its arrival (no worker finished, or it waited that long for its key's earlier requests), with Retry-After",
      ...errorExample('COMPUTE_TIMEOUT', 'No worker finished the computation within 10000 ms.'),
    }),
  );
