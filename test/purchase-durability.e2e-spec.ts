/**
 * A webhook's 2xx means the key exists: Redis runs with its append-only file fsynced on every write
 * (`--appendonly yes --appendfsync always`, in a temp dir), is killed with SIGKILL right after the 2xx and
 * restarted on the same files; the purchase and its key are there and the key gets a chart.
 */
import Redis from 'ioredis';
import { event, FakeStripe, paidSession, startFakeStripe } from './helpers/fake-stripe';
import { BIRTH, deliver, keyIn, page, purchaseEnv } from './helpers/purchase';
import { RedisProcess, startRedisServer } from './helpers/redis-servers';
import { post, RunningService, startService, waitFor } from './helpers/service';

const AOF = ['--appendonly', 'yes', '--appendfsync', 'always'];

describe('a bought key survives a Redis crash right after the webhook answered', () => {
  let redis: RedisProcess;
  let stripe: FakeStripe;
  let service: RunningService;

  beforeAll(async () => {
    redis = await startRedisServer(AOF);
    stripe = await startFakeStripe();
    service = await startService({ env: { ...purchaseEnv(stripe.url), REDIS_URL: `redis://127.0.0.1:${redis.port}` } });
  }, 90_000);

  afterAll(async () => {
    await service?.stop();
    await redis?.kill();
    await stripe?.close();
  });

  it('kill -9 after the 2xx, restart: purchase, key record and sealed reveal are all there', async () => {
    const session = paidSession('durable@example.com');
    const hook = await deliver(service.baseUrl, event('checkout.session.completed', session));
    expect(hook).toEqual({ status: 200, body: { received: true, outcome: 'issued' } });
    await redis.kill(); // SIGKILL: no shutdown save, only what was fsynced survives

    const { dir, port } = redis;
    redis = await startRedisServer([...AOF, '--dir', dir], { port });
    const check = new Redis(port, '127.0.0.1');
    try {
      const purchase = await check.hgetall(`${service.prefix}:purchase:${session.id}`);
      expect(purchase).toMatchObject({ state: 'active', email: 'durable@example.com', paymentIntentId: session.payment_intent });
      expect(await check.exists(`${service.prefix}:apikey:${purchase.keyHash}`)).toBe(1);
    } finally {
      check.disconnect();
    }

    // The API and the worker reconnect on their own; the reveal and the key then work.
    let shown = { status: 0, html: '' };
    await waitFor(
      async () => {
        shown = await page(service.baseUrl, `/purchase/success?session_id=${session.id}`);
        return shown.status !== 503;
      },
      20_000,
      'the reveal page after the restart',
    );
    expect(shown.status).toBe(200);
    const key = keyIn(shown.html)!;
    let status = 0;
    await waitFor(
      async () => {
        status = (await post(service.baseUrl, '/v1/chart', BIRTH, { key })).status;
        return status === 200;
      },
      30_000,
      'a chart with the bought key after the restart',
    );
    expect(status).toBe(200);
  }, 90_000);
});
