/** The bulk jobs' JSON answers (src/modules/bulk): a job's state, and its results as one JSON document. */
import { array, integer, JsonSchema, object, ref, string } from '../openapi/schemas/json-schema';

/** Most items in one bulk job (src/modules/bulk/bulk.dto.ts BULK_MAX_ITEMS). */
export const BULK_MAX_ITEMS = 100_000;

const instant = (description: string): JsonSchema => ({ description, anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] });

export const BULK_SCHEMAS: Record<string, JsonSchema> = {
  BulkJob: object(
    'A bulk job: POST /v1/jobs (202), GET and DELETE /v1/jobs/{id}, and the data of its events.',
    {
      id: string('The job id (in its URLs).', { pattern: '^[A-Za-z0-9_-]{1,64}$' }),
      operation: { type: 'string', description: 'The single call each item is.', enum: ['chart', 'advanced', 'bodygraph'] },
      state: {
        type: 'string',
        description: 'queued, running, then completed, cancelled or failed (final).',
        enum: ['queued', 'running', 'completed', 'cancelled', 'failed'],
      },
      total: integer('Items in the job.', 1, BULK_MAX_ITEMS),
      done: integer('Items answered so far, with a result or an error (it only grows; total once completed).', 0, BULK_MAX_ITEMS),
      failed: integer('Items of done answered with an error.', 0, BULK_MAX_ITEMS),
      createdAt: string('When the job was created (ISO 8601 UTC).', { format: 'date-time' }),
      startedAt: instant('When its first chunk started; null while queued.'),
      finishedAt: instant('When it completed, was cancelled or failed; null before.'),
      etaSeconds: {
        description: 'Seconds left at its rate so far while it runs (0 once completed; null when unknown).',
        anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }],
      },
      urls: object('Where to follow the job.', {
        self: string('GET (state) and DELETE (cancel).'),
        events: string('Server-Sent Events of its progress.'),
        results: string('Its answers (?format=ndjson, json or csv) once finished.'),
      }),
      webhookSecret: string(
        "The key's webhook secret: only in the 202 of the key's first job with a callbackUrl. Store it; POST /v1/jobs/webhook-secret replaces it.",
        {
          pattern: '^hdwhsec_[A-Za-z0-9_-]{43}$',
        },
      ),
    },
    ['webhookSecret'],
  ),
  WebhookSecret: object("POST /v1/jobs/webhook-secret: the key's new webhook secret, shown only here.", {
    webhookSecret: string('Verify HD-Signature with it: hex HMAC-SHA256 of "t." + body, t from the header.', { pattern: '^hdwhsec_[A-Za-z0-9_-]{43}$' }),
  }),
  BulkJobItemSuccess: object("An item computed: its result is exactly the single call's answer.", {
    id: ref('BatchItemId', "The item's id, or its position."),
    status: { type: 'integer', description: 'HTTP status the single call would have answered: 200.', const: 200 },
    result: {
      description: 'The answer of POST /v1/chart, /v1/chart/advanced, or the SVG text of /v1/chart/bodygraph.',
      anyOf: [ref('Chart'), ref('AdvancedChart'), { type: 'string' }],
    },
  }),
  BulkJobItem: {
    description: "One item's outcome: status 200 with result, or the single call's error status with error.",
    oneOf: [ref('BulkJobItemSuccess'), ref('BatchItemError')],
  },
  BulkJobResults: object('GET /v1/jobs/{id}/results?format=json: every answered item, in input order.', {
    id: string('The job id.'),
    state: { type: 'string', description: 'completed (every item), or cancelled (the items answered before the cancel).', enum: ['completed', 'cancelled'] },
    count: integer('Items answered.', 0, BULK_MAX_ITEMS),
    succeeded: integer('Items answered with status 200.', 0, BULK_MAX_ITEMS),
    failed: integer('Items answered with an error.', 0, BULK_MAX_ITEMS),
    items: array('The outcomes, in input order.', ref('BulkJobItem'), { maxItems: BULK_MAX_ITEMS }),
  }),
};
