import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiError } from '../../common/api-error';
import type { RequestTrace } from '../../common/request-log';
import { buildValidationPipe } from '../../common/validation';
import { errorExample } from '../../common/openapi-responses';
import { apiDoc } from '../operations/operations';
import { collect, csvItemBatches, mostRecords, ndjsonItemBatches, type RawItem, tooManyItems } from './bulk-input';
import { writeEvents } from './bulk-events';
import { refuseUnfinished, writeResults } from './bulk-results';
import { BulkJobOptionsDto, BulkJobRequestDto, BulkResultsQueryDto } from './bulk.dto';
import { type BulkJobView, viewOf } from '../../jobs/bulk-view';
import { BULK_MAX_ITEMS, BulkService } from './bulk.service';

export const BULK_PATH = '/v1/jobs';
/** A bulk job's body may be this large (100,000 births as CSV are about 6 MB, as JSON about 12 MB). */
export const BULK_BODY_LIMIT = '20mb';
export const NDJSON_TYPE = 'application/x-ndjson';
export const CSV_TYPE = 'text/csv';

const keyOf = (res: Response): string => (res.locals as RequestTrace).keyHash ?? 'anonymous';

const JOB_EXAMPLE = {
  id: 'mZ3q0Xc1bE7tYw2K',
  operation: 'chart',
  state: 'running',
  total: 10000,
  done: 4000,
  failed: 50,
  createdAt: '2026-11-26T08:00:00.000Z',
  startedAt: '2026-11-26T08:00:00.120Z',
  finishedAt: null,
  etaSeconds: 2,
  urls: { self: '/v1/jobs/mZ3q0Xc1bE7tYw2K', events: '/v1/jobs/mZ3q0Xc1bE7tYw2K/events', results: '/v1/jobs/mZ3q0Xc1bE7tYw2K/results' },
};
const NOT_FOUND = {
  status: 404,
  description: "JOB_NOT_FOUND: no such job for this key (another key's job answers the same), or it expired",
  ...errorExample('JOB_NOT_FOUND', 'No bulk job with this id was created with this key (or it has expired).'),
};
const KEY_ERRORS = {
  status: 401,
  description: 'API_KEY_MISSING or API_KEY_INVALID',
  ...errorExample('API_KEY_MISSING', 'Send your API key in the HD-Api-Key header (or Authorization: Bearer <key>).'),
};
const ID_PARAM = { name: 'id', description: 'The job id POST /v1/jobs answered.' };

/** Bulk jobs: many births in one request, computed in the background, read back as NDJSON, JSON or CSV. */
@ApiTags('bulk jobs')
@ApiSecurity('HD-Api-Key')
@Controller('v1/jobs')
export class BulkController {
  private readonly pipe = buildValidationPipe();

  constructor(private readonly bulk: BulkService) {}

