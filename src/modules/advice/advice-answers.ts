import { createHash } from 'node:crypto';
import type { MemoryAnswer, MemoryRoutes } from '../../common/pre-router';

/**
 * The complete answers for one cacheable resource (an item or the whole list), built once at start-up:
 * 200 with the body, and 304 without it for a matching If-None-Match.
 */
export interface CacheableAnswers {
  etag: string;
  ok: MemoryAnswer;
  notModified: MemoryAnswer;
}

/** What the answers need of the advice store. */
export interface AdviceAnswerSource {
  /** The 200 answer of a uniformly chosen item. */
  randomAnswer(): MemoryAnswer;
  allAnswers(): CacheableAnswers;
  /** The item's answers for a valid :id segment; undefined when it is not a plain integer in range. */
  answersForParam(raw: string): CacheableAnswers | undefined;
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

/** A serialised body's strong ETag: a SHA-256 prefix. */
function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Headers for a body that goes out with Content-Type and Content-Length. */
function withBody(headers: Record<string, string>, body: Buffer): Record<string, string> {
  return { ...headers, 'Content-Type': JSON_TYPE, 'Content-Length': String(body.length) };
}

/** An item's answer on the random route: never cached. */
export function buildRandomAnswer(body: Buffer): MemoryAnswer {
  return answer(ADVICE_ROUTE.random, 200, withBody({ ...CORS, 'Cache-Control': RANDOM_CACHE_CONTROL }, body), body);
}

export function buildCacheableAnswers(route: string, body: Buffer): CacheableAnswers {
  const etag = etagOf(body);
  const headers = { ...CORS, 'Cache-Control': ADVICE_CACHE_CONTROL, ETag: etag };
  return Object.freeze({ etag, ok: answer(route, 200, withBody(headers, body), body), notModified: answer(route, 304, headers) });
}

/** Answers are built once and shared by every request, so they are frozen. */
function answer(route: string, status: number, headers: Record<string, string>, body?: Buffer): MemoryAnswer {
  return Object.freeze({ route, status, headers: Object.freeze(headers), body });
}

/** 200 with the body, or 304 without one when If-None-Match already names it. */
export function cacheableAnswer(answers: CacheableAnswers, ifNoneMatch: string | undefined): MemoryAnswer {
  return etagMatches(ifNoneMatch, answers.etag) ? answers.notModified : answers.ok;
}

const PREFIX = `${ADVICE_ROUTE.random}/`;

/**
 * The advice routes for the pre-router: the successful answers of GET /api/advice, /api/advice/all and
 * /api/advice/:id. Exact, case-sensitive paths only; anything else (an invalid or unknown id, a trailing slash,
 * percent-encoding, other casing) is left to the Nest controller, which answers it as the same routes always did.
 */
export function adviceMemoryRoutes(advice: AdviceAnswerSource): MemoryRoutes {
  return (path, req) => {
    if (path === ADVICE_ROUTE.random) return advice.randomAnswer();
    if (!path.startsWith(PREFIX)) return undefined;
    const rest = path.slice(PREFIX.length);
    const answers = rest === 'all' ? advice.allAnswers() : advice.answersForParam(rest);
    return answers && cacheableAnswer(answers, req.headers['if-none-match']);
  };
}
