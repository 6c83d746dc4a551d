/**
 * One range error (issue 29): every date or instant outside what the ephemeris supports, in any field of any
 * operation, answers 422 DATE_OUT_OF_RANGE with the supported range in `details` (`min`, `max`); a malformed one
 * stays 400. Real API, worker and Redis. The ranges are the README's: birth dates 1800-04-09 to 2399-12-30 (the
 * design moment needs the ephemeris 88 days before the birth), instants within the Swiss Ephemeris files we ship.
 */
import { post, RunningService, startService } from './helpers/service';

const BIRTH = { birthdate: '1990-05-15', birthtime: '14:30', location: 'London, United Kingdom' };
const OLD = { ...BIRTH, birthdate: '1700-01-01' };
const LATE = { ...BIRTH, birthdate: '2450-06-01' };

/** Each operation with each of its date fields set out of range (before or after), as a request. */
const CASES: [what: string, path: string, body: object][] = [
  ['chart birthdate', '/v1/chart', OLD],
  ['advanced birthdate', '/v1/chart/advanced', LATE],
  ['composite person2.birthdate', '/v1/chart/composite', { person1: BIRTH, person2: OLD }],
  ['transit birthdate', '/v1/chart/transit', { ...OLD, at: '2026-01-01T00:00:00Z' }],
  ['transit at (before)', '/v1/chart/transit', { ...BIRTH, at: '1750-01-01T00:00:00Z' }],
  ['transit at (after)', '/v1/chart/transit', { ...BIRTH, at: '2500-01-01T00:00:00Z' }],
  ['penta members[1].birthdate', '/v1/chart/penta', { members: [BIRTH, LATE, { ...BIRTH, birthtime: '02:00' }] }],
  ['day birthdate', '/v1/chart/day', { birthdate: '1750-03-01', location: 'London, United Kingdom' }],
  ['bodygraph birthdate', '/v1/chart/bodygraph', OLD],
  ['composite bodygraph person1.birthdate', '/v1/chart/composite/bodygraph', { person1: LATE, person2: BIRTH }],
  ['transit bodygraph at', '/v1/chart/transit/bodygraph', { ...BIRTH, at: '1750-01-01T00:00:00Z' }],
  ['ingresses from', '/v1/transits/ingresses', { from: '1700-01-01', to: '1700-02-01' }],
  ['ingresses to', '/v1/transits/ingresses', { from: '2399-12-01', to: '2401-01-01', level: 'gate' }],
  ['stations from', '/v1/transits/stations', { from: '1500-01-01', to: '1501-01-01' }],
  ['returns birthdate', '/v1/chart/returns', { ...OLD, from: '2026-01-01', to: '2027-01-01' }],
  ['returns to', '/v1/chart/returns', { ...BIRTH, from: '2399-06-01', to: '2450-01-01', kinds: ['solar'] }],
  ['calendar from', '/v1/chart/transit-calendar', { ...BIRTH, from: '1700-01-01', to: '1700-02-01' }],
];

describe('a date outside the ephemeris: 422 DATE_OUT_OF_RANGE in every operation and field', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService();
  }, 90_000);
  afterAll(() => svc?.stop());

  it.each(CASES)('%s', async (_what, path, body) => {
    const res = await post(svc.baseUrl, path, body);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('DATE_OUT_OF_RANGE');
    expect(res.body.error.details).toEqual(expect.objectContaining({ min: expect.any(String), max: expect.any(String) }));
  });

  it('a batch item: its own 422 DATE_OUT_OF_RANGE, the others answered', async () => {
    const res = await post(svc.baseUrl, '/v1/charts/batch', {
      items: [
        { operation: 'chart', ...BIRTH },
        { operation: 'chart', ...OLD },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.items[0].status).toBe(200);
    expect(res.body.items[1]).toMatchObject({ status: 422, error: { code: 'DATE_OUT_OF_RANGE', details: { min: '1800-04-09', max: '2399-12-30' } } });
  });

  it('the ranges are the documented ones', async () => {
    const birth = await post(svc.baseUrl, '/v1/chart', OLD);
    expect(birth.body.error.details).toMatchObject({ min: '1800-04-09', max: '2399-12-30' });
    const at = await post(svc.baseUrl, '/v1/chart/transit', { ...BIRTH, at: '2500-01-01T00:00:00Z' });
    expect(at.body.error.details.min).toMatch(/^1800-/);
    expect(at.body.error.details.max).toMatch(/^2399-|^2400-/);
  });

  it('a malformed date or instant stays 400', async () => {
    expect((await post(svc.baseUrl, '/v1/chart', { ...BIRTH, birthdate: '1990-02-30' })).body.error.code).toBe('INVALID_DATE');
    expect((await post(svc.baseUrl, '/v1/chart/transit', { ...BIRTH, at: 'tomorrow' })).status).toBe(400);
    expect((await post(svc.baseUrl, '/v1/transits/ingresses', { from: '2026-13-01', to: '2027-01-01' })).body.error.code).toBe('INVALID_INSTANT');
  });
});
