import { Injectable } from '@nestjs/common';
import { errorBody } from '../../common/error.filter';
import type { RequestTrace } from '../../common/request-log';
import { buildValidationPipe } from '../../common/validation';
import { chartMeaningBytes, meaningLibraries } from '../../engine/meaning';
import type { MeaningInput } from '../birth/jobs/payloads';
import { ITEM_OPERATIONS, itemError, itemId, prepareItem, type PreparedItem } from './item-validation';
import { JobRunner } from '../queue/job-runner.service';
import { BatchRequestDto } from './batch.dto';

type BatchOperation = 'chart' | 'advanced';
const CLOSE = Buffer.from('}');
const END = Buffer.from(']}');
const OPERATIONS: readonly BatchOperation[] = ['chart', 'advanced'];

/** A chart item's job input without `meaning` (the input itself when it has none). */
function withoutMeaning(input: MeaningInput): object {
  if (input.meaning === undefined) return input;
  const { meaning: _meaning, ...plain } = input;
  return plain;
}

/**
 * Many charts in one request: each item is validated exactly as its single call would be (the same pipe), the
 * valid ones run as jobs added in one round trip, and the answer keeps the request's order with each item's
 * result — the worker's JSON text as the single call answers it — or its own error. The answer is its UTF-8 bytes.
 */
@Injectable()
export class BatchService {
  private readonly pipe = buildValidationPipe();

  constructor(private readonly jobs: JobRunner) {}

  async run(body: BatchRequestDto, trace: RequestTrace, correlationId: string): Promise<Buffer> {
    const prepared = await Promise.all(body.items.map((item, index) => this.prepare(item, index)));
    const valid = prepared.filter((p): p is Extract<PreparedItem, { job: unknown }> => 'job' in p);
    // An item's job is the plain chart; its meaning, when asked for, is put in here (as withChartMeaning does).
    const results = valid.length
      ? await this.jobs.runMany(
          valid.map((p) => ({ ...p.job, input: withoutMeaning(p.job.input as MeaningInput) })),
          trace,
        )
      : [];
    let next = 0;
    let failed = 0;
    // Put together as bytes, each item's text encoded once. Joined as text, the items' strings (100 answers of about
    // 3 KB, each inside a template) were flattened by the join and again by the encoding: 2.5-3.4 ms a 100-chart
    // batch against 0.3 ms as bytes (in process); the API's CPU a batch fell from 17.6-25.3 to 15.0-16.9 ms (three
    // interleaved pairs, 200 batches each, 2026-12-01).
    const items: Buffer[] = [];
    for (const p of prepared) {
      const id = JSON.stringify(p.id);
      const outcome = 'job' in p ? results[next++] : { ok: false as const, error: p.error };
      const comma = items.length ? ',' : '';
      if (outcome.ok) {
        const text = String(outcome.value);
        const meaning = 'job' in p ? (p.job.input as MeaningInput).meaning : undefined;
        items.push(
          Buffer.from(`${comma}{"id":${id},"status":200,"result":`),
          meaning ? chartMeaningBytes(text, meaningLibraries()[meaning]) : Buffer.from(text),
          CLOSE,
        );
        continue;
      }
      failed++;
      items.push(Buffer.from(`${comma}{"id":${id},"status":${outcome.error.status},"error":${JSON.stringify(errorBody(outcome.error, correlationId).error)}}`));
    }
    const head = Buffer.from(`{"count":${prepared.length},"succeeded":${prepared.length - failed},"failed":${failed},"items":[`);
    return Buffer.concat([head, ...items, END]);
  }

  /**
   * The body checked as BatchRequestDto (the same pipe, so the same errors), its items left as sent: each is checked
   * on its own (`prepare`). Given to the global pipe, the body's items were copied by class-transformer first, about
   * a tenth of what the API allocated per batch item beside a key sending batches. The envelope the DTO sees holds
   * the items' count, not the items, which the DTO does not look into.
   */
  async envelope(body: unknown): Promise<BatchRequestDto> {
    const items = (body as { items?: unknown } | null)?.items;
    const isEnvelope = body !== null && typeof body === 'object' && !Array.isArray(body) && Array.isArray(items);
    await this.pipe.transform(isEnvelope ? { ...body, items: new Array<number>(items.length).fill(0) } : body, { type: 'body', metatype: BatchRequestDto });
    return body as BatchRequestDto;
  }

  /** A batch item names its single call in `operation`; the rest is that call's body (and an optional id). */
  private prepare(item: unknown, index: number): Promise<PreparedItem> {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      return Promise.resolve(itemError(index, 'item', 'each item must be an object of birth data'));
    const { operation, ...rest } = item as Record<string, unknown>;
    if (!OPERATIONS.includes(operation as BatchOperation)) {
      const echo = itemId(rest, index);
      return Promise.resolve('error' in echo ? echo.error : itemError(echo.id, 'operation', 'operation must be "chart" or "advanced"'));
    }
    return prepareItem(this.pipe, rest, index, ITEM_OPERATIONS[operation as BatchOperation]);
  }
}
