/**
 * What only a process serving the public API loads (APP_ROLE api, or all): its feature modules and the HTTP pieces
 * around them (the API paths' body parsers, the OpenAPI document, the advice and place-search pre-router, per-key
 * admission, usage counting). app.module.ts and http-app.ts require this file for those roles only, so a worker
 * process never loads the API's modules nor their libraries (Swagger, the MCP SDK, Stripe, …): each worker process
 * of a service (the light lane's and its heavy child) started with about 1 s less CPU (README "Scaling").
 */
import type { RequestListener, Server } from 'node:http';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { json, raw, text, urlencoded } from 'express';
import { SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from './config/app-config';
import { ApiError } from './common/api-error';
import { CORRELATION_HEADER, correlationIdFor } from './common/correlation';
import { bodyErrorHandler, errorBody } from './common/error.filter';
import { JsonLogger } from './common/json-logger';
import { RETRY_AFTER_S } from './common/outage-gate';
import { installPreRouter, type MemoryRoutes } from './common/pre-router';
import { type AnsweredWithKey, writeRequestLine } from './common/request-log';
import { AdminModule } from './modules/admin/admin.module';
import { adviceMemoryRoutes } from './modules/advice/advice-answers';
import { AdviceModule } from './modules/advice/advice.module';
import { AdviceService } from './modules/advice/advice.service';
import { ApiKeyService } from './modules/auth/api-key.store';
import { AuthModule } from './modules/auth/auth.module';
import { BATCH_BODY_LIMIT, BATCH_PATH } from './modules/batch/batch.controller';
import { BatchModule } from './modules/batch/batch.module';
import { BULK_BODY_LIMIT, BULK_PATH, CSV_TYPE, NDJSON_TYPE } from './modules/bulk/bulk.controller';
import { BulkModule } from './modules/bulk/bulk.module';
import { ChartModule } from './modules/chart/chart.module';
import { HomeModule } from './modules/home/home.module';
import { MCP_BODY_LIMIT, MCP_PATH } from './modules/mcp/mcp.controller';
import { McpModule } from './modules/mcp/mcp.module';
import { McpService } from './modules/mcp/mcp.service';
import { METRIC } from './modules/metrics/metric-names';
import { MetricsService } from './modules/metrics/metrics.service';
import { DOCS_UI_OPTIONS } from './modules/operations/docs-ui';
import { buildOpenApiDocument } from './modules/operations/openapi-document';
import { QUEUED_PATHS } from './modules/operations/operations';
import { placesMemoryRoutes } from './modules/places/places-answers';
import { PlacesModule } from './modules/places/places.module';
import { PlacesService } from './modules/places/places.service';
import { CHECKOUT_PATH, WEBHOOK_PATH } from './modules/purchase/purchase.controller';
import { PurchaseModule } from './modules/purchase/purchase.module';
import { sampleBody } from './modules/purchase/sample-body';
import { SAMPLE_PATH } from './modules/purchase/sample-view';
import { KeyAdmission, receivedAtOf } from './modules/queue/path/1-key-admission';
import { QueueModule } from './modules/queue/queue.module';
import { RECOVER_PATH, RECOVERY_BODY_LIMIT } from './modules/recovery/recovery.controller';
import { RecoveryModule } from './modules/recovery/recovery.module';
import { ReferenceModule } from './modules/reference/reference.module';
import { SdkModule } from './modules/sdk/sdk.module';
import { TimeSeriesModule } from './modules/time-series/time-series.module';
import { UsageModule } from './modules/usage/usage.module';
import { UsageService, usageSink } from './modules/usage/usage.service';

/** Stripe's events are a few KB; anything near this is not from Stripe. */
const WEBHOOK_BODY_LIMIT = '256kb';

/** Feature modules that serve public HTTP routes. */
const API_FEATURES: Type[] = [
  ChartModule,
  BatchModule,
  BulkModule,
  TimeSeriesModule,
  PlacesModule,
  ReferenceModule,
  AdviceModule,
  PurchaseModule,
  RecoveryModule,
  McpModule,
  HomeModule,
  SdkModule,
  UsageModule,
];

/** The API role's modules: keys, the queue path, the features, the operators' board. */
export function apiModules(config: AppConfig): NonNullable<DynamicModule['imports']> {
  return [AuthModule, QueueModule, ...API_FEATURES, AdminModule.forRoot(config)];
}

/**
 * The body parsers of the API paths whose bodies are not the usual small JSON, mounted ahead of the general one
 * (http-app.ts).
 */
export function useApiBodyParsers(app: INestApplication): void {
  // Stripe's signature covers the exact bytes: the webhook's body is kept raw, never parsed before verification.
  app.use(WEBHOOK_PATH, raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), bodyErrorHandler);
  // A batch carries up to 100 items: its own, larger limit (single calls keep 16 KB).
  app.use(BATCH_PATH, json({ limit: BATCH_BODY_LIMIT }), bodyErrorHandler);
  // A bulk job: up to 100,000 items as JSON, NDJSON or CSV (the last two read as text, then parsed row by row).
  app.use(BULK_PATH, json({ limit: BULK_BODY_LIMIT }), text({ type: [NDJSON_TYPE, CSV_TYPE], limit: BULK_BODY_LIMIT }), bodyErrorHandler);
  app.use(MCP_PATH, json({ limit: MCP_BODY_LIMIT }), bodyErrorHandler);
  // The buy page's form posts here (it has no fields; a browser sends an empty form body).
  app.use(CHECKOUT_PATH, urlencoded({ extended: false, limit: '1kb' }), bodyErrorHandler);
  // The lost-key form (one email field) and its links' button (no fields) post forms too (also /keys/recover/<token>).
  app.use(RECOVER_PATH, urlencoded({ extended: false, limit: RECOVERY_BODY_LIMIT }), bodyErrorHandler);
  // The buy page's sample takes only its own small form and answers any other body with a page, not JSON.
  app.use(SAMPLE_PATH, sampleBody);
}

