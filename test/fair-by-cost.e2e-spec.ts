/**
 * Fair by cost (README "Fair use"): one key's heavy requests must not make anyone else wait. With the real API, a
 * real worker process and the real Redis: for each heavy kind, key A keeps 32 requests in flight (distinct inputs)
 * while key B sends one /v1/chart at a time, at most 20 a second (helpers/heavy-load.ts fairScenario says why); and
 * two heavy keys at once share the heavy capacity.
 */
import type { ChildProcess } from 'node:child_process';
import { fairScenario, HEAVY_KINDS, HeavyKind, HeavySample, heavyLoadInChild, statusCounts, throughput } from './helpers/heavy-load';
import { post, RunningService, startService } from './helpers/service';

const KEY_A = 'fair-cost-key-a-0123456789';
const KEY_B = 'fair-cost-key-b-0123456789';
const KEY_C = 'fair-cost-key-c-0123456789';
/**
 * How long key A's load runs in each of its two alone phases (before and after the shared one) and beside key B; its
 * throughput is counted after RAMP_MS of each. The slow kinds (ingresses 2–5/s, returns 0.9–1.5/s) run longer.
 * Key B sends for the shared phase less RAMP_MS and a second, at most 20 charts a second: 10 s gives it about 140
 * answers, so its p99 is the second-worst answer, not the worst (8 s gave 95-101 answers, and the p99 of 100 or fewer
 * is their maximum). Kept
 * short so that the whole of `npm test` stays within CI's 15 minutes when the machine is in its slow state.
 * The two heavy keys' inputs are distinct from each other and from the ingresses phases' (modulo the 100,000 ingress
 * start days; see heavy-load.ts).
 */
const SHARED_MS = 12_000;
const RAMP_MS = 2_000;
const DURATIONS: Record<HeavyKind, { aloneMs: number; sharedMs: number }> = {
  ingresses: { aloneMs: 9_000, sharedMs: SHARED_MS },
  returns: { aloneMs: 9_000, sharedMs: SHARED_MS },
  calendar: { aloneMs: 6_000, sharedMs: 10_000 },
  day: { aloneMs: 6_000, sharedMs: 10_000 },
  png: { aloneMs: 6_000, sharedMs: 10_000 },
  batch: { aloneMs: 6_000, sharedMs: 10_000 },
};

const children = new Set<ChildProcess>();
/** Windows the two-heavy-keys test has measured so far, over its attempts. */
let twoKeyWindows = 0;
/** Attempts per kind so far (see jest.retryTimes below). */
const attempts = new Map<HeavyKind, number>();

/**
 * The bounds, for every kind: key B p50 ≤ 30 ms and p99 ≤ 100 ms; key A's throughput beside key B at least
 * 80 % of the mean of an alone phase before and one after the shared phase (the machine's drift falls on both sides).
 *
 * History. Until 2026-11-26 the test held guards only (A at 0.65; B beside batches at 80 / 500 ms): one light
 * request of key B halved key A's share of the work in flight, so A's 100-chart batches fell to 57–70 % of their
 * throughput alone, and the ratio was counted from the answers finishing inside the window (15–30 of the slow kinds,
 * so one answer at an edge moved it by 3–7 %). Since the share is work-conserving (3-cost-share.ts `fits`) and the
 * throughput counts each answer's time in the window (helpers/heavy-load.ts), three runs on the quiet machine
 * (2026-11-26, one of them a clean-clone CI run) measured, at their first attempt: key B p50 5–27 ms and p99 26–49 ms
 * for every kind, batches included; key A 0.81–0.97 of alone (png 0.81–0.88, the lowest: its drawings use both
 * cores alone, so key B's own work comes out of them).
 */
const BOUNDS = { p50: 30, p99: 100, ratio: 0.8 };
/**
 * Each kind is measured again, up to twice, when an attempt misses a bound: this 2-core machine also runs the load
 * generators, and its speed drifts (another process's burst made one alone phase 37 % slower than the other in a
 * run on 2026-11-26). A regression misses every attempt (the batches' 57–70 % did, every time); a missed attempt's
 * figures and error are printed. Two attempts were not enough: on 2026-12-01 four calendar scenarios in a row on one
 * service read key A at 0.98, 0.89, 0.91 and 0.80 of alone, a run of the suite missed both attempts (0.65 and 0.78)
 * the day before, and another missed the first attempt of two kinds (calendar 0.70, batch 0.73 with key B's p99 at
 * 123 ms), then passed both at the second (0.97, 0.99): the spread of one attempt is wider than the bound's margin.
 */
jest.retryTimes(2, { logErrorsBeforeRetry: true });

function report(name: string, figures: object): void {
  process.stdout.write(`fair-by-cost ${name}: ${JSON.stringify(figures)}\n`);
}

/** Every answer of the heavy key is a 200, or a 503 with Retry-After (its own backlog past its deadline). */
function expectOnlyOkOr503(samples: readonly HeavySample[]): void {
  const bad = samples.filter((s) => s.status !== 200 && !(s.status === 503 && s.retryAfter));
  expect(statusCounts(bad)).toEqual({});
}

