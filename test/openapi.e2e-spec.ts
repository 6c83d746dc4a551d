/**
 * The OpenAPI document cannot drift from the code: real answers of every JSON operation, and real error answers
 * for every error code a request can provoke here, are validated (ajv, strict, JSON Schema 2020-12) against the
 * schema the document GET /docs-json serves for that path, method and status. A status the document does not
 * list for an operation fails too.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ERROR_CODES } from '../src/modules/openapi/schemas/error';
import { type Json, RunningService, startService, TEST_API_KEY } from './helpers/service';

const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
const BEN = { birthdate: '1992-10-03', birthtime: '00:03', location: 'Attleboro, Massachusetts, USA' };
const CAROL = { birthdate: '1975-06-21', birthtime: '14:30', location: 'Paris, France' };
const DAN = { birthdate: '2001-12-31', birthtime: '23:59', latitude: -33.8688, longitude: 151.2093 };
const EVE = { birthdate: '1815-03-01', birthtime: '06:00', location: 'Reykjavik, Iceland', nodeType: 'mean' };

/** Successful calls: every JSON operation, with inputs that exercise their optional parts. */
const SUCCESSES: { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
  ...[RA, BEN, CAROL, DAN, EVE].flatMap((p) => [
    { method: 'POST' as const, path: '/v1/chart', body: p },
    { method: 'POST' as const, path: '/v1/chart/advanced', body: p },
  ]),
  { method: 'POST', path: '/v1/chart/composite', body: { person1: RA, person2: BEN } },
  { method: 'POST', path: '/v1/chart/composite', body: { person1: CAROL, person2: DAN } },
  { method: 'POST', path: '/v1/chart/transit', body: { ...RA, at: '2026-11-23T12:00:00Z' } },
  { method: 'POST', path: '/v1/chart/transit', body: { ...EVE } },
  { method: 'POST', path: '/v1/chart/penta', body: { members: [RA, BEN, CAROL] } },
  { method: 'POST', path: '/v1/chart/penta', body: { members: [RA, BEN, CAROL, DAN, EVE] } },
  { method: 'POST', path: '/v1/chart/day', body: { birthdate: RA.birthdate, location: RA.location } },
  { method: 'POST', path: '/v1/chart/day', body: { birthdate: '2021-03-14', location: 'New York, United States', detail: 'full' } },
  { method: 'POST', path: '/v1/chart/day', body: { birthdate: BEN.birthdate, location: BEN.location, birthtime: '12:00', approximate: '±2h' } },
  { method: 'POST', path: '/v1/transits/ingresses', body: { from: '2026-01-01', to: '2026-03-01' } },
  { method: 'POST', path: '/v1/transits/ingresses', body: { from: '2026-01-01', to: '2026-01-10', level: 'line', bodies: ['moon', 'northNode', 'southNode'] } },
  { method: 'POST', path: '/v1/transits/stations', body: { from: '2020-01-01', to: '2030-01-01' } },
  { method: 'POST', path: '/v1/chart/returns', body: { ...RA, from: '2000-01-01', to: '2030-01-01' } },
  { method: 'POST', path: '/v1/chart/returns', body: { ...BEN, kinds: ['solar', 'lunar'], count: 2, chart: true } },
  { method: 'POST', path: '/v1/chart/transit-calendar', body: { ...RA, from: '2026-01-01', to: '2026-04-01' } },
  {
    method: 'POST',
    path: '/v1/charts/batch',
    body: {
      items: [
        { id: 'a', operation: 'chart', ...RA },
        { id: 7, operation: 'advanced', ...BEN },
        { operation: 'chart', ...RA, birthdate: '2023-02-30' },
        { operation: 'chart', ...RA, location: 'Springfeld, Atlantis' },
      ],
    },
  },
  // `meaning`: the same answers with a meaning object beside each labelled element (src/modules/openapi/schemas/meaning.ts)
  { method: 'POST', path: '/v1/chart', body: { ...RA, meaning: 'de' } },
  { method: 'POST', path: '/v1/chart/advanced', body: { ...BEN, meaning: 'fr' } },
  { method: 'POST', path: '/v1/chart/composite', body: { person1: RA, person2: BEN, meaning: 'es' } },
  { method: 'POST', path: '/v1/chart/transit', body: { ...RA, at: '2026-11-23T12:00:00Z', meaning: 'pt-BR' } },
  { method: 'POST', path: '/v1/chart/penta', body: { members: [RA, BEN, CAROL], meaning: 'en' } },
  { method: 'POST', path: '/v1/chart/day', body: { birthdate: '2021-03-14', location: 'New York, United States', detail: 'full', meaning: 'de' } },
  { method: 'POST', path: '/v1/charts/batch', body: { items: [{ operation: 'advanced', ...RA, meaning: 'en' }] } },
  { method: 'GET', path: '/v1/reference?lang=es' },
  ...[
    'gates/1',
    'channels/10-20',
    'circuits/Tribal',
    'circuits/ego',
    'centers/solar-plexus',
    'types/Projector',
    'authorities/splenic',
    'profiles/5-1',
    'definitions/split-definition',
    'definitions/single-definition',
    'quarters/duality',
    'crosses/right-angle-cross-of-the-sphinx-1',
    'variables/motivation',
  ].map((item) => ({
    method: 'GET' as const,
    path: `/v1/reference/${item}?lang=fr`,
  })),
  { method: 'GET', path: '/v1/reference/gates/64/lines/6' },
  { method: 'GET', path: '/v1/reference/profiles/6/2' },
  { method: 'GET', path: '/v1/places?q=san%20fr' },
  { method: 'GET', path: `/v1/places?q=${encodeURIComponent('Моск')}&limit=20` },
  { method: 'GET', path: '/api/advice' },
  { method: 'GET', path: '/api/advice/all' },
  { method: 'GET', path: '/api/advice/371' },
  { method: 'GET', path: '/v1/usage' },
];

