import type { Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

/**
 * Graceful shutdown for keep-alive clients. Nest's close() stops accepting and waits for in-flight requests,
 * but a client's kept-alive socket would hold the process until the keep-alive timeout. Once a stop signal
 * arrives, answers carry `Connection: close` and idle sockets are closed as they become idle.
 */
let draining = false;

/** True once a stop signal has arrived: answers should carry `Connection: close`. */
export function isDraining(): boolean {
  return draining;
}

export function drainingMiddleware(_req: Request, res: Response, next: NextFunction): void {
  if (draining) res.setHeader('Connection', 'close');
  next();
}

export function drainOnSignals(server: Server, signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): void {
  for (const signal of signals) {
    process.once(signal, () => {
      draining = true;
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 200).unref();
    });
  }
}
