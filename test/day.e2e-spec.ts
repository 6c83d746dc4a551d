/**
 * POST /v1/chart/day end to end (real API, worker and Redis): each window's chart is what /v1/chart answers for a
 * minute inside it; the windows tile the local day; the partial-time forms and the bad inputs.
 */
import { post, RunningService, startService } from './helpers/service';

const DAY = { birthdate: '1948-04-09', location: 'Montreal, Quebec, Canada' };

describe('POST /v1/chart/day', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService();
  }, 90_000);
  afterAll(() => service?.stop());

  it('tiles the local day with windows whose charts are those of /v1/chart inside them', async () => {
    const res = await post(service.baseUrl, '/v1/chart/day', { ...DAY, detail: 'full' });
    expect(res.status).toBe(200);
    const { birth, windows, windowCount, certain } = res.body;
    expect(birth.day).toMatchObject({
      from: { local: '00:00:00', utc: '1948-04-09T05:00:00Z' },
      to: { local: '24:00:00', utc: '1948-04-10T05:00:00Z' },
      hours: 24,
    });
    expect(windowCount).toBe(windows.length);
    expect(windows[0].from.utc).toBe(birth.day.from.utc);
    expect(windows[windows.length - 1].to.utc).toBe(birth.day.to.utc);
    for (let i = 1; i < windows.length; i++) expect(windows[i].from.utc).toBe(windows[i - 1].to.utc);
    const long = windows.filter((w: { hours: number }) => w.hours > 0.1);
    for (const w of long.slice(0, 6)) {
      // A whole minute inside the window, on the local clock.
      const [h, m] = w.from.local.split(':').map(Number);
      const minute = h * 60 + m + 2;
      const birthtime = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const chart = await post(service.baseUrl, '/v1/chart', { ...DAY, birthtime });
      expect(chart.status).toBe(200);
      const { birth: _b, ...expected } = chart.body;
      expect(w.chart).toEqual(expected);
      expect([w.type, w.profile, w.incarnationCross]).toEqual([chart.body.type, chart.body.profile, chart.body.incarnationCross.name]);
      expect(certain.type === undefined || certain.type === chart.body.type).toBe(true);
    }
  }, 60_000);

  it('around a time: only the charts within the margin', async () => {
    const res = await post(service.baseUrl, '/v1/chart/day', { ...DAY, birthtime: '15:00', approximate: '±30m' });
    expect(res.status).toBe(200);
    // 15:00 ± 30 min is one hour; Montreal kept EST (-05:00) until 25 April 1948 (tzdata): 19:30 to 20:30 UTC.
    expect(res.body.birth.day).toEqual({
      from: { local: '14:30:00', utc: '1948-04-09T19:30:00Z', utcOffset: '-05:00' },
      to: { local: '15:30:00', utc: '1948-04-09T20:30:00Z', utcOffset: '-05:00' },
      hours: 1,
    });
    expect(res.body.birth.wholeDay).toMatchObject({ from: { local: '00:00:00' }, to: { local: '24:00:00' }, hours: 24 });
    expect(res.body.birth.span).toBeUndefined();
    const sum = (values: { hours: number }[]) => values.reduce((t, v) => t + v.hours, 0);
    expect(sum(res.body.windows)).toBeCloseTo(1, 3);
    const personality: Record<string, { hours: number }[]> = res.body.varying.personality ?? {};
    for (const values of Object.values(personality)) expect(sum(values)).toBeCloseTo(1, 3);
    expect(res.body.windows[0].from.local).toBe('14:30:00');
    expect(res.body.windows.length).toBeLessThanOrEqual(4);
    expect(res.body.windows[0].chart).toBeUndefined(); // summary by default
    const window = await post(service.baseUrl, '/v1/chart/day', { ...DAY, from: '22:00', to: '24:00' });
    expect(window.body.windows[window.body.windows.length - 1].to.local).toBe('24:00:00');
    expect(window.body.birth.day).toMatchObject({ from: { local: '22:00:00' }, to: { local: '24:00:00' }, hours: 2 });
    // A spring-forward day (Berlin, 2021-03-28: 02:00 became 03:00): the whole day has 23 hours, 01:00 to 04:00 two.
    const berlin = await post(service.baseUrl, '/v1/chart/day', { birthdate: '2021-03-28', location: 'Berlin, Germany', from: '01:00', to: '04:00' });
    expect([berlin.body.birth.day.hours, berlin.body.birth.wholeDay.hours]).toEqual([2, 23]);
  }, 30_000);

  it.each([
    [{ ...DAY, birthtime: '15:00' }, 400, 'VALIDATION_FAILED'],
    [{ ...DAY, approximate: '±30m' }, 400, 'VALIDATION_FAILED'],
    [{ ...DAY, birthtime: '15:00', approximate: '30 minutes' }, 400, 'VALIDATION_FAILED'],
    [{ ...DAY, birthtime: '15:00', approximate: '±13h' }, 400, 'VALIDATION_FAILED'],
    [{ ...DAY, from: '10:00' }, 400, 'VALIDATION_FAILED'],
    [{ ...DAY, from: '10:00', to: '09:00' }, 400, 'VALIDATION_FAILED'],
    [{ ...DAY, from: '25:00', to: '26:00' }, 400, 'INVALID_TIME'],
    [{ ...DAY, birthdate: '1948-02-30' }, 400, 'INVALID_DATE'],
    [{ ...DAY, birthdate: '1700-01-01' }, 422, 'DATE_OUT_OF_RANGE'],
    [{ ...DAY, location: 'Atlantis, Nowhere' }, 422, 'LOCATION_NOT_FOUND'],
    [{ ...DAY, detail: 'everything' }, 400, 'VALIDATION_FAILED'],
  ])('%j → %i %s', async (body, status, code) => {
    const res = await post(service.baseUrl, '/v1/chart/day', body);
    expect([res.status, res.body.error?.code]).toEqual([status, code]);
  });
});
