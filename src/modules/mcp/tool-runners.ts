import type { ModuleRef } from '@nestjs/core';
import type { RequestTrace } from '../../common/request-log';
import { AdviceService } from '../advice/advice.service';
import type { BatchRequestDto } from '../batch/batch.dto';
import { BatchService } from '../batch/batch.service';
import type { BulkJobIdDto, BulkJobRequestDto } from '../bulk/bulk.dto';
import { BulkService } from '../bulk/bulk.service';
import { ChartService } from '../chart/chart.service';
import type {
  BodygraphRequestDto,
  ChartRequestDto,
  CompositeBodygraphRequestDto,
  CompositeRequestDto,
  DayRequestDto,
  PentaRequestDto,
  TransitBodygraphRequestDto,
  TransitRequestDto,
} from '../chart/dto/chart-requests.dto';
import type { OPERATIONS } from '../operations/operations';
import type { PlacesQueryDto } from '../places/places.dto';
import { PlacesService } from '../places/places.service';
import type { IngressesRequestDto, ReturnsRequestDto, StationsRequestDto, TransitCalendarRequestDto } from '../time-series/dto/time-series.dto';
import { TimeSeriesService } from '../time-series/time-series.service';
import { ReferenceService } from '../reference/reference.service';
import type { MeaningLanguage } from '../../engine/meaning';

/** The operations that have an MCP tool (the registry's `tool` field). */
export type ToolOperationId = { [K in keyof typeof OPERATIONS]: (typeof OPERATIONS)[K] extends { tool: object } ? K : never }[keyof typeof OPERATIONS];

/** What a tool call runs with: the request's trace (deadline, key) and services from the API's module tree. */
export interface ToolCall {
  services: ModuleRef;
  trace: RequestTrace;
  correlationId: string;
}

/** A tool's answer before MCP wraps it: JSON text or value, or a drawing (SVG text, or PNG in base64). */
export type ToolOutput = { json: string | object } | { drawing: string; format: 'svg' | 'png' };

/** Each runner names its own DTO type; `never` lets every one of them stand in the table (the caller validated the input). */
type Runner = (call: ToolCall, input: never) => Promise<ToolOutput>;

const service = <T>(call: ToolCall, type: new (...args: never[]) => T): T => call.services.get(type, { strict: false });
const json = async (text: Promise<string | object> | string | object): Promise<ToolOutput> => ({ json: await text });
const drawing = async (body: Promise<string>, format: 'svg' | 'png' | undefined): Promise<ToolOutput> => ({ drawing: await body, format: format ?? 'svg' });

/**
 * Each tool runs exactly what its HTTP route runs, with the input already validated by the route's DTO: the same
 * service method, so the same job on the same queue (and the same answer, byte for byte).
 */
export const TOOL_RUNNERS: Record<ToolOperationId, Runner> = {
  chart: (c, dto: ChartRequestDto) => json(service(c, ChartService).chart(dto, c.trace)),
  advanced: (c, dto: ChartRequestDto) => json(service(c, ChartService).advanced(dto, c.trace)),
  composite: (c, dto: CompositeRequestDto) => json(service(c, ChartService).composite(dto, c.trace)),
  transit: (c, dto: TransitRequestDto) => json(service(c, ChartService).transit(dto, c.trace)),
  penta: (c, dto: PentaRequestDto) => json(service(c, ChartService).penta(dto, c.trace)),
  day: (c, dto: DayRequestDto) => json(service(c, ChartService).day(dto, c.trace)),
  bodygraph: (c, dto: BodygraphRequestDto) => drawing(service(c, ChartService).bodygraph(dto, c.trace), dto.format),
  compositeBodygraph: (c, dto: CompositeBodygraphRequestDto) => drawing(service(c, ChartService).compositeBodygraph(dto, c.trace), dto.format),
  transitBodygraph: (c, dto: TransitBodygraphRequestDto) => drawing(service(c, ChartService).transitBodygraph(dto, c.trace), dto.format),
  ingresses: (c, dto: IngressesRequestDto) => json(service(c, TimeSeriesService).ingresses(dto, c.trace)),
  stations: (c, dto: StationsRequestDto) => json(service(c, TimeSeriesService).stations(dto, c.trace)),
  returns: (c, dto: ReturnsRequestDto) => json(service(c, TimeSeriesService).returns(dto, c.trace)),
  transitCalendar: (c, dto: TransitCalendarRequestDto) => json(service(c, TimeSeriesService).transitCalendar(dto, c.trace)),
  batch: (c, dto: BatchRequestDto) => json(service(c, BatchService).run(dto, c.trace, c.correlationId)),
  // POST /v1/jobs with a JSON body, and GET /v1/jobs/{id}: the same service, under the calling key.
  createJob: async (c, dto: BulkJobRequestDto) => {
    const bulk = service(c, BulkService);
    const keyHash = c.trace.keyHash ?? 'anonymous';
    await bulk.admit(keyHash);
    const { items, ...options } = dto;
    return json(bulk.create(keyHash, options, items, JSON.stringify(items).length));
  },
  getJob: (c, dto: BulkJobIdDto) => json(service(c, BulkService).view(dto.id, c.trace.keyHash ?? 'anonymous')),
  places: (c, dto: PlacesQueryDto) => json(service(c, PlacesService).search(dto.q, dto.limit)),
  // GET /v1/reference/{kind}/{id} (a line: /v1/reference/gates/{gate}/lines/{line}), from the API's memory.
  referenceItem: (c, input: { kind: string; id: string; lang?: MeaningLanguage }) => {
    const reference = service(c, ReferenceService);
    const lang = input.lang ?? 'en';
    if (input.kind !== 'lines') return json(reference.item(input.kind, input.id, lang));
    const [gate, line] = input.id.split(/[.-]/);
    return json(reference.line(gate ?? '', line ?? '', lang));
  },
  // GET /api/advice and /api/advice/{id}: the same prepared bytes, and for a bad id the same error.
  advice: (c, input: { id?: unknown }) => {
    const advice = service(c, AdviceService);
    const answer =
      input.id === undefined
        ? advice.randomAnswer()
        : advice.answersForParamOrThrow(typeof input.id === 'number' || typeof input.id === 'string' ? String(input.id) : JSON.stringify(input.id)).ok;
    return json(answer.body!.toString('utf8'));
  },
};
