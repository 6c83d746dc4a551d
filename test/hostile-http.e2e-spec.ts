/**
 * Hostile HTTP, second round (README "Errors"): bodies whose Content-Encoding lies, truncated and unknown
 * encodings, URLs and headers past the limits, a malformed request line, and JSON-RPC edge cases on /mcp. Every
 * POST route of the operation registry and /mcp gets every case, over a real socket to the real API (and worker):
 * each answer is a 4xx with a non-empty JSON error (our shape; JSON-RPC's on /mcp), never a 5xx, and the process
 * goes on serving. The request of each case is built here, so a failure names it.
 */
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { OPERATIONS } from '../src/modules/operations/operations';
import { post, RunningService, startService, TEST_API_KEY } from './helpers/service';

const POST_ROUTES = [
  ...new Set([
    ...Object.values(OPERATIONS)
      .filter((op) => op.method === 'POST')
      .map((op) => op.path),
    '/mcp',
  ]),
];
const BIRTH = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
const JSON_BODY = Buffer.from(JSON.stringify(BIRTH));

interface Case {
  name: string;
  /** Extra request headers (content-type JSON, the key and a content-length are always sent). */
  headers?: Record<string, string>;
  body?: Buffer;
  /** Appended to the route (a query string). */
  query?: string;
  status: number;
  code: string;
}

const CASES: Case[] = [
  { name: 'gzip declared, plain JSON sent', headers: { 'content-encoding': 'gzip' }, body: JSON_BODY, status: 400, code: 'INVALID_ENCODING' },
  { name: 'deflate declared, plain JSON sent', headers: { 'content-encoding': 'deflate' }, body: JSON_BODY, status: 400, code: 'INVALID_ENCODING' },
  { name: 'br declared, plain JSON sent', headers: { 'content-encoding': 'br' }, body: JSON_BODY, status: 400, code: 'INVALID_ENCODING' },
  { name: 'gzip body truncated', headers: { 'content-encoding': 'gzip' }, body: gzipSync(JSON_BODY).subarray(0, 20), status: 400, code: 'INVALID_ENCODING' },
  {
    name: 'deflate body truncated',
    headers: { 'content-encoding': 'deflate' },
    body: deflateSync(JSON_BODY).subarray(0, 10),
    status: 400,
    code: 'INVALID_ENCODING',
  },
  {
    name: 'br body truncated',
    headers: { 'content-encoding': 'br' },
    body: brotliCompressSync(JSON_BODY).subarray(0, 10),
    status: 400,
    code: 'INVALID_ENCODING',
  },
  { name: 'gzip declared, deflate sent', headers: { 'content-encoding': 'gzip' }, body: deflateSync(JSON_BODY), status: 400, code: 'INVALID_ENCODING' },
  // 32 MB of spaces in 32 KB of gzip: inflated only up to the route's body limit (16 KB, 256 KB for batch and MCP,
  // 20 MB for a bulk job).
  { name: 'gzip bomb', headers: { 'content-encoding': 'gzip' }, body: gzipSync(Buffer.alloc(32 * 1024 * 1024, 0x20)), status: 413, code: 'PAYLOAD_TOO_LARGE' },
  { name: 'unknown encoding', headers: { 'content-encoding': 'compress' }, body: JSON_BODY, status: 415, code: 'UNSUPPORTED_ENCODING' },
  { name: 'two encodings', headers: { 'content-encoding': 'gzip, gzip' }, body: gzipSync(gzipSync(JSON_BODY)), status: 415, code: 'UNSUPPORTED_ENCODING' },
  { name: 'URL of 10 KB', query: `?q=${'a'.repeat(10 * 1024)}`, body: JSON_BODY, status: 414, code: 'URI_TOO_LONG' },
  { name: 'URL of 20 KB (past the HTTP parser)', query: `?q=${'a'.repeat(20 * 1024)}`, body: JSON_BODY, status: 414, code: 'URI_TOO_LONG' },
  { name: 'a header of 20 KB', headers: { 'x-padding': 'p'.repeat(20 * 1024) }, body: JSON_BODY, status: 431, code: 'HEADERS_TOO_LARGE' },
];

