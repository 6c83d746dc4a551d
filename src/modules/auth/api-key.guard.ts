import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiError } from '../../common/api-error';
import { ApiKeyService } from './api-key.store';
import { IS_PUBLIC } from './public.decorator';

export const API_KEY_HEADER = 'hd-api-key';

/** Global guard: every route needs a valid HD-Api-Key unless marked @Public(). */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly logger = new Logger(ApiKeyGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeyService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const header = context.switchToHttp().getRequest<Request>().headers[API_KEY_HEADER];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !key.trim()) {
      throw new ApiError(401, 'API_KEY_MISSING', 'Send your API key in the HD-Api-Key header.');
    }
    let valid: boolean;
    try {
      valid = await this.keys.isValid(key.trim());
    } catch (err) {
      // Never log the key itself.
      this.logger.warn(`key lookup failed: ${(err as Error).message}`);
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Keys cannot be checked right now.', undefined, { 'Retry-After': '2' });
    }
    if (!valid) throw new ApiError(401, 'API_KEY_INVALID', 'The API key is unknown or has been revoked.');
    return true;
  }
}
