import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { correlationIdOf } from './correlation';
import { JsonLogger } from './json-logger';

/**
 * What a request's log line learns while the request runs: the id of the job it enqueued, which JobRunner
 * writes into `res.locals` (an explicit hand-over; AsyncLocalStorage would slow every promise of every request).
 */
export interface RequestTrace {
  jobId?: string;
  /** Date.now() when the request arrived: the start of its one deadline (JOB_TIMEOUT_MS), set by correlationMiddleware. */
  receivedAt?: number;
  /** Hex SHA-256 of the caller's API key, set by the key guard: the fairness unit. Never the key itself. */
  keyHash?: string;
  /** Aborted with ClientGone when the caller hangs up before its answer (common/client-gone.ts), set by correlationMiddleware. */
  clientGone?: () => AbortSignal;
}

/** Probes and scrapes are logged at debug only: they come every few seconds from machines. */
const QUIET_ROUTES = new Set(['/metrics', '/health', '/health/ready', '/health/live']);

/**
 * The matched route pattern (`/v1/chart`, `/api/advice/:id`, `/admin/queues/api/queues`), never the raw URL:
 * the path may hold ids and the query string anything. Unmatched requests are `unmatched`.
 */
export function routeOf(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return `${req.baseUrl ?? ''}${pattern}` || '/';
  // Middleware-mounted apps (bull-board's static files) have a baseUrl but no route of their own.
  if (req.baseUrl) return `${req.baseUrl}/*`;
  return 'unmatched';
}

/** What the request log records of one answered request. */
export interface AnsweredRequest {
  method: string;
  route: string;
  status: number;
  durationMs: number;
  correlationId: string;
  jobId?: string;
  aborted?: boolean;
}

/** Writes one request's log line: warn for 5xx, debug for probes and scrapes, info otherwise. */
export function writeRequestLine(logger: JsonLogger, r: AnsweredRequest): void {
  const level = r.status >= 500 ? 'warn' : QUIET_ROUTES.has(r.route) ? 'debug' : 'info';
  if (!logger.isEnabled(level)) return;
  const line: Record<string, unknown> = {
    msg: 'request',
    method: r.method,
    route: r.route,
    status: r.status,
    duration_ms: Math.round(r.durationMs * 100) / 100,
    correlationId: r.correlationId,
  };
  if (r.jobId) line.jobId = r.jobId;
  if (r.aborted) line.aborted = true;
  logger.write(level, line);
}

/**
 * One JSON line per answered request: method, route pattern, status, duration, job id, correlation id.
 * Never the body, the query string, headers (so never the HD-Api-Key) or the raw path.
 */
/** Told of every answer finished for a request with a key (usage counting, modules/usage): key hash, method, route, status. */
export type AnsweredWithKey = (keyHash: string, method: string, route: string, status: number) => void;

export function requestLogMiddleware(level: ConstructorParameters<typeof JsonLogger>[0], answeredWithKey?: () => AnsweredWithKey | undefined): RequestHandler {
  const logger = new JsonLogger(level);
  return (req: Request, res: Response, next: NextFunction): void => {
    const start = process.hrtime.bigint();
    let done = false;
    const write = (aborted: boolean) => {
      if (done) return;
      done = true;
      const route = routeOf(req);
      // A client that hung up before the answer: 499, as nginx logs it.
      const status = aborted && !res.headersSent ? 499 : res.statusCode;
      const keyHash = (res.locals as RequestTrace).keyHash;
      if (keyHash && !aborted) answeredWithKey?.()?.(keyHash, req.method, route, status);
      writeRequestLine(logger, {
        method: req.method,
        route,
        status,
        durationMs: Number(process.hrtime.bigint() - start) / 1e6,
        correlationId: correlationIdOf(req),
        jobId: (res.locals as RequestTrace).jobId,
        aborted,
      });
    };
    res.once('finish', () => write(false));
    res.once('close', () => write(!res.writableFinished));
    next();
  };
}
