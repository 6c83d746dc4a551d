/**
 * Retries and error mapping against a tiny HTTP server of our own on loopback (no API needed): a 503 with
 * Retry-After is retried after the wait, the retries stop after `retries`, nothing else is retried, and the
 * request body is sent again intact on every attempt.
 */
import { strict as assert } from 'node:assert';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createHdClient, HdApiError, retryAfterSeconds } from '../src/index.js';

interface Hit {
  method: string;
  url: string;
  key: string | undefined;
  correlationId: string | undefined;
  body: string;
  at: number;
}

type Handler = (hit: Hit, index: number, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let hits: Hit[] = [];
let handler: Handler = (_hit, _i, res) => res.writeHead(500).end();

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'x-correlation-id': 'srv-corr-1', ...headers });
  res.end(JSON.stringify(body));
}

const overloaded = { error: { code: 'OVERLOADED', message: 'Too many requests of this key are waiting; try again shortly.', correlationId: 'corr-503' } };
const chartBody = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Canada' };

before(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit: Hit = {
        method: req.method ?? '',
        url: req.url ?? '',
        key: req.headers['hd-api-key'] as string | undefined,
        correlationId: req.headers['x-correlation-id'] as string | undefined,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      hits.push(hit);
      handler(hit, hits.length - 1, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  hits = [];
});

describe('retries on 503 with Retry-After', () => {
  it('waits Retry-After (1 s), retries, and returns the answer that follows; the body is sent again intact', async () => {
    handler = (_hit, i, res) => (i === 0 ? json(res, 503, overloaded, { 'Retry-After': '1' }) : json(res, 200, { type: 'Manifestor', profile: '5/1' }));
    const hd = createHdClient({ baseUrl, apiKey: 'k-0123456789abcdef' });
    const started = Date.now();
    assert.deepEqual(await hd.chart(chartBody), { type: 'Manifestor', profile: '5/1' });
    assert.equal(hits.length, 2);
    assert.ok(hits[1].at - hits[0].at >= 950, `the retry came ${hits[1].at - hits[0].at} ms after the 503, not ~1000`);
    assert.ok(Date.now() - started < 5_000);
    for (const hit of hits) {
      assert.equal(hit.method, 'POST');
      assert.equal(hit.url, '/v1/chart');
      assert.equal(hit.key, 'k-0123456789abcdef');
      assert.deepEqual(JSON.parse(hit.body), chartBody);
    }
  });

  it('stops after `retries` extra attempts and throws the last 503 as HdApiError', async () => {
    handler = (_hit, _i, res) => json(res, 503, overloaded, { 'Retry-After': '1' });
    const hd = createHdClient({ baseUrl, apiKey: 'k-0123456789abcdef', retries: 2 });
    const err = await hd.chart(chartBody).then(
      () => assert.fail('expected HdApiError'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof HdApiError);
    assert.equal(err.status, 503);
    assert.equal(err.code, 'OVERLOADED');
    assert.equal(err.retryAfter, 1);
    assert.equal(err.correlationId, 'corr-503');
    assert.equal(hits.length, 3, '1 attempt + 2 retries');
    assert.ok(hits.every((h) => JSON.parse(h.body).birthdate === '1948-04-09'));
  });

  it('retries: 0 sends once', async () => {
    handler = (_hit, _i, res) => json(res, 503, overloaded, { 'Retry-After': '1' });
    const hd = createHdClient({ baseUrl, apiKey: 'k', retries: 0 });
    await assert.rejects(hd.chart(chartBody), (e: unknown) => e instanceof HdApiError && e.status === 503);
    assert.equal(hits.length, 1);
  });

  it('caps the wait at maxRetryAfterSeconds', async () => {
    handler = (_hit, i, res) => (i === 0 ? json(res, 503, overloaded, { 'Retry-After': '120' }) : json(res, 200, { ok: true }));
    const hd = createHdClient({ baseUrl, apiKey: 'k', maxRetryAfterSeconds: 0.2 });
    const started = Date.now();
    assert.deepEqual(await hd.chart(chartBody), { ok: true });
    assert.equal(hits.length, 2);
    assert.ok(Date.now() - started < 3_000);
  });

  it('an aborted signal ends the wait', async () => {
    handler = (_hit, _i, res) => json(res, 503, overloaded, { 'Retry-After': '30' });
    const hd = createHdClient({ baseUrl, apiKey: 'k' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await assert.rejects(hd.chart(chartBody, { signal: controller.signal }), (e: unknown) => (e as Error).name === 'AbortError');
    assert.ok(Date.now() - started < 3_000);
    assert.equal(hits.length, 1);
  });

  for (const [what, status, headers, code] of [
    ['a 503 without Retry-After', 503, {}, 'SERVICE_UNAVAILABLE'],
    ['a 504 with Retry-After', 504, { 'Retry-After': '1' }, 'COMPUTE_TIMEOUT'],
    ['a 500', 500, {}, 'INTERNAL'],
    ['a 429 with Retry-After', 429, { 'Retry-After': '1' }, 'OVERLOADED'],
  ] as const) {
    it(`does not retry ${what}`, async () => {
      handler = (_hit, _i, res) => json(res, status, { error: { code, message: 'no' } }, headers);
      const hd = createHdClient({ baseUrl, apiKey: 'k' });
      await assert.rejects(hd.chart(chartBody), (e: unknown) => e instanceof HdApiError && e.status === status && e.code === code);
      assert.equal(hits.length, 1);
    });
  }
});

describe('errors and plumbing', () => {
  it('maps the error body and headers onto HdApiError', async () => {
    handler = (_hit, _i, res) =>
      json(res, 422, { error: { code: 'LOCATION_NOT_FOUND', message: 'No place called "Atlantis".', details: { suggestions: ['Atlanta'] } } });
    const hd = createHdClient({ baseUrl, apiKey: 'k' });
    const err = await hd.chart(chartBody).catch((e: unknown) => e);
    assert.ok(err instanceof HdApiError && err instanceof Error);
    assert.equal(err.name, 'HdApiError');
    assert.equal(err.status, 422);
    assert.equal(err.code, 'LOCATION_NOT_FOUND');
    assert.equal(err.message, 'No place called "Atlantis".');
    assert.deepEqual(err.details, { suggestions: ['Atlanta'] });
    assert.equal(err.retryAfter, undefined);
    assert.equal(err.correlationId, 'srv-corr-1', 'from the x-correlation-id header');
  });

  it('a non-2xx answer without the API error body is UNEXPECTED_RESPONSE', async () => {
    handler = (_hit, _i, res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<html>Bad Gateway</html>');
    const hd = createHdClient({ baseUrl, apiKey: 'k' });
    const err = await hd.advice().catch((e: unknown) => e);
    assert.ok(err instanceof HdApiError);
    assert.equal(err.status, 502);
    assert.equal(err.code, 'UNEXPECTED_RESPONSE');
    assert.match(err.message, /502.*Bad Gateway/);
  });

  it('sends the key, the correlation id and query/path parameters', async () => {
    handler = (hit, _i, res) => json(res, 200, { url: hit.url });
    const hd = createHdClient({ baseUrl: `${baseUrl}/`, apiKey: 'key-0123456789abcdef' });
    assert.deepEqual(await hd.places('san fr', { correlationId: 'my-corr-7' }), { url: '/v1/places?q=san%20fr' });
    assert.deepEqual(await hd.places({ q: 'münch', limit: 3 }), { url: '/v1/places?q=m%C3%BCnch&limit=3' });
    assert.deepEqual(await hd.adviceById(42), { url: '/api/advice/42' });
    assert.deepEqual(await hd.allAdvice(), { url: '/api/advice/all' });
    assert.equal(hits[0].key, 'key-0123456789abcdef');
    assert.equal(hits[0].correlationId, 'my-corr-7');
    assert.equal(hits[1].correlationId, undefined);
  });

  it('a custom fetch is used (and wrapped by the retries)', async () => {
    handler = (_hit, i, res) => (i === 0 ? json(res, 503, overloaded, { 'Retry-After': '0' }) : json(res, 200, { ok: 1 }));
    let calls = 0;
    const hd = createHdClient({
      baseUrl,
      apiKey: 'k',
      fetch: (input, init) => {
        calls++;
        return fetch(input, init);
      },
    });
    assert.deepEqual(await hd.chart(chartBody), { ok: 1 });
    assert.equal(calls, 2);
  });

  it('rotateKey() switches the client to the new key', async () => {
    handler = (hit, _i, res) =>
      hit.url === '/v1/keys/rotate'
        ? json(res, 200, { key: 'hdk_new-key-0123456789', createdAt: '2026-01-01T00:00:00.000Z', replaced: 'abc' })
        : json(res, 200, {});
    const hd = createHdClient({ baseUrl, apiKey: 'old-key-0123456789' });
    await hd.rotateKey();
    await hd.chart(chartBody);
    assert.equal(hits[0].key, 'old-key-0123456789');
    assert.equal(hits[1].key, 'hdk_new-key-0123456789');
    assert.equal(hd.key, 'hdk_new-key-0123456789');
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    assert.equal(retryAfterSeconds('1'), 1);
    assert.equal(retryAfterSeconds(' 30 '), 30);
    assert.equal(retryAfterSeconds(null), undefined);
    assert.equal(retryAfterSeconds('soon'), undefined);
    assert.equal(retryAfterSeconds('-1'), undefined);
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(retryAfterSeconds('Thu, 01 Jan 2026 00:00:05 GMT', now), 5);
    assert.equal(retryAfterSeconds('Wed, 31 Dec 2025 23:00:00 GMT', now), 0);
  });

  it('refuses a negative or fractional retries', () => {
    assert.throws(() => createHdClient({ baseUrl, apiKey: 'k', retries: -1 }), RangeError);
    assert.throws(() => createHdClient({ baseUrl, apiKey: 'k', retries: 1.5 }), RangeError);
  });
});