/** Error answers, each provoked for real; every code a client can be given by a request is here at least once. */
const ERRORS: { code: string; status: number; method?: 'GET' | 'POST'; path: string; body?: unknown; raw?: string; headers?: Record<string, string> }[] = [
  { code: 'INVALID_JSON', status: 400, path: '/v1/chart', raw: '{"birthdate":' },
  { code: 'VALIDATION_FAILED', status: 400, path: '/v1/chart', body: { ...RA, extra: 1 } },
  { code: 'INVALID_DATE', status: 400, path: '/v1/chart', body: { ...RA, birthdate: '2023-02-30' } },
  { code: 'UNSUPPORTED_LANGUAGE', status: 400, path: '/v1/chart', body: { ...RA, meaning: 'xx' } },
  { code: 'INVALID_TIME', status: 400, path: '/v1/chart/advanced', body: { ...RA, birthtime: '25:00' } },
  { code: 'INVALID_LOCATION', status: 400, path: '/v1/chart', body: { birthdate: RA.birthdate, birthtime: RA.birthtime } },
  { code: 'INVALID_TIMEZONE', status: 400, path: '/v1/chart', body: { ...RA, timezone: '!!' } },
  { code: 'INVALID_TIMEZONE', status: 422, path: '/v1/chart', body: { ...RA, timezone: 'Mars/Olympus_Mons' } },
  { code: 'INVALID_INSTANT', status: 400, path: '/v1/chart/transit', body: { ...RA, at: '2026-02-30T00:00:00Z' } },
  { code: 'INVALID_RANGE', status: 400, path: '/v1/transits/stations', body: { from: '2026-01-01', to: '2025-01-01' } },
  { code: 'RANGE_TOO_LARGE', status: 400, path: '/v1/transits/ingresses', body: { from: '2020-01-01', to: '2022-01-01', level: 'line' } },
  { code: 'LOCATION_NOT_FOUND', status: 422, path: '/v1/chart', body: { ...RA, location: 'Springfeld, Atlantis' } },
  { code: 'LOCATION_IS_COUNTRY', status: 422, path: '/v1/chart', body: { ...RA, location: 'France' } },
  { code: 'DATE_OUT_OF_RANGE', status: 422, path: '/v1/chart', body: { ...RA, birthdate: '1700-01-01' } },
  {
    code: 'INVALID_SPAN',
    status: 422,
    path: '/v1/chart/day',
    body: { birthdate: '2021-03-14', location: 'New York, United States', from: '02:30', to: '03:00' },
  },
  { code: 'LOCATION_REQUIRED', status: 422, path: '/v1/chart', body: { ...RA, location: '  , ' } },
  { code: 'API_KEY_MISSING', status: 401, path: '/v1/chart', body: RA, headers: {} },
  {
    code: 'API_KEY_INVALID',
    status: 401,
    path: '/v1/chart/composite',
    body: { person1: RA, person2: BEN },
    headers: { 'HD-Api-Key': 'not-a-key-000000000000' },
  },
  { code: 'PAYLOAD_TOO_LARGE', status: 413, path: '/v1/chart', raw: JSON.stringify({ ...RA, location: 'x'.repeat(20_000) }) },
  {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    status: 415,
    path: '/v1/chart',
    raw: 'birthdate=1948-04-09',
    headers: { 'content-type': 'text/plain', 'HD-Api-Key': TEST_API_KEY },
  },
  { code: 'QUERY_TOO_SHORT', status: 400, method: 'GET', path: '/v1/places?q=a' },
  { code: 'UNSUPPORTED_LANGUAGE', status: 400, method: 'GET', path: '/v1/reference?lang=xx' },
  { code: 'UNSUPPORTED_LANGUAGE', status: 400, path: '/v1/chart', body: { ...RA, meaning: 'xx' } },
  { code: 'REFERENCE_NOT_FOUND', status: 404, method: 'GET', path: '/v1/reference/gates/65' },
  { code: 'INVALID_ID', status: 400, method: 'GET', path: '/api/advice/abc' },
  { code: 'ADVICE_NOT_FOUND', status: 404, method: 'GET', path: '/api/advice/999' },
  { code: 'KEY_NOT_ROTATABLE', status: 400, path: '/v1/keys/rotate', body: {} },
  { code: 'PURCHASE_DISABLED', status: 503, path: '/v1/purchase/checkout', body: {}, headers: {} },
  { code: 'VALIDATION_FAILED', status: 400, path: '/v1/chart/penta', body: { members: [RA] } },
  { code: 'VALIDATION_FAILED', status: 400, path: '/v1/charts/batch', body: { items: [] } },
  { code: 'VALIDATION_FAILED', status: 400, path: '/v1/jobs', body: { operation: 'transit', items: [RA] } },
  { code: 'TOO_MANY_ITEMS', status: 413, path: '/v1/jobs', raw: JSON.stringify({ items: Array.from({ length: 100_001 }, () => ({})) }) },
  { code: 'JOB_NOT_FOUND', status: 404, method: 'GET', path: '/v1/jobs/no-such-job' },
  { code: 'CALLBACK_URL_REFUSED', status: 400, path: '/v1/jobs', body: { items: [RA], callbackUrl: 'http://169.254.169.254/latest/meta-data' } },
];

