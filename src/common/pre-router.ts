import type { IncomingMessage, RequestListener, Server } from 'node:http';
import { CORRELATION_HEADER, correlationIdFor } from './correlation';
import { isDraining } from './draining';

/** A complete answer held in memory: status, headers and the exact bytes of the body. */
export interface MemoryAnswer {
  /** Route pattern for the request log and metrics, e.g. `/api/advice/:id`. */
  route: string;
  status: number;
  /** Every header of the answer, Content-Length included when there is a body. */
  headers: Record<string, string>;
  body?: Buffer;
}

/** Answers a GET of `path` (query string removed) from memory, or returns undefined to leave it to Nest. */
export type MemoryRoutes = (path: string, req: IncomingMessage) => MemoryAnswer | undefined;

/** Told of every answer the pre-router sent (for the request log and metrics). */
export type AnswerObserver = (answer: MemoryAnswer, correlationId: string, seconds: number) => void;

/**
 * Puts a dispatcher in front of the framework on the HTTP server: a body-less GET that `routes` can answer from
 * memory is written at once, with the correlation id and draining header the Express middlewares would add;
 * everything else (other methods, errors, unusual paths) goes to Express and Nest unchanged.
 *
 * Why it exists: Express 5's per-request work (request/response decoration, the middleware and route layer walk)
 * caps even an empty route at about 7,400 req/s on the 2-core machine, and Nest's guards and pipes on top of it
 * at about 4,500, while the advice routes must serve 5,000. The answers are the ones the Nest controller builds
 * (both call the same functions), so the controller stays the documented surface and the fallback.
 */
export function installPreRouter(server: Server, routes: MemoryRoutes, observe: AnswerObserver): void {
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length !== 1) throw new Error(`pre-router: expected the framework's one request listener, found ${listeners.length}`);
  const framework = listeners[0];
  server.removeListener('request', framework);
  server.on('request', (req, res) => {
    const start = process.hrtime.bigint();
    const answer = req.method === 'GET' && !hasBody(req) ? lookUp(routes, req) : undefined;
    if (!answer) {
      framework(req, res);
      return;
    }
    const correlationId = correlationIdFor(req.headers[CORRELATION_HEADER]);
    res.setHeader(CORRELATION_HEADER, correlationId);
    if (isDraining()) res.setHeader('Connection', 'close');
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
    observe(answer, correlationId, Number(process.hrtime.bigint() - start) / 1e9);
  });
}

function lookUp(routes: MemoryRoutes, req: IncomingMessage): MemoryAnswer | undefined {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  try {
    return routes(query < 0 ? url : url.slice(0, query), req);
  } catch {
    return undefined; // Nest answers it, and logs whatever went wrong
  }
}

/** A GET with a body is left to Express, whose body handling (415, 413, 400) then applies as for any route. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}
