/**
 * The advice pre-router (common/pre-router.ts) answers the advice routes' successful GETs before Express.
 * This suite runs two in-process APIs on real HTTP and the real Redis, one with the pre-router and one
 * without (Nest's controller only), sends both the same requests and requires the same answers, byte for
 * byte, and checks which requests the pre-router takes and which it leaves to Nest.
 */
import { INestApplication } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/http-app';
import { adviceMemoryRoutes } from '../src/modules/advice/advice-answers';
import { AdviceService } from '../src/modules/advice/advice.service';
import { deletePrefix } from './helpers/service';

const PREFIX = `test-advice-pr-${process.pid}`;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers that differ between any two answers: the clock and the connection. */
const VOLATILE = new Set(['date', 'keep-alive', 'connection']);

describe('advice pre-router: the same answers as the Nest controller', () => {
  let fast: INestApplication;
  let nest: INestApplication;
  let fastBase: string;
  let nestBase: string;

  async function start(preRouter: boolean): Promise<[INestApplication, string]> {
    const env: NodeJS.ProcessEnv = { ...process.env, APP_ROLE: 'api', REDIS_PREFIX: PREFIX, LOG_LEVEL: 'warn' };
    delete env.PORT;
    delete env.HD_API_KEYS;
    const app = await createApp(loadConfig(env), { preRouter });
    await app.listen(0, '127.0.0.1');
    return [app, (await app.getUrl()).replace('[::1]', '127.0.0.1')];
  }

  beforeAll(async () => {
    [fast, fastBase] = await start(true);
    [nest, nestBase] = await start(false);
  }, 60_000);

  afterAll(async () => {
    await fast?.close();
    await nest?.close();
    await deletePrefix(PREFIX);
  });

  async function ask(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
    const res = await fetch(base + path, init);
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (!VOLATILE.has(name)) headers[name] = value;
    });
    return { status: res.status, headers, body: await res.text() };
  }

  const GIVEN_ID = { 'x-correlation-id': 'parity-1' };

  it.each([
    '/api/advice/1',
    '/api/advice/42',
    '/api/advice/371',
    '/api/advice/007',
    '/api/advice/42?lang=en&x=%ZZ',
    '/api/advice/all',
    '/api/advice/0',
    '/api/advice/372',
    '/api/advice/99999999999999999999',
    '/api/advice/abc',
    '/api/advice/-3',
    '/api/advice/1e2',
    '/api/advice/1.5',
    '/api/advice/%207',
    '/api/advice/%34%32',
    '/api/advice/42/',
    '/API/ADVICE/42',
    '/api/advice/42/extra',
    '/api/advicex',
  ])('GET %s', async (path) => {
    const a = await ask(fastBase, path, { headers: GIVEN_ID });
    const b = await ask(nestBase, path, { headers: GIVEN_ID });
    expect(a).toEqual(b);
    expect(a.headers['x-correlation-id']).toBe('parity-1');
  });

  it('answers 304 alike to a matching If-None-Match, for one item and for the list', async () => {
    for (const path of ['/api/advice/42', '/api/advice/all']) {
      const etag = (await ask(nestBase, path)).headers.etag;
      const a = await ask(fastBase, path, { headers: { ...GIVEN_ID, 'If-None-Match': `W/${etag}, "other"` } });
      const b = await ask(nestBase, path, { headers: { ...GIVEN_ID, 'If-None-Match': `W/${etag}, "other"` } });
      expect(a.status).toBe(304);
      expect(a).toEqual(b);
    }
  });

  it('answers the random route with the same headers and a valid item', async () => {
    const a = await ask(fastBase, '/api/advice', { headers: GIVEN_ID });
    const b = await ask(nestBase, '/api/advice', { headers: GIVEN_ID });
    expect(a.status).toBe(200);
    const { 'content-length': lengthA, ...headersA } = a.headers;
    const { 'content-length': lengthB, ...headersB } = b.headers;
    expect(headersA).toEqual(headersB);
    expect(Number(lengthA)).toBe(Buffer.byteLength(a.body));
    expect(Number(lengthB)).toBe(Buffer.byteLength(b.body));
    const item = JSON.parse(a.body) as { id: number };
    expect((await ask(nestBase, `/api/advice/${item.id}`)).body).toBe(a.body);
  });

  it('gives a fresh correlation id when the caller sends none or an unsafe one', async () => {
    const choices: Record<string, string>[] = [{}, { 'x-correlation-id': 'no spaces allowed' }];
    for (const headers of choices) {
      const a = await ask(fastBase, '/api/advice/5', { headers });
      expect(a.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers HEAD, OPTIONS and a GET with a body alike (all left to Nest)', async () => {
    const path = '/api/advice/42';
    const preflight = { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET' };
    for (const init of [
      { method: 'HEAD', headers: GIVEN_ID },
      { method: 'OPTIONS', headers: { ...GIVEN_ID, ...preflight } },
    ]) {
      expect(await ask(fastBase, path, init)).toEqual(await ask(nestBase, path, init));
    }
    // fetch() refuses a GET body; send the raw request instead
    expect(await rawGetWithBody(fastBase, path)).toEqual(await rawGetWithBody(nestBase, path));
  });

  it('takes exactly the successful GETs and leaves every other path to Nest', () => {
    const routes = adviceMemoryRoutes(fast.get(AdviceService));
    const req = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;
    expect(routes('/api/advice', req())?.route).toBe('/api/advice');
    expect(routes('/api/advice/all', req())).toMatchObject({ route: '/api/advice/all', status: 200 });
    expect(routes('/api/advice/371', req())).toMatchObject({ route: '/api/advice/:id', status: 200 });
    expect(routes('/api/advice/001', req())).toMatchObject({ route: '/api/advice/:id', status: 200 });
    for (const path of [
      '/api/advice/0',
      '/api/advice/372',
      '/api/advice/abc',
      '/api/advice/%34',
      '/api/advice/1/',
      '/api/advice/',
      '/api/advices',
      '/v1/chart',
      '/',
    ]) {
      expect(routes(path, req())).toBeUndefined();
    }
  });
});

/** A GET carrying a text body, written by hand on a socket: Express answers it (415 from requireJsonBody, or the route). */
async function rawGetWithBody(base: string, path: string): Promise<{ status: number; body: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'text/plain', 'content-length': '5', 'x-correlation-id': 'parity-2' };
    const req = request(base + path, { method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end('hello');
  });
}
