/**
 * Lost-key recovery by email (issue 28), end to end: the real API and worker processes, a real Redis, keys bought
 * through the local Stripe stand-in, and a real SMTP server on loopback (`smtp-server`, test/helpers/smtp.ts) whose
 * received messages are read for the link. Client addresses other than 127.0.0.1 are other loopback sources
 * (the app does not trust X-Forwarded-For; all of 127/8 is local on Linux).
 */
import { createHash } from 'node:crypto';
import { Agent } from 'node:http';
import Redis from 'ioredis';
import { event, FakeStripe, refund, startFakeStripe } from './helpers/fake-stripe';
import { BIRTH, deliver, keyIn, purchaseEnv } from './helpers/purchase';
import { Answer, buyKey, linksIn, MAIL_FROM, send } from './helpers/recovery';
import { post, REDIS_URL, RunningService, startService } from './helpers/service';
import { LocalSmtp, startSmtp } from './helpers/smtp';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

function expectPageHeaders(a: Answer): void {
  expect(a.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(a.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
  expect(a.headers['cache-control']).toBe('no-store');
  expect(a.headers['referrer-policy']).toBe('no-referrer');
  expect(a.html).toContain('<meta name="robots" content="noindex">');
}

const stateOf = (html: string) => /<main data-state="([^"]+)">/.exec(html)?.[1];

