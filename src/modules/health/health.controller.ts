import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator';
import { HealthService } from './health.service';

// Probes for orchestrators and load balancers, not part of the product's API: described in the README (Operations),
// not in the OpenAPI document (which reads the public API's modules only).
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Readiness with details (Redis, the queue events, the queue's counts, the number of workers); 503 when not ready. */
  @Get()
  async check(@Res() res: Response): Promise<void> {
    const report = await this.health.report();
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  }

  /** Readiness probe (the same as /health). */
  @Get('ready')
  async ready(@Res() res: Response): Promise<void> {
    return this.check(res);
  }

  /** Liveness probe: the process answers. */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
