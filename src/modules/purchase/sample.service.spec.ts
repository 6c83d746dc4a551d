import { ApiError } from '../../common/api-error';
import { loadConfig } from '../../config/app-config';
import type { JobRunner } from '../queue/job-runner.service';
import type { RedisClient } from '../redis/redis.module';
import { SampleService, SAMPLE_SHARE_KEY } from './sample.service';

// The service's own decisions, with the queue and Redis stood in for (test/buy-sample.e2e-spec.ts runs the real ones).
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_51abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', KEY_SEAL_SECRET: 'x'.repeat(32) };
const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
const CHART = JSON.stringify({
  type: 'Manifestor',
  strategy: 'To Inform',
  authority: 'Splenic',
  profile: '5/1',
  definition: 'Single Definition',
  incarnationCross: { name: 'Left Angle Cross of the Clarion 1' },
  definedCenters: ['Ajna', 'Throat'],
  birth: { location: { name: 'Montréal', region: 'Quebec', country: 'Canada', timezone: 'America/Toronto' } },
});

type Settled = Awaited<ReturnType<JobRunner['runMany']>>;

function setUp(runMany: () => Promise<Settled>, take: () => Promise<[number, number]> = () => Promise.resolve([1, 0]), env: NodeJS.ProcessEnv = STRIPE) {
  const calls: { trace: unknown; options: unknown; names: string[] }[] = [];
  const jobs = {
    runMany: (list: { name: string }[], trace: unknown, options: unknown) => {
      calls.push({ trace, options, names: list.map((j) => j.name) });
      return runMany();
    },
  } as unknown as JobRunner;
  const redis = { client: { eval: take } } as unknown as RedisClient;
  const service = new SampleService(redis, jobs, loadConfig(env));
  const token = service.form('203.0.113.7')?.token ?? '';
  const submit = (fields: Record<string, unknown>) => service.submit({ token, ...fields }, '203.0.113.7', { receivedAt: Date.now() });
  return { service, submit, calls };
}

const ok = (value: string) => ({ ok: true as const, value });

describe('SampleService', () => {
  it('runs the chart and both drawings as background work of the one sample pseudo-key, and shows the result', async () => {
    const { submit, calls } = setUp(() => Promise.resolve([ok(CHART), ok('<svg>light</svg>'), ok('<svg>dark</svg>')]));
    const outcome = await submit(RA);
    expect(outcome).toMatchObject({ kind: 'page', status: 200, section: { state: { kind: 'result', result: { svg: { light: '<svg>light</svg>' } } } } });
    expect(calls).toEqual([
      { trace: expect.objectContaining({ keyHash: SAMPLE_SHARE_KEY }), options: { background: true }, names: ['chart', 'bodygraph', 'bodygraph'] },
    ]);
  });

  it('checks the token, then the fields, then the allowance: only valid forms count, and none reaches the queue otherwise', async () => {
    let taken = 0;
    const { service, submit, calls } = setUp(
      () => Promise.resolve([ok(CHART), ok('<svg/>'), ok('<svg/>')]),
      () => Promise.resolve(++taken > 1 ? [0, 17] : [1, 0]),
    );
    expect(await service.submit({ ...RA }, '203.0.113.7', {})).toEqual({ kind: 'refused', refusal: 'token-invalid' });
    expect(await submit({ ...RA, birthdate: '1948-13-01' })).toMatchObject({ status: 400, section: { state: { kind: 'invalid' } } });
    expect(taken).toBe(0);
    expect((await submit(RA)).kind).toBe('page');
    expect(await submit(RA)).toMatchObject({ status: 429, retryAfterSeconds: 17, section: { state: { kind: 'limited', retryAfterSeconds: 17 } } });
    expect(calls).toHaveLength(1);
  });

  it('shows a place not found at its field, with the places meant', async () => {
    const notFound = new ApiError(422, 'LOCATION_NOT_FOUND', 'No place called "Montrel" was found.', { suggestions: ['Montreal, Quebec, Canada', 7] });
    const { submit } = setUp(() =>
      Promise.resolve([
        { ok: false, error: notFound },
        { ok: false, error: notFound },
        { ok: false, error: notFound },
      ]),
    );
    expect(await submit({ ...RA, location: 'Montrel' })).toMatchObject({
      status: 422,
      section: { state: { kind: 'invalid', errors: { location: ['No place called "Montrel" was found.'] }, suggestions: ['Montreal, Quebec, Canada'] } },
    });
  });

  it('answers 503 with Retry-After, never a 500, when the queue is busy or away, Redis is down or a worker fails', async () => {
    const overloaded = new ApiError(503, 'OVERLOADED', 'busy', undefined, { 'Retry-After': '7' });
    const timeout = new ApiError(504, 'COMPUTE_TIMEOUT', 'late', undefined, { 'Retry-After': '2' });
    for (const [run, retry] of [
      [() => Promise.reject(overloaded), 7],
      [() => Promise.resolve([{ ok: false, error: timeout }, ok('<svg/>'), ok('<svg/>')]), 2],
      [() => Promise.reject(new Error('surprise')), 2],
      [() => Promise.resolve([ok('not json'), ok('<svg/>'), ok('<svg/>')]), 2],
    ] as [() => Promise<Settled>, number][]) {
      expect(await setUp(run).submit(RA)).toMatchObject({ status: 503, retryAfterSeconds: retry, section: { state: { kind: 'unavailable' } } });
    }
    const redisDown = setUp(
      () => Promise.resolve([ok(CHART), ok('<svg/>'), ok('<svg/>')]),
      () => Promise.reject(new Error('Stream isn’t writeable')),
    );
    expect(await redisDown.submit(RA)).toMatchObject({ status: 503, section: { state: { kind: 'unavailable' } } });
  });

  it('offers no sample without purchases', async () => {
    const { service } = setUp(() => Promise.reject(new Error('not called')), undefined, {});
    expect(service.enabled).toBe(false);
    expect(service.form('203.0.113.7')).toBeUndefined();
    expect(await service.submit({ ...RA }, '203.0.113.7', {})).toEqual({ kind: 'refused', refusal: 'disabled' });
  });
});
