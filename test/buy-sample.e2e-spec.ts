/**
 * Issue 28: the buy page's live sample over real HTTP, with the real API, worker and Redis. A typed birth comes back
 * as the buy page with its bodygraph and main fields, computed by a worker through the queue at the lowest priority;
 * the answer matches a published reference chart (test/fixtures/reference-charts.json), not the code's own output.
 * The sample is no free API: HTML only, no CORS, its own form encoding only, a form token bound to the address, and
 * 10 a minute per address (429 with Retry-After), another address still served. Client addresses are loopback
 * sources (127.0.0.2, 127.0.0.3: all of 127/8 is local on Linux; the app does not trust X-Forwarded-For).
 */
import { Agent } from 'node:http';
import Redis from 'ioredis';
import { PAGE_CSP } from '../src/modules/purchase/pages';
import { fieldIn, postSample, referenceSample, send, startOfAMinute, tokenIn } from './helpers/buy-sample';
import { FakeStripe, startFakeStripe } from './helpers/fake-stripe';
import { purchaseEnv } from './helpers/purchase';
import { post, REDIS_URL, RunningService, startService, waitFor } from './helpers/service';

const RA = referenceSample('ra-uru-hu');
/** BullMQ's last priority (its PRIORITY_LIMIT), which the sample's jobs have to themselves (path/3-cost-share.ts). */
const LOWEST = 2 ** 21 - 1;

