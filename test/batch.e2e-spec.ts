/**
 * POST /v1/charts/batch end to end (real API, worker and Redis): 100 items with 5 bad ones, each answered as
 * its single call answers it, byte for byte; the limits; and items a worker never finishes.
 */
import { post, RunningService, startService, TEST_API_KEY } from './helpers/service';

const PLACES = ['Paris, France', 'Montreal, Quebec, Canada', 'Tokyo, Japan', 'Berlin, Germany', 'Sydney, Australia'];
function birth(i: number) {
  const day = new Date(Date.UTC(1960, 0, 1) + i * 86_400_000 * 37).toISOString().slice(0, 10);
  const minutes = (i * 53) % 1440;
  return {
    birthdate: day,
    birthtime: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    location: PLACES[i % PLACES.length],
  };
}

async function postRaw(baseUrl: string, path: string, text: string) {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY }, body: text });
  return { status: res.status, text: await res.text() };
}

describe('POST /v1/charts/batch', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService();
  }, 120_000);
  afterAll(async () => svc?.stop());

  it('100 items, 5 of them bad: every item answered in order as its single call answers it', async () => {
    const items: Record<string, unknown>[] = Array.from({ length: 100 }, (_, i) => ({
      id: `p${i}`,
      operation: i % 3 === 0 ? 'advanced' : 'chart',
      ...birth(i),
    }));
    items[7] = { id: 'p7', operation: 'chart', ...birth(7), birthdate: '2023-02-30' }; // 400 INVALID_DATE
    items[19] = { id: 'p19', operation: 'chart', ...birth(19), location: 'Springfeld, Atlantis' }; // 422 from the worker
    items[42] = { id: 'p42', operation: 'horoscope', ...birth(42) }; // unknown operation
    items[63] = { id: 'p63', operation: 'chart', ...birth(63), extra: true }; // unknown field
    items[88] = 'not an object' as unknown as Record<string, unknown>;
    const res = await post(svc.baseUrl, '/v1/charts/batch', { items });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 100, succeeded: 95, failed: 5 });
    expect(res.body.items.map((x: { id: unknown }) => x.id)).toEqual(items.map((it, i) => (typeof it === 'object' ? it.id : i)));

    for (let i = 0; i < 100; i++) {
      const item = items[i];
      const got = res.body.items[i];
      if (i === 42 || i === 88) {
        expect([i, got.status, got.error.code]).toEqual([i, 400, 'VALIDATION_FAILED']);
        continue;
      }
      const { id: _id, operation, ...data } = item;
      const single = await post(svc.baseUrl, operation === 'advanced' ? '/v1/chart/advanced' : '/v1/chart', data);
      expect([i, got.status]).toEqual([i, single.status]);
      if (single.status === 200)
        expect(res.text).toContain(`{"id":"p${i}","status":200,"result":${single.text}}`); // byte for byte
      else expect([i, got.error]).toEqual([i, single.body.error]);
    }
    expect(res.body.items[7].error.code).toBe('INVALID_DATE');
    expect(res.body.items[19].error.code).toBe('LOCATION_NOT_FOUND');
    expect(res.body.items[63].error.code).toBe('VALIDATION_FAILED');
  }, 120_000);

  it('identical items share one answer; ids default to positions', async () => {
    const res = await post(svc.baseUrl, '/v1/charts/batch', {
      items: [
        { operation: 'chart', ...birth(500) },
        { operation: 'chart', ...birth(500) },
      ],
    });
    expect(res.body.items.map((x: { id: number }) => x.id)).toEqual([0, 1]);
    expect(res.body.items[0].result).toEqual(res.body.items[1].result);
  });

  it('refuses a batch over its limits with a clear error', async () => {
    const many = await post(svc.baseUrl, '/v1/charts/batch', { items: Array.from({ length: 101 }, (_, i) => ({ operation: 'chart', ...birth(i) })) });
    expect([many.status, many.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(many.body.error.message).toMatch(/at most 100/);
    const empty = await post(svc.baseUrl, '/v1/charts/batch', { items: [] });
    expect(empty.status).toBe(400);
    const notArray = await post(svc.baseUrl, '/v1/charts/batch', { items: 'all' });
    expect(notArray.status).toBe(400);
    // The envelope's errors are its DTO's, whatever the items hold (they are checked one by one, not by the envelope).
    const one = [{ operation: 'chart', ...birth(1) }];
    const envelopes: [unknown, string][] = [
      [{ items: one, extra: 1 }, 'extra: property extra should not exist'],
      [{}, 'items: items must hold at most 100 items (send several batches); items must hold at least one item; items must be an array of birth data items'],
      [
        { items: null },
        'items: items must hold at most 100 items (send several batches); items must hold at least one item; items must be an array of birth data items',
      ],
      [
        [{ items: one }],
        '0: property 0 should not exist | items: items must hold at most 100 items (send several batches); items must hold at least one item; items must be an array of birth data items',
      ],
    ];
    for (const [body, message] of envelopes) {
      const res = await post(svc.baseUrl, '/v1/charts/batch', body as object);
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([400, 'VALIDATION_FAILED', message]);
    }
    const huge = await postRaw(
      svc.baseUrl,
      '/v1/charts/batch',
      JSON.stringify({ items: [{ operation: 'chart', ...birth(1), location: 'x'.repeat(300_000) }] }),
    );
    expect([huge.status, JSON.parse(huge.text).error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    // Larger than a single call's 16 KB, within the batch's 256 KB: accepted.
    const big = await post(svc.baseUrl, '/v1/charts/batch', {
      items: Array.from({ length: 100 }, (_, i) => ({ id: `${'n'.repeat(90)}${i}`, operation: 'chart', ...birth(i) })),
    });
    expect(big.status).toBe(200);
  }, 60_000);
});

describe('a batch no worker finishes', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService({ worker: false, env: { JOB_TIMEOUT_MS: '1500' } });
  }, 120_000);
  afterAll(async () => svc?.stop());

  it('answers within JOB_TIMEOUT_MS: each unfinished item 504 COMPUTE_TIMEOUT, bad items their own error', async () => {
    const started = Date.now();
    const res = await post(svc.baseUrl, '/v1/charts/batch', {
      items: [
        { operation: 'chart', ...birth(1) },
        { operation: 'chart', ...birth(2), birthtime: '25:00' },
        { operation: 'advanced', ...birth(3) },
      ],
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.status).toBe(200);
    expect(res.body.items.map((x: { status: number; error: { code: string } }) => [x.status, x.error.code])).toEqual([
      [504, 'COMPUTE_TIMEOUT'],
      [400, 'INVALID_TIME'],
      [504, 'COMPUTE_TIMEOUT'],
    ]);
    expect(res.body.items[0].error.correlationId).toEqual(expect.any(String));
  }, 30_000);
});
