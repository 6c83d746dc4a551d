/**
 * Every operation of the client against a running API: HD_API_URL (e.g. http://127.0.0.1:3000) and HD_API_KEY
 * (a key it accepts). Without them these tests are skipped (the offline tests still run).
 *
 * Expected values come from independent sources: the reference charts (test/fixtures/reference-charts.json at the
 * repository root: Ra Uru Hu's birth, 1948-04-09 00:14 in Montreal) and the astronomy of the dates asked about. Where a
 * value has no such source, the test asks that the client gives exactly what the API sends over plain fetch.
 *
 * The answers are read through the generated types, so these tests also compile only while the fields they read
 * exist in the OpenAPI document (type-tests/ checks the types more closely).
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createHdClient, HdApiError, type BirthData, type HdClient } from '../src/index.js';

const API_URL = process.env.HD_API_URL;
const API_KEY = process.env.HD_API_KEY;
const skip = !API_URL || !API_KEY ? 'HD_API_URL and HD_API_KEY are not set: no API to call' : false;

const ra: BirthData = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
const other: BirthData = { birthdate: '1992-10-03', birthtime: '00:03', location: 'Attleboro, Massachusetts, USA' };
const third: BirthData = { birthdate: '1975-01-20', birthtime: '08:30', location: 'Sydney, Australia' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The same call over plain fetch: what the API sends, for comparing with what the client gives. */
async function wire(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${API_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'HD-Api-Key': API_KEY ?? '' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200);
  return res.json();
}

