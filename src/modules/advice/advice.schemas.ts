/**
 * The advice answers (GET /api/advice, /api/advice/all, /api/advice/{id}).
 */
import { array, integer, JsonSchema, object, ref, string } from '../openapi/schemas/json-schema';

/** Items in the advice data set (src/modules/advice/advice-data.ts ADVICE_COUNT; the spec checks they agree). */
export const ADVICE_COUNT = 371;

export const ADVICE_SCHEMAS: Record<string, JsonSchema> = {
  Advice: object('One piece of advice, verbatim from a public-domain text.', {
    id: integer(`Stable number of the item, 1–${ADVICE_COUNT}.`, 1, ADVICE_COUNT),
    advice: string('The advice, verbatim from the source text.', { minLength: 1 }),
    source: string('https address of the public-domain text the advice was taken from.', { format: 'uri', pattern: '^https://' }),
  }),
  AdviceList: array(`GET /api/advice/all: every piece of advice (${ADVICE_COUNT}), in id order.`, ref('Advice')),
};
