import type Redis from 'ioredis';

/**
 * A fixed-window allowance per subject (a client address, an email's hash…): at most `perMinute` in the current
 * minute and `perDay` in the current UTC day, shared by every API replica through Redis. Used by the public pages
 * (success-page lookups, the /buy sample, key recovery), each under its own name.
 */
export interface WindowLimits {
  /** Per minute (0: no limit). */
  perMinute: number;
  /** Per UTC day (0: no limit). */
  perDay: number;
}

export type Allowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Take one from both windows, or none: a request refused by one window does not use up the other.
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

export class WindowLimiter {
  /**
   * @param name what is limited, part of the Redis key names: `<prefix>:<name>:<subject>:m|d:<window>`. Both keys of
   * one take share `<prefix>`, which is a {hash tag} in cluster mode, so the script stays in one slot.
   */
  constructor(
    private readonly redis: Pick<Redis, 'eval'>,
    private readonly prefix: string,
    private readonly name: string,
    private readonly limits: WindowLimits,
  ) {}

  /** One use for this subject, if its allowance has one left. */
  async take(subject: string, now = Date.now()): Promise<Allowance> {
    const { perMinute, perDay } = this.limits;
    if (perMinute <= 0 && perDay <= 0) return { allowed: true };
    const minute = Math.floor(now / 60_000);
    const day = Math.floor(now / 86_400_000);
    const base = `${this.prefix}:${this.name}:${subject}`;
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