describe('OpenAPI document: real answers validate against its schemas (ajv strict)', () => {
  let svc: RunningService;
  let doc: Json;
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    svc = await startService();
    doc = (await (await fetch(`${svc.baseUrl}/docs-json`)).json()) as Json;
    // The components are one schema resource, so "#/components/schemas/X" references resolve inside it.
    ajv.addVocabulary(['components']); // the wrapper's one keyword that is not JSON Schema
    ajv.addSchema({ $id: 'https://hd-chart-api.local/openapi.json', components: { schemas: doc.components.schemas } });
  }, 120_000);
  afterAll(async () => svc?.stop());

  function schemaFor(path: string, method: string, status: number): ValidateFunction {
    const template = Object.keys(doc.paths).find((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
    expect(template).toBeDefined();
    const responses = doc.paths[template!][method.toLowerCase()].responses;
    const response = responses[String(status)];
    if (!response) throw new Error(`${method} ${template} answered ${status}, which the document does not list (${Object.keys(responses).join(', ')})`);
    const ref: string = response.content['application/json'].schema.$ref;
    expect(ref).toMatch(/^#\/components\/schemas\/\w+$/);
    if (!compiled.has(ref)) compiled.set(ref, ajv.getSchema(`https://hd-chart-api.local/openapi.json${ref}`)!);
    return compiled.get(ref)!;
  }

  async function call(method: string, path: string, init: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}) {
    const headers = init.headers ?? { 'HD-Api-Key': TEST_API_KEY, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) };
    if (init.headers && method === 'POST' && !Object.keys(init.headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
    const res = await fetch(`${svc.baseUrl}${path}`, { method, headers, body: method === 'POST' ? (init.raw ?? JSON.stringify(init.body)) : undefined });
    return { status: res.status, body: (await res.json()) as Json };
  }

  it('is OpenAPI 3.1 and every JSON operation points its success answer at a component', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, op] of Object.entries(item as Record<string, Json>)) {
        for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
          const schema = response.content?.['application/json']?.schema;
          if (schema) expect(`${method} ${path} ${status}: ${schema.$ref ?? 'inline'}`).toMatch(/#\/components\/schemas\//);
        }
      }
    }
  });

  it('every request example ("Try it out" sends it as it is) is answered 200, drawings as the image they ask for, readings as the document', async () => {
    let sent = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      const media = item.post?.requestBody?.content?.['application/json'];
      if (!media) continue;
      expect([path, media.examples === undefined]).toEqual([path, false]); // else the UI builds one from every property
      for (const [name, example] of Object.entries(media.examples as Record<string, { value: Json }>)) {
        const res = await fetch(`${svc.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'HD-Api-Key': TEST_API_KEY, 'content-type': 'application/json' },
          body: JSON.stringify(example.value),
        });
        const type = res.headers.get('content-type') ?? '';
        await res.arrayBuffer();
        const wanted = path.endsWith('/bodygraph')
          ? example.value.format === 'png'
            ? 'image/png'
            : 'image/svg+xml'
          : path.endsWith('/report')
            ? example.value.format === 'pdf'
              ? 'application/pdf'
              : 'text/html'
            : 'application/json';
        // A bulk job is accepted, not answered: 202 with the job.
        const status = path === '/v1/jobs' ? 202 : 200;
        expect([path, name, res.status, type.split(';')[0]]).toEqual([path, name, status, wanted]);
        // Both drawing media types are declared; /docs shows either answer as a picture (test/docs-chromium.e2e-spec.ts).
        if (path.endsWith('/bodygraph')) expect(Object.keys(item.post.responses['200'].content)).toEqual(['image/svg+xml', 'image/png']);
        sent++;
      }
    }
    expect(sent).toBeGreaterThanOrEqual(17);
  });

  it('orders its tags as a user meets them, and its descriptions read as written (Markdown: "<key>" only in code)', () => {
    expect(doc.tags.map((t: Json) => t.name)).toEqual([
      'charts',
      'time series',
      'reference',
      'places',
      'batch',
      'bulk jobs',
      'advice',
      'MCP',
      'keys',
      'purchase',
      'ops',
    ]);
    const used = new Set(
      Object.values(doc.paths as Record<string, Json>).flatMap((item) => Object.values(item as Record<string, Json>).flatMap((op) => op.tags as string[])),
    );
    for (const tag of used) expect(doc.tags.map((t: Json) => t.name)).toContain(tag);
    expect(doc.info.description).toContain('`Authorization: Bearer <key>`');
    // Outside code spans, a "<" followed by a letter would be read as an HTML tag and vanish.
    const bare: string[] = [];
    const visit = (node: unknown, where: string): void => {
      if (Array.isArray(node)) node.forEach((v, i) => visit(v, `${where}/${i}`));
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if ((k === 'description' || k === 'summary') && typeof v === 'string' && /<[a-z/!]/i.test(v.replace(/`[^`]*`/g, ''))) bare.push(`${where}/${k}`);
          else if (k !== 'example' && k !== 'examples') visit(v, `${where}/${k}`);
        }
      }
    };
    visit(doc, '');
    expect(bare).toEqual([]);
  });

  it.each(SUCCESSES.map((s) => [`${s.method} ${s.path}`, s] as const))('%s', async (_name, s) => {
    const { status, body } = await call(s.method, s.path, { body: s.body });
    expect(status).toBe(200);
    const validate = schemaFor(s.path.split('?')[0], s.method, status);
    if (!validate(body)) throw new Error(ajv.errorsText(validate.errors, { separator: '\n' }));
  });

  it.each(ERRORS.map((e) => [`${e.status} ${e.code} (${e.method ?? 'POST'} ${e.path.slice(0, 40)})`, e] as const))('%s', async (_name, e) => {
    const method = e.method ?? 'POST';
    const { status, body } = await call(method, e.path, e);
    expect({ status, code: body.error?.code }).toEqual({ status: e.status, code: e.code });
    const validate = schemaFor(e.path.split('?')[0], method, status);
    if (!validate(body)) throw new Error(ajv.errorsText(validate.errors, { separator: '\n' }));
  });

  it('every code the document names is provoked above, or by the fault, purchase and ops tests, or guarded by a DTO first', () => {
    const provoked = new Set(ERRORS.map((e) => e.code));
    // Provoked for real in faults, hostile-input, hostile-http, purchase and ops tests (outages, timeouts, Stripe, admin), not here.
    const elsewhere = new Set([
      'OVERLOADED',
      'COMPUTE_TIMEOUT',
      'SERVICE_UNAVAILABLE',
      'INTERNAL',
      'REQUEST_ABORTED',
      'WEBHOOK_SIGNATURE_INVALID',
      'PAYMENT_PROVIDER_UNAVAILABLE',
      'ADMIN_DISABLED',
      'ADMIN_TOKEN_MISSING',
      'ADMIN_TOKEN_INVALID',
      'METRICS_TOKEN_INVALID',
      'NOT_FOUND',
      'BAD_REQUEST',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'METHOD_NOT_ALLOWED',
      // test/hostile-http.e2e-spec.ts (every POST route) and src/common/client-errors.spec.ts (408, a real socket).
      'INVALID_ENCODING',
      'UNSUPPORTED_ENCODING',
      'URI_TOO_LONG',
      'HEADERS_TOO_LARGE',
      'REQUEST_TIMEOUT',
      // test/mcp-limits.e2e-spec.ts (an MCP answer past its budget) and test/abandoned-work.e2e-spec.ts (the request
      // log's 499 for a caller that hung up).
      'ANSWER_TOO_LARGE',
      'CLIENT_CLOSED_REQUEST',
      // test/sdk.e2e-spec.ts: GET /sdk/typescript.tgz from an API whose SDK_DIR holds no tarball.
      'SDK_NOT_BUILT',
      // test/bulk.e2e-spec.ts: a job's results asked while it runs, a key's jobs and the storage at their limits.
      'JOB_NOT_FINISHED',
      'TOO_MANY_JOBS',
      'STORAGE_FULL',
    ]);
    // The engine's own guards, which the request DTOs make unreachable over HTTP (kept for direct engine callers),
    // and the job runner's fallback for a worker error it cannot read.
    const behindDtos = new Set(['INVALID_COORDINATES', 'INVALID_NODE_TYPE', 'PENTA_SIZE', 'PENTA_MEMBER_INVALID', 'INVALID_LIMIT', 'INVALID_INPUT']);
    const missing = ERROR_CODES.filter((c) => !provoked.has(c) && !elsewhere.has(c) && !behindDtos.has(c));
    expect(missing).toEqual([]);
  });
});

