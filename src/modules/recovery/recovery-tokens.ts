import { createHash, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

/** A link's token: 32 random bytes, base64url (43 characters). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Redis string per live link, addressed by the SHA-256 of its token (the token itself is only in the message). */
export function recoveryTokenName(prefix: string, tokenHashHex: string): string {
  return `${prefix}:recovery-token:${tokenHashHex}`;
}

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The one-time links of key recovery: each token stands for one purchase for `ttlSeconds`. Redis holds only the
 * token's hash, so a copy of Redis opens no link; taking a token is one GETDEL, so of two uses at once one wins.
 */
export class RecoveryTokens {
  constructor(
    private readonly redis: Pick<Redis, 'set' | 'exists' | 'getdel'>,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
  ) {}

  /** A new token for this purchase (its Checkout Session id). */
  async issue(sessionId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.redis.set(recoveryTokenName(this.prefix, hashOf(token)), sessionId, 'EX', this.ttlSeconds);
    return token;
  }

  /** Whether the token would still work, without using it (a mail scanner's GET must not spend it). */
  async isLive(token: string): Promise<boolean> {
    if (!TOKEN_PATTERN.test(token)) return false;
    return (await this.redis.exists(recoveryTokenName(this.prefix, hashOf(token)))) === 1;
  }

  /** Uses the token up: its purchase, or undefined when it is malformed, unknown, expired or already used. */
  async take(token: string): Promise<string | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    return (await this.redis.getdel(recoveryTokenName(this.prefix, hashOf(token)))) ?? undefined;
  }
}
