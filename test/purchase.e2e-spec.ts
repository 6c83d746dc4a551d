/**
 * Buying a key end to end, against the real API and worker processes, a real Redis, the official `stripe`
 * client aimed at a local stand-in for Stripe's API (test/helpers/fake-stripe.ts), and webhook events signed
 * with the library's own test helper.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { dispute, event, FakeStripe, paidSession, refund, signature, startFakeStripe } from './helpers/fake-stripe';
import { BIRTH, deliver, keyIn, page, PUBLIC_URL, purchaseEnv, SECRET } from './helpers/purchase';
import { Json, post, REDIS_URL, RunningService, startService, TEST_API_KEY } from './helpers/service';
import { BULK_QUEUE } from '../src/jobs/bulk-types';
import { HEAVY_QUEUE, LIGHT_QUEUE } from '../src/jobs/job-types';
import { WEBHOOK_QUEUE } from '../src/jobs/webhook';
import { FLUSH_MS } from '../src/modules/usage/usage-counter';

/** Every key of the prefix and everything it holds, as text (for the no-plaintext scan). */
async function dumpPrefix(redis: Redis, prefix: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let cursor = '0';
  do {
    const [next, names] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    for (const name of names) {
      const type = await redis.type(name);
      const value =
        type === 'string'
          ? await redis.get(name)
          : type === 'hash'
            ? JSON.stringify(await redis.hgetall(name))
            : type === 'list'
              ? JSON.stringify(await redis.lrange(name, 0, -1))
              : type === 'set'
                ? JSON.stringify(await redis.smembers(name))
                : type === 'zset'
                  ? JSON.stringify(await redis.zrange(name, '0', '-1', 'WITHSCORES'))
                  : type === 'stream'
                    ? JSON.stringify(await redis.xrange(name, '-', '+'))
                    : `(${type})`;
      out.set(name, value ?? '');
    }
  } while (cursor !== '0');
  return out;
}

/** A key of BullMQ's (queue state, not ours to freeze: its housekeeping comes and goes while the queues idle). */
const queueKeyOf = (name: string) => [LIGHT_QUEUE, HEAVY_QUEUE, BULK_QUEUE, WEBHOOK_QUEUE].some((queue) => name.includes(`:${queue}:`));

