import { CanActivate, ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApiError } from '../../common/api-error';
import { presentedApiKey } from '../../common/api-key-header';
import { beforeDeadline, DeadlineExceeded } from '../../common/deadline';
import type { RequestTrace } from '../../common/request-log';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { OutageGate, unavailable } from '../../common/outage-gate';
import { RedisClient } from '../redis/redis.module';
import { hashApiKey } from './api-key';
import { ApiKeyService } from './api-key.store';
import { IS_PUBLIC } from './public.decorator';

/** A 401 names the scheme that would succeed (RFC 9110 §11.6.1); MCP clients read it. */
const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="hd-chart-api"' };

/** Said by a 401 of a server that has no key at all (nobody set it up yet), so that a first try finds its way. */
export const NO_KEY_YET =
  'This server has no API key yet: create one on it with "npm run key -- create <label>" ' +
  '(Docker: "docker compose exec api node dist/cli/key.js create <label>"), or start it with HD_API_KEYS=<a key of 16+ characters>.';

/**
 * Global guard: every route needs a valid HD-Api-Key unless marked @Public(). A key that must be looked up
 * in Redis while Redis is away waits for it within the request's deadline, like the job itself; the key's
 * hash is handed on (res.locals.keyHash) as the unit of fairness.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly logger = new Logger(ApiKeyGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeyService,
    private readonly redis: RedisClient,
    private readonly gate: OutageGate,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const http = context.switchToHttp();
    const key = presentedApiKey(http.getRequest<Request>().headers);
    if (!key) {
      const message = 'Send your API key in the HD-Api-Key header (or Authorization: Bearer <key>).';
      throw new ApiError(401, 'API_KEY_MISSING', await this.withHint(message), undefined, CHALLENGE);
    }
    const trace = http.getResponse<Response>().locals as RequestTrace;
    const deadline = (trace.receivedAt ?? Date.now()) + this.config.jobTimeoutMs;
    const hash = hashApiKey(key);
    if (!(await this.isValid(hash, deadline))) {
      throw new ApiError(401, 'API_KEY_INVALID', await this.withHint('The API key is unknown or has been revoked.'), undefined, CHALLENGE);
    }
    trace.keyHash = hash.toString('hex');
    return true;
  }

  /** The refusal, and how to make a key when the server has none at all (if that cannot be read now, the refusal alone). */
  private async withHint(message: string): Promise<string> {
    const anyKey = await beforeDeadline(this.keys.anyKeyExists(), Date.now() + 500).catch(() => true);
    return anyKey ? message : `${message} ${NO_KEY_YET}`;
  }

  /** Static and recently seen keys answer from memory; others are read from Redis, waiting out a blip. */
  private async isValid(hash: Buffer, deadline: number): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await beforeDeadline(this.keys.isValidHash(hash), deadline);
      } catch (err) {
        if (err instanceof DeadlineExceeded || attempt >= 2) throw unavailable('Keys cannot be checked right now.');
        // Never log the key itself.
        this.logger.warn(`key lookup failed: ${(err as Error).message}`);
        await this.gate.pass(() => this.redis.up, deadline, 'The key store');
      }
    }
  }
}
