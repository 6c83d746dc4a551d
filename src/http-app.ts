import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { json } from 'express';
import { NestExpressApplication } from '@nestjs/platform-express';
import { apiRole, AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { BytesExpressAdapter } from './common/json-answer';
import { correlationMiddleware } from './common/correlation';
import { drainingMiddleware } from './common/draining';
import { answerClientErrors, refuseLongUrl } from './common/client-errors';
import { bodyErrorHandler, ErrorFilter, requireJsonBody } from './common/error.filter';
import { buildValidationPipe } from './common/validation';
import { refuseHostileJson } from './common/hostile-json';
import { JsonLogger } from './common/json-logger';
import { type AnsweredWithKey, requestLogMiddleware } from './common/request-log';
import { MetricsService } from './modules/metrics/metrics.service';

/** Request bodies above this are refused with 413 PAYLOAD_TOO_LARGE. */
export const BODY_LIMIT = '16kb';

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
  const api = config.role === 'worker' ? undefined : apiRole();
  api?.useApiBodyParsers(app);
  app.use(requireJsonBody, json({ limit: BODY_LIMIT }), bodyErrorHandler, refuseHostileJson);
  app.disable('x-powered-by');
  // Express hashes every body it sends (SHA-1) for a weak ETag that only a GET can ever revalidate with. The POST
  // answers are nearly all the traffic and never revalidated, and a chart with meaning is 35 KB to hash; the advice
  // routes make their own strong ETags (advice-answers.ts).
  app.set('etag', false);
  app.useGlobalFilters(new ErrorFilter());
  app.useGlobalPipes(buildValidationPipe());
  app.enableShutdownHooks();
  if (api) answeredWithKey = api.installApiSurface(app, config, options.preRouter !== false);
  return app;
}
