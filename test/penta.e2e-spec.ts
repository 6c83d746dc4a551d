/**
 * POST /v1/chart/penta end to end (real API, worker and Redis), for three reference people, against the values
 * worked out by hand from docs/penta.md (the same working as src/engine/relations/penta.spec.ts's group of three).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { post, RunningService, startService } from './helpers/service';

const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
// Vida, Oregon and Salem, Massachusetts by coordinates and zone (reference-charts.json: 07:04 and 12:40 UTC).
const AARON = { birthdate: '1992-09-06', birthtime: '00:04', latitude: 44.15, longitude: -122.57, timezone: 'America/Los_Angeles' };
const KATHLEEN = { birthdate: '1991-06-13', birthtime: '08:40', latitude: 42.52, longitude: -70.9, timezone: 'America/New_York' };

describe('POST /v1/chart/penta', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService();
  }, 120_000);
  afterAll(async () => svc?.stop());

  it('three people: the Penta gates each supplies, the channels and how they form, the gaps and overlaps', async () => {
    const res = await post(svc.baseUrl, '/v1/chart/penta', { members: [RA, AARON, KATHLEEN] });
    expect(res.status).toBe(200);
    expect(res.body.people.map((p: { birth: { utc: string } }) => p.birth.utc)).toEqual([
      '1948-04-09T05:14:00Z',
      '1992-09-06T07:04:00Z',
      '1991-06-13T12:40:00Z',
    ]);
    const members = (gate: number) => res.body.gates.find((g: { gate: number }) => g.gate === gate).members;
    expect([31, 8, 33, 7, 1, 13, 15, 2, 46, 5, 14, 29].map(members)).toEqual([[2], [], [0, 2], [0], [0, 2], [1], [1], [0], [], [1], [], [1]]);
    expect(res.body.channels.map((c: { key: string; formedBy: string | null }) => [c.key, c.formedBy])).toEqual([
      ['7-31', 'across-members'],
      ['1-8', null],
      ['13-33', 'across-members'],
      ['5-15', 'single-member'],
      ['2-14', null],
      ['29-46', null],
    ]);
    expect(res.body.gaps).toEqual({ gates: [8, 46, 14], channels: ['1-8', '2-14', '29-46'] });
    expect(res.body.overlaps).toEqual([
      { gate: 33, members: [0, 2] },
      { gate: 1, members: [0, 2] },
    ]);
    expect(res.body.counts).toEqual({ presentGates: 9, presentChannels: 3 });
  });

  it('two people are a composite; six are too many; a bad member is its own field error', async () => {
    // docs/penta.md, rule 1: a wrong count is 400 VALIDATION_FAILED on the field `members`, with the members' own errors.
    const two = await post(svc.baseUrl, '/v1/chart/penta', { members: [RA, AARON] });
    expect([two.status, two.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(two.body.error.details.map((d: { field: string }) => d.field)).toEqual(['members']);
    expect(two.body.error.message).toMatch(/\/v1\/chart\/composite/);
    const six = await post(svc.baseUrl, '/v1/chart/penta', { members: [RA, AARON, KATHLEEN, RA, AARON, KATHLEEN] });
    expect([six.status, six.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(six.body.error.details.map((d: { field: string }) => d.field)).toEqual(['members']);
    const twoBad = await post(svc.baseUrl, '/v1/chart/penta', { members: [RA, { ...AARON, birthtime: '25:00' }] });
    expect([twoBad.status, twoBad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(twoBad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['members', 'members.1.birthtime']);
    const bad = await post(svc.baseUrl, '/v1/chart/penta', { members: [RA, AARON, { ...KATHLEEN, birthdate: '1991-02-30' }] });
    expect([bad.status, bad.body.error.details[0].field]).toEqual([400, 'members.2.birthdate']);
  });

  it('docs/penta.md names the code the API answers for a wrong size', () => {
    const rule = readFileSync(join(__dirname, '..', 'docs', 'penta.md'), 'utf8').match(/^1\. \*\*Size\*\*[^]*?(?=^2\. )/m)?.[0] ?? '';
    expect(rule).toMatch(/400 `VALIDATION_FAILED`/);
    expect(rule).toMatch(/`members`/);
  });
});
