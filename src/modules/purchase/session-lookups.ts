import type Redis from 'ioredis';

/**
 * Guards the success page's Stripe lookups (issue 28): a well-formed session id this service does not know is asked
 * of Stripe only within a per-client-address allowance, and Stripe's "no such session" is remembered for a while.
 *
 * What counts: one Stripe lookup of a session id that is neither recorded by this service (created by its checkout,
 * or issued) nor remembered as missing. Known sessions, remembered-missing ids, malformed ids and refused requests
 * (429) do not count. Two fixed windows per address (a minute and a UTC day), shared by every replica through Redis.
 */
export interface SessionLookupLimits {
  /** SESSION_LOOKUPS_PER_MINUTE (0: no limit). */
  perMinute: number;
  /** SESSION_LOOKUPS_PER_DAY (0: no limit). */
  perDay: number;
  /** SESSION_MISSING_CACHE_SECONDS: how long Stripe's "no such session" is remembered (0: not remembered). */
  missingCacheSeconds: number;
}

/** How long a session made by our checkout is remembered as ours (Stripe expires an unpaid one after 24 hours). */
export const CREATED_SESSION_TTL_S = 2 * 24 * 3600;

/**
 * Take one lookup from both windows, or none: a request refused by one window does not use up the other.
 * KEYS: minute counter, day counter. ARGV: per-minute limit, per-day limit, seconds left in the minute, in the day (0 limit: none).
 * Returns {1, 0} allowed, {0, seconds} refused (seconds until the window that refused it ends).
 */
const TAKE_SCRIPT = `
local m = tonumber(redis.call('GET', KEYS[1]) or '0')
local d = tonumber(redis.call('GET', KEYS[2]) or '0')
local ml, dl = tonumber(ARGV[1]), tonumber(ARGV[2])
if dl > 0 and d >= dl then return {0, tonumber(ARGV[4])} end
if ml > 0 and m >= ml then return {0, tonumber(ARGV[3])} end
if redis.call('INCR', KEYS[1]) == 1 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
if redis.call('INCR', KEYS[2]) == 1 then redis.call('EXPIRE', KEYS[2], ARGV[4]) end
return {1, 0}`;

export type LookupAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class SessionLookups {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: SessionLookupLimits,
  ) {}

  /** Our checkout made this session: its buyer's return is never counted. */
  async rememberCreated(sessionId: string): Promise<void> {
    await this.redis.set(`${this.prefix}:purchase-created:${sessionId}`, '1', 'EX', CREATED_SESSION_TTL_S);
  }

  async wasCreated(sessionId: string): Promise<boolean> {
    return (await this.redis.exists(`${this.prefix}:purchase-created:${sessionId}`)) === 1;
  }

  /** Stripe said it has no such session. */
  async rememberMissing(sessionId: string): Promise<void> {
    if (this.limits.missingCacheSeconds > 0) await this.redis.set(`${this.prefix}:stripe-missing:${sessionId}`, '1', 'EX', this.limits.missingCacheSeconds);
  }

  async knownMissing(sessionId: string): Promise<boolean> {
    if (this.limits.missingCacheSeconds <= 0) return false;
    return (await this.redis.exists(`${this.prefix}:stripe-missing:${sessionId}`)) === 1;
  }

  /** One lookup for this client address, if its allowance has one left. */
  async take(address: string, now = Date.now()): Promise<LookupAllowance> {
    const { perMinute, perDay } = this.limits;
    if (perMinute <= 0 && perDay <= 0) return { allowed: true };
    const minute = Math.floor(now / 60_000);
    const day = Math.floor(now / 86_400_000);
    const base = `${this.prefix}:session-lookups:${address}`;
    const minuteTtl = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000));
    const dayTtl = Math.max(1, Math.ceil(((day + 1) * 86_400_000 - now) / 1000));
    const [ok, retry] = (await this.redis.eval(
      TAKE_SCRIPT,
      2,
      `${base}:m:${minute}`,
      `${base}:d:${day}`,
      String(perMinute),
      String(perDay),
      String(minuteTtl),
      String(dayTtl),
    )) as [number, number];
    return Number(ok) === 1 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Number(retry)) };
  }
}

/** The client address the limit is kept for: the connection's own (the app does not trust X-Forwarded-For). */
export function clientAddress(remoteAddress: string | undefined): string {
  const address = remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
