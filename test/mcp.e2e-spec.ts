/**
 * The MCP server end to end, with the SDK's own client over Streamable HTTP against the real API, worker and
 * Redis: the tools listed, each one called and its answer compared with its HTTP twin's, the key refused as the
 * SDK expects, and bad input answered with the HTTP error code and message.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { post, RunningService, startService, TEST_API_KEY, waitFor } from './helpers/service';

const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
const BEN = { birthdate: '1992-10-03', birthtime: '00:03', location: 'Attleboro, Massachusetts, USA' };
const CAROL = { birthdate: '1975-06-21', birthtime: '14:30', location: 'Paris, France' };
const AT = '2026-11-23T12:00:00Z';

/** Each tool with an input, and the HTTP request that must answer the same. */
const CASES: { tool: string; args: Record<string, unknown>; http: { method: 'GET' | 'POST'; path: string; body?: unknown } }[] = [
  { tool: 'chart', args: RA, http: { method: 'POST', path: '/v1/chart', body: RA } },
  { tool: 'advanced_chart', args: BEN, http: { method: 'POST', path: '/v1/chart/advanced', body: BEN } },
  { tool: 'composite_chart', args: { person1: RA, person2: BEN }, http: { method: 'POST', path: '/v1/chart/composite', body: { person1: RA, person2: BEN } } },
  { tool: 'transit', args: { ...RA, at: AT }, http: { method: 'POST', path: '/v1/chart/transit', body: { ...RA, at: AT } } },
  { tool: 'penta', args: { members: [RA, BEN, CAROL] }, http: { method: 'POST', path: '/v1/chart/penta', body: { members: [RA, BEN, CAROL] } } },
  {
    tool: 'day',
    args: { birthdate: RA.birthdate, location: RA.location },
    http: { method: 'POST', path: '/v1/chart/day', body: { birthdate: RA.birthdate, location: RA.location } },
  },
  {
    tool: 'ingresses',
    args: { from: '2026-01-01', to: '2026-02-01', level: 'gate' },
    http: { method: 'POST', path: '/v1/transits/ingresses', body: { from: '2026-01-01', to: '2026-02-01', level: 'gate' } },
  },
  {
    tool: 'stations',
    args: { from: '2026-01-01', to: '2027-01-01' },
    http: { method: 'POST', path: '/v1/transits/stations', body: { from: '2026-01-01', to: '2027-01-01' } },
  },
  {
    tool: 'returns',
    args: { ...RA, kinds: ['solar'], from: '2020-01-01', to: '2022-01-01' },
    http: { method: 'POST', path: '/v1/chart/returns', body: { ...RA, kinds: ['solar'], from: '2020-01-01', to: '2022-01-01' } },
  },
  {
    tool: 'transit_calendar',
    args: { ...RA, from: '2026-01-01', to: '2026-02-01' },
    http: { method: 'POST', path: '/v1/chart/transit-calendar', body: { ...RA, from: '2026-01-01', to: '2026-02-01' } },
  },
  {
    tool: 'batch_charts',
    args: {
      items: [
        { id: 'a', operation: 'chart', ...RA },
        { id: 'b', operation: 'advanced', ...BEN },
      ],
    },
    http: {
      method: 'POST',
      path: '/v1/charts/batch',
      body: {
        items: [
          { id: 'a', operation: 'chart', ...RA },
          { id: 'b', operation: 'advanced', ...BEN },
        ],
      },
    },
  },
  { tool: 'search_places', args: { q: 'montr', limit: 3 }, http: { method: 'GET', path: '/v1/places?q=montr&limit=3' } },
  { tool: 'advice', args: { id: 2 }, http: { method: 'GET', path: '/api/advice/2' } },
];

const DRAWINGS: { tool: string; args: Record<string, unknown>; path: string }[] = [
  { tool: 'bodygraph', args: { ...RA, size: 400 }, path: '/v1/chart/bodygraph' },
  { tool: 'bodygraph', args: { ...RA, size: 400, format: 'png', theme: 'dark' }, path: '/v1/chart/bodygraph' },
  { tool: 'composite_bodygraph', args: { person1: RA, person2: BEN, size: 400 }, path: '/v1/chart/composite/bodygraph' },
  { tool: 'transit_bodygraph', args: { ...RA, at: AT, size: 400, format: 'png' }, path: '/v1/chart/transit/bodygraph' },
];

async function connect(baseUrl: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'hd-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
  return client;
}

async function http(baseUrl: string, req: { method: 'GET' | 'POST'; path: string; body?: unknown }) {
  if (req.method === 'POST') return post(baseUrl, req.path, req.body);
  const res = await fetch(`${baseUrl}${req.path}`, { headers: { 'HD-Api-Key': TEST_API_KEY } });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) };
}

const textOf = (result: CallToolResult) => (result.content[0] as { type: 'text'; text: string }).text;

