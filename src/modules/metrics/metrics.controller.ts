import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiError } from '../../common/api-error';
import { sameSecret } from '../../common/same-secret';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Public } from '../auth/public.decorator';
import { MetricsService } from './metrics.service';

/**
 * GET /metrics in the Prometheus text format, on every process (API and worker). Public on purpose, like
 * /health: it holds counts and durations only. Set METRICS_TOKEN to require `Authorization: Bearer <token>`.
 */
@ApiExcludeController()
@Public()
@Controller('metrics')
export class MetricsController {
  private readonly token: string | undefined;

  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.token = config.metricsToken;
  }

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response): Promise<void> {
    if (this.token && !bearerMatches(authorization, this.token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new ApiError(401, 'METRICS_TOKEN_INVALID', 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.');
    }
    const body = await this.metrics.metrics();
    res.status(200).setHeader('Content-Type', this.metrics.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(body);
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  return sameSecret(match[1].trim(), token);
}
