import type { Type, ValidationPipe } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import type { JobName } from '../../jobs/job-types';
import { MEANING_LANGUAGES } from '../../engine/meaning';
import { BIRTHTIME, isBirthdate, LOCATION_LENGTH, NODE_TYPES } from '../birth/birth-data.dto';
import { birthInput, chartInput } from '../birth/birth-input';
import { drawingInput } from '../chart/chart.service';
import { BodygraphRequestDto, ChartRequestDto } from '../chart/dto/chart-requests.dto';
import type { BodygraphInput } from '../chart/jobs/payloads';

/**
 * How one item of a many-item request becomes its single call's job: the call's DTO and its input normaliser, and
 * for charts a quick check of the commonest items (see plainChartInput).
 */
export interface ItemOperation {
  job: JobName;
  dto: Type<object>;
  input(dto: object): object;
  quick?(body: Record<string, unknown>): object | undefined;
}

/** The fields of a plain chart item: a birth by place name, and the node type and meaning options. */
const PLAIN_FIELDS: ReadonlySet<string> = new Set(['birthdate', 'birthtime', 'location', 'nodeType', 'meaning']);
/** Characters class-validator's length counts differently from String.length (surrogate pairs, variation selectors). */
const UNEVEN_LENGTH = /[\uD800-\uDFFF]|\uFE0E|\uFE0F/;

/**
 * The job input of a chart item that is plainly valid (a birth by place name, every field a value the DTO takes),
 * found without class-validator; undefined for any other item, which then goes through the pipe as before. A bulk
 * job is mostly such rows: the pipe took 30-45 µs an item, 3-4 s of the API's CPU for 100,000, this about 1 µs. It
 * accepts only what ChartRequestDto accepts (the same checks, exported by its DTO) and gives what chartInput gives
 * the DTO; item-validation.spec holds both paths to the same answers on generated items.
 */
export function plainChartInput(body: Record<string, unknown>): object | undefined {
  for (const field in body) if (!PLAIN_FIELDS.has(field) || !Object.hasOwn(body, field)) return undefined;
  const { birthdate, birthtime, location, nodeType, meaning } = body;
  if (!isBirthdate(birthdate) || typeof birthtime !== 'string' || !BIRTHTIME.test(birthtime)) return undefined;
  if (typeof location !== 'string' || location.length < LOCATION_LENGTH.min || location.length > LOCATION_LENGTH.max) return undefined;
  if (UNEVEN_LENGTH.test(location)) return undefined;
  if (nodeType !== undefined && !NODE_TYPES.includes(nodeType as string)) return undefined;
  if (meaning !== undefined && !MEANING_LANGUAGES.includes(meaning as never)) return undefined;
  return chartInput(body as unknown as ChartRequestDto);
}

/** The single calls an item may be (a batch: chart and advanced; a bulk job: these three). */
export const ITEM_OPERATIONS = {
  chart: { job: 'chart', dto: ChartRequestDto, input: (dto) => chartInput(dto as ChartRequestDto), quick: plainChartInput },
  advanced: { job: 'advanced', dto: ChartRequestDto, input: (dto) => chartInput(dto as ChartRequestDto), quick: plainChartInput },
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
  const quick = operation.quick?.(body);
  if (quick) return { id: echo.id, job: { name: operation.job, input: quick } };
  try {
    const dto = (await pipe.transform(body, { type: 'body', metatype: operation.dto })) as object;
    return { id: echo.id, job: { name: operation.job, input: operation.input(dto) } };
  } catch (err) {
    return { id: echo.id, error: err instanceof ApiError ? err : new ApiError(400, 'VALIDATION_FAILED', 'The item is not valid.') };
  }
}
