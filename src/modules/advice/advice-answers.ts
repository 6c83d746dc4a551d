import type { MemoryAnswer, MemoryRoutes } from '../../common/pre-router';

/** A response body serialised once, with its strong ETag. */
export interface PreparedBody {
  body: Buffer;
  etag: string;
}

/** What the answers need of the advice store. */
export interface AdviceBodies {
  randomPrepared(): PreparedBody;
  allPrepared(): PreparedBody;
  /** The item's body for a valid :id segment; undefined when it is not a plain integer in range. */
  preparedForParam(raw: string): PreparedBody | undefined;
}

export const ADVICE_ROUTE = { random: '/api/advice', all: '/api/advice/all', byId: '/api/advice/:id' } as const;

/** Open to every origin for reading; sent on answers and errors alike. */
export const CORS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, X-Correlation-Id',
};
const JSON_TYPE = 'application/json; charset=utf-8';
/** The data only changes with a deploy; clients revalidate with the ETag after an hour. */
export const ADVICE_CACHE_CONTROL = 'public, max-age=3600';
export const RANDOM_CACHE_CONTROL = 'no-store';

/**
 * True when an If-None-Match header matches the ETag (weak comparison, as RFC 9110 §13.1.2 asks for
 * If-None-Match): `*`, or any listed tag equal to it with or without `W/`.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const wanted = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const part of ifNoneMatch.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === wanted || tag === `W/${wanted}`) return true;
  }
  return false;
}

export function randomAnswer(advice: AdviceBodies): MemoryAnswer {
  return {
    route: ADVICE_ROUTE.random,
    status: 200,
    headers: { ...CORS, 'Cache-Control': RANDOM_CACHE_CONTROL, 'Content-Type': JSON_TYPE },
    body: advice.randomPrepared().body,
  };
}

/** 200 with the body, or 304 without one when If-None-Match already names it. */
export function cacheableAnswer(route: string, prepared: PreparedBody, ifNoneMatch: string | undefined): MemoryAnswer {
  const headers: Record<string, string> = { ...CORS, 'Cache-Control': ADVICE_CACHE_CONTROL, ETag: prepared.etag };
  if (etagMatches(ifNoneMatch, prepared.etag)) return { route, status: 304, headers };
  headers['Content-Type'] = JSON_TYPE;
  return { route, status: 200, headers, body: prepared.body };
}

const PREFIX = `${ADVICE_ROUTE.random}/`;

/**
 * The advice routes for the pre-router: the successful answers of GET /api/advice, /api/advice/all and
 * /api/advice/:id. Exact, case-sensitive paths only; anything else (an invalid or unknown id, a trailing slash,
 * percent-encoding, other casing) is left to the Nest controller, which answers it as the same routes always did.
 */
export function adviceMemoryRoutes(advice: AdviceBodies): MemoryRoutes {
  return (path, req) => {
    if (path === ADVICE_ROUTE.random) return randomAnswer(advice);
    if (!path.startsWith(PREFIX)) return undefined;
    const rest = path.slice(PREFIX.length);
    const ifNoneMatch = req.headers['if-none-match'];
    if (rest === 'all') return cacheableAnswer(ADVICE_ROUTE.all, advice.allPrepared(), ifNoneMatch);
    const prepared = advice.preparedForParam(rest);
    return prepared ? cacheableAnswer(ADVICE_ROUTE.byId, prepared, ifNoneMatch) : undefined;
  };
}