describe('MCP server at /mcp (Streamable HTTP, the SDK client)', () => {
  let svc: RunningService;
  let client: Client;
  beforeAll(async () => {
    svc = await startService();
    client = await connect(svc.baseUrl, { 'HD-Api-Key': TEST_API_KEY });
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await svc?.stop();
  });

  it('lists a tool for every operation, each with a description and an input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'advanced_chart',
        'advice',
        'batch_charts',
        'bodygraph',
        'bulk_job',
        'chart',
        'composite_bodygraph',
        'composite_chart',
        'day',
        'explain',
        'ingresses',
        'penta',
        'returns',
        'search_places',
        'start_bulk_job',
        'stations',
        'transit',
        'transit_bodygraph',
        'transit_calendar',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(60);
      expect([tool.name, tool.title!.length <= 24]).toEqual([tool.name, true]); // a short title; the description says the rest
      expect(tool.inputSchema.type).toBe('object');
      expect(JSON.stringify(tool)).not.toContain('$ref');
      // Starting a bulk job is the one tool that makes something (a job under the key).
      expect([tool.name, tool.annotations?.readOnlyHint]).toEqual([tool.name, tool.name !== 'start_bulk_job']);
    }
    // The advice tool takes an id: its description says so, not only "random".
    const advice = tools.find((t) => t.name === 'advice')!;
    expect(Object.keys(advice.inputSchema.properties!)).toEqual(['id']);
    expect(advice.description).toMatch(/by its id/);
    expect(advice.description).toContain('/api/advice/{id}');
    const chart = tools.find((t) => t.name === 'chart')!;
    expect(chart.inputSchema.required).toEqual(expect.arrayContaining(['birthdate', 'birthtime']));
    expect(Object.keys(chart.inputSchema.properties!)).toEqual(
      expect.arrayContaining(['birthdate', 'birthtime', 'location', 'latitude', 'longitude', 'timezone']),
    );
    const outline = chart.outputSchema as { properties: Record<string, { enum?: string[] }> };
    expect(outline.properties).toHaveProperty('incarnationCross');
    expect(outline.properties.type.enum).toEqual(['Manifestor', 'Generator', 'Manifesting Generator', 'Projector', 'Reflector']);
    // Outlines, not the whole schemas: a tools/list an agent can afford to read.
    expect(JSON.stringify(tools).length).toBeLessThan(100_000);
  });

  it.each(CASES.map((c) => [c.tool, c] as const))('%s answers what its HTTP operation answers', async (_name, c) => {
    const [result, expected] = await Promise.all([client.callTool({ name: c.tool, arguments: c.args }), http(svc.baseUrl, c.http)]);
    expect(expected.status).toBe(200);
    expect(result.isError).toBeFalsy();
    expect(textOf(result as CallToolResult)).toBe(expected.text);
    expect(result.structuredContent).toEqual(expected.body);
  });

  it.each(DRAWINGS.map((d) => [`${d.tool} ${(d.args.format as string | undefined) ?? 'svg'}`, d] as const))(
    '%s draws what its HTTP operation draws',
    async (_name, d) => {
      const result = (await client.callTool({ name: d.tool, arguments: d.args })) as CallToolResult;
      const res = await fetch(`${svc.baseUrl}${d.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
        body: JSON.stringify(d.args),
      });
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const item = result.content[0];
      if (d.args.format === 'png') {
        expect(item).toMatchObject({ type: 'image', mimeType: 'image/png' });
        expect((item as { data: string }).data).toBe(bytes.toString('base64'));
        expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      } else {
        expect(item).toMatchObject({ type: 'resource', resource: { mimeType: 'image/svg+xml' } });
        expect((item as { resource: { text: string } }).resource.text).toBe(bytes.toString('utf8'));
        expect(bytes.toString('utf8')).toContain('<svg');
      }
    },
  );

  it('start_bulk_job starts a job that bulk_job reads, as GET /v1/jobs/{id} does; another key cannot read it', async () => {
    const started = (await client.callTool({
      name: 'start_bulk_job',
      arguments: { operation: 'chart', items: [RA, { ...RA, birthdate: '2023-02-30' }] },
    })) as CallToolResult;
    expect(started.isError).toBeFalsy();
    const job = started.structuredContent as { id: string; state: string; total: number };
    // Workers may take the first chunk before the answer is written (README "Bulk jobs"): queued or running, and a
    // job this small even completed.
    expect(['queued', 'running', 'completed']).toContain(job.state);
    expect(job.total).toBe(2);
    let read: CallToolResult | undefined;
    await waitFor(
      async () => {
        read = (await client.callTool({ name: 'bulk_job', arguments: { id: job.id } })) as CallToolResult;
        return (read.structuredContent as { state: string }).state === 'completed';
      },
      10_000,
      'the job to complete',
    );
    const http = await fetch(`${svc.baseUrl}/v1/jobs/${job.id}`, { headers: { 'HD-Api-Key': TEST_API_KEY } });
    const state = (await http.json()) as { done: number; failed: number };
    expect(read!.structuredContent).toMatchObject({ id: job.id, state: 'completed', done: 2, failed: 1 });
    expect([state.done, state.failed]).toEqual([2, 1]);
    const missing = (await client.callTool({ name: 'bulk_job', arguments: { id: 'no-such-job' } })) as CallToolResult;
    expect([missing.isError, JSON.parse(textOf(missing)).error.code]).toEqual([true, 'JOB_NOT_FOUND']);
  });

  it('random advice is one of the 371 items', async () => {
    const result = (await client.callTool({ name: 'advice', arguments: {} })) as CallToolResult;
    const item = result.structuredContent as { id: number; advice: string; source: string };
    expect(item.id).toBeGreaterThanOrEqual(1);
    expect(item.id).toBeLessThanOrEqual(371);
    const byId = await http(svc.baseUrl, { method: 'GET', path: `/api/advice/${item.id}` });
    expect(item).toEqual(byId.body);
  });

  it.each([
    ['an impossible date', 'chart', { ...RA, birthdate: '2023-02-30' }, '/v1/chart', 'INVALID_DATE'],
    ['an unknown field', 'chart', { ...RA, hour: 3 }, '/v1/chart', 'VALIDATION_FAILED'],
    ['a place that does not exist', 'chart', { ...RA, location: 'Springfeld, Atlantis' }, '/v1/chart', 'LOCATION_NOT_FOUND'],
    ['a date out of range', 'advanced_chart', { ...RA, birthdate: '1700-01-01' }, '/v1/chart/advanced', 'DATE_OUT_OF_RANGE'],
    ['a range too long', 'ingresses', { from: '2020-01-01', to: '2022-01-01', level: 'line' }, '/v1/transits/ingresses', 'RANGE_TOO_LARGE'],
    ['too few members', 'penta', { members: [RA, BEN] }, '/v1/chart/penta', 'VALIDATION_FAILED'],
    ['a time without its margin', 'day', { ...RA }, '/v1/chart/day', 'VALIDATION_FAILED'],
  ])('%s: the same error code and message as over HTTP', async (_what, tool, args, path, code) => {
    const [result, expected] = await Promise.all([client.callTool({ name: tool, arguments: args }) as Promise<CallToolResult>, post(svc.baseUrl, path, args)]);
    expect(expected.body.error.code).toBe(code);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.parse(textOf(result))).toEqual(expected.body);
  });

  it("a bad advice id: the HTTP route's code", async () => {
    const result = (await client.callTool({ name: 'advice', arguments: { id: 999 } })) as CallToolResult;
    expect(result.isError).toBe(true);
    const res = await fetch(`${svc.baseUrl}/api/advice/999`);
    expect(JSON.parse(textOf(result))).toEqual(await res.json());
    expect(JSON.parse(textOf(result)).error.code).toBe('ADVICE_NOT_FOUND');
  });

  it('an unknown tool is a protocol error', async () => {
    await expect(client.callTool({ name: 'horoscope', arguments: {} })).rejects.toThrow(/Unknown tool: horoscope/);
  });

  it('authenticates with Authorization: Bearer as well', async () => {
    const bearer = await connect(svc.baseUrl, { Authorization: `Bearer ${TEST_API_KEY}` });
    const result = (await bearer.callTool({ name: 'chart', arguments: RA })) as CallToolResult;
    expect((result.structuredContent as { type: string }).type).toBe('Manifestor');
    await bearer.close();
  });

  it.each([
    ['a wrong key', { 'HD-Api-Key': 'wrong-key-0000000000000' }, 'API_KEY_INVALID'],
    ['a wrong Bearer token', { Authorization: 'Bearer wrong-key-0000000000000' }, 'API_KEY_INVALID'],
    ['no key', {}, 'API_KEY_MISSING'],
  ])('%s is refused with 401 before any tool runs', async (_what, headers, code) => {
    const error = await connect(svc.baseUrl, headers as Record<string, string>).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(401);
    expect(String((error as Error).message)).toContain(code);
    const raw = await fetch(`${svc.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('GET and DELETE /mcp: 405 (stateless server)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${svc.baseUrl}/mcp`, { method, headers: { 'HD-Api-Key': TEST_API_KEY, accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('/llms.txt describes every operation, the auth header and where the machine-readable surfaces are', async () => {
    const res = await fetch(`${svc.baseUrl}/llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text.startsWith('# Human Design chart API\n')).toBe(true);
    for (const needle of [
      'HD-Api-Key',
      'Authorization: Bearer',
      '/docs-json',
      '/mcp',
      'POST /v1/chart ',
      'POST /v1/chart/transit-calendar',
      'GET /v1/places',
      'MCP tool `advanced_chart`',
      'npm install $BASE/sdk/typescript.tgz',
    ]) {
      expect(text).toContain(needle);
    }
  });
});
