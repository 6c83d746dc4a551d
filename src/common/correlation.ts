import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { receivedAtOf } from '../modules/queue/path/1-key-admission';
import { clientGoneSignal } from './client-gone';

export const CORRELATION_HEADER = 'x-correlation-id';
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Gives every request a correlation id (the caller's, when it is a safe token) and echoes it. */
export function correlationMiddleware(req: Request, res: Response, next: NextFunction): void {
  // The request's one deadline starts here, before anything that may wait on Redis (key check, queue).
  res.locals.receivedAt = receivedAtOf(req) ?? Date.now();
  res.locals.clientGone = clientGoneSignal(res);
  const id = correlationIdFor(req.headers[CORRELATION_HEADER]);
  (req as Request & { correlationId?: string }).correlationId = id;
  res.setHeader(CORRELATION_HEADER, id);
  next();
}

/** The caller's X-Correlation-Id when it is a safe token, else a fresh UUID. */
export function correlationIdFor(given: string | string[] | undefined): string {
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

export function correlationIdOf(req: Request | undefined): string {
  return (req as (Request & { correlationId?: string }) | undefined)?.correlationId ?? randomUUID();
}
