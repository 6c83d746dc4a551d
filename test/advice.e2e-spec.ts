/**
 * The advice API end to end: the real app (APP_ROLE=api) in-process on a free port, real HTTP requests, the
 * real Redis (under a key prefix of its own, removed afterwards). Expected items come from data/advice.json.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { INestApplication } from '@nestjs/common';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/http-app';
import { AdviceService } from '../src/modules/advice/advice.service';
import { deletePrefix, Json } from './helpers/service';

interface Item {
  id: number;
  advice: string;
  source: string;
}

const DATA: Item[] = JSON.parse(readFileSync(path.join(__dirname, '..', 'data', 'advice.json'), 'utf8'));
const N = 371;
const PREFIX = `test-advice-${process.pid}`;
/** χ² with 370 degrees of freedom: P(χ² > 514) ≈ 1e-6, P(χ² > 557) ≈ 1e-9. */
const CHI2_BOUND_1E6 = 514;
const CHI2_BOUND_1E9 = 557;

function chiSquare(counts: number[], draws: number): number {
  const expected = draws / N;
  let sum = 0;
  for (let id = 1; id <= N; id++) sum += (counts[id] - expected) ** 2 / expected;
  return sum;
}

describe('advice API (in-process app, real HTTP)', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, APP_ROLE: 'api', REDIS_PREFIX: PREFIX, LOG_LEVEL: 'warn' };
    delete env.PORT; // listen(0) below picks a free port
    delete env.HD_API_KEYS;
    app = await createApp(loadConfig(env));
    await app.listen(0, '127.0.0.1');
    base = `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/api/advice`;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await deletePrefix(PREFIX); // only what this app created under its own prefix
  });

  async function get(pathAndQuery: string, headers: Record<string, string> = {}) {
    const res = await fetch(base + pathAndQuery, { headers });
    const text = await res.text();
    return { res, status: res.status, text, body: text ? JSON.parse(text) : undefined, header: (n: string) => res.headers.get(n) };
  }

  function expectError(r: Awaited<ReturnType<typeof get>>, status: number, code: string): { code: string; message: string; details?: unknown } {
    expect(r.status).toBe(status);
    expect(r.header('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(r.body)).toEqual(['error']);
    expect(r.body.error.code).toBe(code);
    expect(typeof r.body.error.message).toBe('string');
    expect(r.header('access-control-allow-origin')).toBe('*');
    return r.body.error;
  }

  describe('GET /api/advice/:id', () => {
    it.each([1, 2, 42, 186, 370, 371])('answers item %i exactly as in data/advice.json', async (id) => {
      const r = await get(`/${id}`);
      expect(r.status).toBe(200);
      expect(r.header('content-type')).toBe('application/json; charset=utf-8');
      expect(r.body).toEqual(DATA[id - 1]);
      expect(Object.keys(r.body)).toEqual(['id', 'advice', 'source']);
      expect(r.body.source).toMatch(/^https:\/\//);
      expect(r.header('cache-control')).toBe('public, max-age=3600');
      expect(r.header('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(r.header('access-control-allow-origin')).toBe('*');
    });

    it('needs no HD-Api-Key, and ignores a wrong one', async () => {
      expect((await get('/5')).status).toBe(200);
      expect((await get('/5', { 'HD-Api-Key': 'not-a-real-key-0000000000' })).status).toBe(200);
    });

    it('answers 304 to a matching If-None-Match', async () => {
      const first = await get('/7');
      const etag = first.header('etag')!;
      const again = await get('/7', { 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.header('etag')).toBe(etag);
      expect((await get('/8', { 'If-None-Match': etag })).status).toBe(200);
    });

    it('reads leading zeros as base-10 digits ("007" is item 7)', async () => {
      expect((await get('/007')).body).toEqual(DATA[6]);
    });

    it.each([
      ['abc', 'abc'],
      ['1.5', '1.5'],
      ['-3', '-3'],
      ['1e2', '1e2'],
      ['%207', ' 7'],
      ['7%20', '7 '],
      ['0x10', '0x10'],
      ['+5', '+5'],
      ['%EF%BC%97', '７'], // a full-width digit is not 0-9
    ])('answers 400 INVALID_ID to %s', async (segment, shown) => {
      const error = expectError(await get(`/${segment}`), 400, 'INVALID_ID');
      expect(error.message).toContain(JSON.stringify(shown));
    });

    it.each(['0', '372', '1000', '99999999999999999999999'])('answers 404 ADVICE_NOT_FOUND to %s, naming the valid range', async (id) => {
      const error = expectError(await get(`/${id}`), 404, 'ADVICE_NOT_FOUND');
      expect(error.message).toContain('1 to 371');
      expect(error.details).toEqual({ min: 1, max: 371 });
    });
  });

  describe('GET /api/advice/all', () => {
    it('answers the bare array of all 371 items in id order, with ETag and Cache-Control', async () => {
      const r = await get('/all');
      expect(r.status).toBe(200);
      expect(r.header('content-type')).toBe('application/json; charset=utf-8');
      expect(Array.isArray(r.body)).toBe(true);
      expect(r.body).toHaveLength(N);
      expect(r.body.map((i: Item) => i.id)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
      expect(r.body).toEqual(DATA);
      expect(r.header('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(r.header('cache-control')).toBe('public, max-age=3600');
      expect(r.header('access-control-allow-origin')).toBe('*');
      expect(r.header('access-control-expose-headers')).toContain('ETag');
      expect(Number(r.header('content-length'))).toBe(Buffer.byteLength(r.text));
    });

    it('answers 304 with no body to a matching If-None-Match (plain, weak, in a list, or *)', async () => {
      const etag = (await get('/all')).header('etag')!;
      for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, '*']) {
        const r = await get('/all', { 'If-None-Match': ifNoneMatch });
        expect(r.status).toBe(304);
        expect(r.text).toBe('');
        expect(r.header('etag')).toBe(etag);
        expect(r.header('cache-control')).toBe('public, max-age=3600');
      }
    });

    it('answers 200 to a stale If-None-Match', async () => {
      const r = await get('/all', { 'If-None-Match': '"stale"' });
      expect(r.status).toBe(200);
      expect(r.body).toHaveLength(N);
    });
  });

  describe('GET /api/advice', () => {
    it('answers one valid item, never cached, open to every origin, without a key', async () => {
      const r = await get('');
      expect(r.status).toBe(200);
      expect(r.header('content-type')).toBe('application/json; charset=utf-8');
      expect(r.header('cache-control')).toBe('no-store');
      expect(r.header('etag')).toBeNull();
      expect(r.header('access-control-allow-origin')).toBe('*');
      expect(Number.isInteger(r.body.id)).toBe(true);
      expect(r.body).toEqual(DATA[r.body.id - 1]);
    });

    it('draws uniformly over HTTP (7,420 draws: χ² under the p = 1e-6 bound)', async () => {
      const draws = 20 * N;
      const counts = new Array(N + 1).fill(0);
      const idOfBody = new Map(DATA.map((item) => [JSON.stringify(item), item.id]));
      const unexpected: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < draws) {
          next++;
          const text = await (await fetch(base)).text();
          const id = idOfBody.get(text);
          if (id === undefined) unexpected.push(text);
          else counts[id]++;
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      expect(unexpected).toEqual([]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(draws);
      expect(chiSquare(counts, draws)).toBeLessThan(CHI2_BOUND_1E6);
    }, 30_000);

    it('draws every id, 1 and 371 included, uniformly (service, 74,200 draws: χ² under the p = 1e-9 bound)', () => {
      const service = app.get(AdviceService);
      const draws = 200 * N;
      const counts = new Array(N + 2).fill(0);
      for (let i = 0; i < draws; i++) counts[service.randomId()]++;
      expect(counts[0]).toBe(0);
      expect(counts[N + 1]).toBe(0);
      expect(counts.slice(1, N + 1).every((c) => c > 0)).toBe(true);
      expect(counts[1]).toBeGreaterThan(0);
      expect(counts[N]).toBeGreaterThan(0);
      expect(chiSquare(counts, draws)).toBeLessThan(CHI2_BOUND_1E9);
    });
  });

  describe('CORS preflight and OpenAPI', () => {
    it.each(['', '/all', '/42'])('answers an OPTIONS preflight for /api/advice%s', async (suffix) => {
      const res = await fetch(base + suffix, {
        method: 'OPTIONS',
        headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain('GET');
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('if-none-match');
    });

    it('documents the three routes with examples', async () => {
      const doc = (await (await fetch(base.replace('/api/advice', '/docs-json'))).json()) as { paths: Record<string, Json> };
      const random = doc.paths['/api/advice'].get;
      const all = doc.paths['/api/advice/all'].get;
      const byId = doc.paths['/api/advice/{id}'].get;
      expect(random.security ?? []).toEqual([]);
      expect(JSON.stringify(random.responses['200'])).toContain('God helps them');
      expect(all.responses['304']).toBeDefined();
      expect(JSON.stringify(all.responses['200'])).toContain('"example"');
      expect(byId.parameters.find((p: { name: string }) => p.name === 'id').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: N });
      expect(JSON.stringify(byId.responses['400'])).toContain('INVALID_ID');
      expect(JSON.stringify(byId.responses['404'])).toContain('ADVICE_NOT_FOUND');
      expect(doc.paths['/api/advice/{id}'].options).toBeUndefined();
    });
  });
});
