import type Redis from 'ioredis';
import { generateApiKey, hashApiKey } from '../auth/api-key';
import {
  earlyRevocationName,
  emailIndexBuiltName,
  emailIndexName,
  keyRecordName,
  paymentIndexName,
  purchaseName,
  refusedPurchaseName,
  REVEAL_TTL_S,
  revealName,
} from '../auth/key-records';
import { prefixNode } from '../redis/redis-connection';
import { scanNames } from '../redis/scan';
import { emailDigest, emailIndexFingerprint, normaliseEmail } from './email-index';
import { seal, unseal } from './seal';

/** What a paid Checkout Session tells us, as the webhook (or the success page's own check) read it. */
export interface PaidSession {
  sessionId: string;
  paymentIntentId?: string;
  email?: string;
  /** Minor units, as Stripe gives them. */
  amount: number;
  currency: string;
  /** When the buyer paid (the session's creation time), ISO 8601. */
  createdAt: string;
  livemode: boolean;
}

export interface Purchase extends PaidSession {
  issuedAt: string;
  keyHash: string;
  state: 'active' | 'revoked';
  revokedReason?: string;
  revokedAt?: string;
}

export type RevealOutcome =
  | { kind: 'revealed'; key: string; purchase: Purchase }
  | { kind: 'already-shown'; purchase: Purchase }
  | { kind: 'revoked'; purchase: Purchase }
  | { kind: 'unknown' };

/**
 * Issue, exactly once per Checkout Session however many deliveries race: the purchase record is the lock, and
 * the whole write (purchase, payment index, key record, sealed reveal) is one Lua script, so it is all there or
 * none of it. A refund that came first (early revocation) makes the purchase and its key born revoked.
 * The session joins its buyer's email index (a set per address digest) in the same step.
 * KEYS: purchase, payment index, reveal, early revocation, key record, email index.
 * ARGV: session, payment intent, email, amount, currency, createdAt, now, key hash, sealed key, reveal TTL, livemode.
 * Returns {1, hash} issued, {0, hash} already issued before.
 */
const ISSUE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return {0, redis.call('HGET', KEYS[1], 'keyHash')} end
local revoked = false
if ARGV[2] ~= '' then revoked = redis.call('GET', KEYS[4]) end
redis.call('HSET', KEYS[1], 'sessionId', ARGV[1], 'paymentIntentId', ARGV[2], 'email', ARGV[3], 'amount', ARGV[4],
  'currency', ARGV[5], 'createdAt', ARGV[6], 'issuedAt', ARGV[7], 'keyHash', ARGV[8], 'livemode', ARGV[11], 'state', 'active')
if ARGV[2] ~= '' then redis.call('SET', KEYS[2], ARGV[1]) end
redis.call('HSET', KEYS[5], 'label', 'purchase', 'createdAt', ARGV[7], 'source', 'purchase', 'purchase', ARGV[1])
if ARGV[3] ~= '' then redis.call('SADD', KEYS[6], ARGV[1]) end
if revoked then
  redis.call('HSET', KEYS[1], 'state', 'revoked', 'revokedReason', revoked, 'revokedAt', ARGV[7])
  redis.call('HSET', KEYS[5], 'revokedAt', ARGV[7], 'revokedReason', revoked)
else
  redis.call('SET', KEYS[3], ARGV[9], 'EX', ARGV[10])
end
return {1, ARGV[8]}`;

/**
 * Revoke the purchase a payment made, and whichever key it holds now (rotation moves it). No purchase yet: the
 * revocation is remembered for when it comes (30 days: Stripe retries a delivery for 3 days). The key's hash is announced to every replica's cache.
 * KEYS: payment index, early revocation. ARGV: prefix, reason, now.
 * Returns {0} remembered early, {1, hash} revoked now, {2, hash} already revoked.
 */
const REVOKE_SCRIPT = `
local session = redis.call('GET', KEYS[1])
if not session then redis.call('SET', KEYS[2], ARGV[2], 'EX', 2592000) return {0} end
local purchase = ARGV[1] .. ':purchase:' .. session
local hash = redis.call('HGET', purchase, 'keyHash')
if redis.call('HGET', purchase, 'state') == 'revoked' then return {2, hash} end
redis.call('HSET', purchase, 'state', 'revoked', 'revokedReason', ARGV[2], 'revokedAt', ARGV[3])
redis.call('DEL', ARGV[1] .. ':purchase-reveal:' .. session)
local record = ARGV[1] .. ':apikey:' .. hash
if redis.call('HEXISTS', record, 'revokedAt') == 0 then
  redis.call('HSET', record, 'revokedAt', ARGV[3], 'revokedReason', ARGV[2])
