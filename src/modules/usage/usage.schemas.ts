/**
 * A key's usage (GET /v1/usage).
 */
import { array, integer, JsonSchema, object, ref, string } from '../openapi/schemas/json-schema';

export const USAGE_SCHEMAS: Record<string, JsonSchema> = {
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
};
