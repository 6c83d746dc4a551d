import { ApiError } from '../../common/api-error';
import { sameSecret } from '../../common/same-secret';

/** The metrics token check, shared by GET /metrics on the public port and on METRICS_PORT. */
export function metricsTokenError(authorization: string | undefined, token: string | undefined): ApiError | undefined {
  if (!token) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (match && sameSecret(match[1].trim(), token)) return undefined;
  return new ApiError(401, 'METRICS_TOKEN_INVALID', 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.', undefined, {
    'WWW-Authenticate': 'Bearer realm="metrics"',
  });
}
