import type { INestApplication, Type } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { RESPONSE_SCHEMAS } from './response-schemas';
import { OPERATIONS, type Operation } from './operations';

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The OpenAPI 3.1 document GET /docs-json serves: the routes and request DTOs as @nestjs/swagger reads them from
 * the controllers, completed from the operation registry — every JSON answer points at its response schema,
 * every error answer at the one error shape, and the Bearer form of the key is offered beside HD-Api-Key. Only the
 * controllers of `include` are read: the public API's modules, not the probes and metrics every process serves
 * (which so carry no Swagger decorator, and a worker never loads @nestjs/swagger: src/api-role.ts).
 */
export function buildOpenApiDocument(app: INestApplication, include: Type[]): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setOpenAPIVersion('3.1.0')
      .setTitle('Human Design chart API')
      .setDescription(
        'Human Design charts computed from the Swiss Ephemeris by queue workers, and a small advice API. ' +
          'Every /v1 call needs an API key: the `HD-Api-Key` header, or `Authorization: Bearer <key>` ([buy one](/buy)). ' +
          'AI agents: the same operations are MCP tools at `POST /mcp` (Streamable HTTP); a short guide is at [/llms.txt](/llms.txt).',
      )
      .setVersion('1')
      .setLicense('AGPL-3.0-or-later', 'https://www.gnu.org/licenses/agpl-3.0.html')
      .addServer('/', 'This server')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'HD-Api-Key', description: 'Your API key (buy one at /buy).' }, 'HD-Api-Key')
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'The same API key as a Bearer token.' }, 'bearer')
      // In the order a user meets them: the charts first, key rotation and purchases near the end.
      .addTag('charts', 'Charts, composites, transits, groups, an unknown birth time, the drawings (SVG or PNG), and a reading (HTML or PDF)')
      .addTag('time series', 'Charts through time: ingresses, stations, returns, a personal transit calendar')
      .addTag(
        'reference',
        'What each part of a chart means: our own texts (CC BY 4.0) in en, de, es, pt-BR and fr; `meaning` puts them inline in the chart answers',
      )
      .addTag('places', 'Place suggestions for a birth-place field')
      .addTag('batch', 'Up to 100 charts in one call')
      .addTag('bulk jobs', 'Up to 100,000 charts in the background: JSON, NDJSON or CSV in; progress as Server-Sent Events; NDJSON, JSON or CSV out')
      .addTag('advice', 'The advice API (no key needed)')
      .addTag(
        'MCP',
        'Every keyed operation as an MCP tool at `POST /mcp` (Streamable HTTP, stateless, the same key); a guide for agents at [/llms.txt](/llms.txt)',
      )
      .addTag('keys', 'Replacing a key that leaked, or getting a new one by email when it is lost ([/keys/recover](/keys/recover))')
      .addTag('purchase', 'Buying a key through Stripe Checkout: the [buy page](/buy) and what it calls')
      .addTag(
        'ops',
        'Operations, outside this document: `GET /health` (`/health/ready`, `/health/live`), `GET /metrics` (Prometheus), `/admin/queues` (dashboard)',
      )
      .build(),
    { include, operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}` },
  );
  completeDocument(document);
  return document;
}

/** Fills in what decorators cannot say well: response schemas, the error shape, the alternative key scheme. */
export function completeDocument(document: OpenAPIObject): void {
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ...(RESPONSE_SCHEMAS as unknown as NonNullable<OpenAPIObject['components']>['schemas']) };
  for (const [id, op] of Object.entries(OPERATIONS) as [string, Operation][]) {
    const item = (document.paths[op.path] as Json | undefined)?.[op.method.toLowerCase()] as Json | undefined;
    if (!item) throw new Error(`OpenAPI: operation ${id} (${op.method} ${op.path}) is not served by any controller`);
    item.operationId = id;
    if (op.input?.in === 'body') {
      const examples = op.input.examples;
      const media = ((item.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.['application/json'];
      if (!media) throw new Error(`OpenAPI: operation ${id} has no JSON request body`);
      media.examples = examples;
    }
    if (op.output.kind === 'json') setSchema(responseOf(item, String(op.output.status ?? 200)), ref(op.output.schema));
  }
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem as Json) as Json[]) {
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) >= 400 && (response.content as Json | undefined)?.['application/json']) setSchema(response, ref('ErrorResponse'));
      }
      const security = operation.security as Json[] | undefined;
      // Public routes say so (an empty list) rather than leave it to be guessed.
      if (!security) operation.security = [];
      else if (security.some((s) => 'HD-Api-Key' in s) && !security.some((s) => 'bearer' in s)) security.push({ bearer: [] });
    }
  }
  pruneUnusedSchemas(document);
}

/** Decorator-made schemas the registry's schemas replaced (e.g. the advice DTO) would only confuse a generator. */
function pruneUnusedSchemas(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(document.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

function responseOf(operation: Json, status: string): Json {
  const response = (operation.responses as Record<string, Json> | undefined)?.[status];
  if (!response) throw new Error(`OpenAPI: ${String(operation.operationId)} has no ${status} response`);
  return response;
}

/** Points a JSON response at a schema, keeping a documented example as the media type's own example. */
function setSchema(response: Json, schema: Json): void {
  const content = (response.content ??= {}) as Record<string, Json>;
  const media = (content['application/json'] ??= {});
  const old = media.schema as Json | undefined;
  if (old && 'example' in old && media.example === undefined) media.example = old.example;
  media.schema = schema;
}
