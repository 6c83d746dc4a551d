import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import { errorBody } from '../../common/error.filter';
import type { RequestTrace } from '../../common/request-log';
import { buildValidationPipe } from '../../common/validation';
import type { JobName } from '../../jobs/job-types';
import { chartInput } from '../chart/chart.service';
import { expandMeaning, meaningLibraries } from '../../engine/meaning';
import type { MeaningInput } from '../../jobs/payloads';
import { ChartRequestDto } from '../chart/dto/chart-requests.dto';
import { JobRunner } from '../queue/job-runner.service';
import type { BatchRequestDto } from './batch.dto';

const OPERATIONS: readonly JobName[] = ['chart', 'advanced'];

type Prepared = { id: unknown; job: { name: JobName; input: object } } | { id: unknown; error: ApiError };

/**
 * Many charts in one request: each item is validated exactly as its single call would be (the same pipe), the
 * valid ones run as jobs added in one round trip, and the answer keeps the request's order with each item's
 * result — the worker's JSON text as the single call answers it — or its own error.
 */
@Injectable()
export class BatchService {
  private readonly pipe = buildValidationPipe();

  constructor(private readonly jobs: JobRunner) {}

  async run(body: BatchRequestDto, trace: RequestTrace, correlationId: string): Promise<string> {
    const prepared = await Promise.all(body.items.map((item, index) => this.prepare(item, index)));
    const valid = prepared.filter((p): p is Extract<Prepared, { job: unknown }> => 'job' in p);
    const results = valid.length
      ? await this.jobs.runMany(
          valid.map((p) => p.job),
          trace,
        )
      : [];
    let next = 0;
    let failed = 0;
    const parts = prepared.map((p) => {
      const id = JSON.stringify(p.id);
      const outcome = 'job' in p ? results[next++] : { ok: false as const, error: p.error };
      if (outcome.ok) {
        const text = String(outcome.value);
        // An item that asked for meaning: its markers swapped for the texts (see withMeaning in chart.service.ts).
        const result = 'job' in p && (p.job.input as MeaningInput).meaning ? expandMeaning(text, meaningLibraries()) : text;
        return `{"id":${id},"status":200,"result":${result}}`;
      }
      failed++;
      return `{"id":${id},"status":${outcome.error.status},"error":${JSON.stringify(errorBody(outcome.error, correlationId).error)}}`;
    });
    return `{"count":${prepared.length},"succeeded":${prepared.length - failed},"failed":${failed},"items":[${parts.join(',')}]}`;
  }

  private async prepare(item: unknown, index: number): Promise<Prepared> {
    const bad = (id: unknown, field: string, problem: string): Prepared => ({
      id,
      error: new ApiError(400, 'VALIDATION_FAILED', `${field}: ${problem}`, [{ field, problems: [problem] }]),
    });
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return bad(index, 'item', 'each item must be an object of birth data');
    const { id, operation, ...birth } = item as Record<string, unknown>;
    const validId = (typeof id === 'string' && id.length <= 100) || (typeof id === 'number' && Number.isFinite(id));
    if (id !== undefined && !validId) return bad(index, 'id', 'id must be a string of at most 100 characters, or a number');
    const echo = id ?? index;
    if (!OPERATIONS.includes(operation as JobName)) return bad(echo, 'operation', 'operation must be "chart" or "advanced"');
    try {
      const dto = (await this.pipe.transform(birth, { type: 'body', metatype: ChartRequestDto })) as ChartRequestDto;
      return { id: echo, job: { name: operation as JobName, input: chartInput(dto) } };
    } catch (err) {
      return { id: echo, error: err instanceof ApiError ? err : new ApiError(400, 'VALIDATION_FAILED', 'The item is not valid.') };
    }
  }
}
