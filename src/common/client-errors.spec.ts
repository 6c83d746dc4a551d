import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { answerClientErrors, clientErrorAnswer, MAX_URL_BYTES } from './client-errors';

/** Sends bytes on a fresh socket (not half-closed) and collects what comes back until the server closes. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

describe('answerClientErrors: what Node’s HTTP parser refuses is answered in the JSON error shape', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    // Short timeouts so the request timeout (408) is reached in a unit test; the app's are JOB_TIMEOUT_MS + 5–6 s.
    server = createServer({ connectionsCheckingInterval: 100, headersTimeout: 300, requestTimeout: 300 }, (_req, res) => res.end('ok'));
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('headers that never finish arriving: 408 REQUEST_TIMEOUT (RFC 9110 §15.5.9), then the connection closes', async () => {
    const answer = await exchange(port, 'POST /v1/chart HTTP/1.1\r\nhost: x\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1])).toMatchObject({ error: { code: 'REQUEST_TIMEOUT' } });
  });

  it('a malformed request line: 400 BAD_REQUEST with a Content-Length that matches the body', async () => {
    const answer = await exchange(port, 'P@ST / HTTP/1.1\r\nhost: x\r\n\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(Number(/Content-Length: (\d+)/.exec(head)?.[1])).toBe(Buffer.byteLength(body));
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it('names the long URL (414) apart from large headers (431) by where the first line ends', () => {
    const longLine = Buffer.from(`GET /${'a'.repeat(MAX_URL_BYTES + 10)}`);
    expect(clientErrorAnswer(Object.assign(new Error('x'), { code: 'HPE_HEADER_OVERFLOW', rawPacket: longLine })).status).toBe(414);
    const shortLine = Buffer.from(`GET / HTTP/1.1\r\nx-pad: ${'p'.repeat(20_000)}`);
    expect(clientErrorAnswer(Object.assign(new Error('x'), { code: 'HPE_HEADER_OVERFLOW', rawPacket: shortLine })).status).toBe(431);
  });
});
