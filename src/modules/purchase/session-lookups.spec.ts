import { scratchRedis } from '../../../test/helpers/scratch-redis';
import { clientAddress, SessionLookups } from './session-lookups';

describe('SessionLookups (real Redis)', () => {
  const { redis, prefix } = scratchRedis('lookups');

  // A fixed instant 10 s before the end of a minute, 70 s before the end of its UTC day.
  const day = Math.floor(Date.now() / 86_400_000) + 1;
  const T = day * 86_400_000 - 70_000;

  it('allows perMinute per minute, then refuses with the seconds left in the minute', async () => {
    const lookups = new SessionLookups(redis, prefix, { perMinute: 3, perDay: 100, missingCacheSeconds: 600 });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await lookups.take('198.51.100.1', T));
    expect(answers).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: true },
      { allowed: false, retryAfterSeconds: 10 },
      { allowed: false, retryAfterSeconds: 10 },
    ]);
    expect(await lookups.take('198.51.100.2', T)).toEqual({ allowed: true }); // another address
    expect(await lookups.take('198.51.100.1', T + 60_000)).toEqual({ allowed: true }); // the next minute
  });

  it('refused lookups use up neither window; the day limit says when the day ends', async () => {
    const lookups = new SessionLookups(redis, prefix, { perMinute: 2, perDay: 3, missingCacheSeconds: 600 });
    const a = '198.51.100.9';
    expect(await lookups.take(a, T)).toEqual({ allowed: true });
    expect(await lookups.take(a, T)).toEqual({ allowed: true });
    expect((await lookups.take(a, T)).allowed).toBe(false); // the minute's two are gone
    expect(await lookups.take(a, T + 60_000)).toEqual({ allowed: true }); // the day still had its third
    expect(await lookups.take(a, T + 60_000)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(Number(await redis.ttl(`${prefix}:session-lookups:${a}:d:${day - 1}`))).toBeGreaterThan(0);
  });

  it('0 turns the limits off; missing ids and created sessions are remembered', async () => {
    const off = new SessionLookups(redis, prefix, { perMinute: 0, perDay: 0, missingCacheSeconds: 0 });
    for (let i = 0; i < 20; i++) expect(await off.take('198.51.100.3', T)).toEqual({ allowed: true });
    await off.rememberMissing('cs_test_x');
    expect(await off.knownMissing('cs_test_x')).toBe(false);

    const on = new SessionLookups(redis, prefix, { perMinute: 1, perDay: 1, missingCacheSeconds: 30 });
    await on.rememberMissing('cs_test_y');
    expect(await on.knownMissing('cs_test_y')).toBe(true);
    expect(await redis.ttl(`${prefix}:stripe-missing:cs_test_y`)).toBeLessThanOrEqual(30);
    expect(await on.wasCreated('cs_test_z')).toBe(false);
    await on.rememberCreated('cs_test_z');
    expect(await on.wasCreated('cs_test_z')).toBe(true);
  });

  it('reads IPv4-mapped addresses as IPv4', () => {
    expect([clientAddress('::ffff:127.0.0.2'), clientAddress('::1'), clientAddress('10.0.0.1'), clientAddress(undefined)]).toEqual([
      '127.0.0.2',
      '::1',
      '10.0.0.1',
      'unknown',
    ]);
  });
});
