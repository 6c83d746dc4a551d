import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../../common/api-error';
import { sendError } from '../../common/error.filter';
import { sameSecret } from '../../common/same-secret';

/** The token sent as `Authorization: Bearer <token>` or as the password of HTTP Basic (any user name). */
export function presentedToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) : undefined;
  }
  return undefined;
}

/**
 * What the dashboard may load: only its own files. bull-board's page links IBM Plex from Google Fonts; an operator's
 * browser must not call out to a third party from an admin page, so that link is refused here (the page falls back
 * to the system sans-serif) rather than by patching bull-board's template. Its inline styles stay allowed.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Express middleware in front of bull-board (mounted as middleware, so the global HD-Api-Key guard never runs
 * for it). Without ADMIN_TOKEN configured the dashboard is closed: every request is 401.
 */
export function adminAuthMiddleware(adminToken: string | undefined) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const given = presentedToken(req.headers.authorization);
    if (adminToken && given && sameSecret(given, adminToken)) {
      res.setHeader('Content-Security-Policy', ADMIN_CSP);
      return next();
    }
    res.setHeader('WWW-Authenticate', 'Basic realm="hd-admin", charset="UTF-8"');
    const err = !adminToken
      ? new ApiError(401, 'ADMIN_DISABLED', 'The queue dashboard is disabled: no ADMIN_TOKEN is configured.')
      : given
        ? new ApiError(401, 'ADMIN_TOKEN_INVALID', 'The admin token is wrong.')
        : new ApiError(401, 'ADMIN_TOKEN_MISSING', 'Send the admin token as Authorization: Bearer <token> or as the Basic password.');
    sendError(req, res, err);
  };
}
