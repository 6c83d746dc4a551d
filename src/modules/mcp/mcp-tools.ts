import type { OpenAPIObject } from '@nestjs/swagger';
import { OPERATIONS, type Operation, type ToolOperationId } from '../operations/operations';

type Json = Record<string, unknown>;

/** An MCP tool as tools/list gives it. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: Json;
  outputSchema?: Json;
  annotations: { readOnlyHint: boolean; idempotentHint: boolean; openWorldHint: false };
}

export interface ToolEntry {
  id: ToolOperationId;
  operation: Operation;
  definition: ToolDefinition;
}

/**
 * The tools, described from the registry and the OpenAPI document: the input schema is the HTTP request's (the DTO
 * as @nestjs/swagger renders it, or the query parameters), the output schema an outline of the 200 answer's, both
 * self-contained (MCP tool schemas cannot point into a document).
 */
export function buildTools(document: OpenAPIObject): ToolEntry[] {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Json>;
  const entries: ToolEntry[] = [];
  for (const [id, operation] of Object.entries(OPERATIONS) as [ToolOperationId, Operation][]) {
    if (!operation.tool) continue;
    const http = (document.paths[operation.path] as Json)[operation.method.toLowerCase()] as Json;
    const inputSchema = operation.tool.inputSchema ?? inputSchemaOf(http, schemas);
    const definition: ToolDefinition = {
      name: operation.tool.name,
      title: operation.tool.title,
      description:
        id === 'advice'
          ? `${operation.tool.description} (HTTP: GET /api/advice/{id}, or GET /api/advice for one at random)`
          : `${operation.tool.description ?? `${operation.summary}. ${operation.description}`} (HTTP: ${operation.method} ${operation.path})`,
      inputSchema: portable(inline(inputSchema, schemas)) as Json,
      // Random advice is the one tool whose answer changes from call to call; starting a bulk job is the one that
      // changes something (a job, under the key).
      annotations: { readOnlyHint: id !== 'createJob', idempotentHint: id !== 'advice' && id !== 'createJob', openWorldHint: false },
    };
    if (operation.output.kind === 'json') {
      const output = portable(outline({ $ref: `#/components/schemas/${operation.output.schema}` }, schemas)) as Json;
      // MCP structured content is an object; an answer that is not one goes out as text only.
      if (output.type === 'object') definition.outputSchema = output;
    }
    entries.push({ id, operation, definition });
  }
  return entries;
}

function inputSchemaOf(http: Json, schemas: Record<string, Json>): Json {
  const body = ((http.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.['application/json']?.schema as Json | undefined;
  if (body) return { ...(inline(body, schemas) as Json), type: 'object' };
  const properties: Json = {};
  const required: string[] = [];
  for (const p of (http.parameters ?? []) as Json[]) {
    if (p.in !== 'query') continue;
    properties[p.name as string] = { ...(p.schema as Json), ...(p.description ? { description: p.description } : {}) };
    if (p.required) required.push(p.name as string);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/** The component a `#/components/schemas/X` reference names, and the keywords written beside the reference. */
function refTarget(node: Json, schemas: Record<string, Json>): { target: Json; siblings: Json } | undefined {
  const { $ref: ref, ...siblings } = node;
  if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return undefined;
  const target = schemas[ref.slice('#/components/schemas/'.length)];
  if (!target) throw new Error(`unknown schema ${ref}`);
  return { target, siblings };
}

/** Replaces every `#/components/schemas/X` reference by a copy of X (the schemas have no cycles). */
export function inline(node: unknown, schemas: Record<string, Json>, depth = 0): unknown {
  if (depth > 32) throw new Error('schema references nest too deep (a cycle?)');
  if (Array.isArray(node)) return node.map((n) => inline(n, schemas, depth));
  if (!node || typeof node !== 'object') return node;
  const ref = refTarget(node as Json, schemas);
  if (ref) return { ...(inline(ref.target, schemas, depth + 1) as Json), ...ref.siblings };
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, schemas, depth)]));
}

/**
 * Tuples written the 2020-12 way (prefixItems) as fixed-length arrays, which every JSON Schema draft reads alike:
 * MCP clients validate with whatever draft their library defaults to (the official SDK's ajv reads draft-07, where
 * prefixItems is unknown and `items: false` would refuse every element).
 */
export function portable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(portable);
  if (!node || typeof node !== 'object') return node;
  const out: Json = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, portable(v)]));
  if (Array.isArray(out.prefixItems)) {
    const tuple = out.prefixItems as Json[];
    const kinds = [
      ...new Map(
        tuple.map((t) => {
          const { description: _d, ...shape } = t;
          return [JSON.stringify(shape), shape];
        }),
      ).values(),
    ];
    delete out.prefixItems;
    out.items = kinds.length === 1 ? kinds[0] : { anyOf: kinds };
    out.minItems = tuple.length;
    out.maxItems = tuple.length;
  }
  return out;
}

/** Enums longer than this (the 192 cross names, the 36 channels) are left to the OpenAPI document. */
const OUTLINE_MAX_ENUM = 24;

/**
 * An answer's schema as an agent needs it in its context: the answer's own fields with their types, descriptions
 * and short enums (type, authority, profile …), nested parts as their type and description only. The whole
 * schemas inlined made a 385 KB tools/list (tens of thousands of tokens, on every session); the outlines weigh
 * about 21 KB, the whole list 58 KB. Every answer still validates against its outline; /docs-json has the full schema.
 */
export function outline(node: unknown, schemas: Record<string, Json>, depth = 0): unknown {
  if (Array.isArray(node)) return node.map((n) => outline(n, schemas, depth));
  if (!node || typeof node !== 'object') return node;
  const ref = refTarget(node as Json, schemas);
  if (ref) {
    // The answer's own fields are outlined; the parts they refer to are summarised.
    const part: Json = depth === 0 ? (outline(ref.target, schemas, depth + 1) as Json) : summary(ref.target);
    return { ...part, ...ref.siblings };
  }
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !(k === 'enum' && Array.isArray(v) && v.length > OUTLINE_MAX_ENUM))
      .map(([k, v]) => [k, outline(v, schemas, depth)]),
  );
}

/** A nested part in one line: its type and description, and its values when they are few. */
function summary(target: Json): Json {
  const out: Json = {};
  if (target.type !== undefined) out.type = target.type;
  if (target.description !== undefined) out.description = target.description;
  if (Array.isArray(target.enum) && target.enum.length <= OUTLINE_MAX_ENUM) out.enum = target.enum;
  return out;
}
