import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The buy page's sample form carries a short-lived token: `v1.<issued, unix seconds>.<HMAC-SHA256>` over the issue
 * time and the client address. A sample is computed only for a token this service issued, lately, to the same
 * address, so the sample cannot be posted from anywhere without first loading /buy from that address (the page has
 * no CORS headers, so another site's script cannot read a token out of it), and a token copied elsewhere is no use.
 *
 * The HMAC key is derived (HKDF-SHA256) from KEY_SEAL_SECRET, which every API replica has whenever purchases, and so
 * the sample, are on: any replica checks a token any other issued, and the seal key itself is never used for it.
 */
export const FORM_TOKEN_TTL_S = 10 * 60;
/** Tokens dated up to this far in the future are accepted (another replica's clock may be a little ahead). */
const CLOCK_SKEW_S = 60;

const INFO = Buffer.from('hd-chart-api buy sample form token v1');
const SALT = Buffer.from('hd-chart-api/buy-sample');

export type TokenCheck = 'valid' | 'expired' | 'invalid';

export class FormTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), SALT, INFO, 32));
  }

  issue(address: string, now = Date.now()): string {
    const issued = Math.floor(now / 1000);
    return `v1.${issued}.${this.mac(issued, address)}`;
  }

  /** `expired`: a token of ours, too old (or dated too far ahead); `invalid`: missing, malformed, forged or for another address. */
  check(token: unknown, address: string, now = Date.now()): TokenCheck {
    if (typeof token !== 'string' || token.length > 100) return 'invalid';
    const m = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return 'invalid';
    const issued = Number(m[1]);
    const expected = Buffer.from(this.mac(issued, address));
    const given = Buffer.from(m[2]);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    const age = Math.floor(now / 1000) - issued;
    return age > FORM_TOKEN_TTL_S || age < -CLOCK_SKEW_S ? 'expired' : 'valid';
  }

  private mac(issued: number, address: string): string {
    return createHmac('sha256', this.key).update(`${issued}\n${address}`).digest('base64url');
  }
}
