import { createHash, randomBytes } from 'node:crypto';
import { scratchRedis } from '../../../test/helpers/scratch-redis';
import { RecoveryTokens, recoveryTokenName, TOKEN_PATTERN } from './recovery-tokens';

describe('RecoveryTokens (real Redis)', () => {
  const { redis, prefix } = scratchRedis('recovery-tokens');

  it('issues 32 random bytes as base64url, stored only as its SHA-256 with the purchase and the lifetime', async () => {
    const tokens = new RecoveryTokens(redis, prefix, 1800);
    const token = await tokens.issue('cs_test_a');
    expect(token).toMatch(TOKEN_PATTERN);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(await tokens.issue('cs_test_a')).not.toBe(token);
    const name = recoveryTokenName(prefix, createHash('sha256').update(token).digest('hex'));
    expect(await redis.get(name)).toBe('cs_test_a');
    const ttl = await redis.ttl(name);
    expect(ttl).toBeGreaterThan(1790);
    expect(ttl).toBeLessThanOrEqual(1800);
    const everything = await redis.keys(`${prefix}:*`);
    expect(everything.filter((n) => n.includes(token))).toEqual([]);
    for (const n of everything) expect(await redis.get(n)).not.toContain(token);
  });

  it('works once: looking does not use it, taking does; a second take gets nothing', async () => {
    const tokens = new RecoveryTokens(redis, prefix, 1800);
    const token = await tokens.issue('cs_test_b');
    expect(await tokens.isLive(token)).toBe(true);
    expect(await tokens.isLive(token)).toBe(true);
    expect(await tokens.take(token)).toBe('cs_test_b');
    expect(await tokens.isLive(token)).toBe(false);
    expect(await tokens.take(token)).toBeUndefined();
  });

  it('of concurrent takes exactly one wins', async () => {
    const tokens = new RecoveryTokens(redis, prefix, 1800);
    const token = await tokens.issue('cs_test_c');
    const taken = await Promise.all(Array.from({ length: 20 }, () => tokens.take(token)));
    expect(taken.filter((t) => t === 'cs_test_c')).toHaveLength(1);
  });

  it('expires after its lifetime', async () => {
    const tokens = new RecoveryTokens(redis, prefix, 1);
    const token = await tokens.issue('cs_test_d');
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await tokens.isLive(token)).toBe(false);
    expect(await tokens.take(token)).toBeUndefined();
  });

  it('answers malformed and unknown tokens without a match', async () => {
    const tokens = new RecoveryTokens(redis, prefix, 1800);
    for (const bad of ['', 'short', 'a'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`, '*'.repeat(43)]) {
      expect(await tokens.isLive(bad)).toBe(false);
      expect(await tokens.take(bad)).toBeUndefined();
    }
    expect(await tokens.take(randomBytes(32).toString('base64url'))).toBeUndefined();
  });
});