async function rejection(promise: Promise<unknown>): Promise<HdApiError> {
  const err = await promise.then(
    () => assert.fail('expected an HdApiError'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof HdApiError, `expected HdApiError, got ${String(err)}`);
  return err;
}

function assertSvg(svg: string): void {
  assert.equal(typeof svg, 'string');
  assert.match(svg, /<svg[\s>]/);
  assert.match(svg.trimEnd(), /<\/svg>$/);
}

function assertPng(png: Uint8Array): void {
  assert.ok(png instanceof Uint8Array, 'PNG bytes as a Uint8Array');
  assert.ok(png.length > 1000);
  assert.deepEqual([...png.subarray(0, 8)], PNG_SIGNATURE);
}

describe('against a running API', { skip }, () => {
  const hd: HdClient = createHdClient({ baseUrl: API_URL ?? '', apiKey: API_KEY ?? '' });

  describe('charts', () => {
    it('chart(): the reference birth is a 5/1 Manifestor, Left Angle Cross of the Clarion 1', async () => {
      const chart = await hd.chart(ra);
      assert.equal(chart.type, 'Manifestor');
      assert.equal(chart.strategy, 'To Inform');
      assert.equal(chart.authority, 'Splenic');
      assert.equal(chart.profile, '5/1');
      assert.equal(chart.definition, 'Single Definition');
      assert.equal(chart.incarnationCross.name, 'Left Angle Cross of the Clarion 1');
      assert.deepEqual(chart.incarnationCross.gates, [51, 57, 61, 62]);
      assert.deepEqual(chart.definedCenters, ['Ajna', 'Throat', 'G', 'Heart', 'Spleen']);
      assert.deepEqual(
        chart.activeChannels.map((c: { gate1: number; gate2: number }) => `${c.gate1}-${c.gate2}`),
        ['10-20', '10-57', '20-57', '23-43', '25-51'],
      );
      assert.equal(chart.birth.utc, '1948-04-09T05:14:00Z');
    });

    it('advancedChart(): adds colors, tones and bases to the 26 activations', async () => {
      const chart = await hd.advancedChart(ra);
      assert.equal(chart.type, 'Manifestor');
      assert.equal(chart.profile, '5/1');
      assert.equal(chart.activeChannels[0].circuitGroup, 'Integration');
      assert.equal(Object.keys(chart.personality).length, 13);
      assert.equal(Object.keys(chart.design).length, 13);
      for (const field of ['gate', 'line', 'color', 'tone', 'base', 'longitude'] as const) assert.equal(typeof chart.personality.sun[field], 'number', field);
    });

    it('compositeChart(): both people', async () => {
      const composite = await hd.compositeChart({ person1: ra, person2: other });
      assert.equal(composite.person1.type, 'Manifestor');
      assert.equal(composite.person1.profile, '5/1');
      assert.equal(composite.person2.type, 'Manifesting Generator');
      assert.equal(composite.person2.profile, '1/3');
    });

    it('transit(): the Sun in gate 38.1 on 2024-01-01', async () => {
      const transit = await hd.transit({ ...ra, at: '2024-01-01T00:00:00Z' });
      assert.equal(transit.at, '2024-01-01T00:00:00Z');
      assert.equal(transit.activations.sun.gate, 38);
      assert.equal(transit.activations.sun.line, 1);
      assert.equal(transit.activations.earth.gate, 39);
    });

    it('penta(): three members, the 12 Penta gates, as the API sends it', async () => {
      const body = { members: [ra, other, third] };
      const penta = await hd.penta(body);
      assert.equal(penta.memberCount, 3);
      assert.deepEqual(
        penta.gates.map((g) => g.gate).sort((a, b) => a - b),
        [1, 2, 5, 7, 8, 13, 14, 15, 29, 31, 33, 46],
      );
      assert.deepEqual(penta, await wire('/v1/chart/penta', body));
    });

    it('day(): the window holding 00:14 is the reference chart, and the windows fill the day', async () => {
      const body = { birthdate: '1948-04-09', location: 'montreal, quebec, canada' };
      const day = await hd.day(body);
      assert.equal(day.birth.date, '1948-04-09');
      assert.equal(day.birth.day.hours, 24);
      assert.equal(day.windowCount, day.windows.length);
      const at0014 = day.windows.find((w) => w.from.local <= '00:14:00' && w.to.local > '00:14:00');
      assert.ok(at0014);
      assert.equal(at0014.type, 'Manifestor');
      assert.equal(at0014.profile, '5/1');
      // The windows follow one another from 00:00 to 24:00 without a gap.
      assert.equal(day.windows[0].from.local, '00:00:00');
      assert.equal(day.windows[day.windows.length - 1].to.local, '24:00:00');
      day.windows.slice(1).forEach((w, i) => assert.equal(w.from.utc, day.windows[i].to.utc));
      assert.deepEqual(day, await wire('/v1/chart/day', body));
    });

    it('batch(): each item answered or refused on its own', async () => {
      const batch = await hd.batch({
        items: [
          { id: 'ada', operation: 'chart', ...ra },
          { id: 'ben', operation: 'chart', ...ra, birthdate: '1948-02-30' },
        ],
      });
      assert.equal(batch.count, 2);
      assert.equal(batch.succeeded, 1);
      assert.equal(batch.failed, 1);
      const [ada, ben] = batch.items;
      assert.equal(ada.id, 'ada');
      assert.equal(ada.status, 200);
      assert.ok('result' in ada && 'type' in ada.result);
      assert.equal(ada.result.type, 'Manifestor');
      assert.equal(ben.status, 400);
      assert.ok('error' in ben);
      assert.equal(ben.error.code, 'INVALID_DATE');
    });
  });

  describe('bulk jobs', () => {
    it('createJob(), waitForJob(), jobResults(): every item answered in order, as JSON or CSV; cancelJob() on a finished job changes nothing', async () => {
      const created = await hd.createJob({
        operation: 'chart',
        items: [
          { id: 'ada', ...ra },
          { id: 'ben', ...ra, birthdate: '1948-02-30' },
        ],
      });
      // Workers start on a job's first chunks while the API still reads the rest: the 202 may find it running, and a
      // job this small even completed (its one chunk done before the answer was written).
      assert.ok(['queued', 'running', 'completed'].includes(created.state), created.state);
      assert.equal(created.total, 2);
      const seen: string[] = [];
      const done = await hd.waitForJob(created.id, { intervalMs: 100, onProgress: (j) => seen.push(j.state) });
      assert.equal(done.state, 'completed');
      assert.equal(done.done, 2);
      assert.equal(done.failed, 1);
      assert.ok(seen.length >= 1);
      const results = await hd.jobResults(created.id);
      assert.equal(results.count, 2);
      const [ada, ben] = results.items;
      assert.ok('result' in ada && typeof ada.result === 'object' && 'type' in ada.result);
      assert.equal(ada.result.type, 'Manifestor');
      assert.ok('error' in ben);
      assert.equal(ben.error.code, 'INVALID_DATE');
      const csv = await hd.jobResults(created.id, { format: 'csv' });
      assert.match(csv, /^id,status,errorCode,errorMessage,type,/);
      assert.match(csv, /\nada,200,,,Manifestor,/);
      assert.equal((await hd.cancelJob(created.id)).state, 'completed');
      assert.equal((await rejection(hd.job('no-such-job'))).code, 'JOB_NOT_FOUND');
    });

    it('jobResults() with follow: true right after createJob(): the finished job’s answers, with no wait before', async () => {
      const created = await hd.createJob({ items: Array.from({ length: 300 }, (_, i) => ({ id: `p${i}`, ...ra })) });
      const followed = await hd.jobResults(created.id, { format: 'ndjson', follow: true });
      assert.equal((await hd.job(created.id)).state, 'completed');
      assert.equal(followed, await hd.jobResults(created.id, { format: 'ndjson' }));
      assert.equal(followed.trimEnd().split('\n').length, 300);
      const json = await hd.jobResults(created.id, { follow: true });
      assert.equal(json.count, 300);
    });
  });

  describe('reading', () => {
    it('report(): an HTML page by default, PDF bytes with format pdf', async () => {
      const html = await hd.report({ ...ra, meaning: 'fr' });
      assert.match(html, /^<!DOCTYPE html>/);
      assert.match(html, /<html lang="fr"/);
      const pdf = await hd.report({ ...ra, format: 'pdf' });
      assert.equal(Buffer.from(pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
    });
  });

  describe('drawings', () => {
    it('bodygraph(): SVG text by default, PNG bytes with format png', async () => {
      assertSvg(await hd.bodygraph(ra));
      assertSvg(await hd.bodygraph({ ...ra, format: 'svg', theme: 'dark', variables: true }));
      assertPng(await hd.bodygraph({ ...ra, format: 'png', size: 300 }));
    });

    it('compositeBodygraph()', async () => {
      assertSvg(await hd.compositeBodygraph({ person1: ra, person2: other, names: ['Ra', 'Other'] }));
      assertPng(await hd.compositeBodygraph({ person1: ra, person2: other, format: 'png', size: 300 }));
    });

    it('transitBodygraph()', async () => {
      assertSvg(await hd.transitBodygraph({ ...ra, at: '2024-01-01T00:00:00Z' }));
      assertPng(await hd.transitBodygraph({ ...ra, at: '2024-01-01T00:00:00Z', format: 'png', size: 300 }));
    });
  });

  describe('time series', () => {
    it('ingresses(): gate ingresses of the first week of 2026, as the API sends them', async () => {
      const body = {
        from: '2026-01-01T00:00:00Z',
        to: '2026-01-08T00:00:00Z',
        level: 'gate' as const,
        bodies: ['sun', 'earth', 'moon', 'mercury', 'venus', 'mars'] as const,
      };
      const answer = await hd.ingresses({ ...body, bodies: [...body.bodies] });
      assert.equal(answer.count, answer.events.length);
      // The Moon moves 11.8–15.4° a day, so it crosses 5.625° gates 14 to 20 times in 7 days.
      const moon = answer.events.filter((e) => e.body === 'moon').length;
      assert.ok(moon >= 14 && moon <= 20, `${moon} Moon ingresses`);
      for (const e of answer.events) assert.ok(e.at >= body.from && e.at < body.to && body.bodies.includes(e.body as never));
      assert.deepEqual(answer, await wire('/v1/transits/ingresses', body));
    });

    // 2026 by the almanac: Mercury turns 6 times (three retrogrades), Venus, Jupiter, Saturn, Uranus, Neptune and
    // Pluto twice each, Mars not at all (its next retrograde begins in January 2027); Uranus turns direct on 4 February.
    it('stations(): 18 stations in 2026, the first Uranus direct in 8.4', async () => {
      const answer = await hd.stations({ from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' });
      assert.equal(answer.count, 18);
      // The Swiss Ephemeris' speed of Uranus changes sign at 02:33:07.5 (bisected to the millisecond); a station's
      // instant is flat in longitude, and the solver's lies within 2 s of it.
      const { at, ...rest } = answer.events[0];
      assert.deepEqual(rest, { body: 'uranus', station: 'direct', gate: 8, line: 4 });
      assert.ok(Math.abs(Date.parse(at) - Date.parse('2026-02-04T02:33:07.536Z')) <= 2000, at);
    });

    // Saturn's period is 29.46 years: the first return falls 29–30 years after 1948-04, the second 58–59 years after.
    it('returns(): Saturn returns where its period puts them, as the API sends them', async () => {
      const body = { ...ra, from: '1948-04-09T00:00:00Z', to: '2008-04-09T00:00:00Z', kinds: ['saturn' as const] };
      const answer = await hd.returns(body);
      const events = answer.events.map((e) => [Number(e.at.slice(0, 4)), e.returnNumber]);
      assert.ok(events.every(([year, n]) => (n === 1 ? year >= 1976 && year <= 1978 : n === 2 && year >= 2005 && year <= 2008)));
      assert.ok(events.some(([, n]) => n === 1) && events.some(([, n]) => n === 2));
      assert.equal(answer.natal.type, 'Manifestor');
      assert.deepEqual(answer, await wire('/v1/chart/returns', body));
    });

    it('transitCalendar(): two weeks of intervals inside the range, as the API sends them', async () => {
      const body = { ...ra, from: '2026-01-01T00:00:00Z', to: '2026-01-15T00:00:00Z' };
      const answer = await hd.transitCalendar(body);
      assert.equal(answer.count, answer.intervals.length);
      for (const i of answer.intervals) assert.ok(['completes-channel', 'transit-channel', 'defines-center'].includes(i.kind));
      assert.deepEqual(answer, await wire('/v1/chart/transit-calendar', body));
    });
  });

  describe('places and advice', () => {
    it('places(): Montréal, Canada first', async () => {
      const answer = await hd.places({ q: 'montreal', limit: 2 });
      assert.equal(answer.query, 'montreal');
      assert.equal(answer.count, 2);
      assert.equal(answer.places[0].name, 'Montréal');
      assert.equal(answer.places[0].countryCode, 'CA');
      assert.equal(answer.places[0].timezone, 'America/Toronto');
      assert.equal((await hd.places('montreal')).places[0].location, 'Montréal, Canada');
    });

    it('chart() with meaning, reference(), explain(): the texts of data/meaning, by label, slug or line', async () => {
      const types = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'data', 'meaning', 'de', 'types.json'), 'utf8')) as Record<
        string,
        { name: string }
      >;
      const chart = await hd.chart({ ...ra, meaning: 'de' });
      assert.equal(chart.meaning?.type?.name, types.Manifestor.name);
      const index = await hd.reference('fr');
      assert.equal(index.kinds.gates.length, 64);
      const profile = await hd.explain('profiles', '5/1', 'de');
      assert.equal(profile.id, '5/1');
      const center = await hd.explain('centers', 'Solar Plexus');
      assert.deepEqual(center, await (await fetch(`${API_URL}/v1/reference/centers/solar-plexus`, { headers: { 'HD-Api-Key': API_KEY ?? '' } })).json());
      const line = await hd.explain('gates', 51, 'es', 5);
      assert.equal(line.kind, 'lines');
    });

    it('advice(), adviceById(), allAdvice()', async () => {
      const all = await hd.allAdvice();
      assert.ok(Array.isArray(all) && all.length > 300);
      assert.deepEqual(
        all.map((a: { id: number }) => a.id),
        all.map((_: unknown, i: number) => i + 1),
      );
      assert.deepEqual(await hd.adviceById(2), { id: 2, advice: 'God helps them that help themselves.', source: 'https://www.gutenberg.org/ebooks/43855' });
      const random = await hd.advice();
      assert.deepEqual(random, all[random.id - 1]);
    });

    it('usage(): the calls this key made, counted by operation', async () => {
      const before = await hd.usage();
      await hd.places('montreal');
      const after = await hd.usage();
      assert.equal(after.today.date, new Date().toISOString().slice(0, 10));
      assert.equal(after.last30Days.length, 30);
      assert.equal(after.totals.byOperation.places, (before.totals.byOperation.places ?? 0) + 1);
      assert.equal(after.totals.total, before.totals.total + 1);
    });

    it('the raw openapi-fetch client: same key header, { data, error, response }, no throw', async () => {
      const ok = await hd.raw.GET('/api/advice/{id}', { params: { path: { id: 3 } } });
      assert.equal(ok.response.status, 200);
      assert.equal(ok.data?.id, 3);
      const refused = await hd.raw.POST('/v1/chart', { body: { ...ra, birthtime: '24:61' } });
      assert.equal(refused.response.status, 400);
      assert.equal(refused.error?.error.code, 'INVALID_TIME');
    });
  });

  describe('errors', () => {
    it('a wrong key: 401 API_KEY_INVALID', async () => {
      const wrong = createHdClient({ baseUrl: API_URL ?? '', apiKey: 'not-a-real-key-0123456789' });
      const err = await rejection(wrong.chart(ra));
      assert.equal(err.status, 401);
      assert.equal(err.code, 'API_KEY_INVALID');
      assert.equal(typeof err.message, 'string');
      assert.match(err.correlationId ?? '', /^[A-Za-z0-9._-]+$/);
      const rotate = await rejection(wrong.rotateKey());
      assert.equal(rotate.code, 'API_KEY_INVALID');
    });

    it('no key: 401 API_KEY_MISSING', async () => {
      const keyless = createHdClient({ baseUrl: API_URL ?? '', apiKey: '' });
      const err = await rejection(keyless.places('london'));
      assert.equal(err.status, 401);
      assert.equal(err.code, 'API_KEY_MISSING');
    });

    it('a date that does not exist: 400 INVALID_DATE with the field in details', async () => {
      const err = await rejection(hd.chart({ ...ra, birthdate: '1948-02-30' }, { correlationId: 'hd-client-test-1' }));
      assert.equal(err.status, 400);
      assert.equal(err.code, 'INVALID_DATE');
      assert.match(err.message, /birthdate/);
      assert.ok(Array.isArray(err.details));
      assert.equal(err.details[0].field, 'birthdate');
      assert.equal(err.correlationId, 'hd-client-test-1');
      assert.equal(err.retryAfter, undefined);
    });

    it('errors of the drawing routes are JSON errors too', async () => {
      const err = await rejection(hd.bodygraph({ ...ra, format: 'png', birthtime: '25:00' }));
      assert.equal(err.status, 400);
      assert.equal(err.code, 'INVALID_TIME');
    });

    it('an unknown advice id: 404 ADVICE_NOT_FOUND', async () => {
      const err = await rejection(hd.adviceById(100000));
      assert.equal(err.status, 404);
      assert.equal(err.code, 'ADVICE_NOT_FOUND');
    });
  });
});