  @Post()
  @HttpCode(202)
  @ApiOperation(apiDoc('createJob'))
  @ApiConsumes('application/json', NDJSON_TYPE, CSV_TYPE)
  @ApiBody({ type: BulkJobRequestDto })
  @ApiResponse({
    status: 202,
    description:
      'The job as it is now (queued, or already running: workers start while its later items are still read; a small job may even be completed): its id and where to follow it',
    schema: { example: { ...JOB_EXAMPLE, state: 'queued', done: 0, failed: 0, startedAt: null, etaSeconds: null } },
  })
  @ApiResponse({
    status: 400,
    description:
      'INVALID_JSON, VALIDATION_FAILED (the envelope: operation, meaning, items not an array or empty; a CSV header without birthdate, birthtime and a place), UNSUPPORTED_LANGUAGE',
    ...errorExample('VALIDATION_FAILED', 'CSV header: a birthtime column is required', [{ field: 'header', problems: ['a birthtime column is required'] }]),
  })
  @ApiResponse(KEY_ERRORS)
  @ApiResponse({
    status: 413,
    description: `PAYLOAD_TOO_LARGE (a body over 20 MB) or TOO_MANY_ITEMS (over ${BULK_MAX_ITEMS.toLocaleString('en')} items)`,
    ...errorExample('TOO_MANY_ITEMS', `A bulk job holds at most ${BULK_MAX_ITEMS} items; split the input into several jobs.`, { max: BULK_MAX_ITEMS }),
  })
  @ApiResponse({
    status: 415,
    description: `UNSUPPORTED_MEDIA_TYPE: the body is not application/json, ${NDJSON_TYPE} or ${CSV_TYPE}`,
    ...errorExample('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON with Content-Type: application/json.'),
  })
  @ApiResponse({
    status: 429,
    description: 'TOO_MANY_JOBS: the key has JOBS_MAX_ACTIVE_PER_KEY jobs queued or running, with Retry-After',
    ...errorExample('TOO_MANY_JOBS', 'This key has 3 bulk jobs queued or running, the most it may have at once; wait for one to finish (or cancel one).', {
      active: 3,
      max: 3,
    }),
  })
  @ApiResponse({
    status: 503,
    description: 'STORAGE_FULL (bulk jobs hold JOBS_MAX_STORED_MB) or SERVICE_UNAVAILABLE (Redis away), with Retry-After',
    ...errorExample('STORAGE_FULL', 'Bulk jobs hold all the storage they may use for now; try again later.'),
  })
  async create(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query() query: BulkJobOptionsDto,
  ): Promise<BulkJobView & { webhookSecret?: string }> {
    const keyHash = keyOf(res);
    await this.bulk.admit(keyHash);
    const { options, items, bytes } = await this.read(req, query);
    const view = await this.bulk.create(keyHash, options, items, Number(req.headers['content-length']) || bytes);
    res.setHeader('Location', view.urls.self);
    return view;
  }

  @Post('webhook-secret')
  @HttpCode(200)
  @ApiOperation(apiDoc('rotateWebhookSecret'))
  @ApiResponse({
    status: 200,
    description: "The key's new webhook secret, shown only here",
    schema: { example: { webhookSecret: 'hdwhsec_3q2-7wXkG0b8w1fVJ4m0a5JbNq9gE2yHk1sQxYp6L0c' } },
  })
  @ApiResponse(KEY_ERRORS)
  rotateWebhookSecret(@Res({ passthrough: true }) res: Response): Promise<{ webhookSecret: string }> {
    return this.bulk.rotateWebhookSecret(keyOf(res));
  }

