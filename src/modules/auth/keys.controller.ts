import { apiDoc } from '../operations/operations';
import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../../common/api-error';
import type { RequestTrace } from '../../common/request-log';
import { errorExample } from '../../common/openapi-responses';
import { unavailable } from '../../common/outage-gate';
import { ApiKeyService, RotateResult } from './api-key.store';

/** What a key's owner can do with it without support. */
@ApiTags('keys')
@ApiSecurity('HD-Api-Key')
@Controller('v1/keys')
export class KeysController {
  constructor(private readonly keys: ApiKeyService) {}

  @Post('rotate')
  @HttpCode(200)
  @ApiOperation(apiDoc('rotateKey'))
  @ApiResponse({
    status: 200,
    description: 'The new key (store it now)',
    schema: { example: { key: 'hdk_3q2-7wEXAMPLEONLYx1mKQWvT9c0yXbKp4d7nq8ZsR0', createdAt: '2026-11-23T12:00:00.000Z', replaced: '9f86d081884c7d65' } },
  })
  @ApiResponse({
    status: 400,
    description: 'KEY_NOT_ROTATABLE: a static key from HD_API_KEYS',
    ...errorExample('KEY_NOT_ROTATABLE', "This key comes from the server's HD_API_KEYS setting; the operator changes it there."),
  })
  @ApiResponse({
    status: 401,
    description: 'API_KEY_MISSING or API_KEY_INVALID (also when the key was rotated or revoked meanwhile)',
    ...errorExample('API_KEY_INVALID', 'The API key is unknown or has been revoked.'),
  })
  @ApiResponse({
    status: 503,
    description: 'SERVICE_UNAVAILABLE: the key store cannot be reached (Retry-After)',
    ...errorExample('SERVICE_UNAVAILABLE', 'The key store cannot be reached right now.'),
  })
  async rotate(@Res({ passthrough: true }) res: Response): Promise<{ key: string; createdAt: string; replaced: string }> {
    const oldHex = (res.locals as RequestTrace).keyHash!;
    let result: RotateResult;
    try {
      result = await this.keys.rotate(Buffer.from(oldHex, 'hex'));
    } catch {
      throw unavailable('The key store cannot be reached right now.');
    }
    if (!result.rotated && result.why === 'static') {
      throw new ApiError(400, 'KEY_NOT_ROTATABLE', "This key comes from the server's HD_API_KEYS setting; the operator changes it there.");
    }
    if (!result.rotated) throw new ApiError(401, 'API_KEY_INVALID', 'The API key is unknown or has been revoked.');
    res.setHeader('Cache-Control', 'no-store');
    return { key: result.key, createdAt: result.record.createdAt, replaced: oldHex.slice(0, 16) };
  }
}
