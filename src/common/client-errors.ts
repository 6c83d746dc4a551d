import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './api-error';
import { CORRELATION_HEADER } from './correlation';
import { errorBody, sendError } from './error.filter';

/** The longest request target (path and query) we read; longer ones answer 414 URI_TOO_LONG. */
export const MAX_URL_BYTES = 8 * 1024;

/**
 * Express middleware, first after logging: a request target over MAX_URL_BYTES is refused before anything reads it.
 * (Node's own parser stops at 16 KB for the request line and headers together; see answerClientErrors.)
 */
export function refuseLongUrl(req: Request, res: Response, next: NextFunction): void {
  if (Buffer.byteLength(req.originalUrl ?? req.url ?? '') > MAX_URL_BYTES) {
    return sendError(req, res, uriTooLong());
  }
  next();
}

function uriTooLong(): ApiError {
  return new ApiError(414, 'URI_TOO_LONG', `The request URL is longer than ${MAX_URL_BYTES} bytes.`);
}

/**
 * What Node's HTTP parser refuses before any request exists (request line and headers over `maxHeaderSize`, a
 * malformed request line or header, a request that never finished arriving) is answered in the one JSON error
 * shape instead of Node's bare status line with an empty body. The connection is closed after it: the parser
 * cannot read on past the error.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const apiError = clientErrorAnswer(err);
    const correlationId = randomUUID();
    const body = JSON.stringify(errorBody(apiError, correlationId));
    socket.end(
      `HTTP/1.1 ${apiError.status} ${STATUS_TEXT[apiError.status] ?? 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `${CORRELATION_HEADER}: ${correlationId}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/** The answer for one of the parser's errors (codes from llhttp and node:http). */
export function clientErrorAnswer(err: NodeJS.ErrnoException & { rawPacket?: Buffer }): ApiError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW': {
      // Over the limit before the request line ended: the URL itself is what is too long.
      const firstLineEnd = err.rawPacket?.indexOf('\r\n') ?? -1;
      if (firstLineEnd < 0 || firstLineEnd > MAX_URL_BYTES) return uriTooLong();
      return new ApiError(431, 'HEADERS_TOO_LARGE', 'The request headers are too large (16 KB at most, request line included).');
    }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The chunk extensions of the request body are too large.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'REQUEST_TIMEOUT', 'The request did not arrive in time.');
    default:
      return new ApiError(400, 'BAD_REQUEST', 'The request is not valid HTTP/1.1.');
  }
}
