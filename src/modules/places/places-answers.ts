import type { IncomingMessage } from 'node:http';
import type { MemoryAnswer, MemoryRoutes } from '../../common/pre-router';
import { hashApiKey } from '../auth/api-key';
import { presentedApiKey } from '../../common/api-key-header';
import type { ApiKeyService } from '../auth/api-key.store';
import type { PlacesService } from './places.service';

export const PLACES_ROUTE = '/v1/places';

/**
 * GET /v1/places on the pre-router's hot path (see common/pre-router.ts): answered there only when everything is
 * plainly fine — a key already known valid (static, or checked within the last seconds), a well-formed q and
 * limit, a search that succeeds. Anything else (a key to look up in Redis, an error to explain) goes to the
 * Nest controller, which gives the same answer the long way and stays the documented surface. An answer given
 * here is counted in the key's usage (`count`), as the controller's are from the request log (modules/usage: usageSink).
 */
export function placesMemoryRoutes(
  places: PlacesService,
  keys: ApiKeyService,
  count: (keyHash: string, operation: string) => void = () => undefined,
): MemoryRoutes {
  return (path: string, req: IncomingMessage): MemoryAnswer | undefined => {
    if (path !== PLACES_ROUTE) return undefined;
    const key = presentedApiKey(req.headers);
    const hash = key ? hashApiKey(key) : undefined;
    if (!hash || !keys.knownValid(hash)) return undefined;
    const params = new URLSearchParams((req.url ?? '').slice((req.url ?? '').indexOf('?') + 1));
    const q = params.get('q')?.trim() ?? '';
    const limitText = params.get('limit');
    const limit = limitText === null ? 10 : Number(limitText);
    if (q.length < 2 || q.length > 200 || !/^\d{1,2}$/.test(limitText ?? '10') || limit < 1 || limit > 20) return undefined;
    for (const name of params.keys()) if (name !== 'q' && name !== 'limit') return undefined;
    const body = Buffer.from(JSON.stringify(places.search(q, limit)));
    count(hash.toString('hex'), 'places');
    return { route: PLACES_ROUTE, status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length) }, body };
  };
}
