/**
 * Closed-loop load of one heavy kind of request for the fair-by-cost tests and the `fair` benchmark: `concurrency`
 * clients, each sending the next distinct request as soon as its last one is answered, for `durationMs`. Every
 * answer is recorded with when it finished and, for errors, its code and whether it carried Retry-After.
 * Run as a child process (so that the heavy key's sockets do not share the measuring event loop): prints the samples.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { birth, type Sample, summarise } from './load';

export const HEAVY_KINDS = ['ingresses', 'returns', 'calendar', 'day', 'png', 'batch'] as const;
export type HeavyKind = (typeof HEAVY_KINDS)[number];

export interface HeavySample {
  status: number;
  code?: string;
  retryAfter?: boolean;
  sentAt: number;
  doneAt: number;
}

export interface HeavyLoadOptions {
  baseUrl: string;
  key: string;
  kind: HeavyKind;
  concurrency: number;
  durationMs: number;
  /** Offsets the inputs so that two loads never share a job. */
  seed: number;
}

const DAY_MS = 86_400_000;
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The i-th distinct request of a kind: its path and body. */
export function heavyRequest(kind: HeavyKind, i: number): { path: string; body: object } {
  const b = birth(i) as { birthdate: string; birthtime: string; location: string };
  switch (kind) {
    case 'ingresses': {
      // 10 years at gate level, all 13 bodies, starting on a different day each time.
      const from = Date.UTC(1900, 0, 1) + (i % 100_000) * DAY_MS;
      return { path: '/v1/transits/ingresses', body: { from: date(from), to: date(from + 3650 * DAY_MS), level: 'gate' } };
    }
    case 'returns': {
      // Every return kind over 120 years from the birth.
      const from = Date.parse(`${b.birthdate}T00:00:00Z`);
      return {
        path: '/v1/chart/returns',
        body: { ...b, kinds: ['solar', 'lunar', 'saturn', 'uranus-opposition', 'chiron'], from: date(from), to: date(from + 43_800 * DAY_MS) },
      };
    }
    case 'calendar':
      return { path: '/v1/chart/transit-calendar', body: { ...b, from: '2027-01-01', to: '2028-01-01' } };
    case 'day':
      return { path: '/v1/chart/day', body: { birthdate: b.birthdate, location: b.location } };
    case 'png':
      return { path: '/v1/chart/bodygraph', body: { ...b, format: 'png', size: 1200 } };
    case 'batch':
      return { path: '/v1/charts/batch', body: { items: Array.from({ length: 100 }, (_, k) => ({ operation: 'chart', ...birth(i * 100 + k) })) } };
  }
}

/**
 * One POST over a kept-alive connection with node:http, the body read as bytes: on a 2-core machine the load
 * generators share the cores with the service, and fetch (undici) costs about five times as much CPU per request.
 */