describe('fair by cost: one key’s heavy requests do not make another key wait', () => {
  let svc: RunningService;

  beforeAll(async () => {
    svc = await startService({ apiKeys: [KEY_A, KEY_B, KEY_C], env: { LOG_LEVEL: 'error', QUEUE_MAX_WAITING: '100000' } });
  }, 120_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await svc?.stop();
  });

  it.each(HEAVY_KINDS)(
    '%s: key B’s charts are served ahead of key A’s heavy work, and key A keeps most of its throughput alone',
    async (kind: HeavyKind) => {
      // A retry asks for inputs of its own (results kept from an earlier attempt would be answered faster); 430,000
      // and 860,000 also move the ingresses' start days, which repeat every 100,000 (heavy-load.ts), clear of every
      // other attempt's phases (offsets 0, 33,333 and 66,667 in each).
      const attempt = attempts.get(kind) ?? 0;
      attempts.set(kind, attempt + 1);
      const seed = 1_000_000 * (HEAVY_KINDS.indexOf(kind) + 1) + 430_000 * attempt;
      const f = await fairScenario({ baseUrl: svc.baseUrl, keyA: KEY_A, keyB: KEY_B, kind, seed, ...DURATIONS[kind], rampMs: RAMP_MS }, children);
      report(attempt ? `${kind} (attempt ${attempt + 1})` : kind, { keyB: f.keyB, keyA: f.keyA });
      const b = f.keyB;
      expect(b.byStatus).toEqual({ 200: b.total });
      expect(b.p50).toBeLessThanOrEqual(BOUNDS.p50);
      expect(b.p99).toBeLessThanOrEqual(BOUNDS.p99);
      expectOnlyOkOr503(f.aloneSamples);
      expectOnlyOkOr503(f.sharedSamples);
      expect(f.keyA.alonePerS).toBeGreaterThan(0);
      expect(f.keyA.withBPerS).toBeGreaterThanOrEqual(BOUNDS.ratio * f.keyA.alonePerS);
    },
    120_000,
  );

  it('two heavy keys at once share the heavy capacity within 20 % of each other', async () => {
    // The share is measured on year calendars (heavy: 30-60 ms of work each), about 50-110 answers a key in a window:
    // 1.00, 0.99 and 0.99 in three runs on 2026-11-29. On 10-year ingresses (0.2-0.45 s each) a window held 12-30
    // answers a key, and which key's retry found a slot free decided the ratio: a clean-clone run that day measured
    // 0.74, 0.78, 0.75, then 1.35 (the other key ahead), equal on the whole but never within 20 % in one window. Up
    // to two windows an attempt, the closer kept; a key that is really held back misses all of them.
    let best = 0;
    for (let window = 0; window < 2 && best < 0.8; window++) {
      const start = Date.now();
      const seed = 7_000 * twoKeyWindows++; // inputs of its own, a retry's too (kept results would come back faster)
      const [a, c] = await Promise.all([
        heavyLoadInChild({ baseUrl: svc.baseUrl, key: KEY_A, kind: 'calendar', concurrency: 32, durationMs: SHARED_MS, seed: 20_016_000 + seed }, children),
        heavyLoadInChild({ baseUrl: svc.baseUrl, key: KEY_C, kind: 'calendar', concurrency: 32, durationMs: SHARED_MS, seed: 30_083_000 + seed }, children),
      ]);
      const rateA = throughput(a, start + RAMP_MS, start + SHARED_MS);
      const rateC = throughput(c, start + RAMP_MS, start + SHARED_MS);
      report(window ? 'two heavy keys (second window)' : 'two heavy keys', {
        keyA: { perS: +rateA.toFixed(2), ...statusCounts(a) },
        keyC: { perS: +rateC.toFixed(2), ...statusCounts(c) },
      });
      expectOnlyOkOr503(a);
      expectOnlyOkOr503(c);
      best = Math.max(best, Math.min(rateA, rateC) / Math.max(rateA, rateC));
    }
    expect(best).toBeGreaterThanOrEqual(0.8);
  }, 180_000);
});

describe('work that could never finish within the time limit is refused up front', () => {
  let svc: RunningService;

  beforeAll(async () => {
    svc = await startService({ env: { LOG_LEVEL: 'error', JOB_TIMEOUT_MS: '400' } });
  }, 120_000);
  afterAll(() => svc?.stop());

  it('a 4,000 px PNG with a 0.4 s limit: 400 RANGE_TOO_LARGE with the estimate and the limit, at once', async () => {
    const start = Date.now();
    const res = await post(svc.baseUrl, '/v1/chart/bodygraph', {
      birthdate: '1990-05-15',
      birthtime: '14:30',
      location: 'London, United Kingdom',
      format: 'png',
      size: 4000,
    });
    expect(Date.now() - start).toBeLessThan(500);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('RANGE_TOO_LARGE');
    // A 4,000 px drawing is 24 megapixels for resvg and zlib: more than the 266 ms one request may take here.
    expect(res.body.error.details.limitMs).toBe(266);
    expect(res.body.error.details.estimatedMs).toBeGreaterThan(266);
  });

  it('work that fits is done: an 800 px PNG under the same limit', async () => {
    const res = await post(
      svc.baseUrl,
      '/v1/chart/bodygraph',
      { birthdate: '1990-05-15', birthtime: '14:30', location: 'London, United Kingdom', format: 'png', size: 800 },
      { raw: false },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/png');
  });
});
