/**
 * MCP batches count per call (issue 33): one JSON-RPC batch of 100 heavy tool calls from key A, while key B asks for
 * one chart at a time. Each call is costed and admitted like a request of its own; the batch answers every call (a
 * result or an error) within its deadline; the answer is bounded (MCP_MAX_BATCH_CALLS, MCP_MAX_ANSWER_BYTES); the
 * API's memory stays bounded. Real API, worker and Redis.
 */
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { runChartsOneAtATime } from './helpers/heavy-load';
import { birth } from './helpers/load';
import { post, RunningService, startService, TEST_API_KEY } from './helpers/service';

const KEY_B = 'test-key-b-0123456789abcdef';
const JOB_TIMEOUT_MS = 10_000;
const DAY_MS = 86_400_000;
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The process's peak resident memory (VmHWM), MB. */
function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'))!;
  return Number(/(\d+)/.exec(line)![1]) / 1024;
}

function mcp(baseUrl: string, key: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'HD-Api-Key': key },
    body: JSON.stringify(body),
  });
}

/** The i-th call: 10 years of gate ingresses from a day of its own (about 350 ms of compute and 0.8 MB of answer). */
const ingressCall = (i: number) => {
  const from = Date.UTC(1905, 0, 1) + i * 37 * DAY_MS;
  return {
    jsonrpc: '2.0',
    id: i,
    method: 'tools/call',
    params: { name: 'ingresses', arguments: { from: date(from), to: date(from + 3650 * DAY_MS), level: 'gate' } },
  };
};

describe('MCP: a batch of heavy calls counts per call (real API, worker and Redis)', () => {
  let svc: RunningService;

  beforeAll(async () => {
    svc = await startService({ apiKeys: [TEST_API_KEY, KEY_B], env: { JOB_TIMEOUT_MS: String(JOB_TIMEOUT_MS) } });
  }, 120_000);

  afterAll(async () => {
    await svc?.stop();
  });

  it("100 ingress calls in one batch: key B's charts stay fast, every call is answered by the deadline, memory stays bounded", async () => {
    // Warm the worker's heavy path in the calls' era, and key B's path.
    expect((await mcp(svc.baseUrl, KEY_B, ingressCall(5_000))).status).toBe(200);
    expect((await post(svc.baseUrl, '/v1/chart', birth(0), { key: KEY_B })).status).toBe(200);

    // Key A's batch from a child process: reading its 4 MB answer must not stall the event loop that times key B.
    const batch = new Promise<BatchOutcome>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['-e', SEND_BATCH, svc.baseUrl, TEST_API_KEY, JSON.stringify(Array.from({ length: 100 }, (_, i) => ingressCall(i)))],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.on('exit', () => (out ? resolve(JSON.parse(out) as BatchOutcome) : reject(new Error('the batch sender printed nothing'))));
    });
    const b = await runChartsOneAtATime({ baseUrl: svc.baseUrl, key: KEY_B, durationMs: 4_000, seed: 1 });
    const a = await batch;
    const rss = peakRssMb(svc.api.pid!);
    console.log(
      `key B: ${b.total} charts, p50 ${b.p50} ms, p99 ${b.p99} ms; key A's batch answered in ${a.ms} ms (${a.bytes} bytes): ${JSON.stringify(a.kinds)}; API peak RSS ${rss.toFixed(0)} MB`,
    );

    expect(b.byStatus).toEqual({ '200': b.total });
    expect(b.total).toBeGreaterThanOrEqual(40);
    expect(b.p99).toBeLessThanOrEqual(100);
    // Every call answered, in one JSON-RPC answer, within the request's deadline (and the reply's way back).
    expect(a.status).toBe(200);
    expect(a.ids).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(a.ms).toBeLessThanOrEqual(JOB_TIMEOUT_MS + 1_000);
    // Past MCP_MAX_BATCH_CALLS (32): a JSON-RPC Invalid Request each, the batch's last 68.
    expect(a.kinds['jsonrpc -32600']).toBe(68);
    expect(a.invalidFrom).toBe(32);
    // Within it, only results and the documented per-call errors: the answer budget (4 MB holds few of these
    // answers: one is about 2 MB as text and structured content), the key's share past the deadline.
    expect(Object.keys(a.kinds).every((k) => ['result', 'ANSWER_TOO_LARGE', 'OVERLOADED', 'COMPUTE_TIMEOUT', 'jsonrpc -32600'].includes(k))).toBe(true);
    expect(a.kinds.result).toBeGreaterThanOrEqual(1);
    expect(a.kinds.ANSWER_TOO_LARGE).toBeGreaterThanOrEqual(1);
    expect(a.tooLargeText).toContain('POST /v1/transits/ingresses');
    expect(a.bytes).toBeLessThanOrEqual(4 * 1024 * 1024 + 100_000);
    expect(rss).toBeLessThan(500);
  }, 60_000);
});

interface BatchOutcome {
  status: number;
  ms: number;
  bytes: number;
  ids: number[];
  kinds: Record<string, number>;
  invalidFrom: number;
  tooLargeText: string;
}

/** The child that sends key A's batch: argv base URL, key, the batch as JSON; prints a summary of the answer. */
const SEND_BATCH = `
const [baseUrl, key, body] = process.argv.slice(1);
const sentAt = Date.now();
fetch(baseUrl + '/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'HD-Api-Key': key }, body })
  .then(async (res) => {
    const text = await res.text();
    const ms = Date.now() - sentAt;
    const answers = JSON.parse(text);
    const kinds = {};
    let invalidFrom = Infinity, tooLargeText = '';
    for (const a of answers) {
      let kind = 'result';
      if (a.error) { kind = 'jsonrpc ' + a.error.code; invalidFrom = Math.min(invalidFrom, a.id); }
      else if (a.result.isError) { kind = JSON.parse(a.result.content[0].text).error.code; if (kind === 'ANSWER_TOO_LARGE') tooLargeText = a.result.content[0].text; }
      kinds[kind] = (kinds[kind] || 0) + 1;
    }
    process.stdout.write(JSON.stringify({ status: res.status, ms, bytes: text.length, ids: answers.map((a) => a.id).sort((x, y) => x - y), kinds, invalidFrom, tooLargeText }));
  });
`;