export function lightPost(agent: Agent, url: string, key: string, body: string): Promise<{ status: number; text: string; retryAfter: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'HD-Api-Key': key, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          // Only an error's body is read as text (a PNG is not).
          resolve({ status, text: status === 200 ? '' : Buffer.concat(chunks).toString(), retryAfter: res.headers['retry-after'] !== undefined });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

export async function runHeavyLoad(o: HeavyLoadOptions): Promise<HeavySample[]> {
  const samples: HeavySample[] = [];
  const end = Date.now() + o.durationMs;
  const agent = new Agent({ keepAlive: true, maxSockets: o.concurrency });
  let next = o.seed;
  const client = async () => {
    while (Date.now() < end) {
      const { path, body } = heavyRequest(o.kind, next++);
      const sentAt = Date.now();
      try {
        const res = await lightPost(agent, `${o.baseUrl}${path}`, o.key, JSON.stringify(body));
        const sample: HeavySample = { status: res.status, sentAt, doneAt: Date.now() };
        if (res.status !== 200) {
          sample.code = (JSON.parse(res.text) as { error?: { code?: string } }).error?.code;
          sample.retryAfter = res.retryAfter;
        }
        samples.push(sample);
      } catch {
        samples.push({ status: 0, sentAt, doneAt: Date.now() });
      }
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, client));
  agent.destroy();
  return samples;
}

interface ChartsOptions {
  baseUrl: string;
  key: string;
  durationMs: number;
  seed: number;
  /** Sends each chart at least this long after the previous one was sent (0: as soon as it is answered). */
  paceMs?: number;
  /** Epoch ms: the first chart is sent then (not before), and the duration counts from then. */
  startAt?: number;
}

/** Key B: one /v1/chart at a time (distinct births) over one kept-alive connection; latency of each answer. */
export async function runChartsOneAtATime(o: ChartsOptions): Promise<ReturnType<typeof summarise>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: Sample[] = [];
  if (o.startAt !== undefined && o.startAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, o.startAt! - Date.now()));
  const end = (o.startAt ?? Date.now()) + o.durationMs;
  for (let i = o.seed, nextAt = Date.now(); Date.now() < end; i++) {
    const wait = nextAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sentAt = Date.now();
    nextAt = sentAt + (o.paceMs ?? 0);
    try {
      const res = await lightPost(agent, `${o.baseUrl}/v1/chart`, o.key, JSON.stringify(birth(i)));
      const code = res.status === 200 ? undefined : (JSON.parse(res.text) as { error?: { code?: string } }).error?.code;
      samples.push({ status: res.status, code, sentAt, ms: Date.now() - sentAt });
    } catch {
      samples.push({ status: 0, sentAt, ms: Date.now() - sentAt });
    }
  }
  agent.destroy();
  return summarise(samples);
}

/**
 * Answers of 200 per second over [fromMs, toMs): each answer counts for the part of its time in service (sent to
 * answered) that lies in the window. With 32 requests in flight this is the completion rate (Little's law), without
 * the edge effect of counting only the answers that finish inside the window: a window held 15–30 answers of the
 * slow kinds, so one answer more or less at an edge moved the figure by 3–7 %.
 */
export function throughput(samples: readonly HeavySample[], fromMs: number, toMs: number): number {
  let answers = 0;
  for (const s of samples) {
    if (s.status !== 200) continue;
    const span = Math.max(1, s.doneAt - s.sentAt);
    const inside = Math.min(toMs, s.doneAt) - Math.max(fromMs, s.sentAt);
    if (inside > 0) answers += Math.min(1, inside / span);
  }
  return answers / ((toMs - fromMs) / 1000);
}

/** Counts by status and code ("503 OVERLOADED +RA": with Retry-After). */
export function statusCounts(samples: readonly HeavySample[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples) {
    const k = s.status === 200 ? '200' : `${s.status} ${s.code ?? ''}${s.retryAfter ? ' +RA' : ''}`.trim();
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

/** Key A's load in a process of its own; resolves to its samples once every request of it is answered. */
export function heavyLoadInChild(options: HeavyLoadOptions, children?: Set<ChildProcess>): Promise<HeavySample[]> {
  return inChild<HeavySample[]>(options, children);
}

/**
 * Key B's charts sent and timed from a process of their own, as key A's load is: timed in the test's process (jest,
 * hundreds of MB of heap), its own mark-compact pauses (30-51 ms in a run on 2026-11-30) were counted in key B's
 * latencies. The window is the caller's: `startAt` is an instant, so the child's start-up does not move it.
 */
export function chartsInChild(options: ChartsOptions & { startAt: number }, children?: Set<ChildProcess>): Promise<ReturnType<typeof summarise>> {
  return inChild<ReturnType<typeof summarise>>({ ...options, charts: true }, children);
}

function inChild<T>(options: object, children?: Set<ChildProcess>): Promise<T> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', __filename, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children?.add(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      children?.delete(child);
      if (code === 0) resolve(JSON.parse(out) as T);
      else reject(new Error(`the load process exited with ${code}`));
    }),
  );
}

