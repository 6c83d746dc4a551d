/**
 * Where keys and purchases live in Redis. Every name starts with the service's prefix, which is a hash tag in
 * cluster mode, so all of them sit in one slot and a Lua script may touch any of them together.
 */
export const KEY_RECORD_SEGMENT = 'apikey';

/** Redis hash per key, addressed by the key's SHA-256 (the key itself is never stored). */
export function keyRecordName(prefix: string, hashHex: string): string {
  return `${prefix}:${KEY_RECORD_SEGMENT}:${hashHex}`;
}

/** Redis hash per purchase, addressed by its Checkout Session id. */
export function purchaseName(prefix: string, sessionId: string): string {
  return `${prefix}:purchase:${sessionId}`;
}

/** Payment intent id → Checkout Session id (refunds and disputes name the payment, not the session). */
export function paymentIndexName(prefix: string, paymentIntentId: string): string {
  return `${prefix}:purchase-payment:${paymentIntentId}`;
}

/** The sealed plaintext of a purchase's new key, until its one reveal (expires after REVEAL_TTL_S). */
export function revealName(prefix: string, sessionId: string): string {
  return `${prefix}:purchase-reveal:${sessionId}`;
}

/** A refund or dispute that arrived before its payment's purchase was recorded: the purchase is born revoked. */
export function earlyRevocationName(prefix: string, paymentIntentId: string): string {
  return `${prefix}:purchase-early-revocation:${paymentIntentId}`;
}

/** A paid session that did not buy a key (wrong amount, currency or mode, no payment intent), and why: for the operator. */
export function refusedPurchaseName(prefix: string, sessionId: string): string {
  return `${prefix}:purchase-refused:${sessionId}`;
}

/** Set of the Checkout Session ids bought with one email address, by the address's digest (purchase/email-index.ts). */
export function emailIndexName(prefix: string, digestHex: string): string {
  return `${prefix}:purchase-email:${digestHex}`;
}

/** Holds the fingerprint of the index key once every purchase recorded before the email index is in it. */
export function emailIndexBuiltName(prefix: string): string {
  return `${prefix}:purchase-email-index-built`;
}

/** Pub/sub channel on which a revoked key's hash is announced to every API replica's cache. */
export function revokedChannel(prefix: string): string {
  return `${prefix}:keys:revoked`;
}

/** A sealed key waits this long for its reveal (7 days). */
export const REVEAL_TTL_S = 7 * 24 * 3600;
