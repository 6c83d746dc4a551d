import { urlencoded, type NextFunction, type Request, type Response } from 'express';
import { sendPage } from './send-page';
import { REFUSAL_STATUS, renderSampleRefusal, type SampleRefusalKind } from './sample-pages';

/** The sample form is three short fields and a token: a browser sends a few hundred bytes. */
export const SAMPLE_BODY_LIMIT = 2048;

const parseForm = urlencoded({ extended: false, limit: SAMPLE_BODY_LIMIT, parameterLimit: 20, inflate: false });

/**
 * Express middleware for POST /buy/sample, ahead of the API's JSON parser: only the form's own encoding
 * (application/x-www-form-urlencoded in UTF-8 or ISO-8859-1, not compressed, at most 2 KB) is read; anything else is answered here
 * as a page (415, 413, 400), never as the API's JSON errors and never parsed as JSON, so the sample is no JSON API.
 * A POST with no body reads as an empty form (the missing token then asks for a reload).
 */
export function sampleBody(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'POST') return next();
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is('application/x-www-form-urlencoded')) return refuse(res, 'unsupported-type');
  parseForm(req, res, (err?: unknown) => {
    if (err) return refuse(res, refusalFor(err));
    if (req.body === undefined || req.body === null || typeof req.body !== 'object') req.body = {};
    next();
  });
}

function refusalFor(err: unknown): SampleRefusalKind {
  switch ((err as { type?: string }).type) {
    case 'entity.too.large':
    case 'parameters.too.many':
      return 'too-large';
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return 'unsupported-type';
    default:
      return 'bad-body';
  }
}

function refuse(res: Response, kind: SampleRefusalKind): void {
  // The rest of an unread body is not worth reading: the connection closes after the answer.
  res.set('Connection', 'close');
  sendPage(res, REFUSAL_STATUS[kind], renderSampleRefusal(kind));
}
