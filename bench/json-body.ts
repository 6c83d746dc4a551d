import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The bench servers' request body (bench/limit-server.ts and the two floor servers): read whole, parsed as JSON and
 * handed to `handle`; a body that is not JSON is answered 400 here. The bench sends only valid births.
 */
export function onJsonBody<T>(req: IncomingMessage, res: ServerResponse, handle: (body: T) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let body: T;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString()) as T;
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"code":"INVALID_JSON"}');
      return;
    }
    handle(body);
  });
}
