/**
 * Bulk jobs end to end (real API, worker and Redis, real HTTP): a CSV of 10,000 rows with 50 bad ones of ten kinds,
 * answered in input order, each bad row with its single call's error and the good ones byte for byte as their single
 * calls; NDJSON and JSON bodies (advanced, bodygraph, meaning); progress as Server-Sent Events; cancel; another key;
 * and the limits (on a second service without a worker, so its jobs stay queued).
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { type Json, post, REDIS_URL, RunningService, startService, TEST_API_KEY, waitFor } from './helpers/service';

const OTHER_KEY = 'other-key-0123456789abcdef';
const PLACES = ['Paris, France', 'Montreal, Quebec, Canada', 'Tokyo, Japan', 'Berlin, Germany', 'Sydney, Australia', 'Lagos, Nigeria'];

/**
 * A distinct birth for each i (day, minute and place all vary), the days out of time order: consecutive rows are
 * decades apart (day index i × 7919 mod 73,000, 1930-2129), since a chunk computes its rows in time order and must
 * still answer them in input order.
 */
function birth(i: number): { birthdate: string; birthtime: string; location: string } {
  const day = new Date(Date.UTC(1930, 0, 1) + ((i * 7919) % 73_000) * 86_400_000).toISOString().slice(0, 10);
  const minutes = (i * 53) % 1440;
  return {
    birthdate: day,
    birthtime: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    location: PLACES[i % PLACES.length],
  };
}

const q = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** Ten kinds of bad row, five of each: the row's cells (id, birthdate, birthtime, location, timezone). */
const BAD_KINDS: ((i: number) => string[])[] = [
  (i) => [`r${i}`, '2023-02-30', birth(i).birthtime, birth(i).location, ''], // not a real date: 400 INVALID_DATE
  (i) => [`r${i}`, birth(i).birthdate, '25:61', birth(i).location, ''], // 400 INVALID_TIME
  (i) => [`r${i}`, birth(i).birthdate, birth(i).birthtime, 'Springfeld, Atlantis', ''], // 422 LOCATION_NOT_FOUND (worker)
  (i) => [`r${i}`, '1700-01-01', birth(i).birthtime, birth(i).location, ''], // 422 DATE_OUT_OF_RANGE
  (i) => [`r${i}`, birth(i).birthdate, '', birth(i).location, ''], // a missing field: the single call without birthtime
  (i) => [`r${i}`, birth(i).birthdate, birth(i).birthtime, 'France', ''], // 422 LOCATION_IS_COUNTRY
  (i) => [`r${i}`, birth(i).birthdate, birth(i).birthtime, birth(i).location, 'Mars/Olympus_Mons'], // 422 INVALID_TIMEZONE
  (i) => [`r${i}`, '1990/01/01', birth(i).birthtime, birth(i).location, ''], // malformed date
  (i) => [`r${i}`, birth(i).birthdate, birth(i).birthtime, birth(i).location, '', 'extra'], // an extra column
  (i) => [`r${i}`, birth(i).birthdate, birth(i).birthtime, birth(i).location], // a column short
];
/** Which kinds have no single call to compare with (the row itself is malformed): VALIDATION_FAILED. */
const ROW_KINDS = new Set([8, 9]);

async function get(baseUrl: string, path: string, key = TEST_API_KEY): Promise<{ status: number; headers: Headers; text: string; body: Json }> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { 'HD-Api-Key': key } });
  const text = await res.text();
  let body: Json = text;
  try {
    body = JSON.parse(text);
  } catch {
    // NDJSON, CSV
  }
  return { status: res.status, headers: res.headers, text, body };
}

async function send(baseUrl: string, path: string, type: string, text: string, key = TEST_API_KEY) {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'HD-Api-Key': key, 'content-type': type }, body: text });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

async function finished(baseUrl: string, id: string, timeoutMs = 30_000): Promise<Json> {
  let view: Json;
  await waitFor(async () => ['completed', 'cancelled', 'failed'].includes((view = (await get(baseUrl, `/v1/jobs/${id}`)).body).state), timeoutMs, `job ${id}`);
  return view;
}

/** A result line's `result` exactly as written (the single call's answer, byte for byte). */
const resultText = (line: string) => line.slice(line.indexOf('"result":') + '"result":'.length, -1);