describe('OpenAPI document: the answers of an overloaded queue with no worker', () => {
  let svc: RunningService;
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  beforeAll(async () => {
    svc = await startService({ worker: false, env: { JOB_TIMEOUT_MS: '2000', QUEUE_MAX_WAITING: '1' } });
    const doc = (await (await fetch(`${svc.baseUrl}/docs-json`)).json()) as Json;
    ajv.addVocabulary(['components']);
    ajv.addSchema({ $id: 'https://hd-chart-api.local/openapi.json', components: { schemas: doc.components.schemas } });
    expect(Object.keys(doc.paths['/v1/chart'].post.responses)).toEqual(expect.arrayContaining(['503', '504']));
  }, 120_000);
  afterAll(async () => svc?.stop());

  it('504 COMPUTE_TIMEOUT and 503 OVERLOADED, both with Retry-After, in the error shape', async () => {
    const ask = (birthtime: string) =>
      fetch(`${svc.baseUrl}/v1/chart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
        body: JSON.stringify({ ...RA, birthtime }),
      });
    const first = ask('03:00'); // waits for a worker that never comes
    await new Promise((r) => setTimeout(r, 400));
    const second = await ask('03:01'); // one job is already waiting: QUEUE_MAX_WAITING reached
    const validate = ajv.getSchema('https://hd-chart-api.local/openapi.json#/components/schemas/ErrorResponse')!;
    const overloaded = (await second.json()) as Json;
    expect([second.status, overloaded.error.code, second.headers.get('retry-after')]).toEqual([503, 'OVERLOADED', expect.stringMatching(/^\d+$/)]);
    if (!validate(overloaded)) throw new Error(ajv.errorsText(validate.errors));
    const timedOut = await first;
    const body = (await timedOut.json()) as Json;
    expect([timedOut.status, body.error.code, timedOut.headers.get('retry-after')]).toEqual([504, 'COMPUTE_TIMEOUT', expect.stringMatching(/^\d+$/)]);
    expect(body.error.correlationId).toEqual(expect.any(String));
    if (!validate(body)) throw new Error(ajv.errorsText(validate.errors));
  });
});
