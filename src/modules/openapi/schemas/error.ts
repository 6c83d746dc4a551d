/**
 * The one error shape (src/common/api-error.ts, src/common/error.filter.ts errorBody):
 * `{ "error": { "code", "message", "details"?, "correlationId"? } }`, the correlation id only on 5xx answers.
 * ERROR_CODES lists every machine code the service can answer; schemas.spec.ts scans src/ to keep it complete.
 */
import { array, JsonSchema, object, ref, string } from './json-schema';

export const ERROR_CODES = [
  // Request validation (src/common/validation.ts and the DTOs' context codes; 400). A field's own code wins when
  // every failing field has the same one; otherwise VALIDATION_FAILED. Also raised by the batch, the day
  // operation's checks (chart.service.ts) and the hostile-JSON guard.
  'VALIDATION_FAILED',
  'INVALID_DATE',
  'INVALID_TIME',
  'INVALID_LOCATION',
  'INVALID_TIMEZONE',
  'INVALID_INSTANT',
  'QUERY_TOO_SHORT',
  // `meaning` or `lang` naming a language the meaning library does not have (modules/birth/meaning-option.dto.ts).
  'UNSUPPORTED_LANGUAGE',
  // Computation input errors from the engine (EngineInputError), answered 422 by the chart operations
  // (or 400 by the place search): birth place and time, ranges, the Penta.
  'LOCATION_REQUIRED',
  'LOCATION_NOT_FOUND',
  'LOCATION_IS_COUNTRY',
  'INVALID_COORDINATES',
  'DATE_OUT_OF_RANGE',
  'INVALID_NODE_TYPE',
  'INVALID_SPAN',
  'PENTA_SIZE',
  'PENTA_MEMBER_INVALID',
  'INVALID_LIMIT',
  // A worker's input error whose payload could not be read (src/modules/queue/job-runner.service.ts).
  'INVALID_INPUT',
  // Time-series ranges (src/modules/time-series/time-series.service.ts; 400).
  'INVALID_RANGE',
  'RANGE_TOO_LARGE',
  // The HTTP layer: body parsing, unknown routes, Nest's own exceptions (src/common/error.filter.ts, hostile-json.ts).
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'REQUEST_ABORTED',
  'INVALID_ENCODING',
  'UNSUPPORTED_ENCODING',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'INTERNAL',
  // API keys (src/modules/auth; 401, 400).
  'API_KEY_MISSING',
  'API_KEY_INVALID',
  'KEY_NOT_ROTATABLE',
  // Capacity and outages (src/modules/queue, src/http-app.ts key admission; 503, 504).
  'OVERLOADED',
  'COMPUTE_TIMEOUT',
  'SERVICE_UNAVAILABLE',
  // The caller hung up before its answer (499, nginx's status for it): no one receives it, the request log records it.
  'CLIENT_CLOSED_REQUEST',
  // MCP (src/modules/mcp): a tool's answer past what one MCP request may carry (MCP_MAX_ANSWER_BYTES; 413).
  'ANSWER_TOO_LARGE',
  // The reference library (src/modules/reference; 404; its 400 for `lang` is UNSUPPORTED_LANGUAGE above).
  'REFERENCE_NOT_FOUND',
  // Advice (src/modules/advice; 400, 404).
  'INVALID_ID',
  'ADVICE_NOT_FOUND',
  // Purchase (src/modules/purchase; 503, 400).
  'PURCHASE_DISABLED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'WEBHOOK_SIGNATURE_INVALID',
  // Bulk jobs (src/modules/bulk): over 100,000 items (413), another key's or an unknown job (404), results asked
  // before the job finished (409), the key's jobs in progress at their limit (429), their storage full (503), a
  // callbackUrl to a loopback, private, link-local or metadata address (400).
  'TOO_MANY_ITEMS',
  'JOB_NOT_FOUND',
  'JOB_NOT_FINISHED',
  'TOO_MANY_JOBS',
  'STORAGE_FULL',
  'CALLBACK_URL_REFUSED',
  // The typed client's tarball at GET /sdk/typescript.tgz not built on this deployment (src/modules/sdk; 404).
  'SDK_NOT_BUILT',
  // Operator surfaces: queue dashboard and metrics (src/modules/admin, src/modules/metrics; 401).
  'ADMIN_DISABLED',
  'ADMIN_TOKEN_MISSING',
  'ADMIN_TOKEN_INVALID',
  'METRICS_TOKEN_INVALID',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_SCHEMAS: Record<string, JsonSchema> = {
  ErrorCode: {
    type: 'string',
    description:
      "Stable machine-readable error code. 400: VALIDATION_FAILED or the failing fields' common code (INVALID_DATE, INVALID_TIME, " +
      'INVALID_LOCATION, INVALID_TIMEZONE, INVALID_INSTANT, QUERY_TOO_SHORT), INVALID_JSON, INVALID_RANGE, RANGE_TOO_LARGE, INVALID_ID…; ' +
      '401: API_KEY_MISSING, API_KEY_INVALID; 404: NOT_FOUND, ADVICE_NOT_FOUND, JOB_NOT_FOUND; 409: JOB_NOT_FINISHED; 413: PAYLOAD_TOO_LARGE, TOO_MANY_ITEMS; 415: UNSUPPORTED_MEDIA_TYPE; 429: TOO_MANY_JOBS; ' +
      '422: the input cannot be computed (LOCATION_NOT_FOUND, LOCATION_IS_COUNTRY, DATE_OUT_OF_RANGE, INVALID_TIMEZONE…); ' +
      '503: OVERLOADED, SERVICE_UNAVAILABLE, STORAGE_FULL (retry after Retry-After); 504: COMPUTE_TIMEOUT; 500: INTERNAL.',
    enum: ERROR_CODES,
  },
  ValidationProblem: object(
    'The problems of one request field.',
    {
      field: string('Path of the field, e.g. "birthdate" or "person1.birthtime" (nested fields joined with dots).', { minLength: 1 }),
      problems: array('What is wrong with it, for people.', string('One problem.'), { minItems: 1 }),
      code: ref('ErrorCode', 'Only where the field has one: the specific code of its first problem (e.g. INVALID_DATE).'),
    },
    ['code'],
  ),
  ValidationDetails: array('details of a 400 validation error: one entry per failing field.', ref('ValidationProblem'), { minItems: 1 }),
  LocationNotFoundDetails: object('details of LOCATION_NOT_FOUND.', {
    suggestions: array('Up to 5 places the caller may have meant, "Name, Region, Country", best first.', string('A place to try as location.'), {
      maxItems: 5,
    }),
  }),
  LocationIsCountryDetails: object('details of LOCATION_IS_COUNTRY: the location named a country, not a city.', {
    country: string('The country named.'),
    countryCode: string('Its ISO 3166-1 alpha-2 code.', { pattern: '^[A-Z]{2}$' }),
  }),
  RangeTooLargeDetails: object(
    'details of RANGE_TOO_LARGE: the range is longer than the operation accepts (limitDays), or the work asked for could not finish within the time limit even alone on the service (estimatedMs against limitMs).',
    {
      limitDays: { type: 'integer', minimum: 1, description: 'Longest range this operation accepts, in days: split the request into calls this long.' },
      estimatedMs: { type: 'integer', minimum: 0, description: "The request's estimated computing time, ms (see the README's Fair use)." },
      limitMs: {
        type: 'integer',
        minimum: 1,
        description: 'The most computing time one request may take, ms: make the request smaller (a shorter range, a smaller drawing).',
      },
    },
    ['limitDays', 'estimatedMs', 'limitMs'],
  ),
  AdviceNotFoundDetails: object('details of ADVICE_NOT_FOUND: the range of valid ids.', {
    min: { type: 'integer', description: 'Lowest advice id.', minimum: 1 },
    max: { type: 'integer', description: 'Highest advice id.', minimum: 1 },
  }),
  OtherErrorDetails: {
    type: 'object',
    description:
      'details of the other codes: the values involved, by name (e.g. DATE_OUT_OF_RANGE: the limits; INVALID_TIMEZONE: the zone given; OVERLOADED: waiting).',
    additionalProperties: true,
  },
  ErrorDetail: object(
    'What went wrong.',
    {
      code: ref('ErrorCode', 'Stable machine-readable code; branch on it.'),
      message: string('Explanation for people; wording may change.', { minLength: 1 }),
      details: {
        description: 'Only for some codes: machine-readable specifics (validation problems per field, place suggestions, limits…).',
        anyOf: [
          ref('ValidationDetails'),
          ref('LocationNotFoundDetails'),
          ref('LocationIsCountryDetails'),
          ref('RangeTooLargeDetails'),
          ref('AdviceNotFoundDetails'),
          ref('OtherErrorDetails'),
        ],
      },
      correlationId: string("Only on 5xx answers: the request's correlation id (also in the X-Correlation-Id header); quote it when reporting the problem.", {
        pattern: '^[A-Za-z0-9._-]{1,64}$',
      }),
    },
    ['details', 'correlationId'],
  ),
  ErrorResponse: object('The body of every error answer.', {
    error: ref('ErrorDetail', 'The error.'),
  }),
};