describe('key recovery by email', () => {
  let stripe: FakeStripe;
  let smtp: LocalSmtp;
  let service: RunningService;
  let redis: Redis;
  const url = (path: string) => `${service.baseUrl}${path}`;

  beforeAll(async () => {
    [stripe, smtp] = await Promise.all([startFakeStripe(), startSmtp()]);
    // No limits here (the timing test sends dozens of requests for one address); the limits have their own service below.
    service = await startService({
      env: { ...purchaseEnv(stripe.url), SMTP_URL: smtp.url, MAIL_FROM, RECOVERY_PER_MINUTE: '0', RECOVERY_PER_DAY: '0', RECOVERY_EMAIL_PER_DAY: '0' },
    });
    redis = new Redis(REDIS_URL);
  }, 120_000);

  afterAll(async () => {
    redis?.disconnect();
    await service?.stop();
    await Promise.all([stripe?.close(), smtp?.close()]);
  });

  it('GET /keys/recover: a form with one labelled email field', async () => {
    const form = await send(url('/keys/recover'));
    expect(form.status).toBe(200);
    expectPageHeaders(form);
    expect(stateOf(form.html)).toBe('recover');
    expect(form.html).toMatch(/<input id="email" name="email" type="email" autocomplete="email"/);
    expect(form.html).toContain('<label for="email">Email address</label>');
  });

  it('email → one message with a link → the link shows a button (any number of times) → the button shows a new key once; old key 401, new key 200; the link is then spent', async () => {
    const bought = await buyKey(service.baseUrl, stripe, 'ada@example.com');
    const since = smtp.received.length;
    // Any spelling of the address finds the purchase (trimmed, lower-cased); the message goes to the address the purchase has.
    const asked = await send(url('/keys/recover'), { method: 'POST', form: { email: '  Ada@Example.COM ' } });
    expect(asked.status).toBe(200);
    expectPageHeaders(asked);
    expect(stateOf(asked.html)).toBe('recover-sent');

    const mail = await smtp.next('ada@example.com', since);
    await sleep(500);
    expect(smtp.received.slice(since).filter((m) => m.to.includes('ada@example.com'))).toHaveLength(1);
    expect(mail.from).toBe('keys@hd.example.test');
    expect(mail.headers.from).toBe('Human Design API <keys@hd.example.test>');
    expect(mail.headers.subject).toBe('Your link to a new Human Design API key');
    expect(mail.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    expect(mail.text).toContain('within 30 minutes');
    expect(mail.text).not.toContain(bought.key);
    const links = linksIn(mail.text);
    expect(links).toHaveLength(1);
    const [link] = links;

    // A mail scanner (or the reader) opening the link uses nothing up.
    for (let i = 0; i < 3; i++) {
      const look = await send(url(link));
      expect(look.status).toBe(200);
      expectPageHeaders(look);
      expect(stateOf(look.html)).toBe('recover-confirm');
      expect(look.html).toContain(`<form method="post" action="${link}">`);
      expect(look.html).toContain('Show my new key');
      expect(look.html).not.toContain('hdk_');
    }
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key: bought.key })).status).toBe(200);

    const shown = await send(url(link), { method: 'POST' });
    expect(shown.status).toBe(200);
    expectPageHeaders(shown);
    expect(stateOf(shown.html)).toBe('revealed');
    const key = keyIn(shown.html)!;
    expect(key).toMatch(/^hdk_[A-Za-z0-9_-]{43}$/);
    expect(key).not.toBe(bought.key);
    expect(shown.html).toContain('This key is shown only this once.');
    expect(shown.html).toContain('data-copy="api-key"');
    expect(shown.html).toContain('Purchased by <strong>ada@example.com</strong>');

    // The old key is refused at once, the new one works, and stays tied to the purchase.
    const old = await post(service.baseUrl, '/v1/chart', BIRTH, { key: bought.key });
    expect([old.status, old.body.error?.code]).toEqual([401, 'API_KEY_INVALID']);
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key })).status).toBe(200);
    const newHash = createHash('sha256').update(key).digest('hex');
    expect(await redis.hget(`${service.prefix}:purchase:${bought.sessionId}`, 'keyHash')).toBe(newHash);
    expect(await redis.hget(`${service.prefix}:apikey:${newHash}`, 'purchase')).toBe(bought.sessionId);

    // Spent: a second use, or a look, shows nothing about any key.
    const again = await send(url(link), { method: 'POST' });
    expect(again.status).toBe(410);
    expect(stateOf(again.html)).toBe('recover-gone');
    expect(again.html).not.toContain('hdk_');
    expect((await send(url(link))).status).toBe(410);
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key })).status).toBe(200);
  }, 60_000);

  it('the key the purchase holds after its owner rotated it is the one replaced; the reveal page links to recovery', async () => {
    const email = unique('rotated');
    const bought = await buyKey(service.baseUrl, stripe, email);
    const again = await send(url(`/purchase/success?session_id=${bought.sessionId}`));
    expect(again.status).toBe(410);
    expect(again.html).toContain('<a href="/keys/recover">Get a new key by email</a>');
    const rotated = await post(service.baseUrl, '/v1/keys/rotate', {}, { key: bought.key });
    expect(rotated.status).toBe(200);
    const since = smtp.received.length;
    await send(url('/keys/recover'), { method: 'POST', form: { email } });
    const [link] = linksIn((await smtp.next(email, since)).text);
    const key = keyIn((await send(url(link), { method: 'POST' })).html)!;
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key: rotated.body.key })).status).toBe(401);
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key })).status).toBe(200);
  }, 60_000);

  it('several purchases of one address: one message, a link each (each rotates its own key); a refunded one is named, without a link', async () => {
    const email = unique('several');
    const [first, second, refunded] = [
      await buyKey(service.baseUrl, stripe, email),
      await buyKey(service.baseUrl, stripe, email),
      await buyKey(service.baseUrl, stripe, email),
    ];
    expect((await deliver(service.baseUrl, event('charge.refunded', refund(refunded.paymentIntent)))).body.outcome).toBe('revoked');
    const since = smtp.received.length;
    await send(url('/keys/recover'), { method: 'POST', form: { email } });
    const mail = await smtp.next(email, since);
    await sleep(500);
    expect(smtp.received.slice(since).filter((m) => m.to.includes(email))).toHaveLength(1);
    const links = linksIn(mail.text);
    expect(links).toHaveLength(2);
    expect(mail.text).toContain('its key was revoked (refunded), so no new key can be made for it.');

    const keys = [];
    for (const link of links) keys.push(keyIn((await send(url(link), { method: 'POST' })).html)!);
    for (const old of [first.key, second.key]) expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key: old })).status).toBe(401);
    for (const key of keys) expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key })).status).toBe(200);
    const held = await Promise.all([first, second].map((b) => redis.hget(`${service.prefix}:purchase:${b.sessionId}`, 'keyHash')));
    expect(held.sort()).toEqual(keys.map((k) => createHash('sha256').update(k).digest('hex')).sort());
  }, 90_000);

  it('a purchase refunded after the message was sent: the link shows no key, says why, and is spent', async () => {
    const email = unique('refunded');
    const bought = await buyKey(service.baseUrl, stripe, email);
    const since = smtp.received.length;
    await send(url('/keys/recover'), { method: 'POST', form: { email } });
    const [link] = linksIn((await smtp.next(email, since)).text);
    await deliver(service.baseUrl, event('charge.refunded', refund(bought.paymentIntent)));
    const shown = await send(url(link), { method: 'POST' });
    expect(shown.status).toBe(410);
    expect(stateOf(shown.html)).toBe('revoked');
    expect(shown.html).toContain('<strong>refunded</strong>');
    expect(shown.html).not.toContain('hdk_');
    expect((await send(url(link), { method: 'POST' })).status).toBe(410);
    expect(await redis.hget(`${service.prefix}:purchase:${bought.sessionId}`, 'state')).toBe('revoked');
  }, 60_000);

  it('an unknown address gets the same status and page, and no message is sent', async () => {
    const known = unique('known');
    await buyKey(service.baseUrl, stripe, known);
    const unknown = unique('unknown');
    const since = smtp.received.length;
    const a = await send(url('/keys/recover'), { method: 'POST', form: { email: known } });
    const b = await send(url('/keys/recover'), { method: 'POST', form: { email: unknown } });
    expect([a.status, b.status]).toEqual([200, 200]);
    // The address is not on the page, so there is nothing to normalise: the two pages are the same bytes.
    expect(b.html).toBe(a.html);
    expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());
    await smtp.next(known, since);
    await sleep(1_000);
    expect(smtp.received.filter((m) => m.to.includes(unknown))).toEqual([]);
  }, 60_000);

  it('an unknown and a known address take the same time (median of 25 each, alternating, within 20 ms)', async () => {
    const known = unique('timing');
    await buyKey(service.baseUrl, stripe, known);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const time = async (email: string) => {
      const start = performance.now();
      const answer = await send(url('/keys/recover'), { method: 'POST', form: { email }, agent });
      expect(answer.status).toBe(200);
      return performance.now() - start;
    };
    try {
      for (let i = 0; i < 5; i++) await time(i % 2 ? known : unique('warm-up')); // connections, JIT, the index
      const knownTimes: number[] = [];
      const unknownTimes: number[] = [];
      for (let i = 0; i < 25; i++) {
        // Alternating, and which goes first alternates too, so drift in the machine's load falls on both alike.
        if (i % 2) {
          knownTimes.push(await time(known));
          unknownTimes.push(await time(unique('nobody')));
        } else {
          unknownTimes.push(await time(unique('nobody')));
          knownTimes.push(await time(known));
        }
      }
      const [k, u] = [median(knownTimes), median(unknownTimes)];
      console.log(`recovery timing: known median ${k.toFixed(2)} ms, unknown median ${u.toFixed(2)} ms`);
      expect(Math.abs(k - u)).toBeLessThanOrEqual(20);
    } finally {
      agent.destroy();
    }
  }, 60_000);

  it('bad input is a 4xx page or error, never a 5xx', async () => {
    for (const form of [{ email: 'not-an-address' }, { email: '' }, { email: 'a@b.io\r\nBcc: eve@example.com' }, {}]) {
      const a = await send(url('/keys/recover'), { method: 'POST', form: form as Record<string, string> });
      expect([JSON.stringify(form), a.status, stateOf(a.html)]).toEqual([JSON.stringify(form), 400, 'recover-invalid']);
      expect(a.html).toContain('role="alert"');
    }
    const echoed = await send(url('/keys/recover'), { method: 'POST', form: { email: '"><script>alert(1)</script>' } });
    expect(echoed.status).toBe(400);
    expect(echoed.html).not.toContain('<script>alert(1)');
    const big = await send(url('/keys/recover'), { method: 'POST', form: { email: `${'a'.repeat(2_000)}@example.com` } });
    expect(big.status).toBe(413);
    const json = await send(url('/keys/recover'), { method: 'POST', body: JSON.stringify({ email: ['a@b.io'] }), contentType: 'application/json' });
    expect([json.status, stateOf(json.html)]).toEqual([400, 'recover-invalid']);
    for (const token of ['x', 'a'.repeat(43), 'a'.repeat(500), '%00', '..%2F..%2Fetc', `${'a'.repeat(42)}%3D`]) {
      for (const method of ['GET', 'POST']) {
        const a = await send(url(`/keys/recover/${token}`), { method });
        expect([token, method, a.status, stateOf(a.html)]).toEqual([token, method, 410, 'recover-gone']);
      }
    }
  });

  it('keeps addresses and link tokens out of Redis names, and tokens out of values', async () => {
    const email = unique('redis');
    await buyKey(service.baseUrl, stripe, email);
    const since = smtp.received.length;
    await send(url('/keys/recover'), { method: 'POST', form: { email } });
    const [link] = linksIn((await smtp.next(email, since)).text);
    const token = link.split('/').pop()!;
    const names = await redis.keys(`${service.prefix}:*`);
    expect(names.filter((n) => n.includes('@') || n.includes('example.com') || n.includes(token))).toEqual([]);
    expect(names.filter((n) => n.includes(':recovery-token:')).length).toBeGreaterThan(0);
    for (const name of names.filter((n) => n.includes(':recovery-'))) {
      const type = await redis.type(name);
      if (type === 'string') expect(await redis.get(name)).not.toContain(token);
    }
  });

  it('logged no failure, and no email address, all along', () => {
    const log = service.logs.api.join('');
    expect(log).not.toMatch(/recovery (message not sent|store)|email index backfill/);
    expect(log).not.toMatch(/@example\.com/i);
  });
});

