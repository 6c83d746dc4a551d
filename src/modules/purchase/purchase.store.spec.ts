import { randomBytes } from 'node:crypto';
import { scratchRedis } from '../../../test/helpers/scratch-redis';
import { emailIndexKey } from './email-index';
import { PaidSession, PurchaseStore } from './purchase.store';
import { sealingKey } from './seal';

const SECRET = 'a-seal-secret-of-at-least-32-characters!';

const paid = (email?: string, createdAt = new Date().toISOString()): PaidSession => ({
  sessionId: `cs_test_${randomBytes(12).toString('hex')}`,
  paymentIntentId: `pi_${randomBytes(8).toString('hex')}`,
  email,
  amount: 5000,
  currency: 'usd',
  createdAt,
  livemode: false,
});

describe('PurchaseStore: purchases by email (real Redis)', () => {
  const { redis, prefix } = scratchRedis('email-index');
  const store = () => new PurchaseStore(redis, prefix, sealingKey(SECRET), emailIndexKey(SECRET));

  it('finds every purchase of an address, whatever its spelling, oldest first; never another address', async () => {
    const s = store();
    const later = paid('Ada.Lovelace@Example.com', '2026-02-01T00:00:00.000Z');
    const earlier = paid('ada.lovelace@example.com', '2026-01-01T00:00:00.000Z');
    const other = paid('grace@example.com');
    for (const p of [later, earlier, other, paid(undefined)]) await s.issue(p);
    const found = await s.byEmail('  ADA.LOVELACE@example.COM ');
    expect(found.map((p) => p.sessionId)).toEqual([earlier.sessionId, later.sessionId]);
    expect(found[1].email).toBe('Ada.Lovelace@Example.com'); // stored as Stripe gave it
    expect(await s.byEmail('nobody@example.com')).toEqual([]);
    expect(await s.byEmail('   ')).toEqual([]);
  });

  it('keeps addresses out of Redis key names', async () => {
    const names = await redis.keys(`${prefix}:*`);
    expect(names.some((n) => n.includes(`${prefix}:purchase-email:`))).toBe(true);
    expect(names.filter((n) => /@|lovelace|grace/i.test(n))).toEqual([]);
  });

  it('backfills purchases recorded before the index, once per index key', async () => {
    const s = store();
    const old = paid('Old.Buyer@example.com');
    await s.issue(old);
    // As a purchase recorded by the code before the index: the record without its index entry, no marker.
    await redis.del(...(await redis.keys(`${prefix}:purchase-email*`)));
    expect(await s.byEmail('old.buyer@example.com')).toEqual([]);
    expect(await s.backfillEmailIndex()).toBe(4); // the four purchases with an email, this one included
    expect((await s.byEmail('old.buyer@example.com')).map((p) => p.sessionId)).toEqual([old.sessionId]);
    expect(await s.backfillEmailIndex()).toBeUndefined(); // done: the marker holds this key's fingerprint
    const other = new PurchaseStore(redis, prefix, sealingKey(SECRET), emailIndexKey(`${SECRET}-rotated`));
    expect(await other.backfillEmailIndex()).toBe(4); // another index key: its own digests, built again
  });
});
