/**
 * Issue 28: the success page's Stripe lookups of session ids this service does not know are limited per client
 * address (shared through Redis) and Stripe's "no such session" is remembered. Real API and Redis; Stripe through
 * the official library aimed at the local stand-in, whose recorded requests are the lookups counted here.
 * Client addresses: the app does not trust X-Forwarded-For, so other addresses are other loopback sources
 * (127.0.0.2, 127.0.0.3: all of 127/8 is local on Linux).
 */
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { event, FakeStripe, startFakeStripe } from './helpers/fake-stripe';
import { deliver, keyIn, purchaseEnv } from './helpers/purchase';
import { RunningService, startService } from './helpers/service';

const PER_MINUTE = 10;
const PER_DAY = 15;

/** A GET from a chosen local source address. */
function getFrom(agent: Agent, url: string, headers: Record<string, string> = {}): Promise<{ status: number; html: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, html: Buffer.concat(chunks).toString(), retryAfter: res.headers['retry-after'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const randomId = () => `cs_test_${randomBytes(24).toString('hex')}`;

describe('success page: limited Stripe lookups of unknown sessions', () => {
  let stripe: FakeStripe;
  let service: RunningService;
  const agents = ['127.0.0.1', '127.0.0.2', '127.0.0.3'].map((localAddress) => new Agent({ keepAlive: true, maxSockets: 16, localAddress }));
  const [flooder, buyer, other] = agents;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    service = await startService({
      worker: false,
      env: { ...purchaseEnv(stripe.url), SESSION_LOOKUPS_PER_MINUTE: String(PER_MINUTE), SESSION_LOOKUPS_PER_DAY: String(PER_DAY) },
    });
  }, 90_000);

  afterAll(async () => {
    for (const agent of agents) agent.destroy();
    await service?.stop();
    await stripe?.close();
  });

  const lookups = () => stripe.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/checkout/sessions/')).length;
  const success = (agent: Agent, id: string) => getFrom(agent, `${service.baseUrl}/purchase/success?session_id=${id}`);

  it('1,000 random ids from one address make at most the allowed lookups; the rest 429 with Retry-After; a completed purchase from another address still works', async () => {
    const before = lookups();
    // The buyer: a session made by our checkout, its return page before and after the webhook, all during the flood.
    const res = await fetch(`${service.baseUrl}/v1/purchase/checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    const sessionId = location.slice(location.lastIndexOf('/') + 1);
    const afterCheckout = lookups();

    const flood = Promise.all(Array.from({ length: 1000 }, () => success(flooder, randomId())));
    const buyerFlow = (async () => {
      const early = await success(buyer, sessionId);
      const paid = stripe.pay(sessionId, 'ada@example.com');
      const hook = await deliver(service.baseUrl, event('checkout.session.completed', paid));
      const shown = await success(buyer, sessionId);
      return { early: early.status, hook: hook.body.outcome, shown: shown.status, key: keyIn(shown.html) };
    })();
    const [answers, bought] = await Promise.all([flood, buyerFlow]);

    expect(bought).toMatchObject({ early: 402, hook: 'issued', shown: 200 });
    expect(bought.key).toMatch(/^hdk_/);
    const counts = new Map<number, number>();
    for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
    const flooded = lookups() - afterCheckout - 1; // the buyer's one early lookup is not the flood's
    expect(afterCheckout).toBe(before);
    expect(flooded).toBeGreaterThanOrEqual(PER_MINUTE);
    expect(flooded).toBeLessThanOrEqual(PER_DAY);
    expect(counts.get(404)).toBe(flooded);
    expect(counts.get(429)).toBe(1000 - flooded);
    const refused = answers.filter((a) => a.status === 429);
    for (const a of refused) expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refused[0].html).toContain('data-state="too-many"');

    // Still refused afterwards, without asking Stripe; another address is served.
    const n = lookups();
    expect((await success(flooder, randomId())).status).toBe(429);
    // X-Forwarded-For is not trusted: a made-up one does not open a new allowance.
    const spoofed = await getFrom(flooder, `${service.baseUrl}/purchase/success?session_id=${randomId()}`, { 'x-forwarded-for': '203.0.113.7' });
    expect(spoofed.status).toBe(429);
    expect(lookups()).toBe(n);
    expect((await success(other, randomId())).status).toBe(404);
    expect(lookups()).toBe(n + 1);
  }, 120_000);

  it('asks Stripe once about the same unknown id twice (the "no such session" is remembered)', async () => {
    const id = randomId();
    const n = lookups();
    expect((await success(other, id)).status).toBe(404);
    expect((await success(other, id)).status).toBe(404);
    expect(lookups()).toBe(n + 1);
    // Remembered for everyone: even the address over its limit gets the 404, and it costs no lookup.
    expect((await success(flooder, id)).status).toBe(404);
    expect(lookups()).toBe(n + 1);
  });
});
