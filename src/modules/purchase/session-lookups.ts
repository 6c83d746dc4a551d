import type Redis from 'ioredis';
import { Allowance, WindowLimiter } from './window-limit';

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

export type LookupAllowance = Allowance;

export class SessionLookups {
  private readonly window: WindowLimiter;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: SessionLookupLimits,
  ) {
    this.window = new WindowLimiter(redis, prefix, 'session-lookups', limits);
  }

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
  take(address: string, now = Date.now()): Promise<LookupAllowance> {
    return this.window.take(address, now);
  }
}

/** The client address the limit is kept for: the connection's own (the app does not trust X-Forwarded-For). */
export function clientAddress(remoteAddress: string | undefined): string {
  const address = remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
