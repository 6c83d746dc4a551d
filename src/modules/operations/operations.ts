import type { Type } from '@nestjs/common';
import type { CostModel } from '../../jobs/job-definition';
import type { ToolRunner } from './tool-call';
import type { JsonSchema } from '../openapi/schemas';
import { CHART_FAMILY } from '../chart/chart.operations';
import { TIME_SERIES_FAMILY } from '../time-series/time-series.operations';
import { BATCH_FAMILY } from '../batch/batch.operations';
import { BULK_FAMILY } from '../bulk/bulk.operations';
import { PLACES_FAMILY } from '../places/places.operations';
import { ADVICE_FAMILY } from '../advice/advice.operations';
import { REFERENCE_FAMILY } from '../reference/reference.operations';
import { KEY_FAMILY } from '../auth/auth.operations';
import { USAGE_FAMILY } from '../usage/usage.operations';
import { PURCHASE_FAMILY } from '../purchase/purchase.operations';

/**
 * Every operation of the API described once: its route, its input (a DTO class: the one validation), its answer
 * (a JSON schema component, or a drawing) and the words that explain it. The controllers take their OpenAPI
 * summary and description from here, the OpenAPI document its response schemas (openapi-document.ts), and the MCP
 * server its tools (mcp/). Each family of operations describes its own in its folder (`<feature>/<feature>.operations.ts`,
 * gathered below in FAMILIES, one line each), with its MCP tool's runner: the queue path an operation takes is its service's.
 */
export interface Operation {
  method: 'GET' | 'POST' | 'DELETE';
  /** The route as OpenAPI writes it. */
  path: string;
  /** Where the buy page lists it (OPERATION_GROUPS); `free` and `purchase` need no key and are not listed there. */
  group: OperationGroup;
  summary: string;
  description: string;
  /**
   * The request's DTO: the JSON body (POST) or the query string (GET). A body comes with the examples "Try it out"
   * sends, each valid as sent (test/openapi.e2e-spec.ts sends every one): without them the UI would build one from
   * every property's example (a place name and coordinates together, "string"s).
   */
  input?: { in: 'body'; dto: Type<object>; examples: RequestExamples } | { in: 'query'; dto: Type<object> };
  /**
   * The success answer (200 unless said): a component of RESPONSE_SCHEMAS, a drawing (SVG text or PNG bytes), or a
   * document (an HTML page or PDF bytes), or a stream (a job's results as NDJSON, JSON or CSV; its events).
   */
  output: { kind: 'json'; schema: string; status?: number } | { kind: 'drawing' } | { kind: 'document' } | { kind: 'stream' };
  /** Computed by a worker through the queue (false: answered by the API from memory). */
  queued: boolean;
  /** What its work costs, from its input (queued operations): admission counts it, see costs.ts and README "Fair use". */
  cost?: CostModel<never>;
  /**
   * The MCP tool that runs this operation (none: HTTP only). Its input schema is the DTO's, as the OpenAPI
   * document gives it, unless the HTTP input is not a DTO (a path parameter): then it is written here.
   */
  tool?: {
    name: string;
    /** A short title for a tool list (the summary is the long form). */
    title: string;
    /** When the tool does more than the route's summary says (advice: by id too), what it does. */
    description?: string;
    inputSchema?: Record<string, unknown>;
    /** The DTO that validates the tool's arguments when they are not the HTTP input's (explain: kind and id). */
    input?: Type<object>;
    /** Runs the tool: the route's own service method (tool-call.ts). */
    run: ToolRunner;
  };
}

/** Named request bodies, each with a one-line summary. */
export type RequestExamples = Record<string, { summary: string; value: unknown }>;

/**
 * The groups the buy page lists a key's operations in, in this order, each with a line saying what it is for. The
 * page is generated from the registry, so a new operation shows there once it names its group.
 */
