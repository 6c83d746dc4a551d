import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator';
import { HealthService } from './health.service';

// Probes for orchestrators and load balancers, not part of the product's API: described in the README (Operations).
@ApiExcludeController()
@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'Readiness with details: Redis, queue counts, number of workers' })
  @ApiOkResponse({
    description: 'Ready',
    schema: {
      example: {
        status: 'ok',
        role: 'api',
        redis: 'up',
        queueEvents: 'consuming',
        queue: { name: 'charts', waiting: 0, active: 0, delayed: 0, failed: 0, completed: 12 },
        workers: 2,
      },
    },
  })
  @ApiServiceUnavailableResponse({ description: 'Not ready (Redis unreachable or the queue part not running)' })
  async check(@Res() res: Response): Promise<void> {
    const report = await this.health.report();
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness probe (same as /health)' })
  async ready(@Res() res: Response): Promise<void> {
    return this.check(res);
  }

  @Get('live')
  @ApiOperation({ summary: 'Liveness probe: the process answers' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