/**
 * The API's pieces around the Nest app, once it is built: the OpenAPI document, usage counting (returned: the
 * request log's finish handler reports each keyed answer to it), the pre-router (unless `preRouter` is false) and
 * per-key admission in front of everything.
 */
export function installApiSurface(app: INestApplication, config: AppConfig, preRouter: boolean): AnsweredWithKey {
  setUpOpenApi(app);
  const answeredWithKey = usageSink(app.get(UsageService));
  if (preRouter) installAdvicePreRouter(app, config);
  installKeyAdmission(app, config);
  return answeredWithKey;
}

/** The advice and place-search routes' hot path (see common/pre-router.ts), logged and measured like every other request. */
function installAdvicePreRouter(app: INestApplication, config: AppConfig): void {
  const metrics = app.get(MetricsService);
  const logger = new JsonLogger(config.logLevel);
  const advice = adviceMemoryRoutes(app.get(AdviceService));
  const usage = app.get(UsageService);
  const places = placesMemoryRoutes(app.get(PlacesService), app.get(ApiKeyService), (keyHash, operation) => usage.add(keyHash, operation));
  const routes: MemoryRoutes = (path, req) => advice(path, req) ?? places(path, req);
  installPreRouter(app.getHttpServer() as Server, routes, (answer, correlationId, seconds) => {
    metrics.observeHttp('GET', answer.route, answer.status, seconds);
    writeRequestLine(logger, { method: 'GET', route: answer.route, status: answer.status, durationMs: seconds * 1000, correlationId });
  });
}

/** Per-key fair admission in front of everything else (see modules/queue/path/1-key-admission.ts). */
function installKeyAdmission(app: INestApplication, config: AppConfig): void {
  const server = app.getHttpServer() as Server;
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length !== 1) throw new Error(`key admission: expected one request listener, found ${listeners.length}`);
  const admission = new KeyAdmission(config.keyConcurrency, config.jobTimeoutMs);
  const metrics = app.get(MetricsService);
  metrics.gaugeFrom(METRIC.parked, "Requests waiting, unread, for their key's turn (KEY_CONCURRENCY per key at once).", () => admission.parked);
  const logger = new JsonLogger(config.logLevel);
  server.removeListener('request', listeners[0]);
  server.on(
    'request',
    admission.wrap(listeners[0], (req, res, why) => {
      const err =
        why === 'overloaded'
          ? new ApiError(503, 'OVERLOADED', 'Too many requests of this key are waiting; try again shortly.', undefined, { 'Retry-After': RETRY_AFTER_S })
          : new ApiError(504, 'COMPUTE_TIMEOUT', `The request waited for its key's earlier requests past ${config.jobTimeoutMs} ms.`, undefined, {
              'Retry-After': RETRY_AFTER_S,
            });
      const correlationId = correlationIdFor(req.headers[CORRELATION_HEADER]);
      const body = errorBody(err, correlationId);
      res.writeHead(err.status, { ...err.headers, 'Content-Type': 'application/json; charset=utf-8', [CORRELATION_HEADER]: correlationId });
      res.end(JSON.stringify(body));
      const route = CHART_ROUTES.has(pathOf(req.url)) ? pathOf(req.url) : 'unmatched';
      const seconds = (Date.now() - (receivedAtOf(req) ?? Date.now())) / 1000;
      metrics.observeHttp(req.method ?? 'POST', route, err.status, seconds);
      writeRequestLine(logger, { method: req.method ?? 'POST', route, status: err.status, durationMs: seconds * 1000, correlationId });
    }),
  );
}

/** Routes named in metrics when key admission answers early: the queued operations, and the MCP endpoint. */
const CHART_ROUTES: ReadonlySet<string> = new Set([...QUEUED_PATHS, MCP_PATH]);

function pathOf(url: string | undefined): string {
  const q = (url ?? '').indexOf('?');
  return q < 0 ? (url ?? '') : (url ?? '').slice(0, q);
}

/** The OpenAPI document at /docs (drawings shown as pictures) and /docs-json; the MCP tools are described from the same document. */
function setUpOpenApi(app: INestApplication): void {
  const document = buildOpenApiDocument(app, [AuthModule, QueueModule, ...API_FEATURES]);
  SwaggerModule.setup('docs', app, document, { ...DOCS_UI_OPTIONS, jsonDocumentUrl: 'docs-json' });
  app.get(McpService).useDocument(document);
}
