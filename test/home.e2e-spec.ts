/**
 * GET /: a new user's first page. HTML for a browser (the purchase pages' headers and CSP), the same facts as an
 * index object for a client asking for JSON; every link it gives answers, and every operation it lists is in the
 * OpenAPI document.
 */
import { PAGE_CSP } from '../src/modules/purchase/pages';
import { type Json, type RunningService, startService, TEST_API_KEY } from './helpers/service';

const MCP_PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

describe('GET /', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService({ worker: false });
  }, 90_000);
  afterAll(() => service?.stop());

  it('is an HTML page with the pages’ CSP, linking the buy page, docs, llms.txt, MCP and health', async () => {
    const res = await fetch(`${service.baseUrl}/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(res.headers.get('vary')).toMatch(/accept/i);
    const html = await res.text();
    const hrefs = [...html.matchAll(/<a href="([^"]+)">/g)].map((m) => m[1]);
    expect(hrefs).toEqual(expect.arrayContaining(['/buy', '/docs', '/llms.txt', '/health']));
    expect(html).toContain('<code>POST /mcp</code>'); // an endpoint for MCP clients, not a page
    // curl's default Accept (*/*) gets the page too.
    expect((await fetch(`${service.baseUrl}/`, { headers: { accept: '*/*' } })).headers.get('content-type')).toContain('text/html');
  });

  it('answers the same as an index object for Accept: application/json', async () => {
    const res = await fetch(`${service.baseUrl}/`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const index = (await res.json()) as Json;
    const html = await (await fetch(`${service.baseUrl}/`)).text();
    const hrefs = [...html.matchAll(/<a href="([^"]+)">/g)].map((m) => m[1]);
    expect(index.links.filter((l: Json) => l.method === 'GET').map((l: Json) => l.href as string)).toEqual(hrefs);
    expect(index.links).toContainEqual(expect.objectContaining({ rel: 'mcp', method: 'POST', href: '/mcp' }));
    for (const op of index.operations as Json[]) expect(html).toContain(`<code>${op.method} ${op.path}</code>`);
  });

  it('gives links that answer and operations that the OpenAPI document describes', async () => {
    const index = (await (await fetch(`${service.baseUrl}/`, { headers: { accept: 'application/json' } })).json()) as Json;
    const expected: Record<string, number> = {
      '/buy': 503,
      '/keys/recover': 503, // no SMTP_URL here: the page says recovery is off
      '/docs': 200,
      '/docs-json': 200,
      '/llms.txt': 200,
      '/mcp': 200,
      '/health': 200,
      '/sdk/typescript.tgz': 200,
    };
    for (const { href, method } of index.links as { href: string; method: string }[]) {
      const init =
        method === 'POST'
          ? {
              method,
              headers: { 'HD-Api-Key': TEST_API_KEY, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
              body: MCP_PING,
            }
          : {};
      expect([href, (await fetch(`${service.baseUrl}${href}`, init)).status]).toEqual([href, expected[href]]);
    }
    const doc = (await (await fetch(`${service.baseUrl}/docs-json`)).json()) as Json;
    for (const op of index.operations as { method: string; path: string }[]) {
      expect([op.path, doc.paths[op.path]?.[op.method.toLowerCase()] !== undefined]).toEqual([op.path, true]);
    }
    expect(index.operations.length).toBeGreaterThanOrEqual(20);
  });
});