export const OPERATION_GROUPS = {
  charts: { title: 'Charts', blurb: "a person's chart, two together, a group of 3–5, the transits, a day of unknown birth time" },
  drawings: { title: 'Drawings', blurb: 'the bodygraph as SVG or PNG, alone, for two people, or with a transit' },
  meaning: { title: 'Readings & meaning', blurb: 'the chart explained in English, German, Spanish, Portuguese or French, and the meaning of every part' },
  time: { title: 'Through time', blurb: 'ingresses, stations, returns and a personal transit calendar' },
  batches: { title: 'Batches & places', blurb: 'up to 100 charts in one call, and place search for a birth-place field' },
  bulk: {
    title: 'Bulk jobs',
    blurb: 'up to 100,000 charts or drawings in the background, from JSON, NDJSON or CSV, with progress, results as CSV and signed webhooks',
  },
  key: { title: 'Your key', blurb: 'its own usage, and a new key if it leaks' },
} as const;

/** `free`: answered without a key (the advice); `purchase`: buying a key itself. */
export type OperationGroup = keyof typeof OPERATION_GROUPS | 'free' | 'purchase';

/**
 * A family of operations as its folder describes it (`<feature>/<feature>.operations.ts`): its operations, and the
 * JSON Schema components of its answers (`<feature>.schemas.ts`; the shared vocabulary is modules/openapi/schemas).
 */
export interface OperationFamily {
  operations: Record<string, Operation>;
  schemas?: Record<string, JsonSchema>;
}

/** Every family, one line each, in the order the HTTP docs, the buy page and the MCP tools list them. */
export const FAMILIES = [
  CHART_FAMILY,
  TIME_SERIES_FAMILY,
  BATCH_FAMILY,
  BULK_FAMILY,
  PLACES_FAMILY,
  ADVICE_FAMILY,
  REFERENCE_FAMILY,
  KEY_FAMILY,
  USAGE_FAMILY,
  PURCHASE_FAMILY,
] as const;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type FamilyOperations = UnionToIntersection<(typeof FAMILIES)[number]['operations']>;

function gather(): FamilyOperations {
  const all: Record<string, Operation> = {};
  for (const family of FAMILIES as readonly OperationFamily[]) {
    for (const [id, op] of Object.entries(family.operations)) {
      if (id in all) throw new Error(`operation registry: ${id} is defined twice`);
      all[id] = op;
    }
  }
  return all as unknown as FamilyOperations;
}

export const OPERATIONS = gather();

export type OperationId = keyof typeof OPERATIONS;

/** The operations that have an MCP tool (the registry's `tool` field). */
export type ToolOperationId = { [K in OperationId]: (typeof OPERATIONS)[K] extends { tool: object } ? K : never }[OperationId];

/** Summary and description for @ApiOperation, with a stable operationId (the client's method names come from it). */
export function apiDoc(id: OperationId): { operationId: string; summary: string; description: string } {
  const op: Operation = OPERATIONS[id];
  return { operationId: id, summary: op.summary, description: op.description };
}

/** The paths whose work goes through the queue (the key-admission wrapper names them in its metrics). */
export const QUEUED_PATHS: ReadonlySet<string> = new Set(
  Object.values(OPERATIONS as Record<string, Operation>)
    .filter((op) => op.queued)
    .map((op) => op.path),
);

/**
 * How many operations a key opens: the /v1 routes that are MCP tools or computed through the queue (not the
 * purchase's own routes, not key rotation).
 */
export const KEYED_OPERATION_COUNT = Object.values(OPERATIONS as Record<string, Operation>).filter(
  (op) => op.path.startsWith('/v1/') && (op.tool || op.queued),
).length;

/** The operations a key is needed for (every group but `free` and `purchase`), in registry order. */
export function keyedOperations(): Array<Operation & { id: OperationId; group: keyof typeof OPERATION_GROUPS }> {
  return (Object.entries(OPERATIONS) as [OperationId, Operation][])
    .filter((entry): entry is [OperationId, Operation & { group: keyof typeof OPERATION_GROUPS }] => entry[1].group in OPERATION_GROUPS)
    .map(([id, op]) => ({ ...op, id }));
}
