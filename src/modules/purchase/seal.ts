import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Between a purchase's key being issued (webhook) and shown (success page) its plaintext exists only sealed:
 * AES-256-GCM under a key derived from KEY_SEAL_SECRET with HKDF-SHA256, bound to the Checkout Session id as
 * associated data, so a sealed blob copied to another session's slot does not open.
 * Format: v1.<iv>.<tag>.<ciphertext>, each base64url.
 */
const INFO = Buffer.from('hd-chart-api key reveal v1');
const SALT = Buffer.from('hd-chart-api/key-seal');

export function sealingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), SALT, INFO, 32));
}

export function seal(plaintext: string, key: Buffer, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plaintext, or undefined when the blob is malformed, altered, or sealed under another secret or context. */
export function unseal(sealed: string, key: Buffer, context: string): string | undefined {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
