/**
 * The chart batch's answer (POST /v1/charts/batch).
 */
import { array, integer, JsonSchema, object, ref } from '../openapi/schemas/json-schema';

/** Most items in one batch (src/modules/batch/batch.dto.ts BATCH_MAX_ITEMS; the spec checks they agree). */
export const BATCH_MAX_ITEMS = 100;

export const BATCH_SCHEMAS: Record<string, JsonSchema> = {
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
};
