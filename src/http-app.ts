import type { RequestListener, Server } from 'node:http';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { json, raw, text, urlencoded } from 'express';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { ApiError } from './common/api-error';
import { BytesExpressAdapter } from './common/json-answer';
import { CORRELATION_HEADER, correlationIdFor, correlationMiddleware } from './common/correlation';
import { KeyAdmission, receivedAtOf } from './modules/queue/path/1-key-admission';
import { METRIC } from './modules/metrics/metric-names';
import { RETRY_AFTER_S } from './common/outage-gate';
import { drainingMiddleware } from './common/draining';
import { answerClientErrors, refuseLongUrl } from './common/client-errors';
import { bodyErrorHandler, ErrorFilter, errorBody, requireJsonBody } from './common/error.filter';
import { buildValidationPipe } from './common/validation';
import { refuseHostileJson } from './common/hostile-json';
import { JsonLogger } from './common/json-logger';
import { installPreRouter, type MemoryRoutes } from './common/pre-router';
import { type AnsweredWithKey, requestLogMiddleware, writeRequestLine } from './common/request-log';
import { adviceMemoryRoutes } from './modules/advice/advice-answers';
import { AdviceService } from './modules/advice/advice.service';
import { ApiKeyService } from './modules/auth/api-key.store';
import { placesMemoryRoutes } from './modules/places/places-answers';
import { UsageService, usageSink } from './modules/usage/usage.service';
import { PlacesService } from './modules/places/places.service';
import { MetricsService } from './modules/metrics/metrics.service';
import { CHECKOUT_PATH, WEBHOOK_PATH } from './modules/purchase/purchase.controller';
import { RECOVER_PATH, RECOVERY_BODY_LIMIT } from './modules/recovery/recovery.controller';
import { sampleBody } from './modules/purchase/sample-body';
import { SAMPLE_PATH } from './modules/purchase/sample-view';
import { BATCH_BODY_LIMIT, BATCH_PATH } from './modules/batch/batch.controller';
import { BULK_BODY_LIMIT, BULK_PATH, CSV_TYPE, NDJSON_TYPE } from './modules/bulk/bulk.controller';
import { MCP_BODY_LIMIT, MCP_PATH } from './modules/mcp/mcp.controller';
import { McpService } from './modules/mcp/mcp.service';
import { DOCS_UI_OPTIONS } from './modules/operations/docs-ui';
import { buildOpenApiDocument } from './modules/operations/openapi-document';
import { QUEUED_PATHS } from './modules/operations/operations';

/** Request bodies above this are refused with 413 PAYLOAD_TOO_LARGE. */
export const BODY_LIMIT = '16kb';
/** Stripe's events are a few KB; anything near this is not from Stripe. */
export const WEBHOOK_BODY_LIMIT = '256kb';

export interface CreateAppOptions {
  /** Answer the advice routes' successful GETs from the pre-router, ahead of Express (default true). */
  preRouter?: boolean;
}

/** Builds the Nest application for a role, with the pieces every HTTP surface shares. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRole(config), new BytesExpressAdapter(), {
    bodyParser: false,
    logger: new JsonLogger(config.logLevel),
  });
  app.use(drainingMiddleware, correlationMiddleware);
  // Usage is counted from the request log's finish handler, once the API's usage service exists (not in a worker).
  let answeredWithKey: AnsweredWithKey | undefined;
  app.use(requestLogMiddleware(config.logLevel, () => answeredWithKey));
  app.use(app.get(MetricsService).httpMiddleware);
  app.use(refuseLongUrl);
  answerClientErrors(app.getHttpServer());
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
  app.use(requireJsonBody, json({ limit: BODY_LIMIT }), bodyErrorHandler, refuseHostileJson);
  app.disable('x-powered-by');
  // Express hashes every body it sends (SHA-1) for a weak ETag that only a GET can ever revalidate with. The POST
  // answers are nearly all the traffic and never revalidated, and a chart with meaning is 35 KB to hash; the advice
  // routes make their own strong ETags (advice-answers.ts).
  app.set('etag', false);
  app.useGlobalFilters(new ErrorFilter());
  app.useGlobalPipes(buildValidationPipe());
  app.enableShutdownHooks();
  if (config.role !== 'worker') setUpOpenApi(app);
  if (config.role !== 'worker') answeredWithKey = usageSink(app.get(UsageService));
  if (config.role !== 'worker' && options.preRouter !== false) installAdvicePreRouter(app, config);
  if (config.role !== 'worker') installKeyAdmission(app, config);
  return app;
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
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, { ...DOCS_UI_OPTIONS, jsonDocumentUrl: 'docs-json' });
  app.get(McpService).useDocument(document);
}
