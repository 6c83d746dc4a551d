import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { json } from 'express';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { correlationMiddleware } from './common/correlation';
import { drainingMiddleware } from './common/draining';
import { bodyErrorHandler, ErrorFilter, requireJsonBody } from './common/error.filter';
import { buildValidationPipe } from './common/validation';
import { refuseHostileJson } from './common/hostile-json';
import { JsonLogger } from './common/json-logger';
import { installPreRouter } from './common/pre-router';
import { requestLogMiddleware, writeRequestLine } from './common/request-log';
import { adviceMemoryRoutes } from './modules/advice/advice-answers';
import { AdviceService } from './modules/advice/advice.service';
import { MetricsService } from './modules/metrics/metrics.service';

/** Request bodies above this are refused with 413 PAYLOAD_TOO_LARGE. */
export const BODY_LIMIT = '16kb';

export interface CreateAppOptions {
  /** Answer the advice routes' successful GETs from the pre-router, ahead of Express (default true). */
  preRouter?: boolean;
}

/** Builds the Nest application for a role, with the pieces every HTTP surface shares. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRole(config), {
    bodyParser: false,
    logger: new JsonLogger(config.logLevel),
  });
  app.use(drainingMiddleware, correlationMiddleware);
  app.use(requestLogMiddleware(config.logLevel));
  app.use(app.get(MetricsService).httpMiddleware);
  app.use(requireJsonBody, json({ limit: BODY_LIMIT }), bodyErrorHandler, refuseHostileJson);
  app.disable('x-powered-by');
  app.useGlobalFilters(new ErrorFilter());
  app.useGlobalPipes(buildValidationPipe());
  app.enableShutdownHooks();
  if (config.role !== 'worker') setUpOpenApi(app);
  if (config.role !== 'worker' && options.preRouter !== false) installAdvicePreRouter(app, config);
  return app;
}

/** The advice routes' hot path (see common/pre-router.ts), logged and measured like every other request. */
function installAdvicePreRouter(app: INestApplication, config: AppConfig): void {
  const metrics = app.get(MetricsService);
  const logger = new JsonLogger(config.logLevel);
  installPreRouter(app.getHttpServer(), adviceMemoryRoutes(app.get(AdviceService)), (answer, correlationId, seconds) => {
    metrics.observeHttp('GET', answer.route, answer.status, seconds);
    writeRequestLine(logger, { method: 'GET', route: answer.route, status: answer.status, durationMs: seconds * 1000, correlationId });
  });
}

function setUpOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Human Design chart API')
      .setDescription(
        'Human Design charts computed from the Swiss Ephemeris by queue workers, and a small advice API. ' +
          'Every /v1 call needs the HD-Api-Key header.',
      )
      .setVersion('1')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'HD-Api-Key' }, 'HD-Api-Key')
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
}