describe('the /buy sample (real API, worker and Redis)', () => {
  let stripe: FakeStripe;
  let service: RunningService;
  let redis: Redis;
  const agents = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4'].map((localAddress) => new Agent({ keepAlive: true, localAddress }));
  const [first, limited, other, checker] = agents;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    // No worker at first: the first test looks at the sample's job waiting in Redis before a worker takes it.
    service = await startService({ worker: false, env: { ...purchaseEnv(stripe.url), JOB_TIMEOUT_MS: '40000' } });
    redis = new Redis(REDIS_URL);
  }, 120_000);

  afterAll(async () => {
    for (const agent of agents) agent.destroy();
    redis?.disconnect();
    await service?.stop();
    await stripe?.close();
  });

  /** The light lane's jobs waiting for a worker: each group's priority and the job names it carries. */
  async function waitingGroups(): Promise<{ priority: number; names: string[] }[]> {
    const queue = `${service.prefix}:charts`;
    const ids = await redis.zrange(`${queue}:prioritized`, '0', '-1');
    const groups = [];
    for (const id of ids) {
      const [priority, data] = await redis.hmget(`${queue}:${id}`, 'priority', 'data');
      const items = (JSON.parse(data ?? '{}') as { items?: { name: string }[] }).items ?? [];
      groups.push({ priority: Number(priority), names: items.map((i) => i.name) });
    }
    return groups;
  }

  it('computes a typed birth on a worker, through the queue behind keyed work, and shows the published chart', async () => {
    const sample = postSample(first, service.baseUrl, RA.form);
    const keyed = post(service.baseUrl, '/v1/chart', { ...RA.form, birthtime: '00:15' });
    await waitFor(async () => (await waitingGroups()).length === 2, 20_000, 'the sample and the keyed chart waiting in the queue');
    const groups = await waitingGroups();
    // The sample's chart and its two drawings (light, dark) wait at the lowest priority; the keyed chart at the front.
    expect(groups).toEqual(
      expect.arrayContaining([
        { priority: LOWEST, names: ['chart', 'bodygraph', 'bodygraph'] },
        { priority: 1, names: ['chart'] },
      ]),
    );
    await service.startWorker();
    const [answer, chart] = await Promise.all([sample, keyed]);
    expect(chart.status).toBe(200);

    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.html).toContain('<main data-state="buy-sample-result">');
    // Independent reference: the published chart of this birth.
    expect(fieldIn(answer.html, 'type')).toBe(RA.published.type);
    expect(fieldIn(answer.html, 'profile')).toBe(RA.published.profile);
    expect(fieldIn(answer.html, 'authority')).toBe(RA.published.authority);
    for (const field of ['strategy', 'definition', 'incarnation-cross', 'defined-centers']) expect(fieldIn(answer.html, field)).toMatch(/\S/);
    // The bodygraph, light and dark, as SVG documents in data: URLs, with its own text alternative.
    const images = [...answer.html.matchAll(/(?:src|srcset)="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)"/g)].map((m) =>
      Buffer.from(m[1], 'base64').toString('utf8'),
    );
    expect(images).toHaveLength(2);
    for (const svg of images) {
      expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain(`Type: ${RA.published.type}.`);
    }
    expect(images[0]).not.toBe(images[1]);
    expect(answer.html).toMatch(new RegExp(`<img class="bodygraph" src="data:[^"]+" alt="Human Design bodygraph: ${RA.published.type}, profile 5/1[^"]*"`));
    // What was typed stays in the form, with a fresh token for the next sample.
    expect(answer.html).toContain(`value="${RA.form.location}"`);
    expect(tokenIn(answer.html)).toMatch(/^v1\./);
  }, 90_000);

  it('sends no CORS headers, even to a request with an Origin or a preflight', async () => {
    const token = tokenIn((await send(checker, `${service.baseUrl}/buy`)).html);
    const answers = [
      await send(checker, `${service.baseUrl}/buy`, { headers: { origin: 'https://elsewhere.example' } }),
      await send(checker, `${service.baseUrl}/buy/sample`, {
        method: 'POST',
        headers: { origin: 'https://elsewhere.example', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, ...RA.form }).toString(),
      }),
      await send(checker, `${service.baseUrl}/buy/sample`, {
        method: 'OPTIONS',
        headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      }),
    ];
    expect(answers[1].status).toBe(200);
    for (const a of answers) expect(Object.keys(a.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('refuses JSON and every other body but its small form, with a page, not JSON', async () => {
    const token = tokenIn((await send(checker, `${service.baseUrl}/buy`)).html);
    const url = `${service.baseUrl}/buy/sample`;
    const json = await send(checker, url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, ...RA.form }) });
    expect(json.status).toBe(415);
    expect(json.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(json.html).toContain('<main data-state="sample-unsupported-type">');
    const text = await send(checker, url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'birthdate=1948-04-09' });
    expect(text.status).toBe(415);
    const multipart = await send(checker, url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="token"\r\n\r\nx\r\n--x--\r\n',
    });
    expect(multipart.status).toBe(415);
    const utf16 = await send(checker, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-16' }, body: 'a=b' });
    expect(utf16.status).toBe(415);
    const gzip = await send(checker, url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
      body: 'a=b',
    });
    expect(gzip.status).toBe(415);
    const large = await send(checker, url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, ...RA.form, location: 'x'.repeat(3000) }).toString(),
    });
    expect(large.status).toBe(413);
    expect(large.html).toContain('<main data-state="sample-too-large">');
    for (const a of [json, text, multipart, utf16, gzip, large]) expect(a.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('refuses a missing, forged, expired-looking or other-address token with a page asking to reload /buy', async () => {
    const url = `${service.baseUrl}/buy/sample`;
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const mine = tokenIn((await send(checker, `${service.baseUrl}/buy`)).html);
    const [v, issued, mac] = mine.split('.');
    const cases = [
      await send(checker, url, form({ ...RA.form })),
      await send(checker, url, { method: 'POST' }),
      await send(checker, url, form({ token: `${v}.${issued}.${mac.replace(/^./, mac[0] === 'A' ? 'B' : 'A')}`, ...RA.form })),
      await send(checker, url, form({ token: `${v}.${Number(issued) - 3600}.${mac}`, ...RA.form })),
      // A token is for the address it was given to.
      await send(other, url, form({ token: mine, ...RA.form })),
    ];
    for (const a of cases) {
      expect(a.status).toBe(400);
      expect(a.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(a.html).toMatch(/<main data-state="sample-token-invalid">/);
      expect(a.html).toContain('<a href="/buy#sample">');
    }
    // The page itself never errs with JSON: a GET of the form's address leads back to the form.
    const get = await send(checker, url);
    expect([get.status, get.headers.location]).toEqual([303, '/buy#sample']);
  });

  it('shows the form again with what to fix: field errors (not counted) and a place not found with its suggestions', async () => {
    const bad = await postSample(checker, service.baseUrl, { ...RA.form, birthdate: '1948-02-30', birthtime: '25:00' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('<main data-state="buy-sample-invalid">');
    expect(bad.html).toMatch(/<p class="error" id="birthdate-error">birthdate must be a real calendar date, YYYY-MM-DD<\/p>/);
    expect(bad.html).toMatch(/<input id="birthdate"[^>]*aria-invalid="true" autofocus value="1948-02-30">/);
    expect(bad.html).toMatch(/<p class="error" id="birthtime-error">[^<]*24-hour clock/);

    const nowhere = await postSample(checker, service.baseUrl, { ...RA.form, location: 'Montrel, Canada' });
    expect(nowhere.status).toBe(422);
    expect(nowhere.html).toMatch(/<p class="error" id="location-error">No place called[^<]*<\/p>/);
    expect(nowhere.html).toMatch(/<button type="submit" name="location" value="Montr[^"]*">/);

    const extra = await postSample(checker, service.baseUrl, { ...RA.form, placeId: '6077243' });
    expect(extra.status).toBe(400);
    expect(extra.html).toContain('This form has no field &quot;placeId&quot;.');
  });

  it('limits samples per address: the 11th in a minute gets 429 with Retry-After and the limit message; another address is still served', async () => {
    // Invalid forms do not count: this address's ten valid samples follow three refused ones.
    for (let i = 0; i < 3; i++) expect((await postSample(limited, service.baseUrl, { ...RA.form, birthtime: '' })).status).toBe(400);
    await startOfAMinute();
    const token = tokenIn((await send(limited, `${service.baseUrl}/buy`)).html);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await postSample(limited, service.baseUrl, RA.form, token)).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const eleventh = await postSample(limited, service.baseUrl, RA.form, token);
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers['content-type']).toBe('text/html; charset=utf-8');
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(eleventh.html).toContain('<main data-state="buy-sample-limited">');
    expect(eleventh.html).toMatch(/Sample limit reached\.[\s\S]*Try again in \d+ seconds?/);
    expect(eleventh.html).toContain(`value="${RA.form.location}"`);
    expect(fieldIn(eleventh.html, 'type')).toBeUndefined();
    // Another address has its own allowance.
    const elsewhere = await postSample(other, service.baseUrl, RA.form);
    expect(elsewhere.status).toBe(200);
    expect(fieldIn(elsewhere.html, 'type')).toBe(RA.published.type);
  }, 60_000);
});
