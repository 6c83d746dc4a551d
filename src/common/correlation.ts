import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const HEADER = 'x-correlation-id';
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Gives every request a correlation id (the caller's, when it is a safe token) and echoes it. */
export function correlationMiddleware(req: Request, res: Response, next: NextFunction): void {
  const given = req.headers[HEADER];
  const id = typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
  (req as Request & { correlationId?: string }).correlationId = id;
  res.setHeader(HEADER, id);
  next();
}

export function correlationIdOf(req: Request | undefined): string {
  return (req as (Request & { correlationId?: string }) | undefined)?.correlationId ?? randomUUID();
}