end
redis.call('PUBLISH', ARGV[1] .. ':keys:revoked', hash)
return {1, hash}`;

/** Purchases of one email address found for a recovery message: more are not listed (a bound on one message's work). */
export const MAX_PURCHASES_PER_EMAIL = 20;

/** Purchases and their keys in Redis. Plaintext keys exist only sealed, and only until their one reveal. */
export class PurchaseStore {
  /**
   * @param emailKey keys the digests of the buyers' addresses in the email index (email-index.ts)
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly sealKey: Buffer,
    private readonly emailKey: Buffer,
  ) {}

  /** Issues this session's key unless it already has one; `issued` tells which. */
  async issue(paid: PaidSession): Promise<{ issued: boolean; keyHash: string }> {
    const key = generateApiKey();
    const hash = hashApiKey(key).toString('hex');
    const pi = paid.paymentIntentId ?? '';
    const p = this.prefix;
    const email = paid.email && normaliseEmail(paid.email) ? paid.email : '';
    const [issued, keyHash] = (await this.redis.eval(
      ISSUE_SCRIPT,
      6,
      purchaseName(p, paid.sessionId),
      paymentIndexName(p, pi),
      revealName(p, paid.sessionId),
      earlyRevocationName(p, pi),
      keyRecordName(p, hash),
      emailIndexName(p, emailDigest(this.emailKey, email)),
      paid.sessionId,
      pi,
      email,
      paid.amount,
      paid.currency,
      paid.createdAt,
      new Date().toISOString(),
      hash,
      seal(key, this.sealKey, paid.sessionId),
      REVEAL_TTL_S,
      paid.livemode ? '1' : '0',
    )) as [number, string];
    return { issued: issued === 1, keyHash };
  }

  /** Records a paid session that bought no key, and why (kept for the operator; Stripe may deliver it again). */
  async recordRefusal(paid: PaidSession, reason: string): Promise<void> {
    await this.redis.hset(refusedPurchaseName(this.prefix, paid.sessionId), {
      sessionId: paid.sessionId,
      paymentIntentId: paid.paymentIntentId ?? '',
      amount: paid.amount,
      currency: paid.currency,
      livemode: paid.livemode ? '1' : '0',
      reason,
      refusedAt: new Date().toISOString(),
    });
  }

  /** Why this session was refused, if it was. */
  async refusal(sessionId: string): Promise<string | undefined> {
    return (await this.redis.hget(refusedPurchaseName(this.prefix, sessionId), 'reason')) ?? undefined;
  }

  /** Revokes what a payment bought (full refund, dispute). */
  async revokeByPayment(paymentIntentId: string, reason: string): Promise<'revoked' | 'already-revoked' | 'remembered'> {
    const p = this.prefix;
    const [outcome] = (await this.redis.eval(
      REVOKE_SCRIPT,
      2,
      paymentIndexName(p, paymentIntentId),
      earlyRevocationName(p, paymentIntentId),
      p,
      reason,
      new Date().toISOString(),
    )) as [number, string?];
    return outcome === 1 ? 'revoked' : outcome === 2 ? 'already-revoked' : 'remembered';
  }

  /** The one reveal: GETDEL takes the sealed copy away atomically, so of two concurrent visits one wins. */
  async reveal(sessionId: string): Promise<RevealOutcome> {
    const sealed = await this.redis.getdel(revealName(this.prefix, sessionId));
    const purchase = await this.get(sessionId);
    if (!purchase) return { kind: 'unknown' };
    if (purchase.state === 'revoked') return { kind: 'revoked', purchase };
    const key = sealed ? unseal(sealed, this.sealKey, sessionId) : undefined;
    return key ? { kind: 'revealed', key, purchase } : { kind: 'already-shown', purchase };
  }

  /**
   * The purchases bought with this address (any spelling that normalises the same), oldest first, at most
   * MAX_PURCHASES_PER_EMAIL. Each record's own email is checked again, so the index can only narrow, never widen.
   */
  async byEmail(email: string): Promise<Purchase[]> {
    const wanted = normaliseEmail(email);
    if (!wanted) return [];
    const ids = (await this.redis.smembers(emailIndexName(this.prefix, emailDigest(this.emailKey, wanted)))).sort();
    const found = await Promise.all(ids.slice(0, MAX_PURCHASES_PER_EMAIL).map((id) => this.get(id)));
    return found
      .filter((p): p is Purchase => p !== undefined && normaliseEmail(p.email ?? '') === wanted)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /**
   * Puts the purchases recorded before the email index existed into it: one SCAN of the purchase records, once per
   * index key (a marker holds its fingerprint). Idempotent (SADD) and safe beside new purchases and other
   * replicas doing the same. Answers how many purchases it indexed, or undefined when the marker says it was done.
   */
  async backfillEmailIndex(): Promise<number | undefined> {
    const marker = emailIndexBuiltName(this.prefix);
    const fingerprint = emailIndexFingerprint(this.emailKey);
    if ((await this.redis.get(marker)) === fingerprint) return undefined;
    // SCAN walks one node: in a cluster, the one holding the prefix's hash slot, where every purchase lives.
    const node = await prefixNode(this.redis, this.prefix);
    let indexed = 0;
    for await (const name of scanNames(node, purchaseName(this.prefix, '*'))) {
      const [sessionId, email] = await this.redis.hmget(name, 'sessionId', 'email');
      if (!sessionId || !email || !normaliseEmail(email)) continue;
      await this.redis.sadd(emailIndexName(this.prefix, emailDigest(this.emailKey, email)), sessionId);
      indexed++;
    }
    await this.redis.set(marker, fingerprint);
    return indexed;
  }

  async get(sessionId: string): Promise<Purchase | undefined> {
    const f = await this.redis.hgetall(purchaseName(this.prefix, sessionId));
    if (!f.sessionId) return undefined;
    return {
      sessionId: f.sessionId,
      paymentIntentId: f.paymentIntentId || undefined,
      email: f.email || undefined,
      amount: Number(f.amount),
      currency: f.currency,
      createdAt: f.createdAt,
      livemode: f.livemode === '1',
      issuedAt: f.issuedAt,
      keyHash: f.keyHash,
      state: f.state === 'revoked' ? 'revoked' : 'active',
      revokedReason: f.revokedReason || undefined,
      revokedAt: f.revokedAt || undefined,
    };
  }
}
