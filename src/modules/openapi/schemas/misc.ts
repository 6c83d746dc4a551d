/**
 * The other JSON answers: place search (src/modules/places), advice (src/modules/advice), the chart batch
 * (src/modules/batch), key rotation (src/modules/auth/keys.controller.ts) and the purchase checkout and webhook
 * (src/modules/purchase/purchase.controller.ts).
 */
import { array, integer, JsonSchema, number, object, ref, string } from './json-schema';

/** Items in the advice data set (src/modules/advice/advice-data.ts ADVICE_COUNT). */
export const ADVICE_COUNT = 371;
/** Most items in one batch (src/modules/batch/batch.dto.ts BATCH_MAX_ITEMS). */
export const BATCH_MAX_ITEMS = 100;
/** Most suggestions one place search answers (limit 1–20). */
export const PLACES_MAX_LIMIT = 20;

export const MISC_SCHEMAS: Record<string, JsonSchema> = {
  PlaceSuggestion: object(
    'A place that matches the search.',
    {
      placeId: integer(
        'The GeoNames id of the place (https://www.geonames.org/ and the id; negative for the few places this service adds): send it as placeId to the chart operations to name exactly this place.',
      ),
      name: string('Place name as the gazetteer has it.', { minLength: 1 }),
      region: string('First-level region (state, province…); "" when the gazetteer has none.'),
      country: string('Country name in English.', { minLength: 1 }),
      countryCode: string('ISO 3166-1 alpha-2 country code.', { pattern: '^[A-Z]{2}$' }),
      latitude: number('Latitude, decimal degrees north.', { minimum: -90, maximum: 90 }),
      longitude: number('Longitude, decimal degrees east.', { minimum: -180, maximum: 180 }),
      timezone: string('IANA time zone of the place.', { minLength: 1 }),
      population: integer('Population (0 when unknown); places rank by it (README "Ranking"), those of population 0 last.', 0),
      location: string(
        '"Name, Country" or "Name, Region, Country": send it as `location` to the chart operations to get exactly this place. Left out for the ~3 % of places that a bigger namesake in the same region shadows (no string names them): send placeId.',
        { minLength: 1 },
      ),
      matched: string(
        'The name the query matched: `name` itself when the place\'s own name matched, else the alternate name that did, in its search form (lower case, Latin accents off), e.g. "san francisco de quito" for Quito.',
        { minLength: 1 },
      ),
    },
    ['location'],
  ),
  PlaceSearch: object('GET /v1/places: place suggestions for a birth-place field, best first.', {
    query: string('The query as received (trimmed).', { minLength: 1, maxLength: 200 }),
    count: integer('Number of suggestions.', 0, PLACES_MAX_LIMIT),
    places: array('The suggestions, best first; at most `limit`.', ref('PlaceSuggestion'), { maxItems: PLACES_MAX_LIMIT }),
  }),
  Advice: object('One piece of advice, verbatim from a public-domain text.', {
    id: integer(`Stable number of the item, 1–${ADVICE_COUNT}.`, 1, ADVICE_COUNT),
    advice: string('The advice, verbatim from the source text.', { minLength: 1 }),
    source: string('https address of the public-domain text the advice was taken from.', { format: 'uri', pattern: '^https://' }),
  }),
  AdviceList: array(`GET /api/advice/all: every piece of advice (${ADVICE_COUNT}), in id order.`, ref('Advice')),
  BatchItemId: {
    description: "The item's id as sent (a string of up to 100 characters, or a number); without one, the item's 0-based position.",
    anyOf: [{ type: 'string', maxLength: 100 }, { type: 'number' }],
  },
  BatchItemSuccess: object("An item computed: its result is exactly the single call's answer.", {
    id: ref('BatchItemId', "The item's id, or its position."),
    status: { type: 'integer', description: 'HTTP status the single call would have answered: 200.', const: 200 },
    result: {
      description: 'The answer of POST /v1/chart (operation "chart") or /v1/chart/advanced (operation "advanced").',
      anyOf: [ref('Chart'), ref('AdvancedChart')],
    },
  }),
  BatchItemError: object("An item refused or failed: the single call's status and error.", {
    id: ref('BatchItemId', "The item's id, or its position."),
    status: integer('HTTP status the single call would have answered (400, 422, 503, 504…).', 400, 599),
    error: ref('ErrorDetail', "The error, as the single call's error body has it under `error`."),
  }),
  BatchItem: {
    description: "One item's outcome: status 200 with result, or an error status with error.",
    oneOf: [ref('BatchItemSuccess'), ref('BatchItemError')],
  },
  BatchResult: object('POST /v1/charts/batch: one outcome per item, in request order.', {
    count: integer('Number of items in the request.', 1, BATCH_MAX_ITEMS),
    succeeded: integer('Items answered with status 200.', 0, BATCH_MAX_ITEMS),
    failed: integer('Items answered with an error.', 0, BATCH_MAX_ITEMS),
    items: array('The outcomes, in request order.', ref('BatchItem'), { minItems: 1, maxItems: BATCH_MAX_ITEMS }),
  }),
  KeyRotation: object('POST /v1/keys/rotate: the new key, shown only in this answer; the key used for the call stopped working.', {
    key: string('The new API key: send it in the HD-Api-Key header from now on. Store it now, it is not shown again.', { pattern: '^hdk_[A-Za-z0-9_-]{43}$' }),
    createdAt: string('When the new key was created (ISO 8601 UTC with milliseconds).', { format: 'date-time' }),
    replaced: string('First 16 hex digits of the SHA-256 of the key that was replaced (to tell keys apart in logs).', { pattern: '^[0-9a-f]{16}$' }),
  }),
  UsageDay: object('Calls answered on one UTC day.', {
    date: string('The UTC day (YYYY-MM-DD).', { format: 'date' }),
    byOperation: {
      type: 'object',
      description: 'Calls per operation id (e.g. chart, transit, batch); operations not called that day are absent.',
      additionalProperties: integer('Calls answered 2xx.', 1),
    },
    total: integer('All calls of that day.', 0),
  }),
  Usage: object('GET /v1/usage: calls made with the calling key and answered 2xx, by operation (usage never limits anything).', {
    today: ref('UsageDay', "Today's calls (UTC)."),
    last30Days: array('The last 30 UTC days, today first, days without calls included (total 0).', ref('UsageDay'), { minItems: 30, maxItems: 30 }),
    totals: object('All calls ever made with this key.', {
      byOperation: {
        type: 'object',
        description: 'Calls per operation id.',
        additionalProperties: integer('Calls answered 2xx.', 1),
      },
      total: integer('All calls.', 0),
    }),
  }),
  WebhookReceipt: object('POST /v1/purchase/webhook (called by Stripe): the event was received and applied.', {
    received: { type: 'boolean', description: 'Always true: the event was verified and its effect is durable.', const: true },
    outcome: {
      type: 'string',
      description:
        "What was done: a key issued (or already issued) for a paid Checkout Session, a purchase's key revoked (or already revoked, or the revocation remembered for a key not issued yet), or the event ignored.",
      enum: ['issued', 'already-issued', 'revoked', 'already-revoked', 'revocation-remembered', 'ignored'],
    },
  }),
  CheckoutSession: object('POST /v1/purchase/checkout (303 See Other): the Stripe Checkout page to pay at; the Location header has the same URL.', {
    url: string('Address of the Stripe Checkout Session: open it to pay.', { format: 'uri' }),
  }),
};
