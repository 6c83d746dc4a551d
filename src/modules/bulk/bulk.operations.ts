/**
 * The bulk operations as the operation registry describes them (src/modules/operations/operations.ts gathers
 * every family's): route, words, input, answer, cost and MCP tool, with the tool's runner beside it.
 */
import type { Operation, OperationFamily } from '../operations/operations';
import { RA, BEN, BY_COORDINATES } from '../birth/birth-examples';
import { BULK_SCHEMAS } from './bulk.schemas';
import { json, service } from '../operations/tool-call';
import { BULK_MAX_ITEMS, BulkJobIdDto, BulkJobRequestDto } from './bulk.dto';
import { BulkService } from './bulk.service';

const BULK_OPERATIONS = {
  createJob: {
    method: 'POST',
    path: '/v1/jobs',
    group: 'bulk',
    queued: true,
    summary: `A bulk job: up to ${BULK_MAX_ITEMS.toLocaleString('en')} charts, advanced charts or SVG bodygraphs computed in the background, as JSON, NDJSON or CSV`,
    description:
      'A JSON body {operation: "chart" | "advanced" | "bodygraph", items: [...], meaning?}, or the items as NDJSON (application/x-ndjson, one item per line) or CSV (text/csv: a header row ' +
      'birthdate,birthtime,location and optionally id, latitude, longitude, timezone, placeId, nodeType) with operation and meaning in the query string. Up to 20 MB. ' +
      "Each item is validated as its single call would be; a bad item becomes that item's error, never the job's. Answers 202 with the job's id and its URLs; " +
      'at most JOBS_MAX_ACTIVE_PER_KEY jobs of a key queued or running at once (429 TOO_MANY_JOBS). Computed at a lower priority than single calls. ' +
      'callbackUrl: a signed POST (`HD-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t." + body>`) when the job completes, fails or is cancelled, retried for a day until a 2xx; ' +
      'with progressEvery (1–99, in percent) also a job.progress event at each step (10: at 10 %, 20 %, … 90 %).',
    input: {
      in: 'body',
      dto: BulkJobRequestDto,
      examples: {
        three: {
          summary: 'Three charts in the background',
          value: {
            operation: 'chart',
            items: [
              { id: 'ra', ...RA },
              { id: 'ben', ...BEN },
              { id: 'coords', ...BY_COORDINATES },
            ],
          },
        },
      },
    },
    output: { kind: 'json', schema: 'BulkJob', status: 202 },
    tool: {
      name: 'start_bulk_job',
      title: 'Start a bulk job',
      description:
        'Starts computing many charts (chart), advanced charts or SVG bodygraphs in the background: items, each the birth data of one single call and an optional id; ' +
        "operation and meaning apply to all. Answers the queued job's id at once; read its progress with bulk_job, and its results over HTTP " +
        "(GET /v1/jobs/{id}/results, NDJSON, JSON or CSV). Each bad item becomes that item's error, not the job's. Up to 256 KB of arguments here (HTTP takes 100,000 items).",
      // POST /v1/jobs with a JSON body: the same service, under the calling key (as bulk_job reads GET /v1/jobs/{id}).
      run: async (c, dto: BulkJobRequestDto) => {
        const bulk = service(c, BulkService);
        const keyHash = c.trace.keyHash ?? 'anonymous';
        await bulk.admit(keyHash);
        const { items, ...options } = dto;
        return json(bulk.create(keyHash, options, items, JSON.stringify(items).length));
      },
    },
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/v1/jobs/webhook-secret',
    group: 'bulk',
    queued: false,
    summary: "Replaces the key's webhook secret (bulk jobs' callbackUrl events are signed with it) by a new one, shown only in this answer",
    description:
      'The old secret stops signing at once, retries of earlier events included. The first job with a callbackUrl creates the secret; this replaces it.',
    output: { kind: 'json', schema: 'WebhookSecret' },
  },
  getJob: {
    method: 'GET',
    path: '/v1/jobs/{id}',
    group: 'bulk',
    queued: false,
    summary: "A bulk job's state (queued, running, completed, cancelled, failed), its counters and an ETA",
    description:
      'total items, done (answered, with or without an error), failed (answered with an error), the times it was created, started and finished, and etaSeconds while it runs. Only the key that created the job sees it; to any other it is 404 JOB_NOT_FOUND.',
    output: { kind: 'json', schema: 'BulkJob' },
    tool: {
      name: 'bulk_job',
      title: 'Bulk job state',
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The job id start_bulk_job (or POST /v1/jobs) answered.' } },
        required: ['id'],
        additionalProperties: false,
      },
      input: BulkJobIdDto,
      run: (c, dto: BulkJobIdDto) => json(service(c, BulkService).view(dto.id, c.trace.keyHash ?? 'anonymous')),
    },
  },
  cancelJob: {
    method: 'DELETE',
    path: '/v1/jobs/{id}',
    group: 'bulk',
    queued: false,
    summary: 'Cancels a bulk job: no further item is computed (within a second); the answers computed before stay readable',
    description: 'Answers the job as GET does: state cancelled, or the final state it had already reached (then nothing changes).',
    output: { kind: 'json', schema: 'BulkJob' },
  },
  jobResults: {
    method: 'GET',
    path: '/v1/jobs/{id}/results',
    group: 'bulk',
    queued: false,
    summary: "A finished bulk job's answers in input order, streamed as NDJSON (default), JSON or CSV",
    description:
      "format=ndjson: one line per item, {id, status: 200, result} (result byte for byte the single call's answer) or {id, status, error} (the single call's error). " +
      'format=json: {id, state, count, succeeded, failed, items: [the same]}. format=csv: one row per item with the columns a spreadsheet wants (id, status, errorCode, errorMessage, type, strategy, ' +
      'authority, profile, definition, signature, notSelfTheme, incarnationCross, definedCenters, openCenters, channels, gates, place, timezone, utc, designUtc; advanced adds variables; bodygraph: svg). ' +
      'Kept JOBS_RETENTION (24 h) after the job finished. 409 JOB_NOT_FINISHED while it is queued or running.',
    output: { kind: 'json', schema: 'BulkJobResults' },
  },
  jobEvents: {
    method: 'GET',
    path: '/v1/jobs/{id}/events',
    group: 'bulk',
    queued: false,
    summary: "A bulk job's progress as Server-Sent Events, for a progress bar",
    description:
      'A `progress` event (data: the job as GET answers it) at once and whenever its counters change, a heartbeat comment every 15 s while nothing changes, then one event named for its final state (completed, cancelled, failed) and the end of the stream.',
    output: { kind: 'stream' },
  },
} satisfies Record<string, Operation>;

/** The family as the registry gathers it (operations.ts): its operations and the answer schemas it defines. */
export const BULK_FAMILY = { operations: BULK_OPERATIONS, schemas: BULK_SCHEMAS } satisfies OperationFamily;
