import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from '../../common/api-error';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Public } from '../auth/public.decorator';
import { metricsTokenError } from './metrics-answer';
import { MetricsService } from './metrics.service';

/**
 * GET /metrics in the Prometheus text format, on every process (API and worker). It holds counts, durations and
 * the top keys' hash prefixes: set METRICS_TOKEN to require `Authorization: Bearer <token>`, or METRICS_PORT to
 * serve it on a listener of its own (metrics-server.ts), and it is then not found here. In production one of the
 * two is required (config/app-config.ts). Not in the OpenAPI document, which reads the public API's modules only.
 */
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response): Promise<void> {
    if (this.config.metricsPort !== undefined) throw new ApiError(404, 'NOT_FOUND', 'No such route.');
    const refused = metricsTokenError(authorization, this.config.metricsToken);
    if (refused) throw refused;
    const body = await this.metrics.metrics();
    res.status(200).setHeader('Content-Type', this.metrics.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(body);
  }
}
