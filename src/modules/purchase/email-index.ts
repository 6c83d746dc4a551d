import { createHmac, hkdfSync } from 'node:crypto';

/**
 * Purchases by the buyer's email address, for key recovery (issue 28). An email address is personal data, so it
 * never appears in a Redis key name: names carry an HMAC-SHA256 of the normalised address under a key derived
 * from KEY_SEAL_SECRET (HKDF, its own label), not a bare SHA-256 that a list of addresses would reverse. The same
 * digest is the subject of the per-email recovery limit.
 */
const INFO = Buffer.from('hd-chart-api email index v1');
const SALT = Buffer.from('hd-chart-api/email-index');

export function emailIndexKey(sealSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(sealSecret, 'utf8'), SALT, INFO, 32));
}

/** What two spellings of one address share: surrounding space trimmed, lower case (as mail providers treat them). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The hex digest an address is known by in Redis names (normalised first). */
export function emailDigest(key: Buffer, email: string): string {
  return createHmac('sha256', key).update(normaliseEmail(email), 'utf8').digest('hex');
}

/**
 * Names the index key in use: the backfill of purchases recorded before the index existed runs again when it
 * changes (a new KEY_SEAL_SECRET makes new digests).
 */
export function emailIndexFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('fingerprint', 'utf8').digest('hex').slice(0, 16);
}