  @Get(':id')
  @ApiOperation(apiDoc('getJob'))
  @ApiParam(ID_PARAM)
  @ApiResponse({ status: 200, description: "The job's state, counters and ETA", schema: { example: JOB_EXAMPLE } })
  @ApiResponse(KEY_ERRORS)
  @ApiResponse(NOT_FOUND)
  view(@Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<BulkJobView> {
    return this.bulk.view(id, keyOf(res));
  }

  @Delete(':id')
  @ApiOperation(apiDoc('cancelJob'))
  @ApiParam(ID_PARAM)
  @ApiResponse({
    status: 200,
    description: 'The job after the cancel: cancelled, or the final state it had already reached',
    schema: { example: { ...JOB_EXAMPLE, state: 'cancelled', etaSeconds: null, finishedAt: '2026-11-26T08:00:02.000Z' } },
  })
  @ApiResponse(KEY_ERRORS)
  @ApiResponse(NOT_FOUND)
  cancel(@Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<BulkJobView> {
    return this.bulk.cancel(id, keyOf(res));
  }

  @Get(':id/results')
  @ApiOperation(apiDoc('jobResults'))
  @ApiParam(ID_PARAM)
  @ApiResponse({
    status: 200,
    description: "Every item's answer in input order: {id, status: 200, result} with the single call's answer, or {id, status, error} with its error",
    content: {
      'application/json': { schema: { type: 'object' } },
      [NDJSON_TYPE]: { schema: { type: 'string' } },
      [CSV_TYPE]: { schema: { type: 'string' } },
    },
  })
  @ApiResponse({
    status: 400,
    description: 'VALIDATION_FAILED: an unknown format',
    ...errorExample('VALIDATION_FAILED', 'format: format must be one of ndjson, json, csv'),
  })
  @ApiResponse(KEY_ERRORS)
  @ApiResponse(NOT_FOUND)
  @ApiResponse({
    status: 409,
    description: 'JOB_NOT_FINISHED: the job is queued or running (without follow=true), with Retry-After, or it failed',
    ...errorExample('JOB_NOT_FINISHED', 'The job is running; its results can be read once it has finished.', { state: 'running' }),
  })
  async results(@Param('id') id: string, @Query() query: BulkResultsQueryDto, @Res() res: Response): Promise<void> {
    const meta = await this.bulk.owned(id, keyOf(res));
    const follow = query.follow === 'true';
    if (!follow || meta.state === 'failed') refuseUnfinished(meta, viewOf(meta).etaSeconds);
    await writeResults(await this.bulk.storeOf(), meta, query.format ?? 'ndjson', res, follow);
  }

  @Get(':id/events')
  @ApiOperation(apiDoc('jobEvents'))
  @ApiParam(ID_PARAM)
  @ApiResponse({
    status: 200,
    description: 'Server-Sent Events: `progress` events (the job as GET /v1/jobs/{id} answers it), then `completed`, `cancelled` or `failed`, then the end',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiResponse(KEY_ERRORS)
  @ApiResponse(NOT_FOUND)
  async events(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const meta = await this.bulk.owned(id, keyOf(res));
    await writeEvents(await this.bulk.storeOf(), meta, res);
  }

  /**
   * The items and options of any of the three bodies, and the body's size. An NDJSON or CSV body that cannot hold
   * more items than a job may is read as it is queued (batches); another is read whole first, so that its 413 comes
   * before any of it is queued.
   */
  private async read(
    req: Request,
    query: BulkJobOptionsDto,
  ): Promise<{ options: BulkJobOptionsDto; items: RawItem[] | AsyncIterable<RawItem[]>; bytes: number }> {
    if (typeof req.body === 'string' && (req.is(NDJSON_TYPE) || req.is(CSV_TYPE))) {
      const text = req.body;
      const csv = Boolean(req.is(CSV_TYPE)) && !req.is(NDJSON_TYPE);
      const batches = csv ? csvItemBatches(text, BULK_MAX_ITEMS) : ndjsonItemBatches(text, BULK_MAX_ITEMS);
      const fits = mostRecords(text) <= BULK_MAX_ITEMS + (csv ? 1 : 0);
      return { options: query, items: fits ? batches : await collect(batches), bytes: Buffer.byteLength(text) };
    }
    const body: unknown = req.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'The body must be an object {operation, items: [...]}, NDJSON or CSV.', [
        { field: 'body', problems: ['an object'] },
      ]);
    }
    if (Object.keys(query).some((k) => (query as Record<string, unknown>)[k] !== undefined)) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'With a JSON body, operation and meaning go in the body, not the query string.', [
        { field: 'query', problems: ['empty with a JSON body'] },
      ]);
    }
    const { items, ...rest } = body as Record<string, unknown>;
    const options = (await this.pipe.transform(rest, { type: 'body', metatype: BulkJobOptionsDto })) as BulkJobOptionsDto;
    if (!Array.isArray(items))
      throw new ApiError(400, 'VALIDATION_FAILED', 'items: items must be an array of items', [{ field: 'items', problems: ['an array'] }]);
    if (items.length > BULK_MAX_ITEMS) throw tooManyItems(BULK_MAX_ITEMS);
    return { options, items, bytes: JSON.stringify(items).length };
  }
}