/** Reads a Server-Sent Events stream to its end: each event's name and data. */
async function readEvents(baseUrl: string, id: string): Promise<{ event: string; data: Json }[]> {
  const res = await fetch(`${baseUrl}/v1/jobs/${id}/events`, { headers: { 'HD-Api-Key': TEST_API_KEY } });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const fields = Object.fromEntries(block.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
      return { event: fields.event, data: JSON.parse(fields.data) };
    });
}

describe('bulk jobs', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService({ apiKeys: [TEST_API_KEY, OTHER_KEY] });
  }, 120_000);
  afterAll(async () => svc?.stop());

  it('a 10,000-row CSV with 50 bad rows: answers in input order, bad rows with their single call’s error, good ones byte for byte; events reach the total', async () => {
    const rows: string[][] = [];
    const bad = new Map<number, number>(); // row → kind
    for (let i = 0; i < 10_000; i++) {
      const kind = i % 200 === 17 ? ((i / 200) % 10) | 0 : -1;
      if (kind >= 0) bad.set(i, kind);
      rows.push(kind >= 0 ? BAD_KINDS[kind](i) : [`r${i}`, birth(i).birthdate, birth(i).birthtime, birth(i).location, '']);
    }
    expect(bad.size).toBe(50);
    const csv = 'id,birthdate,birthtime,location,timezone\r\n' + rows.map((r) => r.map(q).join(',')).join('\r\n') + '\r\n';
    const created = await send(svc.baseUrl, '/v1/jobs', 'text/csv', csv);
    expect(created.status).toBe(202);
    // Workers start on the first chunks while the API still reads the later ones: the 202 may find it running.
    expect(created.body).toMatchObject({
      operation: 'chart',
      state: expect.stringMatching(/^(queued|running)$/),
      total: 10_000,
      urls: { self: `/v1/jobs/${created.body.id}` },
    });
    expect(created.headers.get('location')).toBe(`/v1/jobs/${created.body.id}`);

    const events = await readEvents(svc.baseUrl, created.body.id);
    const done = events.map((e) => e.data.done as number);
    expect(done).toEqual([...done].sort((a, b) => a - b)); // monotone
    expect(events.at(-1)).toMatchObject({ event: 'completed', data: { state: 'completed', done: 10_000, failed: 50, etaSeconds: 0 } });
    expect(events.slice(0, -1).every((e) => e.event === 'progress')).toBe(true);

    const ndjson = await get(svc.baseUrl, `/v1/jobs/${created.body.id}/results?format=ndjson`);
    expect([ndjson.status, ndjson.headers.get('content-type')]).toEqual([200, 'application/x-ndjson; charset=utf-8']);
    const lines = ndjson.text.trimEnd().split('\n');
    const answers = lines.map((l) => JSON.parse(l));
    expect(answers.map((a) => a.id)).toEqual(rows.map((r) => r[0])); // input order, every row once

    for (const [i, kind] of bad) {
      const got = answers[i];
      if (ROW_KINDS.has(kind)) {
        expect([i, got.status, got.error.code, got.error.message]).toEqual([
          i,
          400,
          'VALIDATION_FAILED',
          expect.stringMatching(/^row: line \d+ has \d fields, the header 5$/),
        ]);
        continue;
      }
      const [, birthdate, birthtime, location, timezone] = rows[i];
      const body = Object.fromEntries(Object.entries({ birthdate, birthtime, location, timezone }).filter(([, v]) => v !== ''));
      const single = await post(svc.baseUrl, '/v1/chart', body);
      expect(single.status).toBeGreaterThanOrEqual(400);
      expect([i, got.status, got.error]).toEqual([i, single.status, single.body.error]);
    }
    const codes = new Set([...bad.keys()].map((i) => answers[i].error.code));
    expect([...codes]).toEqual(
      expect.arrayContaining([
        'INVALID_DATE',
        'INVALID_TIME',
        'LOCATION_NOT_FOUND',
        'DATE_OUT_OF_RANGE',
        'LOCATION_IS_COUNTRY',
        'INVALID_TIMEZONE',
        'VALIDATION_FAILED',
      ]),
    );

    const good = [...Array(10_000).keys()].filter((i) => !bad.has(i));
    for (const i of good.filter((_, n) => n % 500 === 0)) {
      const single = await post(svc.baseUrl, '/v1/chart', birth(i));
      expect([i, single.status]).toEqual([i, 200]);
      expect([i, resultText(lines[i])]).toEqual([i, single.text]); // byte for byte
    }

    const json = await get(svc.baseUrl, `/v1/jobs/${created.body.id}/results?format=json`);
    expect(json.body).toMatchObject({ id: created.body.id, state: 'completed', count: 10_000, succeeded: 9_950, failed: 50 });
    expect(json.body.items).toEqual(answers);

    const csvOut = await get(svc.baseUrl, `/v1/jobs/${created.body.id}/results?format=csv`);
    expect(csvOut.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const csvLines = csvOut.text.trimEnd().split('\n');
    expect(csvLines[0]).toMatch(/^id,status,errorCode,errorMessage,type,strategy,authority,profile,definition,/);
    expect(csvLines).toHaveLength(10_001);
    expect(csvLines[1].startsWith(`r0,200,,,${answers[0].result.type},`)).toBe(true);

    const state = await get(svc.baseUrl, `/v1/jobs/${created.body.id}`);
    expect(state.body).toMatchObject({ state: 'completed', total: 10_000, done: 10_000, failed: 50, etaSeconds: 0 });
    expect(Date.parse(state.body.finishedAt)).toBeGreaterThanOrEqual(Date.parse(state.body.startedAt));
  }, 60_000);

  it('NDJSON (advanced, options in the query string) and JSON (bodygraph; chart with meaning) bodies: answers as their single calls', async () => {
    const items = [birth(1), birth(2), { ...birth(3), birthdate: '2023-02-30' }, birth(4)];
    const ndjson = [
      JSON.stringify({ id: 'a', ...items[0] }),
      '{"id": "broken",',
      JSON.stringify(items[1]),
      JSON.stringify(items[2]),
      JSON.stringify({ ...items[3], extra: 1 }),
    ].join('\n');
    const created = await send(svc.baseUrl, '/v1/jobs?operation=advanced', 'application/x-ndjson', ndjson);
    expect([created.status, created.body.operation, created.body.total]).toEqual([202, 'advanced', 5]);
    await finished(svc.baseUrl, created.body.id);
    const lines = (await get(svc.baseUrl, `/v1/jobs/${created.body.id}/results`)).text.trimEnd().split('\n');
    const answers = lines.map((l) => JSON.parse(l));
    expect(answers.map((a) => [a.id, a.status])).toEqual([
      ['a', 200],
      [1, 400],
      [2, 200],
      [3, 400],
      [4, 400],
    ]);
    expect(answers[1].error).toEqual({
      code: 'INVALID_JSON',
      message: 'line: line 2 is not valid JSON',
      details: [{ field: 'line', problems: ['line 2 is not valid JSON'] }],
    });
    expect(resultText(lines[0])).toBe((await post(svc.baseUrl, '/v1/chart/advanced', items[0])).text);
    expect(answers[3].error).toEqual((await post(svc.baseUrl, '/v1/chart/advanced', items[2])).body.error);
    expect(answers[4].error).toEqual((await post(svc.baseUrl, '/v1/chart/advanced', { ...items[3], extra: 1 })).body.error);

    const drawings = await post(svc.baseUrl, '/v1/jobs', {
      operation: 'bodygraph',
      items: [
        { ...birth(5), theme: 'dark', size: 600 },
        { ...birth(6), format: 'png' },
      ],
    });
    expect(drawings.status).toBe(202);
    await finished(svc.baseUrl, drawings.body.id);
    const svg = (await get(svc.baseUrl, `/v1/jobs/${drawings.body.id}/results?format=json`)).body;
    expect(svg.items[0].result).toBe((await post(svc.baseUrl, '/v1/chart/bodygraph', { ...birth(5), theme: 'dark', size: 600 })).text);
    expect(svg.items[1]).toMatchObject({ id: 1, status: 400, error: { code: 'VALIDATION_FAILED' } }); // PNGs are not drawn in bulk

    const meaning = await post(svc.baseUrl, '/v1/jobs', { operation: 'chart', meaning: 'de', items: [birth(7)] });
    await finished(svc.baseUrl, meaning.body.id);
    const withTexts = (await get(svc.baseUrl, `/v1/jobs/${meaning.body.id}/results`)).text.trimEnd();
    expect(resultText(withTexts)).toBe((await post(svc.baseUrl, '/v1/chart', { ...birth(7), meaning: 'de' })).text);
  }, 30_000);

  it('follow=true streams the answers while the job runs: byte for byte what the finished job answers, in each format', async () => {
    const csv =
      'id,birthdate,birthtime,location\n' +
      Array.from({ length: 12_000 }, (_, i) => [`f${i}`, ...Object.values(birth(i + 60_000))].map(q).join(',')).join('\n');
    const created = await send(svc.baseUrl, '/v1/jobs', 'text/csv', csv);
    expect(created.status).toBe(202);
    const id = created.body.id as string;
    // The CSV followed by a streaming read: the job's state is read as its first answers arrive.
    const followed = await fetch(`${svc.baseUrl}/v1/jobs/${id}/results?format=csv&follow=true`, { headers: { 'HD-Api-Key': TEST_API_KEY } });
    expect([followed.status, followed.headers.get('content-type'), followed.headers.get('x-accel-buffering')]).toEqual([200, 'text/csv; charset=utf-8', 'no']);
    const reader = followed.body!.getReader();
    const parts: Uint8Array[] = [];
    let stateAtFirstAnswers: Json;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      parts.push(next.value);
      if (!stateAtFirstAnswers && Buffer.concat(parts).toString().includes('\nf0,')) stateAtFirstAnswers = (await get(svc.baseUrl, `/v1/jobs/${id}`)).body;
    }
    const [ndjson, json] = await Promise.all([
      get(svc.baseUrl, `/v1/jobs/${id}/results?format=ndjson&follow=true`),
      get(svc.baseUrl, `/v1/jobs/${id}/results?format=json&follow=true`),
    ]);
    expect(stateAtFirstAnswers).toMatchObject({ state: expect.stringMatching(/^(queued|running)$/) });
    expect(stateAtFirstAnswers!.done).toBeLessThan(12_000);
    expect((await get(svc.baseUrl, `/v1/jobs/${id}`)).body).toMatchObject({ state: 'completed', done: 12_000 });
    expect(Buffer.concat(parts).toString()).toBe((await get(svc.baseUrl, `/v1/jobs/${id}/results?format=csv`)).text);
    expect(ndjson.text).toBe((await get(svc.baseUrl, `/v1/jobs/${id}/results?format=ndjson`)).text);
    expect(json.text).toBe((await get(svc.baseUrl, `/v1/jobs/${id}/results?format=json`)).text);
    expect(ndjson.text.trimEnd().split('\n')).toHaveLength(12_000);
    const bad = await get(svc.baseUrl, `/v1/jobs/${id}/results?follow=yes`);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  }, 60_000);

  it('another key sees none of it: 404 for the state, the events, the results and a cancel', async () => {
    const created = await post(svc.baseUrl, '/v1/jobs', { items: [birth(8)] });
    expect(created.status).toBe(202);
    for (const path of ['', '/events', '/results']) {
      const res = await get(svc.baseUrl, `/v1/jobs/${created.body.id}${path}`, OTHER_KEY);
      expect([path, res.status, res.body.error?.code]).toEqual([path, 404, 'JOB_NOT_FOUND']);
    }
    const cancel = await fetch(`${svc.baseUrl}/v1/jobs/${created.body.id}`, { method: 'DELETE', headers: { 'HD-Api-Key': OTHER_KEY } });
    expect(cancel.status).toBe(404);
    expect((await finished(svc.baseUrl, created.body.id)).state).toBe('completed'); // not cancelled by the other key
    expect((await get(svc.baseUrl, '/v1/jobs/no-such-job')).status).toBe(404);
    // Usage: a job counts once, when created; following it and reading it are part of that use.
    const usage = (await get(svc.baseUrl, '/v1/usage')).body.today.byOperation as Record<string, number>;
    expect(usage.createJob).toBeGreaterThanOrEqual(4);
    expect(['getJob', 'cancelJob', 'jobResults', 'jobEvents'].filter((op) => op in usage)).toEqual([]);
  });

  it('a cancel stops the work within a second; the answers computed before it stay readable', async () => {
    const csv =
      'birthdate,birthtime,location\n' +
      Array.from({ length: 40_000 }, (_, i) =>
        Object.values(birth(i + 10_000))
          .map(q)
          .join(','),
      ).join('\n');
    const created = await send(svc.baseUrl, '/v1/jobs', 'text/csv', csv);
    expect(created.status).toBe(202);
    await waitFor(async () => (await get(svc.baseUrl, `/v1/jobs/${created.body.id}`)).body.done > 0, 20_000, 'the job to start');
    const cancel = await fetch(`${svc.baseUrl}/v1/jobs/${created.body.id}`, { method: 'DELETE', headers: { 'HD-Api-Key': TEST_API_KEY } });
    const cancelledAt = Date.now();
    const view = (await cancel.json()) as Json;
    expect([cancel.status, view.state]).toEqual([200, 'cancelled']);
    expect(view.done).toBeLessThan(40_000);
    // Work stopped: no chunk of the bulk queue is active any more.
    const redis = new Redis(REDIS_URL);
    try {
      await waitFor(async () => (await redis.llen(`${svc.prefix}:charts-bulk:active`)) === 0, 2_000, 'the bulk queue to go idle');
    } finally {
      redis.disconnect();
    }
    expect(Date.now() - cancelledAt).toBeLessThan(1_000);
    await new Promise((r) => setTimeout(r, 500));
    const after = (await get(svc.baseUrl, `/v1/jobs/${created.body.id}`)).body;
    expect([after.state, after.done]).toEqual(['cancelled', view.done]);
    const results = (await get(svc.baseUrl, `/v1/jobs/${created.body.id}/results?format=json`)).body;
    expect([results.state, results.count, results.items.length]).toEqual(['cancelled', view.done, view.done]);
    // A second cancel changes nothing.
    const again = await fetch(`${svc.baseUrl}/v1/jobs/${created.body.id}`, { method: 'DELETE', headers: { 'HD-Api-Key': TEST_API_KEY } });
    expect(((await again.json()) as Json).state).toBe('cancelled');
  }, 40_000);

  it('the CLI (npm run bulk) sends a CSV, shows the progress and writes the results as CSV', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hd-bulk-cli-'));
    try {
      const rows = Array.from({ length: 1_500 }, (_, i) => [`c${i}`, ...Object.values(birth(i + 2_000))].map(q).join(','));
      rows[3] = 'c3,2023-02-30,12:00,Paris';
      writeFileSync(join(dir, 'births.csv'), `id,birthdate,birthtime,location\n${rows.join('\n')}\n`);
      const { stderr } = await promisify(execFile)(
        process.execPath,
        ['-r', 'ts-node/register/transpile-only', 'src/cli/bulk.ts', join(dir, 'births.csv'), '--url', svc.baseUrl],
        {
          cwd: join(__dirname, '..'),
          env: { ...process.env, HD_API_KEY: TEST_API_KEY },
        },
      );
      expect(stderr).toMatch(/^job [A-Za-z0-9_-]+: 1,500 items$/m);
      expect(stderr).toMatch(/^\[#{30}\] 100% {2}1,500\/1,500 {2}1 errors {2}completed$/m);
      expect(stderr).toMatch(/1,499 answered, 1 errors → .*births\.results\.csv/);
      const lines = readFileSync(join(dir, 'births.results.csv'), 'utf8').trimEnd().split('\n');
      expect(lines).toHaveLength(1_501);
      expect(lines[4]).toMatch(/^c3,400,INVALID_DATE,/);
      expect(lines[1]).toMatch(/^c0,200,,,(Manifestor|Generator|Manifesting Generator|Projector|Reflector),/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('refuses what it cannot take: 413 over 100,000 items or 20 MB, 400 for a bad envelope or header, 415 for another type', async () => {
    const many = 'birthdate,birthtime,location\n' + '1990-01-01,12:00,Paris\n'.repeat(100_001);
    const tooMany = await send(svc.baseUrl, '/v1/jobs', 'text/csv', many);
    expect([tooMany.status, tooMany.body.error.code]).toEqual([413, 'TOO_MANY_ITEMS']);
    const huge = await send(
      svc.baseUrl,
      '/v1/jobs',
      'application/x-ndjson',
      `${JSON.stringify({ ...birth(1), location: 'x'.repeat(1_000) })}\n`.repeat(21_000),
    );
    expect([huge.status, huge.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const noTime = await send(svc.baseUrl, '/v1/jobs', 'text/csv', 'birthdate,location\n1990-01-01,Paris\n');
    expect([noTime.status, noTime.body.error.code, noTime.body.error.message]).toEqual([
      400,
      'VALIDATION_FAILED',
      'CSV header: a birthtime column is required',
    ]);
    const badOperation = await send(svc.baseUrl, '/v1/jobs?operation=horoscope', 'text/csv', 'birthdate,birthtime,location\n1990-01-01,12:00,Paris\n');
    expect([badOperation.status, badOperation.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const empty = await post(svc.baseUrl, '/v1/jobs', { items: [] });
    expect([empty.status, empty.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badLanguage = await post(svc.baseUrl, '/v1/jobs', { items: [birth(1)], meaning: 'xx' });
    expect([badLanguage.status, badLanguage.body.error.code]).toEqual([400, 'UNSUPPORTED_LANGUAGE']);
    const text = await send(svc.baseUrl, '/v1/jobs', 'text/plain', 'hello');
    expect([text.status, text.body.error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const format = await get(svc.baseUrl, '/v1/jobs/whatever/results?format=xlsx');
    expect([format.status, format.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  }, 30_000);
});

/** A webhook receiver on loopback: every delivery recorded; `/flaky` answers 500 to its first three. */
async function startReceiver(): Promise<{
  url: string;
  server: Server;
  deliveries: { path: string; at: number; headers: Record<string, string>; body: string }[];
}> {
  const deliveries: { path: string; at: number; headers: Record<string, string>; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      deliveries.push({ path: req.url ?? '', at: Date.now(), headers: req.headers as Record<string, string>, body });
      const flaky = req.url === '/flaky' && deliveries.filter((d) => d.path === '/flaky').length <= 3;
      res.writeHead(flaky ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, deliveries };
}

/** The HD-Signature check a receiver makes. */
function verify(secret: string, header: string, body: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return false;
  return Math.abs(Number(m[1]) - Date.now() / 1000) < 60 && createHmac('sha256', secret).update(`${m[1]}.${body}`).digest('hex') === m[2];
}

describe('bulk job webhooks (WEBHOOK_ALLOW_PRIVATE=true: a receiver on loopback)', () => {
  let svc: RunningService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    svc = await startService({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '200' } });
  }, 120_000);
  afterAll(async () => {
    receiver?.server.close();
    await svc?.stop();
  });

  it('signs the completion event with the secret the first job was given; retries a failing receiver with growing delays; a rotated secret signs the next ones', async () => {
    const first = await post(svc.baseUrl, '/v1/jobs', { items: [birth(1), birth(2)], callbackUrl: `${receiver.url}/ok` });
    expect(first.status).toBe(202);
    const secret = first.body.webhookSecret as string;
    expect(secret).toMatch(/^hdwhsec_[A-Za-z0-9_-]{43}$/);
    await waitFor(() => receiver.deliveries.some((d) => d.path === '/ok'), 10_000, 'the completion event');
    const delivery = receiver.deliveries.find((d) => d.path === '/ok')!;
    expect(verify(secret, delivery.headers['hd-signature'], delivery.body)).toBe(true);
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({
      id: `${first.body.id}.completed`,
      type: 'job.completed',
      data: { id: first.body.id, state: 'completed', total: 2, done: 2 },
    });
    expect(delivery.headers['hd-event-id']).toBe(event.id);

    // Progress events: 2,000 charts in chunks of about 400, every 25 %: one event per step below 100 %, then the end.
    const stepped = await post(svc.baseUrl, '/v1/jobs', {
      items: Array.from({ length: 2_000 }, (_, i) => birth(40_000 + i)),
      callbackUrl: `${receiver.url}/progress`,
      progressEvery: 25,
    });
    expect(stepped.status).toBe(202);
    await waitFor(() => receiver.deliveries.filter((d) => d.path === '/progress').length === 4, 20_000, 'three progress events and the end');
    await new Promise((r) => setTimeout(r, 300));
    const steps = receiver.deliveries.filter((d) => d.path === '/progress');
    expect(steps.every((d) => verify(secret, d.headers['hd-signature'], d.body))).toBe(true);
    const stepEvents = steps.map((d) => JSON.parse(d.body));
    expect(stepEvents.map((e) => e.id).sort()).toEqual(
      [`${stepped.body.id}.completed`, `${stepped.body.id}.progress-25`, `${stepped.body.id}.progress-50`, `${stepped.body.id}.progress-75`].sort(),
    );
    for (const e of stepEvents.filter((x) => x.type === 'job.progress')) {
      expect(e.data.id).toBe(stepped.body.id);
      expect(e.data.done).toBeGreaterThanOrEqual((e.percent / 100) * 2_000); // at least that share done when sent
    }
    // progressEvery without a callbackUrl, or out of 1–99: 400.
    for (const body of [
      { items: [birth(1)], progressEvery: 10 },
      { items: [birth(1)], callbackUrl: `${receiver.url}/x`, progressEvery: 100 },
    ]) {
      const refused = await post(svc.baseUrl, '/v1/jobs', body);
      expect([refused.status, refused.body.error.code, refused.body.error.details[0].field]).toEqual([400, 'VALIDATION_FAILED', 'progressEvery']);
    }

    // Only the first job with a callbackUrl shows the secret.
    const flaky = await post(svc.baseUrl, '/v1/jobs', { items: [birth(3)], callbackUrl: `${receiver.url}/flaky` });
    expect([flaky.status, flaky.body.webhookSecret]).toEqual([202, undefined]);
    await waitFor(() => receiver.deliveries.filter((d) => d.path === '/flaky').length === 4, 15_000, 'three failures and a success');
    const tries = receiver.deliveries.filter((d) => d.path === '/flaky');
    expect(new Set(tries.map((d) => JSON.parse(d.body).id as string))).toEqual(new Set([`${flaky.body.id}.completed`])); // one event
    expect(tries.every((d) => verify(secret, d.headers['hd-signature'], d.body))).toBe(true);
    const gaps = tries.slice(1).map((d, i) => d.at - tries[i].at);
    expect(gaps[0]).toBeGreaterThanOrEqual(150);
    expect(gaps[1]).toBeGreaterThan(gaps[0] * 1.3);
    expect(gaps[2]).toBeGreaterThan(gaps[1] * 1.3);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.deliveries.filter((d) => d.path === '/flaky')).toHaveLength(4); // a 2xx ends it

    const rotated = await post(svc.baseUrl, '/v1/jobs/webhook-secret', {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.webhookSecret).not.toBe(secret);
    const csv = 'birthdate,birthtime,location\n' + Array.from({ length: 20_000 }, (_, i) => Object.values(birth(i)).map(q).join(',')).join('\n');
    const res = await fetch(`${svc.baseUrl}/v1/jobs?callbackUrl=${encodeURIComponent(`${receiver.url}/cancelled`)}`, {
      method: 'POST',
      headers: { 'HD-Api-Key': TEST_API_KEY, 'content-type': 'text/csv' },
      body: csv,
    });
    const big = (await res.json()) as Json;
    expect([res.status, big.webhookSecret]).toEqual([202, undefined]);
    await fetch(`${svc.baseUrl}/v1/jobs/${big.id}`, { method: 'DELETE', headers: { 'HD-Api-Key': TEST_API_KEY } });
    await waitFor(() => receiver.deliveries.some((d) => d.path === '/cancelled'), 10_000, 'the cancel event');
    const cancelled = receiver.deliveries.find((d) => d.path === '/cancelled')!;
    expect(JSON.parse(cancelled.body)).toMatchObject({ id: `${big.id}.cancelled`, type: 'job.cancelled', data: { state: 'cancelled' } });
    expect(verify(rotated.body.webhookSecret, cancelled.headers['hd-signature'], cancelled.body)).toBe(true);
    expect(verify(secret, cancelled.headers['hd-signature'], cancelled.body)).toBe(false);
  }, 40_000);
});

describe('bulk job limits (no worker: jobs stay queued)', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService({ worker: false, env: { JOBS_MAX_ACTIVE_PER_KEY: '2', JOBS_MAX_STORED_MB: '1' } });
  }, 120_000);
  afterAll(async () => svc?.stop());

  it('refuses callback URLs to loopback, private, link-local and metadata addresses without WEBHOOK_ALLOW_PRIVATE', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://10.0.0.8/hook',
    ]) {
      const res = await post(svc.baseUrl, '/v1/jobs', { items: [birth(1)], callbackUrl: url });
      expect([url, res.status, res.body.error.code]).toEqual([url, 400, 'CALLBACK_URL_REFUSED']);
    }
    const ftp = await post(svc.baseUrl, '/v1/jobs', { items: [birth(1)], callbackUrl: 'ftp://example.com/hook' });
    expect([ftp.status, ftp.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('follow=true waits on a queued job: a cancel ends the answer as the cancelled job’s; a failure cuts it off', async () => {
    const a = await post(svc.baseUrl, '/v1/jobs', { items: [birth(1), birth(2)] });
    const b = await post(svc.baseUrl, '/v1/jobs', { items: [birth(3)] });
    expect([a.status, b.status]).toEqual([202, 202]);
    const csv = get(svc.baseUrl, `/v1/jobs/${a.body.id}/results?format=csv&follow=true`);
    const json = get(svc.baseUrl, `/v1/jobs/${a.body.id}/results?format=json&follow=true`);
    const cut = fetch(`${svc.baseUrl}/v1/jobs/${b.body.id}/results?follow=true`, { headers: { 'HD-Api-Key': TEST_API_KEY } }).then((res) => res.text());
    await new Promise((r) => setTimeout(r, 500));
    const cancelled = await fetch(`${svc.baseUrl}/v1/jobs/${a.body.id}`, { method: 'DELETE', headers: { 'HD-Api-Key': TEST_API_KEY } });
    expect(cancelled.status).toBe(200);
    expect((await csv).text).toBe((await get(svc.baseUrl, `/v1/jobs/${a.body.id}/results?format=csv`)).text);
    expect((await csv).text.trimEnd().split('\n')).toHaveLength(1); // the header only: nothing was computed
    expect((await json).body).toEqual({ id: a.body.id, state: 'cancelled', count: 0, succeeded: 0, failed: 0, items: [] });
    // A job that fails while followed (as when its chunks cannot be stored): the answer is cut off, never complete-looking.
    const redis = new Redis(REDIS_URL);
    try {
      await redis.hset(`${svc.prefix}:bulk:${b.body.id}`, 'state', 'failed');
    } finally {
      redis.disconnect();
    }
    await expect(cut).rejects.toThrow();
    const after = await get(svc.baseUrl, `/v1/jobs/${b.body.id}/results?follow=true`);
    expect([after.status, after.body.error.code]).toEqual([409, 'JOB_NOT_FINISHED']);
  }, 30_000);

  it('409 for results before the end, 429 past the jobs in progress per key, 503 once storage is full', async () => {
    const small = await post(svc.baseUrl, '/v1/jobs', { items: [birth(1)] });
    expect([small.status, small.body.state]).toEqual([202, 'queued']);
    const early = await get(svc.baseUrl, `/v1/jobs/${small.body.id}/results`);
    expect([early.status, early.body.error.code, early.headers.get('retry-after')]).toEqual([409, 'JOB_NOT_FINISHED', expect.stringMatching(/^\d+$/)]);
    // About 1.2 MB of input (its body): the storage limit (1 MB) is reached once it is stored.
    const large = await post(svc.baseUrl, '/v1/jobs', { items: Array.from({ length: 16_000 }, (_, i) => birth(i)) });
    expect(large.status).toBe(202);
    const third = await post(svc.baseUrl, '/v1/jobs', { items: [birth(2)] });
    expect([third.status, third.body.error.code, third.headers.get('retry-after')]).toEqual([429, 'TOO_MANY_JOBS', '10']);
    expect(third.body.error.details).toEqual({ active: 2, max: 2 });
    const cancelled = await fetch(`${svc.baseUrl}/v1/jobs/${small.body.id}`, { method: 'DELETE', headers: { 'HD-Api-Key': TEST_API_KEY } });
    expect(((await cancelled.json()) as Json).state).toBe('cancelled');
    const full = await post(svc.baseUrl, '/v1/jobs', { items: [birth(3)] });
    expect([full.status, full.body.error.code, full.headers.get('retry-after')]).toEqual([503, 'STORAGE_FULL', '60']);
  }, 30_000);
});
