import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError, ErrorBody } from './api-error';
import { correlationIdOf } from './correlation';

/** Maps Nest's own HTTP exceptions (unknown route, body parser …) to our codes. */
const NEST_STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * Every error leaves the process in the one shape. Anything unexpected becomes 500 INTERNAL with a
 * correlation id and no stack trace; the stack goes to the log only.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    const err = toApiError(exception);
    if (err.code === 'INTERNAL') {
      this.logger.error(
        { msg: 'unexpected error', correlationId: correlationIdOf(req), route: (req?.route as { path?: string } | undefined)?.path ?? req?.path },
        describeError(exception),
      );
    }
    sendError(req, res, err);
  }
}

/** An error's stack with its causes' (an ApiError 500 carries what went wrong underneath as its cause). */
export function describeError(exception: unknown): string {
  const lines: string[] = [];
  for (let e: unknown = exception, depth = 0; e !== undefined && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    lines.push((depth ? 'caused by: ' : '') + (e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : JSON.stringify(e)));
    if (!(e instanceof Error)) break;
  }
  return lines.join('\n');
}

/** Writes an ApiError in the one shape; 5xx answers carry the correlation id. */
export function sendError(req: Request, res: Response, err: ApiError): void {
  if (res.headersSent) return;
  const body = errorBody(err, correlationIdOf(req));
  for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
  // A route may have set another type (the SVG route does) before failing: errors are always JSON.
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.status(err.status).json(body);
}

/** The one error shape; 5xx answers carry the correlation id. */
export function errorBody(err: ApiError, correlationId: string): ErrorBody {
  const body: ErrorBody = { error: { code: err.code, message: err.message } };
  if (err.details !== undefined) body.error.details = err.details;
  if (err.status >= 500) body.error.correlationId = correlationId;
  return body;
}

/**
 * A POST with a body must send it as JSON; anything else would reach validation as an empty object. Routes with
 * their own parser (the Stripe webhook's raw bytes, the buy form) have read the body already.
 */
export function requireJsonBody(req: Request, res: Response, next: (err?: unknown) => void): void {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (req.method === 'POST' && hasBody && req.body === undefined && !req.is('application/json')) {
    return sendError(req, res, new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON with Content-Type: application/json.'));
  }
  next();
}

/**
 * Express error middleware placed right after the body parser: malformed JSON, a body over the limit or a bad
 * charset are answered here, before Nest would turn them into a generic 400 or 500.
 */
export function bodyErrorHandler(err: unknown, req: Request, res: Response, next: (err?: unknown) => void): void {
  const apiError = fromBodyParser(err);
  if (!apiError) return next(err);
  sendError(req, res, apiError);
}

export function toApiError(exception: unknown): ApiError {
  if (exception instanceof ApiError) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === 404) return new ApiError(404, 'NOT_FOUND', 'No such route.');
    const code = NEST_STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
    return new ApiError(status, code, exception.message);
  }
  const bodyParserError = fromBodyParser(exception);
  if (bodyParserError) return bodyParserError;
  return new ApiError(500, 'INTERNAL', 'An unexpected error occurred; quote the correlation id when reporting it.');
}

/** body-parser errors carry a `type` (entity.parse.failed, entity.too.large, …) and a status. */
export function fromBodyParser(exception: unknown): ApiError | undefined {
  if (!exception || typeof exception !== 'object') return undefined;
  const { type, status, limit, code } = exception as { type?: string; status?: number; limit?: number; code?: unknown };
  switch (type) {
    case 'entity.parse.failed':
      return new ApiError(400, 'INVALID_JSON', 'The request body must be valid JSON: an object such as {"birthdate": …}.');
    case 'entity.too.large':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit ?? 16384} bytes.`);
    case 'encoding.unsupported':
      // body-parser's own type for an unknown Content-Encoding; a bad charset is re-typed charset.unsupported.
      return new ApiError(415, 'UNSUPPORTED_ENCODING', 'Content-Encoding must be gzip, deflate, br or identity (none).');
    case 'charset.unsupported':
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be UTF-8 JSON.');
    case 'request.aborted':
      return new ApiError(400, 'REQUEST_ABORTED', 'The request was aborted by the client.');
    case 'request.size.invalid':
      return new ApiError(400, 'BAD_REQUEST', 'The request body is not as long as its Content-Length says.');
    default:
      // A body that does not decompress as its Content-Encoding says: body-parser passes zlib's error on with
      // status 400 and no type (codes Z_DATA_ERROR, Z_BUF_ERROR, ERR__ERROR_FORMAT_… for Brotli).
      if (status === 400 && !type && typeof code === 'string' && /^(Z_|ERR_)/.test(code)) {
        return new ApiError(
          400,
          'INVALID_ENCODING',
          'The request body is not valid for its Content-Encoding (gzip, deflate or br): it is truncated, corrupt or not compressed.',
        );
      }
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return new ApiError(status, 'BAD_REQUEST', 'The request body could not be read.');
      }
      return undefined;
  }
}