describe('buying a key (Stripe)', () => {
  let stripe: FakeStripe;
  let service: RunningService;
  let redis: Redis;
  const plaintexts: string[] = [];

  beforeAll(async () => {
    stripe = await startFakeStripe();
    service = await startService({ env: purchaseEnv(stripe.url) });
    redis = new Redis(REDIS_URL);
  }, 90_000);

  afterAll(async () => {
    redis?.disconnect();
    await service?.stop();
    await stripe?.close();
  });

  const purchases = async () => (await redis.keys(`${service.prefix}:purchase:*`)).length;
  const keyRecords = async () => (await redis.keys(`${service.prefix}:apikey:*`)).length;

  it('checkout → signed webhook → one reveal → a working key → refund → 401', async () => {
    // The Buy button: a form post, answered 303 to Stripe's hosted page.
    const res = await fetch(`${service.baseUrl}/v1/purchase/checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const created = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(created.headers.authorization).toBe('Bearer sk_test_51FakeKeyForTestsOnly');
    expect(Object.fromEntries(created.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '5000',
      success_url: `${PUBLIC_URL}/purchase/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/buy`,
      'metadata[hd_product]': 'api-key',
    });
    expect([...created.form.keys()].filter((k) => k.startsWith('line_items[1]'))).toEqual([]);
    const sessionId = location.slice(location.lastIndexOf('/') + 1);

    // Back from Stripe before the webhook, while the payment is not yet settled: a self-refreshing page.
    stripe.sessions.get(sessionId)!.status = 'complete';
    const early = await page(service.baseUrl, `/purchase/success?session_id=${sessionId}`);
    expect(early.status).toBe(202);
    expect(early.html).toMatch(/<meta http-equiv="refresh" content="\d+">/);
    expect(early.html).not.toContain('hdk_');

    const paid = stripe.pay(sessionId, 'ada@example.com');
    const before = await keyRecords();
    const hook = await deliver(service.baseUrl, event('checkout.session.completed', paid));
    expect(hook).toEqual({ status: 200, body: { received: true, outcome: 'issued' } });
    expect(await keyRecords()).toBe(before + 1);

    const shown = await page(service.baseUrl, `/purchase/success?session_id=${sessionId}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    const key = keyIn(shown.html)!;
    expect(key).toMatch(/^hdk_[A-Za-z0-9_-]{43}$/);
    plaintexts.push(key);
    expect(shown.html).toContain('ada@example.com');

    const again = await page(service.baseUrl, `/purchase/success?session_id=${sessionId}`);
    expect(again.status).toBe(410);
    expect(again.html).toContain('data-state="already-shown"');
    expect(again.html).not.toContain('hdk_');

    const chart = await post(service.baseUrl, '/v1/chart', BIRTH, { key });
    expect(chart.status).toBe(200);
    expect(chart.body.type).toEqual(expect.any(String));

    const refunded = await deliver(service.baseUrl, event('charge.refunded', refund(paid.payment_intent)));
    expect(refunded.body.outcome).toBe('revoked');
    const after = await post(service.baseUrl, '/v1/chart', BIRTH, { key });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('API_KEY_INVALID');
    const purchase = await redis.hgetall(`${service.prefix}:purchase:${sessionId}`);
    expect(purchase).toMatchObject({
      state: 'revoked',
      revokedReason: 'refunded',
      email: 'ada@example.com',
      amount: '5000',
      currency: 'usd',
      paymentIntentId: paid.payment_intent,
    });
  }, 60_000);

  it('issues exactly one key for 20 concurrent deliveries of the same event', async () => {
    const session = paidSession();
    const payload = event('checkout.session.completed', session);
    const [p0, k0] = [await purchases(), await keyRecords()];
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(service.baseUrl, payload)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.body.outcome === 'issued')).toHaveLength(1);
    expect(answers.filter((a) => a.body.outcome === 'already-issued')).toHaveLength(19);
    expect([await purchases(), await keyRecords()]).toEqual([p0 + 1, k0 + 1]);
    // Stripe's later retry, with a fresh signature: still one.
    expect((await deliver(service.baseUrl, payload)).body.outcome).toBe('already-issued');
    // The async-payment event of the same session: still one.
    expect((await deliver(service.baseUrl, event('checkout.session.async_payment_succeeded', session))).body.outcome).toBe('already-issued');
    expect(await keyRecords()).toBe(k0 + 1);
    const shown = await page(service.baseUrl, `/purchase/success?session_id=${session.id}`);
    plaintexts.push(keyIn(shown.html)!);
  }, 60_000);

  it('two concurrent first visits: one sees the key, the other is told it was shown', async () => {
    const session = paidSession();
    await deliver(service.baseUrl, event('checkout.session.completed', session));
    const visits = await Promise.all([0, 1, 2, 3].map(() => page(service.baseUrl, `/purchase/success?session_id=${session.id}`)));
    expect(visits.map((v) => v.status).sort()).toEqual([200, 410, 410, 410]);
    plaintexts.push(keyIn(visits.find((v) => v.status === 200)!.html)!);
  }, 30_000);

  it('rotation gives a working new key, kills the old one, and a later refund kills the new one', async () => {
    const session = paidSession();
    await deliver(service.baseUrl, event('checkout.session.completed', session));
    const oldKey = keyIn((await page(service.baseUrl, `/purchase/success?session_id=${session.id}`)).html)!;
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key: oldKey })).status).toBe(200);

    const rotated = await post(service.baseUrl, '/v1/keys/rotate', {}, { key: oldKey });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const newKey: string = rotated.body.key;
    expect(newKey).toMatch(/^hdk_[A-Za-z0-9_-]{43}$/);
    plaintexts.push(oldKey, newKey);
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key: oldKey })).body.error.code).toBe('API_KEY_INVALID');
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key: newKey })).status).toBe(200);
    // The old key cannot rotate again.
    expect((await post(service.baseUrl, '/v1/keys/rotate', {}, { key: oldKey })).status).toBe(401);

    // A dispute on the purchase revokes whichever key it holds now.
    const disputed = await deliver(service.baseUrl, event('charge.dispute.created', dispute(session.payment_intent)));
    expect(disputed.body.outcome).toBe('revoked');
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key: newKey })).status).toBe(401);
  }, 60_000);

  it('concurrent rotations of one key: exactly one new key', async () => {
    const session = paidSession();
    await deliver(service.baseUrl, event('checkout.session.completed', session));
    const key = keyIn((await page(service.baseUrl, `/purchase/success?session_id=${session.id}`)).html)!;
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(service.baseUrl, '/v1/keys/rotate', {}, { key })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(7);
    plaintexts.push(key, ok[0].body.key);
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key: ok[0].body.key })).status).toBe(200);
  }, 60_000);

  it('static keys cannot be rotated', async () => {
    const res = await post(service.baseUrl, '/v1/keys/rotate', {}, { key: TEST_API_KEY });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('KEY_NOT_ROTATABLE');
  });

  it('a refund that arrives before the purchase event: the purchase is born revoked', async () => {
    const session = paidSession();
    expect((await deliver(service.baseUrl, event('charge.refunded', refund(session.payment_intent)))).body.outcome).toBe('revocation-remembered');
    expect((await deliver(service.baseUrl, event('checkout.session.completed', session))).body.outcome).toBe('issued');
    const shown = await page(service.baseUrl, `/purchase/success?session_id=${session.id}`);
    expect(shown.status).toBe(410);
    expect(shown.html).toContain('data-state="revoked"');
    expect(shown.html).not.toContain('hdk_');
  }, 30_000);

  it('ignores partial refunds, unpaid sessions, other products and other event types', async () => {
    const session = paidSession();
    await deliver(service.baseUrl, event('checkout.session.completed', session));
    const key = keyIn((await page(service.baseUrl, `/purchase/success?session_id=${session.id}`)).html)!;
    plaintexts.push(key);
    const before = [await purchases(), await keyRecords()];
    expect((await deliver(service.baseUrl, event('charge.refunded', refund(session.payment_intent, false)))).body.outcome).toBe('ignored');
    expect((await deliver(service.baseUrl, event('checkout.session.completed', { ...paidSession(), payment_status: 'unpaid' }))).body.outcome).toBe('ignored');
    expect((await deliver(service.baseUrl, event('checkout.session.completed', { ...paidSession(), metadata: {} }))).body.outcome).toBe('ignored');
    expect((await deliver(service.baseUrl, event('customer.created', { id: 'cus_1', object: 'customer' }))).body).toEqual({
      received: true,
      outcome: 'ignored',
    });
    expect([await purchases(), await keyRecords()]).toEqual(before);
    expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key })).status).toBe(200);
  }, 30_000);

  it('issues no key for a paid session of the wrong amount, currency or mode, or without a payment intent, and says why', async () => {
    const before = [await purchases(), await keyRecords()];
    const cases: Array<[string, Record<string, Json>, RegExp]> = [
      ['amount', { ...paidSession(), amount_total: 1 }, /paid 1 usd, the price is 5000 usd/],
      ['currency', { ...paidSession(), currency: 'jpy' }, /paid 5000 jpy/],
      ['mode', { ...paidSession(), livemode: true }, /live-mode payment reached a server with a test-mode key/],
      ['payment intent', { ...paidSession(), payment_intent: null }, /no payment intent/],
    ];
    for (const [what, session, reason] of cases) {
      const { status, body } = await deliver(service.baseUrl, event('checkout.session.completed', session));
      expect([what, status, body.outcome]).toEqual([what, 200, 'refused']);
      expect([what, await redis.hget(`${service.prefix}:purchase-refused:${String(session.id)}`, 'reason')]).toEqual([what, expect.stringMatching(reason)]);
    }
    expect([await purchases(), await keyRecords()]).toEqual(before);
    expect(service.logs.api.join('\n')).toMatch(/paid session refused: no key issued/);
    // The success page asks Stripe itself before the webhook: the same check, and it says so.
    const res = await fetch(`${service.baseUrl}/v1/purchase/checkout`, { method: 'POST', redirect: 'manual' });
    const sessionId = res.headers.get('location')!.split('/').pop()!;
    Object.assign(stripe.pay(sessionId), { amount_total: 100 });
    const shown = await page(service.baseUrl, `/purchase/success?session_id=${sessionId}`);
    expect([shown.status, shown.html]).toEqual([402, expect.stringContaining('No key for this payment')]);
    expect([await purchases(), await keyRecords()]).toEqual(before);
  }, 30_000);

  it('refuses unsigned, wrongly signed, replayed, empty and huge deliveries, writing nothing', async () => {
    const payload = event('checkout.session.completed', paidSession());
    // The earlier tests' calls are counted in memory and written within a second (usage-counter.ts FLUSH_MS): the
    // snapshot is taken once two readings FLUSH_MS apart agree, so a late flush of theirs is not counted as this test's.
    let before = await dumpPrefix(redis, service.prefix);
    for (let reading = 0; reading < 10; reading++) {
      await new Promise((resolve) => setTimeout(resolve, FLUSH_MS + 200));
      const again = await dumpPrefix(redis, service.prefix);
      const ours = (dump: Map<string, string>) => [...dump].filter(([name]) => !queueKeyOf(name));
      const same = ours(again).length === ours(before).length && ours(again).every(([name, value]) => before.get(name) === value);
      before = again;
      if (same) break;
    }
    const stale = Math.floor(Date.now() / 1000) - 600; // beyond the library's 300 s tolerance
    const cases: Array<[string, Promise<{ status: number; body: Json }>]> = [
      ['unsigned', deliver(service.baseUrl, payload, null)],
      ['wrong secret', deliver(service.baseUrl, payload, signature(payload, 'whsec_c29tZS1vdGhlci1zZWNyZXQ'))],
      ['replayed old timestamp', deliver(service.baseUrl, payload, signature(payload, SECRET, stale))],
      ['body altered after signing', deliver(service.baseUrl, payload.replace('"paid"', '"paid" '), signature(payload, SECRET))],
      ['garbage header', deliver(service.baseUrl, payload, 't=abc,v1=zzz')],
      ['empty body', deliver(service.baseUrl, '', signature('', SECRET))],
      // Stripe's library refuses old signatures only; one dated beyond the tolerance ahead is refused too.
      ['dated 400 s in the future', deliver(service.baseUrl, payload, signature(payload, SECRET, Math.floor(Date.now() / 1000) + 400))],
    ];
    for (const [what, answer] of cases) {
      const { status, body } = await answer;
      expect([what, status, body.error?.code]).toEqual([what, 400, 'WEBHOOK_SIGNATURE_INVALID']);
    }
    const huge = 'x'.repeat(300 * 1024);
    const big = await deliver(service.baseUrl, huge, signature(huge, SECRET));
    expect([big.status, big.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    // Nothing written: no key added, none changed. BullMQ's own housekeeping keys (stalled-check, with a TTL) come
    // and go by themselves while the queues idle, and queue state is not ours to freeze, so those are left out.
    const after = await dumpPrefix(redis, service.prefix);
    expect([...after.keys()].filter((name) => !before.has(name) && !name.endsWith(':stalled-check'))).toEqual([]);
    expect([...after].filter(([name, value]) => !queueKeyOf(name) && before.has(name) && before.get(name) !== value)).toEqual([]);
  }, 30_000);

  it('answers bad success links with the right page, and escapes what it shows', async () => {
    const malformed = await page(service.baseUrl, '/purchase/success?session_id=%3Cscript%3Ealert(1)%3C/script%3E');
    expect([malformed.status, malformed.html.includes('data-state="invalid"')]).toEqual([400, true]);
    expect(malformed.html).not.toContain('<script>alert');
    expect((await page(service.baseUrl, '/purchase/success')).status).toBe(400);
    expect((await page(service.baseUrl, '/purchase/success?session_id=a&session_id=b')).status).toBe(400);
    const unknown = await page(service.baseUrl, `/purchase/success?session_id=cs_test_${'9'.repeat(40)}`);
    expect([unknown.status, unknown.html.includes('data-state="not-found"')]).toEqual([404, true]);

    // An open (unpaid) session of ours: not paid.
    const res = await fetch(`${service.baseUrl}/v1/purchase/checkout`, { method: 'POST', redirect: 'manual' });
    const sessionId = res.headers.get('location')!.split('/').pop()!;
    const unpaid = await page(service.baseUrl, `/purchase/success?session_id=${sessionId}`);
    expect([unpaid.status, unpaid.html.includes('data-state="not-paid"')]).toEqual([402, true]);

    // Paid, but the webhook has not come: the page asks Stripe and issues the key itself.
    stripe.pay(sessionId, '<script>alert(1)</script>@evil.test');
    const shown = await page(service.baseUrl, `/purchase/success?session_id=${sessionId}`);
    expect(shown.status).toBe(200);
    expect(shown.html).not.toContain('<script>alert(1)</script>');
    expect(shown.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@evil.test');
    plaintexts.push(keyIn(shown.html)!);
    // Its webhook, arriving afterwards, changes nothing.
    expect((await deliver(service.baseUrl, event('checkout.session.completed', stripe.sessions.get(sessionId)!))).body.outcome).toBe('already-issued');
  }, 30_000);

  it('refuses bad bodies on the checkout and rotation routes with the one error shape', async () => {
    const form = await fetch(`${service.baseUrl}/v1/purchase/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `a=${'x'.repeat(5000)}`,
    });
    expect([form.status, ((await form.json()) as { error: { code: string } }).error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const text = await fetch(`${service.baseUrl}/v1/purchase/checkout`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'buy' });
    expect(text.status).toBe(415);
    expect((await post(service.baseUrl, '/v1/purchase/checkout', '{"a":', { key: null, raw: true })).body.error.code).toBe('INVALID_JSON');
    expect((await post(service.baseUrl, '/v1/keys/rotate', {}, { key: null })).body.error.code).toBe('API_KEY_MISSING');
    expect((await post(service.baseUrl, '/v1/keys/rotate', {}, { key: 'hdk_not-a-key-of-ours-000000000000000000000' })).body.error.code).toBe(
      'API_KEY_INVALID',
    );
    expect((await post(service.baseUrl, '/v1/keys/rotate', '{"a":', { raw: true })).body.error.code).toBe('INVALID_JSON');
  });

  it("documents the purchase routes in OpenAPI, the webhook as Stripe's", async () => {
    const doc = (await (await fetch(`${service.baseUrl}/docs-json`)).json()) as { paths: Record<string, Json> };
    const hook = doc.paths['/v1/purchase/webhook'].post;
    expect(hook.summary).toMatch(/Stripe/);
    expect(hook.security ?? []).toEqual([]);
    expect(JSON.stringify(hook.responses['400'])).toContain('WEBHOOK_SIGNATURE_INVALID');
    expect(JSON.stringify(doc.paths['/v1/purchase/checkout'].post.responses['503'])).toContain('PURCHASE_DISABLED');
    expect(doc.paths['/v1/purchase/checkout'].post.responses['303']).toBeDefined();
    expect(doc.paths['/buy'].get).toBeDefined();
    expect(doc.paths['/purchase/success'].get).toBeDefined();
    expect(JSON.stringify(doc.paths['/v1/keys/rotate'].post.responses['400'])).toContain('KEY_NOT_ROTATABLE');
    expect(doc.paths['/v1/keys/rotate'].post.security).toEqual([{ 'HD-Api-Key': [] }, { bearer: [] }]);
  });

  it('serves the buy page with the price and a form to the checkout route', async () => {
    const buy = await page(service.baseUrl, '/buy');
    expect(buy.status).toBe(200);
    expect(buy.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(buy.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(buy.html).toContain('$50.00');
    expect(buy.html).toMatch(/<form[^>]*method="post"[^>]*action="\/v1\/purchase\/checkout"/);
  });

  it('with STRIPE_PRICE_ID: the line item names that Price and the buy page shows it as Stripe has it', async () => {
    const replica = await service.startApi({ ...purchaseEnv(stripe.url), STRIPE_PRICE_ID: 'price_1TestPrice' });
    const buy = await page(replica, '/buy');
    expect(buy.html).toContain('€49.00'); // the stand-in's Price: 4900 eur
    const res = await fetch(`${replica}/v1/purchase/checkout`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').pop()!;
    expect(created.form.get('line_items[0][price]')).toBe('price_1TestPrice');
    expect(created.form.get('line_items[0][quantity]')).toBe('1');
    expect(created.form.has('line_items[0][price_data][unit_amount]')).toBe(false);
    // Its webhook reads the session's line items from Stripe: that Price issues a key, another Price does not.
    const ours = res.headers.get('location')!.split('/').pop()!;
    expect((await deliver(replica, event('checkout.session.completed', stripe.pay(ours)))).body.outcome).toBe('issued');
    const again = await fetch(`${replica}/v1/purchase/checkout`, { method: 'POST', redirect: 'manual' });
    const other = again.headers.get('location')!.split('/').pop()!;
    stripe.lineItems.set(other, [{ price: 'price_1SomethingElse', quantity: 1 }]);
    expect((await deliver(replica, event('checkout.session.completed', stripe.pay(other)))).body.outcome).toBe('refused');
    expect(await redis.hget(`${service.prefix}:purchase-refused:${other}`, 'reason')).toMatch(/not one of price_1TestPrice/);
  }, 90_000);

  it('a revocation reaches another API replica at once (pub/sub), not after its cache time', async () => {
    const replica = await service.startApi(purchaseEnv(stripe.url));
    const session = paidSession();
    await deliver(service.baseUrl, event('checkout.session.completed', session));
    const key = keyIn((await page(service.baseUrl, `/purchase/success?session_id=${session.id}`)).html)!;
    plaintexts.push(key);
    expect((await post(replica, '/v1/chart', BIRTH, { key })).status).toBe(200); // now cached on the replica
    await deliver(service.baseUrl, event('charge.refunded', refund(session.payment_intent)));
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 5_000) {
      status = (await post(replica, '/v1/chart', BIRTH, { key })).status;
      if (status === 401) break;
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(1_000);
  }, 90_000);

  it('the operator CLI lists bought and made keys, and revokes either', async () => {
    const env = { ...process.env, REDIS_URL, REDIS_PREFIX: service.prefix };
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['dist/cli/key.js', ...args], {
        cwd: join(__dirname, '..'),
        env,
        timeout: 30_000,
      });
    const session = paidSession('listed@example.com');
    await deliver(service.baseUrl, event('checkout.session.completed', session));
    const key = keyIn((await page(service.baseUrl, `/purchase/success?session_id=${session.id}`)).html)!;
    plaintexts.push(key);
    const made = (await cli('create', 'support ticket 42')).stdout.trim();
    plaintexts.push(made);

    const { stdout } = await cli('list');
    const hash = (await redis.hget(`${service.prefix}:purchase:${session.id}`, 'keyHash'))!;
    const bought = stdout.split('\n').find((l) => l.startsWith(hash.slice(0, 16)))!;
    expect(bought).toMatch(/ active +purchase +listed@example\.com$/);
    expect(stdout).toMatch(/ active +cli +support ticket 42\n/);
    expect(stdout).toMatch(/revoked \(refunded\) +purchase/);
    expect(stdout).not.toMatch(/hdk_/);

    expect((await cli('revoke', hash.slice(0, 12))).stdout).toContain(`revoked ${hash.slice(0, 16)}`);
    expect((await cli('revoke', made)).stdout).toContain('revoked');
    for (const k of [key, made]) expect((await post(service.baseUrl, '/v1/chart', BIRTH, { key: k })).status).toBe(401);
  }, 60_000);

  it('never stores a plaintext key: every key and value it wrote is scanned', async () => {
    expect(plaintexts.length).toBeGreaterThanOrEqual(10);
    const dump = await dumpPrefix(redis, service.prefix);
    expect(dump.size).toBeGreaterThan(0);
    for (const [name, value] of dump) {
      for (const key of plaintexts) {
        expect(name.includes(key) || value.includes(key)).toBe(false);
        expect(value.includes(key.slice(4))).toBe(false);
      }
      expect(`${name} ${value}`).not.toMatch(/hdk_[A-Za-z0-9_-]{20}/);
    }
    // …nor logs it.
    const logs = service.logs.api.join('') + service.logs.worker.join('');
    for (const key of plaintexts) expect(logs).not.toContain(key);
  });
});

describe('purchases switched off (no STRIPE_SECRET_KEY)', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ worker: false });
  }, 90_000);
  afterAll(() => service?.stop());

  it('answers 503 PURCHASE_DISABLED on the purchase routes and still serves the rest', async () => {
    const checkout = await post(service.baseUrl, '/v1/purchase/checkout', {}, { key: null });
    expect([checkout.status, checkout.body.error.code]).toEqual([503, 'PURCHASE_DISABLED']);
    const payload = event('checkout.session.completed', paidSession());
    const hook = await deliver(service.baseUrl, payload);
    expect([hook.status, hook.body.error.code]).toEqual([503, 'PURCHASE_DISABLED']);
    const buy = await page(service.baseUrl, '/buy');
    expect(buy.status).toBe(503);
    expect(buy.html).not.toContain('<form');
    expect((await page(service.baseUrl, `/purchase/success?session_id=cs_test_abc`)).status).toBe(503);
    expect((await fetch(`${service.baseUrl}/api/advice/1`)).status).toBe(200);
  });
});