describe('key recovery limits', () => {
  let stripe: FakeStripe;
  let smtp: LocalSmtp;
  let service: RunningService;
  const agents = [2, 3, 4, 5, 6, 7, 8, 9].map((n) => new Agent({ keepAlive: true, localAddress: `127.0.0.${n}` }));

  beforeAll(async () => {
    [stripe, smtp] = await Promise.all([startFakeStripe(), startSmtp()]);
    // Per-day windows (not per-minute): the counts cannot be reset by the clock's minute turning mid-test.
    service = await startService({
      worker: false,
      env: { ...purchaseEnv(stripe.url), SMTP_URL: smtp.url, MAIL_FROM, RECOVERY_PER_MINUTE: '0', RECOVERY_PER_DAY: '3', RECOVERY_EMAIL_PER_DAY: '2' },
    });
  }, 120_000);

  afterAll(async () => {
    for (const agent of agents) agent.destroy();
    await service?.stop();
    await Promise.all([stripe?.close(), smtp?.close()]);
  });

  const ask = (agent: Agent, email: string) => send(`${service.baseUrl}/keys/recover`, { method: 'POST', form: { email }, agent });

  it('per client address: beyond the allowance 429 with Retry-After; another address is still served', async () => {
    const [flooder, other] = agents;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask(flooder, unique('flood')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    const refused = answers[3];
    expect(stateOf(refused.html)).toBe('recover-too-many');
    expectPageHeaders(refused);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect((await ask(other, unique('other'))).status).toBe(200);
  });

  it('per email address: the same 429 for a known and an unknown address, from any client address', async () => {
    const known = unique('limited');
    await buyKey(service.baseUrl, stripe, known);
    const unknown = unique('limited-unknown');
    const [a, b, c, d, e, f] = agents.slice(2);
    const knownAnswers = [await ask(a, known), await ask(b, known), await ask(c, known)];
    const unknownAnswers = [await ask(d, unknown), await ask(e, unknown), await ask(f, unknown)];
    expect(knownAnswers.map((x) => x.status)).toEqual([200, 200, 429]);
    expect(unknownAnswers.map((x) => x.status)).toEqual([200, 200, 429]);
    // Retry-After counts down to the end of the UTC day: a second may pass between the two.
    expect(Math.abs(Number(knownAnswers[2].headers['retry-after']) - Number(unknownAnswers[2].headers['retry-after']))).toBeLessThanOrEqual(1);
    const digitless = (html: string) => html.replace(/\d+/g, 'N');
    expect(digitless(unknownAnswers[2].html)).toBe(digitless(knownAnswers[2].html));
    await sleep(500);
    expect(smtp.received.filter((m) => m.to.includes(known))).toHaveLength(2);
    expect(smtp.received.filter((m) => m.to.includes(unknown))).toEqual([]);
  }, 60_000);
});

describe('key recovery without SMTP settings', () => {
  let stripe: FakeStripe;
  let service: RunningService;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    service = await startService({ worker: false, env: purchaseEnv(stripe.url) });
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await stripe?.close();
  });

  it('every recovery route answers 503 with the page saying recovery is off; the reveal page does not link to it', async () => {
    const token = 'a'.repeat(43);
    for (const [method, path, form] of [
      ['GET', '/keys/recover', undefined],
      ['POST', '/keys/recover', { email: 'ada@example.com' }],
      ['GET', `/keys/recover/${token}`, undefined],
      ['POST', `/keys/recover/${token}`, undefined],
    ] as const) {
      const a = await send(`${service.baseUrl}${path}`, { method, form });
      expect([method, path, a.status, stateOf(a.html)]).toEqual([method, path, 503, 'recover-off']);
      expectPageHeaders(a);
      expect(a.html).toContain('Key recovery is off');
    }
    const bought = await buyKey(service.baseUrl, stripe, unique('no-smtp'));
    const again = await send(`${service.baseUrl}/purchase/success?session_id=${bought.sessionId}`);
    expect(again.status).toBe(410);
    expect(again.html).not.toContain('/keys/recover');
    expect(again.html).toContain('Contact the seller');
  });
});