/** JSON-RPC messages /mcp must refuse with an error object (JSON-RPC 2.0 §4, §5, §6). */
const JSON_RPC_CASES: Array<{ name: string; body: string }> = [
  { name: 'empty batch', body: '[]' },
  { name: 'batch of a number', body: '[1]' },
  { name: 'empty object', body: '{}' },
  { name: 'no method', body: '{"jsonrpc":"2.0","id":1}' },
  { name: 'wrong version', body: '{"jsonrpc":"1.0","method":"tools/list","id":1}' },
  { name: 'method not a string', body: '{"jsonrpc":"2.0","method":7,"id":1}' },
];

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Sends exactly these bytes on a fresh socket and reads the answer to the end (the server closes or it is complete). */
function raw(port: number, bytes: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('no answer in 10 s')), 10_000);
    const finish = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: split < 0 ? '' : text.slice(split + 4) });
    };
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      // Complete once the declared body has arrived (kept-alive answers do not close the socket).
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, split))?.[1] ?? NaN);
      if (split >= 0 && Buffer.byteLength(text.slice(split + 4)) >= length) socket.end();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (err) => (chunks.length ? finish() : reject(err)));
    // Written, not ended: a client that half-closes (FIN) after its request has it aborted by Node (httpAllowHalfOpen
    // false) before an asynchronous answer, which is not what this test is about.
    socket.write(bytes);
  });
}

function request(path: string, headers: Record<string, string>, body: Buffer): Buffer {
  const all = { host: '127.0.0.1', 'content-type': 'application/json', 'hd-api-key': TEST_API_KEY, accept: 'application/json, text/event-stream', ...headers };
  const head = Object.entries({ ...all, 'content-length': String(body.length), connection: 'close' })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return Buffer.concat([Buffer.from(`POST ${path} HTTP/1.1\r\n${head}\r\n`), body]);
}

function parsed(answer: RawAnswer): { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } } | undefined {
  try {
    return JSON.parse(answer.body) as { jsonrpc?: unknown; error?: { code?: unknown } };
  } catch {
    return undefined;
  }
}

describe('hostile HTTP: lying encodings, long URLs and headers, malformed JSON-RPC', () => {
  let svc: RunningService;
  let port: number;

  beforeAll(async () => {
    svc = await startService();
    port = Number(new URL(svc.baseUrl).port);
  }, 120_000);
  afterAll(async () => svc?.stop());

  it('covers every POST route of the registry and /mcp', () => {
    expect(POST_ROUTES).toEqual(expect.arrayContaining(['/v1/chart', '/v1/charts/batch', '/v1/chart/penta', '/v1/chart/day', '/v1/purchase/webhook', '/mcp']));
    expect(POST_ROUTES.length).toBeGreaterThanOrEqual(17);
  });

  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: every POST route answers 4xx with the one JSON error',
    async (_name, c) => {
      const seen: string[] = [];
      for (const route of POST_ROUTES) {
        const answer = await raw(port, request(`${route}${c.query ?? ''}`, c.headers ?? {}, c.body ?? Buffer.alloc(0)));
        const body = parsed(answer);
        seen.push(`${route} ${answer.status} ${String(body?.error?.code)}`);
        expect([route, answer.status, body?.error?.code]).toEqual([route, c.status, c.code]);
        expect([route, answer.headers]).toEqual([route, expect.stringMatching(/content-type: application\/json/i)]);
      }
      expect(seen).toHaveLength(POST_ROUTES.length);
    },
    60_000,
  );

  it('a malformed request line or header is a 400 BAD_REQUEST in JSON, not a bare status line', async () => {
    const lines = [
      'GET /v1/chart HTTP/1.1\r\nhost: x\r\nbad header line\r\n\r\n',
      'P@ST /v1/chart HTTP/1.1\r\nhost: x\r\n\r\n',
      'POST /v1/chart HTTP/1.1\r\nhost: x\r\ncontent-length: abc\r\n\r\n',
    ];
    for (const bytes of lines) {
      const answer = await raw(port, Buffer.from(bytes));
      expect([bytes, answer.status, parsed(answer)?.error?.code]).toEqual([bytes, 400, 'BAD_REQUEST']);
    }
  });

  it.each(JSON_RPC_CASES.map((c) => [c.name, c.body] as const))('/mcp, %s: 4xx with a JSON-RPC error object', async (_name, body) => {
    const answer = await raw(port, request('/mcp', {}, Buffer.from(body)));
    const parsedBody = parsed(answer);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(parsedBody?.jsonrpc).toBe('2.0');
    expect(typeof parsedBody?.error?.code).toBe('number');
  });

  it('/mcp, a JSON value that is not an object or array: our 400 INVALID_JSON, before JSON-RPC is read', async () => {
    const answer = await raw(port, request('/mcp', {}, Buffer.from('"tools/list"')));
    expect([answer.status, parsed(answer)?.error?.code]).toEqual([400, 'INVALID_JSON']);
  });

  it('keeps serving: the next ordinary request is computed', async () => {
    const res = await post(svc.baseUrl, '/v1/chart', BIRTH);
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('Manifestor'); // RULES reference chart: Montreal 1948-04-09 00:14
    expect(svc.api.exitCode).toBeNull();
  });
});
