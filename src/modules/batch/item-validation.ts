import type { Type, ValidationPipe } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import type { JobName } from '../../jobs/job-types';
import { birthInput, chartInput } from '../birth/birth-input';
import { drawingInput } from '../chart/chart.service';
import { BodygraphRequestDto, ChartRequestDto } from '../chart/dto/chart-requests.dto';
import type { BodygraphInput } from '../chart/jobs/payloads';

/** How one item of a many-item request becomes its single call's job: the call's DTO and its input normaliser. */
export interface ItemOperation {
  job: JobName;
  dto: Type<object>;
  input(dto: object): object;
}

/** The single calls an item may be (a batch: chart and advanced; a bulk job: these three). */
export const ITEM_OPERATIONS = {
  chart: { job: 'chart', dto: ChartRequestDto, input: (dto) => chartInput(dto as ChartRequestDto) },
  advanced: { job: 'advanced', dto: ChartRequestDto, input: (dto) => chartInput(dto as ChartRequestDto) },
  bodygraph: {
    job: 'bodygraph',
    dto: BodygraphRequestDto,
    input: (dto) => {
      const d = dto as BodygraphRequestDto;
      const input: BodygraphInput = { ...birthInput(d), ...drawingInput(d), variables: d.variables ?? false };
      return input;
    },
  },
} satisfies Record<string, ItemOperation>;

export type ItemOperationId = keyof typeof ITEM_OPERATIONS;

/** One item, validated: its job, or the error its single call would have answered. `id` is what the answer echoes. */
export type PreparedItem = { id: unknown; job: { name: JobName; input: object } } | { id: unknown; error: ApiError };

export function itemError(id: unknown, field: string, problem: string, code = 'VALIDATION_FAILED'): PreparedItem {
  return { id, error: new ApiError(400, code, `${field}: ${problem}`, [{ field, problems: [problem] }]) };
}

/** The id to echo: the item's own (a string of at most 100 characters, or a finite number), else its position. */
export function itemId(item: Record<string, unknown>, index: number): { id: unknown } | { error: PreparedItem } {
  const { id } = item;
  if (id === undefined) return { id: index };
  if ((typeof id === 'string' && id.length <= 100) || (typeof id === 'number' && Number.isFinite(id))) return { id };
  return { error: itemError(index, 'id', 'id must be a string of at most 100 characters, or a number') };
}

/**
 * Validates one item exactly as its single call would be (the same DTO through the same pipe), so its error, if
 * any, is the single call's: same status, code, message and details. `item` is the call's body plus an optional id.
 */
export async function prepareItem(pipe: ValidationPipe, item: unknown, index: number, operation: ItemOperation): Promise<PreparedItem> {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return itemError(index, 'item', 'each item must be an object of birth data');
  const { id: _id, ...body } = item as Record<string, unknown>;
  const echo = itemId(item as Record<string, unknown>, index);
  if ('error' in echo) return echo.error;
  try {
    const dto = (await pipe.transform(body, { type: 'body', metatype: operation.dto })) as object;
    return { id: echo.id, job: { name: operation.job, input: operation.input(dto) } };
  } catch (err) {
    return { id: echo.id, error: err instanceof ApiError ? err : new ApiError(400, 'VALIDATION_FAILED', 'The item is not valid.') };
  }
}
