import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import examples from './openapi-examples.json';

/**
 * Real responses of the service for Ra Uru Hu's birth (1948-04-09 00:14, Montreal), trimmed where long;
 * regenerate with `npm run docs:examples` when the output changes.
 */
export const EXAMPLES = examples;

const error = (code: string, message: string, details?: unknown) => ({
  schema: { example: { error: details === undefined ? { code, message } : { code, message, details } } },
});

/** The error answers every chart operation can give, in the one error shape. */
export const ERROR_RESPONSES = () =>
  applyDecorators(
    ApiResponse({
      status: 400,
      description: 'Invalid request: INVALID_JSON, VALIDATION_FAILED, INVALID_DATE, INVALID_TIME, INVALID_LOCATION, INVALID_TIMEZONE, INVALID_INSTANT',
      ...error('INVALID_DATE', 'birthdate: birthdate must be a real calendar date from 1800-04-09 to 2399-12-30', [
        { field: 'birthdate', problems: ['birthdate must be a real calendar date from 1800-04-09 to 2399-12-30'], code: 'INVALID_DATE' },
      ]),
    }),
    ApiResponse({ status: 401, description: 'API_KEY_MISSING or API_KEY_INVALID', ...error('API_KEY_MISSING', 'Send your API key in the HD-Api-Key header.') }),
    ApiResponse({ status: 413, description: 'PAYLOAD_TOO_LARGE (over 16 KB)', ...error('PAYLOAD_TOO_LARGE', 'The request body is larger than 16384 bytes.') }),
    ApiResponse({
      status: 422,
      description: 'The input is well-formed but cannot be computed: LOCATION_NOT_FOUND (with suggestions), LOCATION_IS_COUNTRY, INVALID_TIMEZONE, DATE_OUT_OF_RANGE',
      ...error('LOCATION_NOT_FOUND', 'No place called "Springfeld" was found in United States.', { suggestions: ['Springfield, Illinois, United States'] }),
    }),
    ApiResponse({ status: 503, description: 'OVERLOADED or SERVICE_UNAVAILABLE, with Retry-After', ...error('OVERLOADED', 'Too many computations are waiting; try again shortly.') }),
    ApiResponse({ status: 504, description: 'COMPUTE_TIMEOUT: no worker finished in JOB_TIMEOUT_MS', ...error('COMPUTE_TIMEOUT', 'No worker finished the computation within 10000 ms.') }),
  );
