import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { RequestTrace } from '../../common/request-log';
import { errorExample } from '../../common/openapi-responses';
import { apiDoc } from '../operations/operations';
import { unavailable } from '../../common/outage-gate';
import type { UsageReport } from './usage-counter';
import { UsageService } from './usage.service';

@ApiTags('keys')
@ApiSecurity('HD-Api-Key')
@Controller('v1/usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  @ApiOperation(apiDoc('usage'))
  @ApiResponse({ status: 200, description: "The calling key's usage" })
  @ApiResponse({
    status: 401,
    description: 'API_KEY_MISSING or API_KEY_INVALID',
    ...errorExample('API_KEY_MISSING', 'Send your API key in the HD-Api-Key header (or Authorization: Bearer <key>).'),
  })
  @ApiResponse({
    status: 503,
    description: 'SERVICE_UNAVAILABLE: the usage counts cannot be read right now (Retry-After)',
    ...errorExample('SERVICE_UNAVAILABLE', 'Usage cannot be read right now.'),
  })
  async get(@Res({ passthrough: true }) res: Response): Promise<UsageReport> {
    const keyHash = (res.locals as RequestTrace).keyHash!;
    res.setHeader('Cache-Control', 'no-store');
    try {
      return await this.usage.report(keyHash);
    } catch {
      throw unavailable('Usage cannot be read right now.');
    }
  }
}
