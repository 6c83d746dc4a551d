import { randomBytes } from 'node:crypto';
import { scratchRedis } from '../../../test/helpers/scratch-redis';
import { emailIndexKey } from '../purchase/email-index';
import { PurchaseStore } from '../purchase/purchase.store';
import { sealingKey } from '../purchase/seal';
import { hashApiKey } from './api-key';
import { ApiKeyStore } from './api-key.store';

const SECRET = 'a-seal-secret-of-at-least-32-characters!';

describe('ApiKeyStore.rotatePurchaseKey (real Redis)', () => {
  const { redis, prefix } = scratchRedis('rotate-purchase');

  async function buy(): Promise<{ sessionId: string; paymentIntentId: string; key: string; purchases: PurchaseStore }> {
    const purchases = new PurchaseStore(redis, prefix, sealingKey(SECRET), emailIndexKey(SECRET));
    const sessionId = `cs_test_${randomBytes(12).toString('hex')}`;
    const paymentIntentId = `pi_${randomBytes(8).toString('hex')}`;
    await purchases.issue({
      sessionId,
      paymentIntentId,
      email: 'a@example.com',
      amount: 5000,
      currency: 'usd',
      createdAt: new Date().toISOString(),
      livemode: false,
    });
    const revealed = await purchases.reveal(sessionId);
    if (revealed.kind !== 'revealed') throw new Error(`not revealed: ${revealed.kind}`);
    return { sessionId, paymentIntentId, key: revealed.key, purchases };
  }

  it('rotates the key the purchase holds now, exactly as POST /v1/keys/rotate does', async () => {
    const keys = new ApiKeyStore(redis, prefix, []);
    const { sessionId, key, purchases } = await buy();
    // The owner rotated once already: recovery replaces the key the purchase holds now, not the first one.
    const byOwner = await keys.rotate(hashApiKey(key));
    if (!byOwner.rotated) throw new Error('owner rotation failed');
    const recovered = await keys.rotatePurchaseKey(sessionId);
    if (!recovered.rotated) throw new Error('recovery rotation failed');
    expect(recovered.key).toMatch(/^hdk_[A-Za-z0-9_-]{43}$/);
    expect(recovered.record).toMatchObject({ source: 'purchase', purchase: sessionId });
    expect(await keys.isValid(byOwner.key)).toBe(false);
    expect(await keys.isValid(recovered.key)).toBe(true);
    expect((await purchases.get(sessionId))!.keyHash).toBe(recovered.record.hash);
  });

  it('makes no working key for a refunded purchase or an unknown one', async () => {
    const keys = new ApiKeyStore(redis, prefix, []);
    const { sessionId, paymentIntentId, purchases } = await buy();
    await purchases.revokeByPayment(paymentIntentId, 'refunded');
    expect(await keys.rotatePurchaseKey(sessionId)).toEqual({ rotated: false, why: 'inactive' });
    expect(await keys.rotatePurchaseKey('cs_test_unknown')).toEqual({ rotated: false, why: 'inactive' });
  });
});
