/**
 * Hostile JSON on every route that takes a body, over real HTTP: refused with 400 before any transformation,
 * and the process goes on serving.
 */
import { post, RunningService, startService } from './helpers/service';

const ROUTES = ['/v1/chart', '/v1/chart/advanced', '/v1/chart/composite', '/v1/chart/transit', '/v1/chart/bodygraph'];
const BIRTH = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };

describe('hostile JSON bodies', () => {
  let svc: RunningService;

  beforeAll(async () => {
    svc = await startService();
  }, 120_000);
  afterAll(async () => svc?.stop());

  // 3,000 levels: well inside the 16 KB body limit, and deep enough to overflow a recursive transformer.
  const deep = `{"birthdate":"1948-04-09","x":${'['.repeat(3_000)}${']'.repeat(3_000)}}`;

  it.each(ROUTES)('%s: a body nested 3,000 levels deep is 400 INVALID_JSON', async (route) => {
    expect(deep.length).toBeLessThan(16 * 1024);
    const res = await post(svc.baseUrl, route, deep, { raw: true });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_JSON');
    expect(res.body.error.message).toMatch(/deeper than 32/);
  });

  it.each(ROUTES)('%s: 33 levels are refused, 32 are not refused for depth', async (route) => {
    const nested = (levels: number) => `{"birthdate":"1948-04-09","x":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    expect((await post(svc.baseUrl, route, nested(33), { raw: true })).body.error.code).toBe('INVALID_JSON');
    // 32 levels pass the depth check and meet validation instead (x is not a field).
    expect((await post(svc.baseUrl, route, nested(32), { raw: true })).body.error.code).toBe('VALIDATION_FAILED');
  });

  it.each(ROUTES)('%s: prototype keys are 400 VALIDATION_FAILED naming the field', async (route) => {
    const proto = await post(svc.baseUrl, route, `{"birthdate":"1948-04-09","birthtime":"00:14","location":"Montreal, Canada","__proto__":{"polluted":true}}`, {
      raw: true,
    });
    expect(proto.status).toBe(400);
    expect(proto.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: '__proto__' }] });
    const ctor = await post(svc.baseUrl, route, `{"birthdate":"1948-04-09","constructor":{"prototype":{"polluted":true}}}`, { raw: true });
    expect(ctor.status).toBe(400);
    expect(ctor.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'constructor' }] });
    const nested = await post(svc.baseUrl, route, { person1: { ...BIRTH, prototype: 1 } });
    expect(nested.status).toBe(400);
    expect(nested.body.error.details[0].field).toBe('person1.prototype');
  });

  it('keeps serving: the next ordinary request is computed', async () => {
    const res = await post(svc.baseUrl, '/v1/chart', BIRTH);
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('Manifestor'); // RULES reference chart: Montreal 1948-04-09 00:14
    expect(svc.api.exitCode).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