export interface FairFigures {
  kind: HeavyKind;
  keyB: ReturnType<typeof summarise>;
  keyA: { alonePerS: number; aloneBeforeAfterPerS: [number, number]; withBPerS: number; alone: Record<string, number>; withB: Record<string, number> };
  aloneSamples: HeavySample[];
  sharedSamples: HeavySample[];
}

/**
 * Input offsets of the shared and the second alone phase: distinct modulo the 100,000 ingress start days too, so no
 * phase asks what an earlier one did (a heavy job's result is kept for a while, and an identical request would be
 * answered from it: the shared phase once reused the alone phase's ingress inputs and read 1.5 times as fast).
 */
const SHARED_SEED = 33_333;
const AFTER_SEED = 66_667;

/**
 * The fair-by-cost scenario (README "Fair use"), interleaved so that the machine's drift falls on both sides: key A
 * alone for `aloneMs` (32 in flight), then key A again for `sharedMs` while key B sends one /v1/chart at a time, then
 * key A alone once more. A's throughput is counted after `rampMs` of each phase (its first 32 requests arrive at
 * once); "alone" is the mean of the two alone phases.
 */
/**
 * Key B sends a chart at most this often. Back to back (about 50 a second on the slow machine of 2026-11-29) its own
 * requests took about a fifth of the 2 cores (API, Redis, the worker, its client), and key A's share beside it counted
 * that as A's loss (10-year ingresses 63-77 % of alone, with one worker process or two); at 20 a second, 88-92 % in
 * three runs, then 76 and 83 % in a clean-clone CI run (its alone phases 1.79 and 2.71/s: the drift is the noise).
 * The test is of priority and shares, not of how much a second key may use.
 */
const KEY_B_PACE_MS = 50;

export async function fairScenario(
  o: { baseUrl: string; keyA: string; keyB: string; kind: HeavyKind; seed: number; aloneMs: number; sharedMs: number; rampMs: number },
  children?: Set<ChildProcess>,
): Promise<FairFigures> {
  const alonePhase = async (seed: number) => {
    const start = Date.now();
    const samples = await heavyLoadInChild({ baseUrl: o.baseUrl, key: o.keyA, kind: o.kind, concurrency: 32, durationMs: o.aloneMs, seed }, children);
    return { samples, perS: throughput(samples, start + o.rampMs, start + o.aloneMs) };
  };
  const before = await alonePhase(o.seed);
  const sharedStart = Date.now();
  const heavy = heavyLoadInChild(
    { baseUrl: o.baseUrl, key: o.keyA, kind: o.kind, concurrency: 32, durationMs: o.sharedMs, seed: o.seed + SHARED_SEED },
    children,
  );
  const keyB = await chartsInChild(
    {
      baseUrl: o.baseUrl,
      key: o.keyB,
      startAt: sharedStart + o.rampMs,
      durationMs: o.sharedMs - o.rampMs - 1_000,
      seed: o.seed + 900_000,
      paceMs: KEY_B_PACE_MS,
    },
    children,
  );
  const sharedSamples = await heavy;
  const withBPerS = throughput(sharedSamples, sharedStart + o.rampMs, sharedStart + o.sharedMs);
  const after = await alonePhase(o.seed + AFTER_SEED);
  const alonePerS = (before.perS + after.perS) / 2;
  const aloneSamples = [...before.samples, ...after.samples];
  return {
    kind: o.kind,
    keyB,
    keyA: {
      alonePerS: +alonePerS.toFixed(2),
      aloneBeforeAfterPerS: [+before.perS.toFixed(2), +after.perS.toFixed(2)],
      withBPerS: +withBPerS.toFixed(2),
      alone: statusCounts(aloneSamples),
      withB: statusCounts(sharedSamples),
    },
    aloneSamples,
    sharedSamples,
  };
}

if (require.main === module) {
  const options = JSON.parse(process.argv[2]) as (HeavyLoadOptions & { charts?: undefined }) | (ChartsOptions & { charts: true });
  const work = options.charts ? runChartsOneAtATime(options) : runHeavyLoad(options);
  void work.then((result) => process.stdout.write(`${JSON.stringify(result)}\n`));
}
