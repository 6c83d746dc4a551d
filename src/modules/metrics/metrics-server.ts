import { createServer, type Server } from 'node:http';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { errorBody } from '../../common/error.filter';
import { ApiError } from '../../common/api-error';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { metricsTokenError } from './metrics-answer';
import { MetricsService } from './metrics.service';

/**
 * GET /metrics on METRICS_HOST:METRICS_PORT, a listener of its own, so the scrape can stay on a private interface or
 * network while the API's port is public (README "Operations"). A bare node:http server: it answers one route, and
 * the framework's middlewares (keys, request log, body parsing) have nothing to do here.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === undefined) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      const fail = (err: ApiError) => {
        res.writeHead(err.status, { ...err.headers, 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(errorBody(err, '-')));
      };
      if (path !== '/metrics') return fail(new ApiError(404, 'NOT_FOUND', 'No such route.'));
      if (req.method !== 'GET' && req.method !== 'HEAD') return fail(new ApiError(405, 'METHOD_NOT_ALLOWED', 'GET /metrics.', undefined, { Allow: 'GET' }));
      const refused = metricsTokenError(req.headers.authorization, this.config.metricsToken);
      if (refused) return fail(refused);
      this.metrics.metrics().then(
        (body) => {
          res.writeHead(200, { 'Content-Type': this.metrics.contentType, 'Cache-Control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : body);
        },
        () => fail(new ApiError(503, 'SERVICE_UNAVAILABLE', 'The metrics could not be read.')),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.metricsPort, this.config.metricsHost, () => resolve());
    });
    this.server = server;
    const { port } = server.address() as { port: number };
    this.logger.log({ msg: 'metrics listening', host: this.config.metricsHost, port });
  }

  /** The bound port (METRICS_PORT=0 takes any free one). */
  get port(): number | undefined {
    return (this.server?.address() as { port: number } | null)?.port;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
